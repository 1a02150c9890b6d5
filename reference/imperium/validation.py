"""The checks that refuse an impossible input (IMP-STATE-1 to IMP-STATE-4) with ``InvalidState``.

Each check names the offending field by its JSON path into the request. Nothing is
repaired: the first fault found is raised.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from reference.errors import InvalidState
from reference.imperium.model import Card, CardName, Cost, MarketSlot, Player, Suit, Tokens

# The zones of a player, in the order the checks walk them.
PLAYER_PILES = ("hand", "play_area", "draw_pile", "discard_pile", "history", "nation_deck")

Place = tuple[str, Card]  # a card and the JSON path of the place it lies in


def check_count(path: str, value: int) -> None:
    """IMP-STATE-2: a count is never negative."""
    if value < 0:
        raise InvalidState(path, value, "a count cannot be negative", "IMP-STATE-2")


def check_tokens(path: str, tokens: Tokens) -> None:
    """IMP-STATE-2: every token count is zero or more."""
    check_count(f"{path}.coins", tokens.coins)
    check_count(f"{path}.military", tokens.military)
    check_count(f"{path}.influence", tokens.influence)
    check_count(f"{path}.resources", tokens.resources)
    check_count(f"{path}.progress", tokens.progress)


def check_cost(path: str, cost: Cost) -> None:
    """IMP-STATE-2: a cost names no negative amount."""
    check_count(f"{path}.coins", cost.coins)
    check_count(f"{path}.military", cost.military)
    check_count(f"{path}.influence", cost.influence)


def pile(player: Player, name: str) -> tuple[Card, ...]:
    cards: tuple[Card, ...] = getattr(player, name)
    return cards


def player_places(path: str, player: Player) -> Iterator[Place]:
    for name in PLAYER_PILES:
        for index, card in enumerate(pile(player, name)):
            yield f"{path}.{name}[{index}]", card


def player_cards(player: Player) -> Iterator[Card]:
    """Every card a player holds, pile by pile."""
    for name in PLAYER_PILES:
        yield from pile(player, name)


def market_places(path: str, market: tuple[MarketSlot, ...]) -> Iterator[Place]:
    for index, slot in enumerate(market):
        if slot.card is not None:
            yield f"{path}[{index}].card", slot.card
        if slot.unrest is not None:
            yield f"{path}[{index}].unrest", slot.unrest


def pile_places(path: str, cards: tuple[Card, ...]) -> Iterator[Place]:
    for index, card in enumerate(cards):
        yield f"{path}[{index}]", card


def check_unique(places: Iterable[Place], held: Iterable[Card] = ()) -> None:
    """IMP-STATE-1: no card lies in two places; the second occurrence is named.

    ``held`` are cards listed before ``places`` and already checked among themselves (a player's, by
    ``check_player``): never a second occurrence, so they need no path.
    """
    seen: set[CardName] = {card.name for card in held}
    for path, card in places:
        if card.name in seen:
            raise InvalidState(f"{path}.name", card.name, "this card already lies elsewhere", "IMP-STATE-1")
        seen.add(card.name)


def check_markers(path: str, player: Player) -> None:
    """IMP-STATE-3: exhaust markers lie on cards in play, one each, each paid by an action marker."""
    check_count(f"{path}.action_markers", player.action_markers)
    check_count(f"{path}.markers_on_nation_card", player.markers_on_nation_card)
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


def check_player(path: str, player: Player) -> None:
    """IMP-STATE-1 to IMP-STATE-3 for one player."""
    check_tokens(f"{path}.tokens", player.tokens)
    check_unique(player_places(path, player))
    check_markers(path, player)


def check_unrest_cards(places: Iterable[Place]) -> None:
    """IMP-STATE-4: only unrest cards lie in the unrest pile and under market cards."""
    for path, card in places:
        if card.suit is not Suit.UNREST:
            raise InvalidState(f"{path}.suit", card.suit.value, "only an unrest card can lie here", "IMP-STATE-4")


def check_market(path: str, market: tuple[MarketSlot, ...]) -> None:
    """IMP-STATE-2 and IMP-STATE-4 for the market's slots."""
    for index, slot in enumerate(market):
        check_count(f"{path}[{index}].coins", slot.coins)
        check_count(f"{path}[{index}].actions", slot.actions)
        check_count(f"{path}[{index}].influence", slot.influence)
        if slot.unrest is not None:
            check_unrest_cards(((f"{path}[{index}].unrest", slot.unrest),))


def check_unrest_pile(path: str, unrest_pile: tuple[Card, ...]) -> None:
    """IMP-STATE-4: unrest cards only, and not empty: an empty pile means the game is already over."""
    check_unrest_cards(pile_places(path, unrest_pile))
    if not unrest_pile:
        raise InvalidState(path, [], "the unrest pile is empty: the game has already collapsed", "IMP-STATE-4")
