"""Collapse and the winner: the game ends exactly when the unrest pile empties, and the fewest unrest wins."""

from __future__ import annotations

import pytest
from hypothesis import given

import rulespec.reference.imperium as reference
from rulespec.conformance.harness.games.imperium import Imperium
from rulespec.conformance.invariants.imperium.outcomes import fixture_safe, outcome
from rulespec.conformance.strategies import imperium as imp
from rulespec.reference.imperium.cards import unrest_in_zones
from rulespec.reference.imperium.model import ActionRequest, CollapseRequest, EffectKind, Tokens, WinnerRequest
from rulespec.reference.imperium.rulings import Rulings


@pytest.mark.rules("IMP-COLLAPSE-2", "IMP-COLLAPSE-1")
@fixture_safe
@given(request=imp.action_requests(), rulings=imp.rulings())
def test_action_stops_dead_at_collapse(imperium: Imperium, request: ActionRequest, rulings: Rulings) -> None:
    """The game has collapsed exactly when the pile is empty, and nothing after the emptying card happened."""
    kind, result = outcome(imperium.resolve_action, request, rulings)
    assert kind == "result", result
    assert result.collapsed == (len(result.unrest_pile) == 0), (
        "IMP-COLLAPSE-1: collapsed does not match an empty unrest pile"
    )
    # Walk the effects: cards taken so far, and what the gains before the collapse add up to.
    left, gained, done = len(request.unrest_pile), Tokens(), len(request.effects)
    for index, effect in enumerate(request.effects):
        if effect.kind is EffectKind.GAIN:
            t = effect.tokens
            gained = Tokens(
                gained.coins + t.coins,
                gained.military + t.military,
                gained.influence + t.influence,
                gained.resources + t.resources,
                gained.progress + t.progress,
            )
            continue
        if effect.count >= left:
            done = index + 1 if effect.count == left else index
            left = 0
            break
        left -= effect.count
    assert len(result.unrest_pile) == left
    assert result.effects_done == done
    held, after = request.player.tokens, result.player.tokens
    assert after == Tokens(
        held.coins + gained.coins,
        held.military + gained.military,
        held.influence + gained.influence,
        held.resources + gained.resources,
        held.progress + gained.progress,
    )


@pytest.mark.rules("IMP-COLLAPSE-1", "IMP-COLLAPSE-2")
@fixture_safe
@given(request=imp.action_requests(), rulings=imp.rulings())
def test_action_agrees_with_the_rules(imperium: Imperium, request: ActionRequest, rulings: Rulings) -> None:
    """Differential: the subject carries out an action, and stops at collapse, as the reference does."""
    assert outcome(imperium.resolve_action, request, rulings) == outcome(reference.resolve_action, request, rulings)


@pytest.mark.rules("IMP-COLLAPSE-1")
@fixture_safe
@given(request=imp.action_requests(), rulings=imp.rulings())
def test_collapse_exactly_when_the_pile_is_empty(imperium: Imperium, request: ActionRequest, rulings: Rulings) -> None:
    """check_collapse says collapsed for an empty pile and only for it."""
    for pile in (request.unrest_pile, request.unrest_pile[1:], ()):
        kind, result = outcome(imperium.check_collapse, CollapseRequest(pile), rulings)
        assert kind == "result" and result.collapsed == (not pile)


@pytest.mark.rules("IMP-COLLAPSE-3", "IMP-COLLAPSE-4", "IMP-COLLAPSE-5", "IMP-RULING-5")
@fixture_safe
@given(request=imp.winner_requests(), rulings=imp.rulings())
def test_winner_holds_the_fewest_unrest(imperium: Imperium, request: WinnerRequest, rulings: Rulings) -> None:
    """Every winner holds the fewest unrest cards of all, and the best score among those; and matches the reference."""
    kind, result = outcome(imperium.determine_winner, request, rulings)
    assert (kind, result) == outcome(reference.determine_winner, request, rulings)
    counts = [len(unrest_in_zones(p)) for p in request.players]
    assert list(result.unrest) == counts
    fewest = [i for i, n in enumerate(counts) if n == min(counts)]
    best = max(request.scores[i] for i in fewest)
    for name in result.winners:
        index = next(i for i, p in enumerate(request.players) if p.name == name)
        assert index in fewest and request.scores[index] == best
