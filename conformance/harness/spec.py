"""The clauses of a game's spec, and the rule IDs that name them wherever they are written.

The one shape of a rule ID (``RULE_ID``) is used by every reader: the spec's headings, the
vector schema, a docstring or an assertion naming its rules, a ruling naming the clauses it
bears on. A clause's stamp (``clause_hash``) is what a vector case records of the wording it
was checked against.
"""

from __future__ import annotations

import hashlib
import inspect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rulespec.conformance.harness.games import Game

# "SOE-INCOME-1", "HIS-RULING-1a": an area (the game's prefix first), a number, maybe a letter. The
# regex text is written for both Python and JSON Schema (ECMA-262): the vector schema publishes it.
AREA = r"[A-Z][A-Z0-9]*(-[A-Z0-9]+)*"
RULE_ID = rf"{AREA}-[0-9]+[a-z]?"
_NAMED = re.compile(rf"\b{RULE_ID}\b")
# "SOE-SCORE-2 to SOE-SCORE-10" names every clause from 2 to 10 of that area
_RANGE = re.compile(rf"\b(?P<area>{AREA})-(?P<first>[0-9]+) to (?P=area)-(?P<last>[0-9]+)\b")
# A clause opens with a level-3 heading: "### SOE-INCOME-1 — Income from population".
_HEADING = re.compile(rf"^###\s+(?P<id>{RULE_ID})\b\s*(?:—|–|-|:)?\s*(?P<title>.*)$")
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


def is_rule_id(text: str) -> bool:
    """Whether ``text`` is a rule ID, whole."""
    return re.fullmatch(RULE_ID, text) is not None


def find_rule_ids(text: str) -> tuple[str, ...]:
    """The rule IDs ``text`` names, first seen first, once each."""
    return tuple(dict.fromkeys(found[0] for found in _NAMED.finditer(text)))


def spans_a_range(text: str) -> bool:
    """Whether ``text`` names a range of clauses (``SOE-MAINT-1 to SOE-MAINT-8``)."""
    return _RANGE.search(text) is not None


def named_rules(text: str) -> tuple[str, ...]:
    """The rule IDs ``text`` names, a range (``SOE-SCORE-2 to SOE-SCORE-10``) naming each it spans, once each."""
    spanned = [
        f"{found['area']}-{n}"
        for found in _RANGE.finditer(text)
        for n in range(int(found["first"]), int(found["last"]) + 1)
    ]
    return tuple(dict.fromkeys([*spanned, *find_rule_ids(text)]))


def docstring_rules(function: object) -> tuple[str, ...]:
    """The clause IDs a function's docstring names (ranges spanned)."""
    return named_rules(inspect.getdoc(function) or "")


def rulings_bearing_on(clause: Clause, clauses: Sequence[Clause]) -> list[Clause]:
    """The rulings that bear on ``clause``: those its text names, and those whose text names it."""
    named = set(named_rules(clause.text))
    return [
        other
        for other in clauses
        if "-RULING-" in other.id
        and other.id != clause.id
        and (other.id in named or clause.id in named_rules(other.text))
    ]


HASH_LENGTH = 12


def clause_hash(clause: Clause) -> str:
    """sha256 of the clause's title and text with whitespace runs collapsed: re-wrapping a line is no change."""
    words = " ".join(f"{clause.title}\n{clause.text}".split())
    return hashlib.sha256(words.encode("utf-8")).hexdigest()[:HASH_LENGTH]


def clause_hashes(game: Game) -> dict[str, str]:
    """Every clause of the game's spec, by rule ID, with its current hash (a vector case's stamp)."""
    return {clause.id: clause_hash(clause) for clause in read_clauses(game.spec_path)}
