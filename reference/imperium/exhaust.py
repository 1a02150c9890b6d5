"""Exhaust abilities: an action marker moves from the nation card onto the card (IMP-EXHAUST-*, IMP-PLAY-3)."""

from __future__ import annotations

from dataclasses import replace

from rulespec.reference.errors import IllegalAction as IllegalAction  # named by the contract's raises: line
from rulespec.reference.errors import InvalidState as InvalidState
from rulespec.reference.imperium.cards import card_in, zone_of
from rulespec.reference.imperium.model import ExhaustAbility, ExhaustRequest, Player, Timing
from rulespec.reference.imperium.rulings import Rulings
from rulespec.reference.imperium.validation import validate_player


def check_card_in_play(request: ExhaustRequest) -> None:
    """IMP-EXHAUST-4: only a card in the play area, and only one with an exhaust ability."""
    # A name the player does not own is an impossible state, not a forbidden action.
    zone = zone_of(request.player, request.card, "card", "IMP-EXHAUST-4")
    if zone != "play_area":
        raise IllegalAction("IMP-EXHAUST-4", f"{request.card} lies in the {zone}, not in play")
    if card_in(request.player.play_area, request.card).exhaust is ExhaustAbility.NONE:
        raise IllegalAction("IMP-EXHAUST-4", f"{request.card} has no exhaust ability")


def check_not_exhausted(request: ExhaustRequest) -> None:
    """IMP-EXHAUST-2: not again while the card holds an exhaust marker."""
    if request.card in request.player.exhausted:
        raise IllegalAction("IMP-EXHAUST-2", f"{request.card} already holds an exhaust marker")


def check_timing(request: ExhaustRequest) -> None:
    """IMP-EXHAUST-3: own turn, while activating, unless the card says any time.

    IMP-PLAY-3: the nation card's side is not consulted, so red cards in play stay usable.
    """
    ability = card_in(request.player.play_area, request.card).exhaust
    if ability is ExhaustAbility.ON_ACTIVATION and request.timing is not Timing.OWN_ACTIVATION:
        raise IllegalAction("IMP-EXHAUST-3", f"{request.card} is usable only while activating on your own turn")


def move_action_marker(request: ExhaustRequest) -> Player:
    """IMP-EXHAUST-1: one ready action marker moves from the nation card onto the card."""
    player = request.player
    if player.markers_on_nation_card == 0:
        raise IllegalAction("IMP-EXHAUST-1", "no action marker is ready on the nation card")
    return replace(
        player,
        markers_on_nation_card=player.markers_on_nation_card - 1,
        exhausted=player.exhausted + (request.card,),
    )


def use_exhaust_ability(request: ExhaustRequest, rulings: Rulings, /) -> Player:
    """IMP-EXHAUST-1 to IMP-EXHAUST-4, IMP-PLAY-3, IMP-STATE-1 to IMP-STATE-3: use a card's exhaust ability.

    The checks run in the order IMP-EXHAUST-4, -2, -3, -1.

    raises: InvalidState, IllegalAction
    post: __return__.markers_on_nation_card == request.player.markers_on_nation_card - 1
    post: __return__.exhausted == request.player.exhausted + (request.card,)
    """
    validate_player(request.player, "player")
    check_card_in_play(request)
    check_not_exhausted(request)
    check_timing(request)
    return move_action_marker(request)
