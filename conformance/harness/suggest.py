"""Close names for a mistyped one, by edit distance: "did you mean collect_income?"."""

from __future__ import annotations

from collections.abc import Iterable


def edit_distance(a: str, b: str) -> int:
    """Edits from a to b: insertions, deletions, substitutions and swaps of neighbours ("seo" is 1 from "soe")."""
    rows = [list(range(len(b) + 1))] + [[i] + [0] * len(b) for i in range(1, len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
    return rows[-1][-1]


def close(name: str, known: Iterable[str], case_sensitive: bool = True) -> list[str]:
    """Known names within a third of ``name``'s length in edits (at least 1, at most 3), nearest first."""
    limit = max(1, min(3, len(name) // 3))

    def fold(text: str) -> str:
        return text if case_sensitive else text.lower()

    scored = sorted((edit_distance(fold(name), fold(other)), other) for other in set(known))
    return [other for distance, other in scored if 0 < distance <= limit or (distance == 0 and other != name)]


def did_you_mean(name: str, known: Iterable[str], case_sensitive: bool = True) -> str:
    """``"; did you mean X?"`` when something close is known, else ``""``."""
    found = close(name, known, case_sensitive)
    return f"; did you mean {' or '.join(found[:3])}?" if found else ""
