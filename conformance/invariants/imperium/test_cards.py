"""Exhaust, play and draw: cards move, they are never made or lost, markers are paid for."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec.reference.imperium as reference
from rulespec.conformance.harness.games.imperium import Imperium
from rulespec.conformance.invariants.imperium.outcomes import (
    Relevance,
    accepted,
    agrees,
    either,
    fixture_safe,
    outcome,
    refused_under,
    scoped,
)
from rulespec.conformance.strategies import imperium as imp
from rulespec.conformance.strategies import imperium_requests
from rulespec.reference.imperium.model import (
    DrawMode,
    DrawRequest,
    ExhaustAbility,
    ExhaustRequest,
    NationSide,
    Player,
    PlayRequest,
    Timing,
)
from rulespec.reference.imperium.rulings import Rulings


def names(player: Player) -> Counter[str]:
    return Counter(card.name for card in imp.everything(player))


EXHAUST_RULES = [
    scoped("IMP-EXHAUST-1", either(accepted(), refused_under("IMP-EXHAUST-1"))),
    scoped("IMP-EXHAUST-2", refused_under("IMP-EXHAUST-2")),
    scoped("IMP-EXHAUST-3", refused_under("IMP-EXHAUST-3")),
    scoped("IMP-EXHAUST-4", refused_under("IMP-EXHAUST-4")),
    scoped("IMP-PLAY-3", accepted(lambda request, _: any(c.barbarian for c in request.player.play_area))),
]


@pytest.mark.parametrize("relevant", EXHAUST_RULES)
@fixture_safe
@given(request=imperium_requests.exhaust_requests(imperium_requests.EACH_ALIKE), rulings=imp.rulings())
def test_exhaust_agrees_with_the_rules(
    imperium: Imperium, relevant: Relevance, request: ExhaustRequest, rulings: Rulings
) -> None:
    """Differential: the subject uses or refuses an exhaust ability exactly as the reference does."""
    agrees(imperium.use_exhaust_ability, reference.use_exhaust_ability, request, rulings, relevant)


@pytest.mark.rules("IMP-EXHAUST-1", "IMP-STATE-3")
@fixture_safe
@given(request=imperium_requests.exhaust_requests(imperium_requests.EACH_ALIKE), rulings=imp.rulings())
def test_exhaust_moves_one_marker_and_no_card(imperium: Imperium, request: ExhaustRequest, rulings: Rulings) -> None:
    """A used ability costs one ready marker, adds one exhaust marker, and moves no card."""
    kind, after = outcome(imperium.use_exhaust_ability, request, rulings)
    if kind != "result":
        return
    before = request.player
    assert after.markers_on_nation_card == before.markers_on_nation_card - 1
    assert after.exhausted == before.exhausted + (request.card,)
    assert after.action_markers == before.action_markers
    assert replace(after, markers_on_nation_card=0, exhausted=()) == replace(
        before, markers_on_nation_card=0, exhausted=()
    )


@pytest.mark.rules("IMP-EXHAUST-2")
@fixture_safe
@given(request=imperium_requests.exhaust_requests(imperium_requests.EACH_ALIKE), rulings=imp.rulings())
def test_exhausted_card_is_refused_a_second_time(imperium: Imperium, request: ExhaustRequest, rulings: Rulings) -> None:
    """Right after a successful use, the same use is refused under IMP-EXHAUST-2."""
    kind, after = outcome(imperium.use_exhaust_ability, request, rulings)
    if kind == "result":
        again = replace(request, player=after)
        assert outcome(imperium.use_exhaust_ability, again, rulings) == ("IllegalAction", "IMP-EXHAUST-2")


@pytest.mark.rules("IMP-EXHAUST-3", "IMP-PLAY-3")
@fixture_safe
@given(
    player=imp.players().filter(lambda p: any(c.exhaust is ExhaustAbility.ON_ACTIVATION for c in p.play_area)),
    timing=st.sampled_from((Timing.OWN_TURN, Timing.OTHER_TURN)),
    side=st.sampled_from(tuple(NationSide)),
    rulings=imp.rulings(),
)
def test_activation_abilities_wait_for_activation(
    imperium: Imperium, player: Player, timing: Timing, side: NationSide, rulings: Rulings
) -> None:
    """An on-activation ability of a ready card, asked outside activation, is refused on timing, whatever the side."""
    card = next(c for c in player.play_area if c.exhaust is ExhaustAbility.ON_ACTIVATION)
    player = replace(player, nation_side=side, exhausted=tuple(n for n in player.exhausted if n != card.name))
    request = ExhaustRequest(player, card.name, timing)
    assert outcome(imperium.use_exhaust_ability, request, rulings) == ("IllegalAction", "IMP-EXHAUST-3")


PLAY_RULES = [
    scoped("IMP-PLAY-1", either(accepted(), refused_under("IMP-PLAY-1"))),
    scoped("IMP-PLAY-2", either(accepted(lambda _, after: after.play_area[-1].barbarian), refused_under("IMP-PLAY-2"))),
]


@pytest.mark.parametrize("relevant", PLAY_RULES)
@fixture_safe
@given(request=imp.play_requests(), rulings=imp.rulings())
def test_play_agrees_with_the_rules(
    imperium: Imperium, relevant: Relevance, request: PlayRequest, rulings: Rulings
) -> None:
    """Differential: the subject plays or refuses a card exactly as the reference does."""
    agrees(imperium.play_card, reference.play_card, request, rulings, relevant)


@pytest.mark.rules("IMP-PLAY-2")
@fixture_safe
@given(
    player=imp.players(side=NationSide.EMPIRE).filter(lambda p: any(c.barbarian for c in p.hand)), rulings=imp.rulings()
)
def test_red_cards_stay_in_hand_on_the_empire_side(imperium: Imperium, player: Player, rulings: Rulings) -> None:
    """Every red card in the hand is refused while the nation card shows the empire side."""
    for card in (c for c in player.hand if c.barbarian):
        assert outcome(imperium.play_card, PlayRequest(player, card.name), rulings) == ("IllegalAction", "IMP-PLAY-2")


@pytest.mark.rules("IMP-PLAY-1", "IMP-STATE-1")
@fixture_safe
@given(request=imp.play_requests(), rulings=imp.rulings())
def test_play_moves_exactly_one_card(imperium: Imperium, request: PlayRequest, rulings: Rulings) -> None:
    """A played card leaves the hand for the end of the play area; nothing else changes."""
    kind, after = outcome(imperium.play_card, request, rulings)
    if kind != "result":
        return
    before = request.player
    assert names(after) == names(before)
    assert after.play_area[:-1] == before.play_area and after.play_area[-1].name == request.card
    assert after.hand == tuple(c for c in before.hand if c.name != request.card)


@pytest.mark.rules("IMP-DRAW-1", "IMP-DRAW-2", "IMP-DRAW-3", "IMP-DRAW-4", "IMP-STATE-1")
@fixture_safe
@given(data=st.data(), rulings=imp.rulings())
def test_draw_makes_and_loses_no_card(imperium: Imperium, data: st.DataObject, rulings: Rulings) -> None:
    """Drawing moves cards between piles and the hand; the player's cards stay the same cards."""
    request = data.draw(imp.draw_requests(rulings))
    kind, result = outcome(imperium.draw, request, rulings)
    if kind != "result":
        assert kind == "IllegalAction" and result in ("IMP-RULING-6", "IMP-RULING-7")
        return
    assert names(result.player) == names(request.player)
    assert len(result.drawn) <= request.count
    assert result.player.hand[: len(request.player.hand)] == request.player.hand


