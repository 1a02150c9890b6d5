"""Playing a card from the hand into the play area; red cards need the red symbol (IMP-PLAY-1, IMP-PLAY-2)."""

from __future__ import annotations

from dataclasses import replace

from rulespec.reference.errors import IllegalAction as IllegalAction  # named by the contract's raises: line
from rulespec.reference.errors import InvalidState as InvalidState
from rulespec.reference.imperium.cards import card_in, without, zone_of
from rulespec.reference.imperium.model import NationSide, Player, PlayRequest
from rulespec.reference.imperium.rulings import Rulings
from rulespec.reference.imperium.validation import validate_player


def check_in_hand(request: PlayRequest) -> None:
    """IMP-PLAY-1: only a card in the hand can be played."""
    zone = zone_of(request.player, request.card, "card", "IMP-PLAY-1")
    if zone != "hand":
        raise IllegalAction("IMP-PLAY-1", f"{request.card} lies in the {zone}, not in the hand")


def check_red_symbol(request: PlayRequest) -> None:
    """IMP-PLAY-2: a red card only while the nation card shows the red (barbarian) side."""
    card = card_in(request.player.hand, request.card)
    if card.barbarian and request.player.nation_side is NationSide.EMPIRE:
        raise IllegalAction("IMP-PLAY-2", f"{card.name} is a red card and the nation card shows the empire side")


def play_card(request: PlayRequest, rulings: Rulings, /) -> Player:
    """IMP-PLAY-1, IMP-PLAY-2, IMP-STATE-1 to IMP-STATE-3: play a card from the hand into the play area.

    raises: InvalidState, IllegalAction
    post: len(__return__.hand) == len(request.player.hand) - 1
    post: __return__.play_area[-1].name == request.card
    """
    validate_player(request.player, "player")
    check_in_hand(request)
    check_red_symbol(request)
    player = request.player
    card = card_in(player.hand, request.card)
    return replace(player, hand=without(player.hand, card.name), play_area=player.play_area + (card,))
