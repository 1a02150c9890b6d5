"""Which checks name which rules: the vectors' ``rules``, and the invariants as ``verify`` collects and counts them."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field

from conformance.harness.coverage.collected import invariant_rules
from conformance.harness.games import Game
from conformance.harness.spec import read_clauses


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
