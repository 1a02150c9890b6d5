"""A rule found by its ID (a near miss suggested), the rulings that bear on it, and the checks that name it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from conformance.harness.coverage.rules import rule_coverage
from conformance.harness.games import Game
from conformance.harness.spec import Clause, read_clauses, rulings_bearing_on
from conformance.harness.vocabulary import did_you_mean


@dataclass(frozen=True)
class Rule:
    game: Game
    clause: Clause


def find_rule(games: Sequence[Game], rule: str) -> Rule:
    """The clause with this ID in one of the games (case-insensitive); KeyError naming close IDs otherwise."""
    known = [Rule(chosen, clause) for chosen in games for clause in read_clauses(chosen.spec_path)]
    for found in known:
        if found.clause.id.lower() == rule.lower():
            return found
    hint = did_you_mean(rule.upper(), [found.clause.id for found in known])
    raise KeyError(f"no clause {rule!r} in {', '.join(chosen.key for chosen in games)}{hint}")


def rulings_of(rule: Rule) -> list[Clause]:
    """The rulings that bear on a clause: those it names, and those whose text names it."""
    return rulings_bearing_on(rule.clause, read_clauses(rule.game.spec_path))


def checks_of(rule: Rule) -> tuple[list[str], list[str]]:
    """(vector cases, invariants) that name the rule, counted as ``verify`` and ``coverage`` count them."""
    coverage = rule_coverage(rule.game)
    return list(coverage.vectors.get(rule.clause.id, [])), list(coverage.invariants.get(rule.clause.id, []))
