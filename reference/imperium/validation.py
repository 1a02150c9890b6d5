"""The checks that refuse an impossible input (IMP-STATE-1 to IMP-STATE-4) with ``InvalidState``.

Each check names the offending field by its JSON path into the request. Nothing is
repaired: the first fault found is raised.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rulespec.reference.errors import InvalidState
from rulespec.reference.imperium.model import Card, CardName, Cost, MarketSlot, Player, Suit, Tokens

# The zones of a player, in the order the checks walk them.
PLAYER_PILES = ("hand", "play_area", "draw_pile", "discard_pile", "history", "nation_deck")

Place = tuple[str, Card]  # a card and the JSON path of the place it lies in


def validate_count(value: int, path: str) -> None:
    """IMP-STATE-2: a count is never negative."""
    if value < 0:
        raise InvalidState(path, value, "a count cannot be negative", "IMP-STATE-2")


def validate_tokens(tokens: Tokens, path: str) -> None:
    """IMP-STATE-2: every token count is zero or more."""
    validate_count(tokens.coins, f"{path}.coins")
    validate_count(tokens.military, f"{path}.military")
    validate_count(tokens.influence, f"{path}.influence")
    validate_count(tokens.resources, f"{path}.resources")
    validate_count(tokens.progress, f"{path}.progress")


def validate_cost(cost: Cost, path: str) -> None:
    """IMP-STATE-2: a cost names no negative amount."""
    validate_count(cost.coins, f"{path}.coins")
    validate_count(cost.military, f"{path}.military")
    validate_count(cost.influence, f"{path}.influence")


def pile(player: Player, name: str) -> tuple[Card, ...]:
    """IMP-STATE-1: one of the places a player's cards lie in, by its field name."""
    cards: tuple[Card, ...] = getattr(player, name)
    return cards


def player_places(player: Player, path: str) -> Iterator[Place]:
    """IMP-STATE-1: every card a player holds, with the JSON path of the place it lies in."""
    for name in PLAYER_PILES:
        for index, card in enumerate(pile(player, name)):
            yield f"{path}.{name}[{index}]", card


def player_cards(player: Player) -> Iterator[Card]:
    """IMP-STATE-1: every card a player holds, pile by pile."""
    for name in PLAYER_PILES:
        yield from pile(player, name)


def market_places(market: tuple[MarketSlot, ...], path: str) -> Iterator[Place]:
    """IMP-STATE-1: the cards in the market's slots and under them, with their JSON paths."""
    for index, slot in enumerate(market):
        if slot.card is not None:
            yield f"{path}[{index}].card", slot.card
        if slot.unrest is not None:
            yield f"{path}[{index}].unrest", slot.unrest


def pile_places(cards: tuple[Card, ...], path: str) -> Iterator[Place]:
    """IMP-STATE-1: the cards of one pile, with their JSON paths."""
    for index, card in enumerate(cards):
        yield f"{path}[{index}]", card


def validate_unique(places: Iterable[Place], held: Iterable[Card] = ()) -> None:
    """IMP-STATE-1: no card lies in two places; the second occurrence is named.

    ``held`` are cards listed before ``places`` and already checked among themselves (a player's, by
    ``validate_player``): never a second occurrence, so they need no path.
    """
    seen: set[CardName] = {card.name for card in held}
    for path, card in places:
        if card.name in seen:
            raise InvalidState(f"{path}.name", card.name, "this card already lies elsewhere", "IMP-STATE-1")
        seen.add(card.name)


def validate_markers(player: Player, path: str) -> None:
    """IMP-STATE-3: exhaust markers lie on cards in play, one each, each paid by an action marker."""
    validate_count(player.action_markers, f"{path}.action_markers")
    validate_count(player.markers_on_nation_card, f"{path}.markers_on_nation_card")
    in_play = {card.name for card in player.play_area}
    seen: set[CardName] = set()
    for index, name in enumerate(player.exhausted):
        if name not in in_play:
            raise InvalidState(
                f"{path}.exhausted[{index}]", name, "only a card in play holds an exhaust marker", "IMP-STATE-3"
            )
        if name in seen:
            raise InvalidState(
                f"{path}.exhausted[{index}]", name, "a card holds one exhaust marker at most", "IMP-STATE-3"
            )
        seen.add(name)
    if player.markers_on_nation_card + len(player.exhausted) > player.action_markers:
        raise InvalidState(
            f"{path}.exhausted",
            list(player.exhausted),
            f"{player.markers_on_nation_card} ready and {len(player.exhausted)} exhaust markers"
            f" but only {player.action_markers} action markers",
            "IMP-STATE-3",
        )


def validate_player(player: Player, path: str) -> None:
    """IMP-STATE-1 to IMP-STATE-3 for one player."""
    validate_tokens(player.tokens, f"{path}.tokens")
    validate_unique(player_places(player, path))
    validate_markers(player, path)


def validate_unrest_cards(places: Iterable[Place]) -> None:
    """IMP-STATE-4: only unrest cards lie in the unrest pile and under market cards."""
    for path, card in places:
        if card.suit is not Suit.UNREST:
            raise InvalidState(f"{path}.suit", card.suit.value, "only an unrest card can lie here", "IMP-STATE-4")


def validate_market(market: tuple[MarketSlot, ...], path: str) -> None:
    """IMP-STATE-2 and IMP-STATE-4 for the market's slots."""
    for index, slot in enumerate(market):
        validate_count(slot.coins, f"{path}[{index}].coins")
        validate_count(slot.actions, f"{path}[{index}].actions")
        validate_count(slot.influence, f"{path}[{index}].influence")
        if slot.unrest is not None:
            validate_unrest_cards(((f"{path}[{index}].unrest", slot.unrest),))


def validate_unrest_pile(unrest_pile: tuple[Card, ...], path: str) -> None:
    """IMP-STATE-4: unrest cards only, and not empty: an empty pile means the game is already over."""
    validate_unrest_cards(pile_places(unrest_pile, path))
    if not unrest_pile:
        raise InvalidState(path, [], "the unrest pile is empty: the game has already collapsed", "IMP-STATE-4")
