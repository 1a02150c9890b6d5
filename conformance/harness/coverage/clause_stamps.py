"""Clause stamps: each vector case records a hash of every clause it names, so a changed clause shows.

A case's ``clauses`` maps each rule ID in its ``rules`` to the short hash of that clause's
text as it read when the case was last reviewed. When the spec's wording of a clause
changes, the hash changes and every case written against the old wording is *stale* until
a maintainer checks it still holds and re-stamps it with ``rulespec review``. A case
without stamps is stale too: nobody has said which wording it was checked against.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from rulespec import SUITE_ROOT
from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.spec import clause_hashes
from rulespec.conformance.harness.vector_writer import render_vector_file, stamps_for


@dataclass(frozen=True)
class StaleCase:
    case_id: str
    path: Path
    reasons: tuple[str, ...]  # one per rule: "SOE-SCORE-6 changed", "SOE-SCORE-6 not stamped"

    def describe(self) -> str:
        return f"{self.case_id} ({self.path.relative_to(SUITE_ROOT)}): {'; '.join(self.reasons)}"


def staleness(rules: Collection[str], stamped: dict[str, str], hashes: dict[str, str]) -> tuple[str, ...]:
    """Why a case with these ``rules`` and ``stamped`` hashes is stale; empty when it is current."""
    reasons: list[str] = []
    for rule in rules:
        if rule not in stamped:
            reasons.append(f"{rule} not stamped")
        elif rule in hashes and stamped[rule] != hashes[rule]:
            reasons.append(f"{rule} changed")
    reasons.extend(f"{rule} stamped but not among its rules" for rule in stamped if rule not in rules)
    return tuple(reasons)


def _read(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def _cases(document: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for case in document.get("cases", []):
        yield cast(dict[str, Any], case)


def stale_cases(game: Game) -> list[StaleCase]:
    """Every case of the game whose stamps are missing or differ from the spec as it reads now."""
    hashes = clause_hashes(game)
    stale: list[StaleCase] = []
    for path in sorted(game.vectors_dir.glob("*.json")):
        for case in _cases(_read(path)):
            reasons = staleness(case.get("rules", []), case.get("clauses", {}), hashes)
            if reasons:
                stale.append(StaleCase(str(case.get("id")), path, reasons))
    return stale


def stamped(case: dict[str, Any], hashes: dict[str, str]) -> dict[str, Any]:
    """``case`` with its ``clauses`` set from ``hashes``, placed after ``rules`` so files read in one order."""
    stamps = stamps_for(case.get("rules", []), hashes)
    if "clauses" in case:
        return {key: (stamps if key == "clauses" else value) for key, value in case.items()}
    result: dict[str, Any] = {}
    for key, value in case.items():
        result[key] = value
        if key == "rules":
            result["clauses"] = stamps
    result.setdefault("clauses", stamps)
    return result


def review(game: Game, case_ids: Collection[str] | None = None) -> dict[Path, list[str]]:
    """Re-stamp the named cases (every case when None) against the spec as it reads now.

    Returns the case IDs re-stamped per file rewritten; a file none of whose cases
    changed is left untouched. An unknown case ID is refused before anything is written.
    """
    hashes = clause_hashes(game)
    wanted = None if case_ids is None else set(case_ids)
    rewrites: dict[Path, tuple[dict[str, Any], list[str]]] = {}
    found: set[str] = set()
    for path in sorted(game.vectors_dir.glob("*.json")):
        document = _read(path)
        cases: list[dict[str, Any]] = []
        changed: list[str] = []
        for case in _cases(document):
            case_id = str(case.get("id"))
            found.add(case_id)
            if wanted is None or case_id in wanted:
                renewed = stamped(case, hashes)
                if renewed != case or list(renewed) != list(case):
                    changed.append(case_id)
                case = renewed
            cases.append(case)
        if changed:
            rewrites[path] = ({**document, "cases": cases}, changed)
    unknown = sorted((wanted or set()) - found)
    if unknown:
        raise KeyError(f"no case of game {game.key!r} has the ID(s): {', '.join(unknown)}")
    for path, (document, _) in rewrites.items():
        outputs.write_text(path, render_vector_file(document))
    return {path: changed for path, (_, changed) in rewrites.items()}
