"""Drawing, the shuffle procedure, and "draw if able" (IMP-DRAW-1 to IMP-DRAW-5, IMP-RULING-1, -6, -7)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from rulespec.reference.errors import IllegalAction as IllegalAction  # named by the contract's raises: line
from rulespec.reference.errors import InvalidState as InvalidState
from rulespec.reference.imperium.cards import add_to_zone
from rulespec.reference.imperium.model import Card, CardName, DrawMode, DrawRequest, DrawResult, Player, Zone
from rulespec.reference.imperium.rulings import NationCardOnShuffle, Rulings, ShortDraw
from rulespec.reference.imperium.validation import validate_count, validate_player

Order = tuple[CardName, ...]


def check_hand_limit(request: DrawRequest, rulings: Rulings) -> None:
    """IMP-RULING-6: with a hand limit, a draw whose count would take the hand above it is refused."""
    limit = rulings.hand_limit
    if limit is not None and len(request.player.hand) + request.count > limit:
        raise IllegalAction(
            "IMP-RULING-6", f"{len(request.player.hand)} cards in hand and {request.count} to draw exceed {limit}"
        )


def move_nation_card(player: Player, rulings: Rulings) -> Player:
    """IMP-DRAW-3: the nation deck's top card, if any, goes where IMP-RULING-1 says."""
    if not player.nation_deck:
        return player
    card, rest = player.nation_deck[0], player.nation_deck[1:]
    zone = Zone.HAND if rulings.nation_card_on_shuffle is NationCardOnShuffle.HAND else Zone.DISCARD_PILE
    return add_to_zone(replace(player, nation_deck=rest), zone, (card,))


def new_draw_pile(player: Player, shuffles: tuple[Order, ...], used: int) -> tuple[Player, int]:
    """IMP-DRAW-4: the discard pile becomes the draw pile in the given order; returns the orders used."""
    if not player.discard_pile:
        return player, used  # nothing to shuffle, so no order is consumed
    if used >= len(shuffles):
        raise InvalidState(
            "shuffles", [list(o) for o in shuffles], "too few shuffle orders for this draw", "IMP-DRAW-4"
        )
    order = shuffles[used]
    if Counter(order) != Counter(card.name for card in player.discard_pile):
        raise InvalidState(f"shuffles[{used}]", list(order), "not an order of the discard pile", "IMP-DRAW-4")
    by_name = {card.name: card for card in player.discard_pile}
    return replace(player, discard_pile=(), draw_pile=tuple(by_name[name] for name in order)), used + 1


def shuffle_procedure(player: Player, shuffles: tuple[Order, ...], used: int, rulings: Rulings) -> tuple[Player, int]:
    """IMP-DRAW-2: the nation card moves (IMP-DRAW-3), then the discard pile is shuffled (IMP-DRAW-4)."""
    player = move_nation_card(player, rulings)
    player, used = new_draw_pile(player, shuffles, used)
    return player, used


def take_top_card(player: Player) -> tuple[Player, Card]:
    """IMP-DRAW-1: the top card of the draw pile goes to the end of the hand; returns the player and that card."""
    return replace(player, draw_pile=player.draw_pile[1:], hand=player.hand + player.draw_pile[:1]), player.draw_pile[0]


def draw(request: DrawRequest, rulings: Rulings, /) -> DrawResult:
    """IMP-DRAW-1 to IMP-DRAW-5, IMP-RULING-1, IMP-RULING-6, IMP-RULING-7: draw ``count`` cards, required or if able.

    raises: InvalidState, IllegalAction
    post: len(__return__.drawn) <= request.count
    post: request.mode != DrawMode.IF_ABLE or __return__.shuffles == 0
    post: request.mode != DrawMode.IF_ABLE or len(__return__.drawn) == min(request.count, len(request.player.draw_pile))
    """
    validate_player(request.player, "player")
    validate_count(request.count, "count")
    if request.mode is DrawMode.IF_ABLE and request.shuffles:
        # IMP-DRAW-5: a draw if able never shuffles, so an order for it cannot be meant.
        raise InvalidState(
            "shuffles", [list(o) for o in request.shuffles], "a draw if able never shuffles", "IMP-DRAW-5"
        )
    check_hand_limit(request, rulings)
    player, used, runs = request.player, 0, 0
    drawn: tuple[CardName, ...] = ()
    while len(drawn) < request.count:  # IMP-DRAW-1
        if not player.draw_pile:  # IMP-DRAW-2
            if request.mode is DrawMode.IF_ABLE:  # IMP-DRAW-2: only a required draw goes on (IMP-DRAW-5)
                break  # IMP-DRAW-5: no shuffle, nothing more drawn
            player, used = shuffle_procedure(player, request.shuffles, used, rulings)
            runs += 1  # IMP-DRAW-4: every run of the procedure counts
            if not player.draw_pile:
                if rulings.short_draw is ShortDraw.REFUSE:
                    raise IllegalAction("IMP-RULING-7", f"only {len(drawn)} of {request.count} cards can be drawn")
                break  # IMP-RULING-7 (stop): the draw ends short
        player, card = take_top_card(player)
        drawn += (card.name,)
    if used != len(request.shuffles):
        raise InvalidState(
            "shuffles", [list(o) for o in request.shuffles], f"the draw used {used} shuffle orders", "IMP-DRAW-4"
        )
    return DrawResult(player=player, drawn=drawn, shuffles=runs)
