"""Hypothesis strategies for Imperium: Classics: valid states and requests, built from small pieces.

Every card drawn here has a name no other card of the same example shares (IMP-STATE-1);
counts are never negative (IMP-STATE-2); exhaust markers lie on cards in play and are
paid for (IMP-STATE-3); the unrest pile holds only unrest cards and is never empty
(IMP-STATE-4). ``invalid_*`` strategies break exactly one of these on purpose.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence

from hypothesis import strategies as st

from rulespec.conformance.harness.rulings import drawn
from rulespec.reference.imperium.model import (
    AcquireRequest,
    ActionRequest,
    Card,
    CardName,
    CheapestRequest,
    Cost,
    DrawMode,
    DrawRequest,
    Effect,
    EffectKind,
    ExhaustAbility,
    MarketSlot,
    NationSide,
    PaymentRequest,
    Player,
    PlayRequest,
    Suit,
    Tokens,
    WinnerRequest,
    Zone,
)
from rulespec.reference.imperium.rulings import NationCardOnShuffle, Rulings

PLAYER_SUITS = (Suit.BASIC, Suit.REGION, Suit.TRIBUTARY, Suit.FAME, Suit.DEVELOPMENT, Suit.UNREST)
MARKET_SUITS = (Suit.BASIC, Suit.REGION, Suit.TRIBUTARY, Suit.FAME, Suit.DEVELOPMENT)


def rulings() -> st.SearchStrategy[Rulings]:
    """Any reading of the rules: every field drawn from its alternatives, a declared ruling only at its values."""
    strategy: st.SearchStrategy[Rulings] = drawn(Rulings)
    return strategy


@functools.cache  # one strategy object per arguments: Hypothesis validates each new one on every draw
def counts(most: int = 6) -> st.SearchStrategy[int]:
    return st.integers(min_value=0, max_value=most)


@functools.cache
def tokens(most: int = 6) -> st.SearchStrategy[Tokens]:
    return st.builds(Tokens, counts(most), counts(most), counts(most), counts(most), counts(most))


@functools.cache
def costs(most: int = 6) -> st.SearchStrategy[Cost]:
    return st.builds(Cost, counts(most), counts(most), counts(most))


def named(cards: Sequence[Card], prefix: str) -> tuple[Card, ...]:
    """The cards renamed ``prefix-0``, ``prefix-1``, ...: names unique by place, never by chance (IMP-STATE-1)."""
    return tuple(dataclasses.replace(card, name=f"{prefix}-{index}") for index, card in enumerate(cards))


@functools.cache
def cards(suits: Sequence[Suit] = PLAYER_SUITS) -> st.SearchStrategy[Card]:
    """A card still to be named (see ``named``): a suit, then its red symbol and exhaust ability, each uniform.

    One choice per card, from every card the suits allow (the unrest card, which has neither, listed as often
    as each other suit's cards): the same odds as three draws in turn, shrinking the same way (to a basic
    card, no symbol, the first ability), at a third of the choices, which are most of a player's cost to draw.
    """
    kinds = [(red, ability) for red in (False, True) for ability in ExhaustAbility]
    return st.sampled_from(
        [
            Card("", suit) if suit is Suit.UNREST else Card("", suit, red, ability)
            for suit in suits
            for red, ability in kinds
        ]
    )


@functools.cache
def unrest_pile(prefix: str = "unrest", least: int = 1, most: int = 4) -> st.SearchStrategy[tuple[Card, ...]]:
    return st.integers(least, most).map(lambda n: named([Card("", Suit.UNREST)] * n, prefix))


@functools.cache
def piles(most: int = 5, suits: Sequence[Suit] = PLAYER_SUITS) -> st.SearchStrategy[list[Card]]:
    return st.lists(cards(suits), max_size=most)


@functools.cache
def some_of(names: tuple[CardName, ...]) -> st.SearchStrategy[list[CardName]]:
    """Some of ``names``, each at most once, in any order."""
    return st.lists(st.sampled_from(names), unique=True)


SIDES = st.sampled_from(tuple(NationSide))
NATION_DECKS = st.lists(st.just(Card("", Suit.NATION)), max_size=3)


@functools.cache
@st.composite
def players(draw: st.DrawFn, name: str = "ann", side: NationSide | None = None) -> Player:
    """A valid player: distinct cards in every zone, exhaust markers paid for and on cards in play.

    Every strategy it draws from is built once (``some_of``, ``SIDES``, ``NATION_DECKS``): one built anew is
    validated on each draw, a cost paid per player, and players are most of what an Imperium example draws."""
    zones = [draw(piles()) for _ in range(5)] + [draw(NATION_DECKS)]
    sizes = [len(zone) for zone in zones]
    every = named([card for zone in zones for card in zone], name)
    hand, play_area, draw_pile, discard_pile, history, nation_deck = (
        every[sum(sizes[:i]) : sum(sizes[: i + 1])] for i in range(6)
    )
    exhaustible = [card.name for card in play_area if card.exhaust is not ExhaustAbility.NONE]
    exhausted = tuple(draw(some_of(tuple(exhaustible)))) if exhaustible else ()
    ready = draw(counts(4))
    spent_elsewhere = draw(counts(2))
    return Player(
        name=name,
        nation_side=side if side is not None else draw(SIDES),
        action_markers=ready + len(exhausted) + spent_elsewhere,
        markers_on_nation_card=ready,
        hand=hand,
        play_area=play_area,
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        history=history,
        nation_deck=nation_deck,
        exhausted=exhausted,
        tokens=draw(tokens()),
    )


def everything(player: Player) -> tuple[Card, ...]:
    """All of a player's cards, zones and nation deck together."""
    return player.hand + player.play_area + player.draw_pile + player.discard_pile + player.history + player.nation_deck


