"""Which checks name which rules: the vectors' ``rules``, and the invariants as ``verify`` collects and counts them.

The invariants are collected by pytest and each item's rules read with the function ``verify``
asks (``marked_rules``): reading ``@pytest.mark.rules(...)`` from the source would miss the rules
a marker takes from a constant (``rules(*EMPIRES)``) or a class, and collecting cannot differ
from what a run credits.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import io
import json
from collections import defaultdict
from dataclasses import dataclass, field

import pytest

from rulespec.conformance.harness.games import INVARIANTS_DIR, SUITE_PYTEST_ARGS, Game
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.verify.collection import marked_rules


@dataclass(frozen=True)
class Collected:
    nodeid: str
    rules: tuple[str, ...]
    doc: str  # the test's docstring: what it asserts


class _Items:
    def __init__(self) -> None:
        self.found: list[Collected] = []

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        for item in session.items:
            owners = [item, *item.listchain()[::-1]] if isinstance(item, pytest.Function) else []
            # the test's own docstring, else its class's or module's: what the check asserts
            doc = next((d for d in (inspect.getdoc(getattr(o, "obj", None)) for o in owners[:3]) if d), None)
            self.found.append(Collected(item.nodeid, marked_rules(item), doc or ""))


@functools.lru_cache(maxsize=8)
def invariant_rules(game: Game) -> tuple[Collected, ...]:
    """Node ID, rules and docstring of every invariant item of the game, collected as ``verify`` collects them."""
    folder = INVARIANTS_DIR / game.key
    if not folder.is_dir():
        return ()
    items = _Items()
    arguments = [
        str(folder),
        "--collect-only",
        "-q",
        *SUITE_PYTEST_ARGS,
        f"--game={game.key}",
    ]
    with contextlib.redirect_stdout(io.StringIO()) as shown:
        code = pytest.main(arguments, plugins=[items])
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        raise RuntimeError(f"collecting {folder} failed (pytest exit {int(code)}):\n{shown.getvalue()[-2000:]}")
    return tuple(items.found)


@dataclass
class RuleCoverage:
    """For one game: every rule's vectors and invariants, and names that no clause defines."""

    rules: tuple[str, ...]
    vectors: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    invariants: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    unknown: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def without_vector(self) -> list[str]:
        return [rule for rule in self.rules if not self.vectors.get(rule)]


def rule_coverage(game: Game) -> RuleCoverage:
    rules = tuple(clause.id for clause in read_clauses(game.spec_path))
    known = set(rules)
    coverage = RuleCoverage(rules)
    for path in sorted(game.vectors_dir.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        for case in document.get("cases", []):
            for rule in case.get("rules", []):
                target = coverage.vectors if rule in known else coverage.unknown
                target[rule].append(f"{path.name}:{case.get('id')}")
    for check in invariant_rules(game):
        for rule in check.rules:
            target = coverage.invariants if rule in known else coverage.unknown
            target[rule].append(check.nodeid)
    return coverage