@pytest.mark.rules("IMP-DRAW-5")
@fixture_safe
@given(data=st.data(), rulings=imp.rulings())
def test_draw_if_able_never_shuffles(imperium: Imperium, data: st.DataObject, rulings: Rulings) -> None:
    """Draw if able takes only from the draw pile: the discard pile and nation deck are untouched."""
    request = replace(data.draw(imp.draw_requests(rulings)), mode=DrawMode.IF_ABLE, shuffles=())
    kind, result = outcome(imperium.draw, request, rulings)
    if kind != "result":
        assert (kind, result) == ("IllegalAction", "IMP-RULING-6")
        return
    before, after = request.player, result.player
    taken = min(request.count, len(before.draw_pile))
    assert result.shuffles == 0
    assert result.drawn == tuple(card.name for card in before.draw_pile[:taken])
    assert (after.discard_pile, after.nation_deck) == (before.discard_pile, before.nation_deck)
    assert after.draw_pile == before.draw_pile[taken:]


def required(when: Callable[[DrawRequest, Any], bool]) -> Relevance:
    return accepted(lambda request, result: request.mode is DrawMode.REQUIRED and when(request, result))


DRAW_RULES = [
    scoped("IMP-DRAW-1", required(lambda _, result: result.shuffles == 0)),
    scoped("IMP-DRAW-2", required(lambda _, result: result.shuffles > 0)),
    scoped("IMP-DRAW-3", required(lambda request, result: result.shuffles > 0 and bool(request.player.nation_deck))),
    scoped("IMP-DRAW-4", required(lambda request, result: result.shuffles > 0 and bool(request.player.discard_pile))),
    scoped("IMP-DRAW-5", accepted(lambda request, _: request.mode is DrawMode.IF_ABLE)),
    scoped("IMP-RULING-6", refused_under("IMP-RULING-6")),
    scoped("IMP-RULING-7", refused_under("IMP-RULING-7")),
]


@pytest.mark.parametrize("relevant", DRAW_RULES)
@fixture_safe
@given(data=st.data(), rulings=imp.rulings())
def test_draw_agrees_with_the_rules(
    imperium: Imperium, relevant: Relevance, data: st.DataObject, rulings: Rulings
) -> None:
    """Differential: the subject draws, shuffles or refuses exactly as the reference does."""
    request: DrawRequest = data.draw(imp.draw_requests(rulings))
    agrees(imperium.draw, reference.draw, request, rulings, relevant)


@pytest.mark.rules("IMP-STATE-1", "IMP-STATE-2", "IMP-STATE-3")
@fixture_safe
@given(broken=imp.invalid_players(), rulings=imp.rulings())
def test_impossible_players_are_refused_by_field(
    imperium: Imperium, broken: tuple[Player, str], rulings: Rulings
) -> None:
    """A player with one impossible detail is refused with InvalidState naming that detail, never repaired."""
    player, field = broken
    request = PlayRequest(player, player.hand[0].name)
    assert outcome(imperium.play_card, request, rulings) == ("InvalidState", f"player.{field}")