@functools.cache
def holding_players() -> st.SearchStrategy[Player]:
    """A valid player holding at least one card somewhere."""
    return players().filter(lambda p: bool(everything(p)))


DRAW_MODES = st.sampled_from(tuple(DrawMode))


@st.composite
def play_requests(draw: st.DrawFn) -> PlayRequest:
    player = draw(holding_players())
    # Mostly cards in the hand, sometimes any card, so IMP-PLAY-1's refusal is explored too.
    from_hand = bool(player.hand) and draw(st.integers(0, 3)) > 0
    pool = player.hand if from_hand else everything(player)
    return PlayRequest(player, draw(st.sampled_from(pool)).name)


def shuffle_orders(
    player: Player, wanted: int, rulings: Rulings, arrange: Callable[[list[CardName]], list[CardName]]
) -> tuple[tuple[CardName, ...], ...]:
    """The orders a required draw of ``wanted`` cards consumes (IMP-DRAW-2 to IMP-DRAW-4), each arranged by ``arrange``.

    Input generation only: it counts how many shuffles the draw needs and which cards each
    one holds, so the request it builds is valid; the subject does the drawing.
    """
    discard = [card.name for card in player.discard_pile]
    nation = [card.name for card in player.nation_deck]
    needed = wanted - min(wanted, len(player.draw_pile))
    orders: list[tuple[CardName, ...]] = []
    while needed > 0:
        if nation:
            top = nation.pop(0)
            if rulings.nation_card_on_shuffle is NationCardOnShuffle.DISCARD_PILE:
                discard.insert(0, top)
        if not discard:
            break
        orders.append(tuple(arrange(discard)))
        needed -= min(needed, len(discard))
        discard = []
    return tuple(orders)


@functools.cache
@st.composite
def draw_requests(draw: st.DrawFn, rulings: Rulings) -> DrawRequest:
    """A valid draw under ``rulings``: required draws carry exactly the orders they use."""
    player = draw(players())
    wanted = draw(counts(8))
    mode = draw(DRAW_MODES)
    if mode is DrawMode.IF_ABLE:
        return DrawRequest(player, wanted, mode)
    shuffles = shuffle_orders(player, wanted, rulings, lambda names: draw(st.permutations(names)))
    return DrawRequest(player, wanted, mode, shuffles)


