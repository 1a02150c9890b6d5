"""Reading the clauses out of a game's spec: the rule IDs every check must name."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

# A clause opens with a level-3 heading: "### SOE-INCOME-1 — Income from population".
_HEADING = re.compile(r"^###\s+(?P<id>[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[0-9]+[a-z]?)\b\s*(?:—|–|-|:)?\s*(?P<title>.*)$")
_ANY_HEADING = re.compile(r"^#{1,3}\s")


@dataclass(frozen=True)
class Clause:
    id: str
    title: str
    text: str


def read_clauses(path: Path) -> tuple[Clause, ...]:
    """Every clause of the spec at ``path``, in document order; a repeated ID is refused."""
    if not path.is_file():
        raise FileNotFoundError(f"spec file not found: {path}")
    clauses: list[Clause] = []
    current: tuple[str, str] | None = None
    body: list[str] = []

    def close() -> None:
        if current is not None:
            clauses.append(Clause(current[0], current[1], "\n".join(body).strip()))

    for line in path.read_text(encoding="utf-8").splitlines():
        match = _HEADING.match(line)
        if match or _ANY_HEADING.match(line):
            close()
            current = (match["id"], match["title"].strip()) if match else None
            body = []
        elif current is not None:
            body.append(line)
    close()
    seen: set[str] = set()
    for clause in clauses:
        if clause.id in seen:
            raise ValueError(f"{path}: clause {clause.id} is defined twice")
        seen.add(clause.id)
    return tuple(clauses)
