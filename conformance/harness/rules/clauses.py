"""A rule found by its ID (a near miss suggested), the rulings that bear on it, and the checks that name it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from conformance.harness.coverage.rules import rule_coverage
from conformance.harness.games import Game
from conformance.harness.spec import Clause, read_clauses
from conformance.harness.vocabulary import did_you_mean

RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[0-9]+[a-z]?\b")


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
    every = read_clauses(rule.game.spec_path)
    named = set(RULE_ID.findall(rule.clause.text))
    return [
        clause
        for clause in every
        if "-RULING-" in clause.id
        and clause.id != rule.clause.id
        and (clause.id in named or rule.clause.id in RULE_ID.findall(clause.text))
    ]


def checks_of(rule: Rule) -> tuple[list[str], list[str]]:
    """(vector cases, invariants) that name the rule, counted as ``verify`` and ``coverage`` count them."""
    coverage = rule_coverage(rule.game)
    return list(coverage.vectors.get(rule.clause.id, [])), list(coverage.invariants.get(rule.clause.id, []))
