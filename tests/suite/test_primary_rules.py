"""Every check has exactly one primary rule, first in its list, that the spec defines.

The primary is the rule whose sentence the expected value comes from: a failing check fails
it and only implicates the other rules it lists. For a vector, ``rules[0]``; for an invariant,
the first ID of ``@pytest.mark.rules``. A refusal case's primary is the rule its refusal
names (the vector's own IllegalAction rule, or the rule the reference's InvalidState cites)
whenever the case lists it, except where a review below says why another rule is the point.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection

import pytest
from pytest import Mark, MarkDecorator, ParameterSet

from rulespec.conformance.harness.games import INVARIANTS_DIR, Game, all_games
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.subject import python_subject
from rulespec.conformance.harness.vectors import LoadedCase, load_game
from rulespec.reference.errors import IllegalAction, InvalidState

GAMES = all_games()
ids = [game.key for game in GAMES]

# Refusal cases whose point is a rule other than the one the refusal cites, with the reason.
ORDER_OF_CHECKS = (
    "HIS-VP-3: which of its two faults is refused comes from the order of checks, not from either fault's rule"
)
REVIEWED = {
    "soe-end-war-draws-counted-after-income": (
        "SOE-SEQ-4: the draws are wrong only because they are counted after income"
    ),
    "soe-end-war-missing-order": "SOE-SEQ-4: the empire is short only after income, so an order is due",
    "soe-settled-maint-order-by-order": (
        "SOE-MAINT-8: order 0's draw is refused before order 1's player only because orders are checked one by one"
    ),
    "his-bonus-order-power-before-bonuses": ORDER_OF_CHECKS,
    "his-bonus-order-possible-before-allowed": ORDER_OF_CHECKS,
    "his-score-order-power-first": ORDER_OF_CHECKS,
    "his-score-order-base-before-board": ORDER_OF_CHECKS,
    "his-score-order-board-before-bonuses": ORDER_OF_CHECKS,
    "his-special-order-power-before-board": ORDER_OF_CHECKS,
    "his-java-audit-electorates-seven-open": (
        "HIS-RULING-7: the bound is HIS-SPECIAL-2's, pinned by its own vectors under the default; this case pins"
        " that track_limits open leaves it standing"
    ),
    "his-play-missing": (
        "HIS-PLAY-2: may_play_copernicus_or_servetus refuses a request without a play, a sentence of its own; the"
        " field's rule elsewhere is HIS-PLAY-1's (44th zoo his-05)"
    ),
    "his-readings-open-tracks-keep-the-religious-victory": (
        "HIS-RULING-7: the religious victory is HIS-SPECIAL-8's, pinned by its own vectors under the default; this"
        " case pins that track_limits open leaves the Protestant spaces track standing (56th zoo his-04)"
    ),
    "his-audit-bonus-servetus-two-open": (
        "HIS-RULING-7: Servetus's 1 VP is HIS-BONUS-5's, pinned by its own vectors under the default; this case pins"
        " that track_limits open leaves it standing"
    ),
}

# Clauses no check is primary to, and why. Such a clause still fails where a misreading of the reference names it
# (conformance/harness/blame/): a port swapping income and maintenance fails SOE-SEQ-2 (tests/core/test_blame.py).
WITHOUT_A_CHECK = {
    "SOE-SEQ-2": (
        "a check of its own is refused by a port counting the draws before income (SOE-SEQ-4), whose failures the"
        " refused legal input then takes off SOE-SEQ-4 (23rd zoo soe-07); the steps' order is SOE-SEQ-1's checks'"
    ),
    "SOE-SEQ-3": "scoring and clean-up read and change disjoint parts of the state: either order answers the same",
    "SOE-END-1": "what it means for end_war's answer, SOE-SEQ-5 and SOE-END-2 state",
    "SOE-RULING-13": "its note: over the state modelled, both orders of the steps answer the same",
}


def _cited(game: Game, loaded: LoadedCase) -> str | None:
    """The rule the expected refusal comes from.

    The vector's IllegalAction rule, or the reference's InvalidState rule.
    """
    error = loaded.case.error
    if error is None:
        return None
    if error.kind == "IllegalAction":
        return error.rule
    try:
        python_subject(game, None).call(loaded.operation, loaded.request, loaded.rulings)
    except (InvalidState, IllegalAction) as refusal:
        return refusal.rule
    return None


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_each_vector_case_has_one_primary_rule_the_spec_defines(game: Game) -> None:
    known = {clause.id for clause in read_clauses(game.spec_path)}
    problems: list[str] = []
    for loaded in load_game(game):
        rules = loaded.case.rules
        if not rules or rules[0] not in known:
            problems.append(f"{loaded.case.id}: primary {rules[:1]} is not a clause of {game.spec_path.name}")
        if len(set(rules)) != len(rules):
            problems.append(f"{loaded.case.id}: a rule is listed twice in {list(rules)}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_a_refusal_case_is_primarily_about_the_rule_its_refusal_names(game: Game) -> None:
    wrong: list[str] = []
    for loaded in load_game(game):
        cited = _cited(game, loaded)
        rules = loaded.case.rules
        if cited in rules and rules[0] != cited and loaded.case.id not in REVIEWED:
            wrong.append(f"{loaded.case.id}: move {cited} to the front of {list(rules)} (or review it here)")
    assert not wrong, "\n".join(wrong)


def _invariants(game: Game) -> list[tuple[str, Callable[..., object]]]:
    found: list[tuple[str, Callable[..., object]]] = []
    for path in sorted((INVARIANTS_DIR / game.key).glob("test_*.py")):
        module = importlib.import_module(f"rulespec.conformance.invariants.{game.key}.{path.stem}")
        found += [(f"{path.name}::{name}", value) for name, value in vars(module).items() if name.startswith("test_")]
    return found


def _rules(marks: Collection[Mark | MarkDecorator]) -> list[str]:
    return [str(rule) for mark in marks if mark.name == "rules" for rule in mark.args]


def _rules_of(name: str, test: Callable[..., object]) -> list[tuple[str, list[str]]]:
    """(check, its rules): the test's own, or each parameter's when the test is split by rule (``scoped``)."""
    marks: list[Mark] = list(getattr(test, "pytestmark", []))
    if _rules(marks):
        return [(name, _rules(marks))]
    split = [
        (f"{name}[{value.id}]", _rules(value.marks))
        for mark in marks
        if mark.name == "parametrize"
        for value in mark.args[1]
        if isinstance(value, ParameterSet)
    ]
    return split or [(name, [])]


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_each_invariant_names_one_primary_rule_first(game: Game) -> None:
    known = {clause.id for clause in read_clauses(game.spec_path)}
    invariants = _invariants(game)
    assert invariants, f"no invariants found for {game.key}"
    problems: list[str] = []
    for name, test in invariants:
        for check, rules in _rules_of(name, test):
            if not rules:
                problems.append(
                    f"{check}: names no rule (@pytest.mark.rules, on the test or on each of its parameters)"
                )
            elif rules[0] not in known:
                problems.append(f"{check}: primary {rules[0]} is not a clause of {game.spec_path.name}")
            elif len(set(rules)) != len(rules):
                problems.append(f"{check}: a rule is named twice in {rules}")
    assert not problems, "\n".join(problems)


def test_every_clause_without_a_check_is_a_clause() -> None:
    known = {clause.id for game in GAMES for clause in read_clauses(game.spec_path)}
    unknown = sorted(set(WITHOUT_A_CHECK) - known)
    assert not unknown, f"{unknown}: no game's spec has such a clause: take it out of WITHOUT_A_CHECK"


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_every_clause_is_the_primary_rule_of_a_check(game: Game) -> None:
    """A failing check fails its primary rule and only implicates the others, so a clause no check is primary to
    fails only where a misreading of the reference names it, and never where the reference works it out inside
    another clause's step: each taxation paying 1 gold whatever ``gold_per_taxation`` (26th zoo soe-07) failed
    SOE-MAINT-7's formula and never SOE-MAINT-4, which says what a taxation yields."""
    primaries = {loaded.case.rules[0] for loaded in load_game(game) if loaded.case.rules}
    primaries |= {rules[0] for name, test in _invariants(game) for _, rules in _rules_of(name, test) if rules}
    clauses = [clause.id for clause in read_clauses(game.spec_path)]
    unchecked = [rule for rule in clauses if rule not in primaries and rule not in WITHOUT_A_CHECK]
    assert not unchecked, f"no check is primary to {unchecked}: give each a vector with it first in its rules"
    needless = sorted(rule for rule in WITHOUT_A_CHECK if rule in primaries)
    assert not needless, f"{needless}: a check is primary to it now: take it out of WITHOUT_A_CHECK"
