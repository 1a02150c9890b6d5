"""Which checks name which rules: read statically from the vectors and the invariants' markers."""

from __future__ import annotations

import ast
import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from conformance.harness.games import INVARIANTS_DIR, Game
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

    def without_check(self) -> list[str]:
        return [rule for rule in self.rules if not self.vectors.get(rule) and not self.invariants.get(rule)]


def _marked_rules(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """(test name, rule IDs) for every ``pytest.mark.rules(...)`` in an invariants module."""
    found: list[tuple[str, tuple[str, ...]]] = []
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.Assign):
            name = node.targets[0] if isinstance(node, ast.Assign) else node
            label = ast.unparse(name) if isinstance(name, ast.expr) else name.name
            calls = node.decorator_list if not isinstance(node, ast.Assign) else [node.value]
            for call in (c for expr in calls for c in ast.walk(expr) if isinstance(c, ast.Call)):
                if ast.unparse(call.func) == "pytest.mark.rules":
                    rules = tuple(a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
                    found.append((f"{path.stem}::{label}", rules))
    return found


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
    for path in sorted((INVARIANTS_DIR / game.key).glob("test_*.py")):
        for test, marked in _marked_rules(path):
            for rule in marked:
                target = coverage.invariants if rule in known else coverage.unknown
                target[rule].append(test)
    return coverage
