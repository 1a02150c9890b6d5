"""Finding and moving a player's cards between zones: the moves every rule area is built from."""

from __future__ import annotations

from dataclasses import replace

from rulespec.reference.errors import InvalidState
from rulespec.reference.imperium.model import Card, CardName, Player, Suit, Zone
from rulespec.reference.imperium.validation import PLAYER_PILES, pile


def zone_of(player: Player, name: CardName, path: str, rule: str) -> str:
    """The pile of ``player`` that holds the card; a name the player does not own is an impossible state, refused
    citing ``rule``: the clause of the operation asking, whose own sentence says so."""
    for pile_name in PLAYER_PILES:
        if any(card.name == name for card in pile(player, pile_name)):
            return pile_name
    raise InvalidState(path, name, f"{player.name} owns no card of that name", rule)


def card_in(cards: tuple[Card, ...], name: CardName) -> Card:
    """IMP-STATE-1: the card of that name among ``cards``, where it lies once at most."""
    return next(card for card in cards if card.name == name)


def without(cards: tuple[Card, ...], name: CardName) -> tuple[Card, ...]:
    """IMP-PLAY-1: ``cards`` less the card of that name; the cards left behind keep their order (Conventions)."""
    return tuple(card for card in cards if card.name != name)


def add_to_zone(player: Player, zone: Zone, cards: tuple[Card, ...]) -> Player:
    """IMP-DRAW-1, IMP-PLAY-1, IMP-MARKET-1, IMP-COLLAPSE-2: cards join a zone: at the end of the hand, play area
    and history; on top of the two piles (Conventions)."""
    on_top = tuple(reversed(cards))  # the last card added ends up on top
    match zone:
        case Zone.HAND:
            return replace(player, hand=player.hand + cards)
        case Zone.PLAY_AREA:
            return replace(player, play_area=player.play_area + cards)
        case Zone.HISTORY:
            return replace(player, history=player.history + cards)
        case Zone.DRAW_PILE:
            return replace(player, draw_pile=on_top + player.draw_pile)
        case Zone.DISCARD_PILE:
            return replace(player, discard_pile=on_top + player.discard_pile)


def unrest_in_zones(player: Player) -> tuple[Card, ...]:
    """IMP-COLLAPSE-3: the unrest cards in the five zones (the nation deck is not one of them)."""
    zones = player.hand + player.play_area + player.draw_pile + player.discard_pile + player.history
    return tuple(card for card in zones if card.suit is Suit.UNREST)
