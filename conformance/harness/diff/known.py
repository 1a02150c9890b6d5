"""``rulespec diff --exclude FILE``: differences already known, set aside so the search shows the next.

FILE is a vector file (one ``rulespec diff --write`` gave, or any of the suite's) or an
expectations file (``rulespec expectations``: known failures by case ID or by rule). Each
case it names is asked of both sides under its rulings; where they differ, the group of
that difference (``groups``) is known, and the search counts it as set aside instead of
showing it again. A case on which the sides agree sets nothing aside, and that is said.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulespec.conformance.harness.diff.answers import Group, compare, explained
from rulespec.conformance.harness.diff.sides import Side
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.gate.expectations import ExpectationsError, load
from rulespec.conformance.harness.vectors import LoadedCase, VectorError, load_file, load_game


@dataclass(frozen=True)
class Known:
    groups: frozenset[Group]
    cases: int  # cases read
    agreeing: tuple[str, ...]  # IDs of cases on which the two sides answer alike


def _named_cases(game: Game, path: Path) -> tuple[LoadedCase, ...]:
    raw: Any = None
    if path.suffix != ".toml":  # an expectations file may be TOML; a vector file is JSON
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"--exclude {path}: cannot read it as JSON: {exc}") from exc
    if isinstance(raw, dict) and "cases" in raw:
        try:
            return load_file(game, path)
        except VectorError as exc:
            raise ValueError(f"--exclude {exc}") from exc
    try:
        expected = load(path)
    except ExpectationsError as exc:
        raise ValueError(f"--exclude {exc}") from exc
    checks = {known.check for known in expected.known_failures if known.check}
    rules = {known.rule for known in expected.known_failures if known.rule}
    return tuple(c for c in load_game(game) if c.case.id in checks or rules & set(c.case.rules))


def known_differences(game: Game, a: Side, b: Side, paths: list[Path]) -> Known:
    """The groups the files' cases show between the two sides; a file that is neither kind is refused."""
    groups: set[Group] = set()
    agreeing: list[str] = []
    cases = 0
    for path in paths:
        for case in _named_cases(game, path):
            cases += 1
            if not (a.subject.supports(case.operation) and b.subject.supports(case.operation)):
                continue
            found = compare(a, b, case.operation, case.request, case.rulings)
            if found is None:
                agreeing.append(case.case.id)
            else:
                groups.add(explained(game, found, b).group)  # grouped as the search groups it
    return Known(frozenset(groups), cases, tuple(agreeing))