@functools.cache
@st.composite
def markets(draw: st.DrawFn, most: int = 4) -> tuple[MarketSlot, ...]:
    """Market slots, each with a card, tokens on it, and sometimes an unrest card under it."""
    shown = named(draw(st.lists(cards(MARKET_SUITS), min_size=1, max_size=most)), "market")
    under = named([Card("", Suit.UNREST)] * len(shown), "under")
    return tuple(
        MarketSlot(card, draw(counts(3)), draw(counts(2)), draw(counts(3)), unrest if draw(st.booleans()) else None)
        for card, unrest in zip(shown, under)
    )


@st.composite
def acquire_requests(draw: st.DrawFn) -> AcquireRequest:
    market = draw(markets())
    slot = draw(st.sampled_from(market))
    assert slot.card is not None
    return AcquireRequest(
        player=draw(players()),
        market=market,
        market_deck=named(draw(piles(3, MARKET_SUITS)), "deck"),
        unrest_pile=draw(unrest_pile()),
        card=slot.card.name,
    )


def payment_requests() -> st.SearchStrategy[PaymentRequest]:
    """Any holding, cost and payment; the payment never exceeds the holding, so IMP-PAY-1 is not the point."""

    def within(held: Tokens) -> st.SearchStrategy[Tokens]:
        def upto(n: int) -> st.SearchStrategy[int]:
            return st.integers(0, n)

        return st.builds(
            Tokens,
            upto(held.coins),
            upto(held.military),
            upto(held.influence),
            upto(held.resources),
            upto(held.progress),
        )

    return tokens().flatmap(lambda held: st.builds(PaymentRequest, st.just(held), costs(), within(held)))


def cheapest_requests() -> st.SearchStrategy[CheapestRequest]:
    return st.builds(CheapestRequest, tokens(), costs())


@functools.cache
def effects() -> st.SearchStrategy[Effect]:
    take = st.builds(
        Effect, st.just(EffectKind.TAKE_UNREST), counts(3), st.sampled_from(tuple(Zone)), st.just(Tokens())
    )
    gain = st.builds(Effect, st.just(EffectKind.GAIN), st.just(0), st.just(Zone.DISCARD_PILE), tokens(3))
    return take | gain


EFFECT_LISTS = st.lists(effects(), max_size=4)


@st.composite
def action_requests(draw: st.DrawFn) -> ActionRequest:
    return ActionRequest(
        player=draw(players()),
        unrest_pile=draw(unrest_pile()),
        effects=tuple(draw(EFFECT_LISTS)),
    )


@st.composite
def winner_requests(draw: st.DrawFn) -> WinnerRequest:
    names = draw(st.lists(st.sampled_from(("ann", "bo", "cy", "dee")), min_size=1, max_size=4, unique=True))
    seated = tuple(draw(players(name)) for name in names)
    scores = tuple(draw(st.lists(st.integers(0, 3), min_size=len(seated), max_size=len(seated))))
    return WinnerRequest(seated, scores)


@st.composite
def invalid_players(draw: st.DrawFn) -> tuple[Player, str]:
    """A player with exactly one impossible detail, and the JSON path (under ``player``) that names it."""
    player = draw(players().filter(lambda p: bool(p.hand)))
    fault = draw(st.sampled_from(("negative", "duplicate", "unpaid")))
    if fault == "negative":
        kind = draw(st.sampled_from(tuple(f.name for f in dataclasses.fields(Tokens))))
        return dataclasses.replace(player, tokens=dataclasses.replace(player.tokens, **{kind: -1})), f"tokens.{kind}"
    if fault == "duplicate":
        return dataclasses.replace(player, history=player.history + player.hand[:1]), (
            f"history[{len(player.history)}].name"
        )
    # an exhaust marker no action marker was spent for
    extra = Card("camp", Suit.BASIC, False, ExhaustAbility.ON_ACTIVATION)
    return dataclasses.replace(
        player,
        play_area=player.play_area + (extra,),
        exhausted=player.exhausted + (extra.name,),
        action_markers=player.markers_on_nation_card + len(player.exhausted),
    ), "exhausted"
