"""Which clause a score sheet's lines show misread (``blame.decided`` for the operations that answer with lines).

A sheet's lines are stated by one clause each: the special VP lines by HIS-SPECIAL-9 (which lines, in which order, each
shown even at 0), the bonus lines by HIS-BONUS-10 (one line per kind earned, with the kind's sum, in the clauses'
order). Where every VP is right and only the lines show it otherwise, the sheet's clause is the one misread: a line
named otherwise (``piracy_vp`` for ``piracy``), the same lines in another order, the lines worth 0 left out, or a line
per entry where one per kind, with their sum, was due.
"""

from __future__ import annotations

import re
from typing import Any, cast

from rulespec.conformance.harness.verdict import field, reordered

# a score sheet's lines (``special_vp``'s and ``bonus_vp``'s ``lines``, ``score_power``'s and each of ``run_phase``'s
# scores' ``special`` and ``bonus``), the list itself or a line of it, and the clause stating them
_LINES = re.compile(r"^\$(?:\.scores\[(\d+)\])?\.(lines|special|bonus)(?:\[\d+\]|$)")
_STATED_BY = {
    "special": "HIS-SPECIAL-9",
    "bonus": "HIS-BONUS-10",
    "special_vp": "HIS-SPECIAL-9",
    "bonus_vp": "HIS-BONUS-10",
}


def sheet_lines(operation: str, expected: dict[str, Any], got: dict[str, Any], paths: tuple[str, ...]) -> str | None:
    """The clause stating a sheet's lines when every difference lies in lists of lines that show the same VP otherwise
    (named, ordered, zeros left out, or split by entry); else None."""
    named = all(path.endswith(".source") for path in paths)
    clauses: set[str | None] = set()
    for path in paths:
        found = _LINES.match(path)
        if found is None:
            return None
        score, lines = found.group(1), found.group(2)
        mine, theirs = (expected, got) if score is None else (_nth(expected, score), _nth(got, score))
        if not (named or _shown_otherwise(mine.get(lines), theirs.get(lines))):
            return None
        clauses.add(_STATED_BY.get(lines) or _STATED_BY.get(operation))
    return clauses.pop() if len(clauses) == 1 else None


def _shown_otherwise(mine: Any, theirs: Any) -> bool:
    """The same lines in another order, without those worth 0, or one per entry of a kind (their sum the kind's)."""
    if not (isinstance(mine, list) and isinstance(theirs, list)):
        return False
    due = cast(list[object], mine)
    given = cast(list[object], theirs)
    kept = [line for line in due if field(line, "vp") != 0]
    summed: dict[Any, int] = {}
    for line in given:
        vp, source = field(line, "vp"), field(line, "source")
        if not isinstance(vp, int) or not isinstance(source, str):  # an answer's line may hold anything
            return False
        summed[source] = summed.get(source, 0) + vp
    merged = [{"source": source, "vp": vp} for source, vp in summed.items()]
    return (
        reordered(due, given)
        or (len(kept) < len(due) and given == kept)
        or (len(given) > len(due) and (merged == due or reordered(due, merged)))
    )


def _nth(answer: dict[str, Any], index: str) -> dict[str, Any]:
    scores = answer.get("scores")
    listed = cast(list[object], scores) if isinstance(scores, list) else None
    found = listed[int(index)] if listed is not None and int(index) < len(listed) else None
    return cast(dict[str, Any], found) if isinstance(found, dict) else {}
