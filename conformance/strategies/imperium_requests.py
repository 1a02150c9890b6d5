"""Imperium requests for ``rulespec diff``, weighted to the edges the rules turn on.

``rulespec diff`` looks here before ``imperium.py`` (conformance/harness/diff/strategies.py).
The invariants draw from here too, so ``verify`` searches where ``diff`` does. Collapse turns on
the unrest pile being empty (IMP-COLLAPSE-1): the piles drawn are mostly empty or one card. A
payment covers its cost exactly, or overshoots or falls short by one token (IMP-PAY-*,
IMP-RULING-4). An exhaust is a use the rules allow, or breaks one of its four checks. About one
draw in eight is refused on purpose.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from rulespec.conformance.strategies.imperium import cards, costs, everything, named, players, tokens, unrest_pile
from rulespec.conformance.strategies.refusals import refused_sometimes
from rulespec.reference.imperium.model import (
    Card,
    CollapseRequest,
    Cost,
    ExhaustAbility,
    ExhaustRequest,
    PaymentRequest,
    Player,
    PlayRequest,
    Suit,
    Timing,
    Tokens,
    WinnerRequest,
)


@st.composite
def faulty_unrest_piles(draw: st.DrawFn) -> tuple[Card, ...]:
    """An unrest pile with a card of another suit in it, or one card listed twice."""
    pile = list(draw(unrest_pile(least=1, most=3)))
    if draw(st.booleans()):
        stranger = named([draw(cards((Suit.BASIC, Suit.REGION, Suit.FAME)))], "stranger")[0]
        pile.insert(draw(st.integers(0, len(pile))), stranger)
    else:
        pile.append(pile[0])
    return tuple(pile)


def collapse_requests() -> st.SearchStrategy[CollapseRequest]:
    """IMP-COLLAPSE-1: an empty pile, one card, or a few; now and then a faulty one."""
    sizes = st.sampled_from((0, 1, 0, 1, 2, 4))
    valid = sizes.map(lambda n: named([Card("", Suit.UNREST)] * n, "unrest"))
    return refused_sometimes(valid, faulty_unrest_piles()).map(CollapseRequest)


# The check each exhaust request breaks (None: a use the rules allow), one of IMP-EXHAUST-1 to -4. ``diff`` draws
# mostly uses the rules allow (five in nine); the invariants draw each of the five alike, so every check scoped to
# one refusal is reached in a run (tests/suite/test_every_check_asks.py).
EXHAUST_FAULTS = ("IMP-EXHAUST-1", "IMP-EXHAUST-2", "IMP-EXHAUST-3", "IMP-EXHAUST-4")
MOSTLY_ALLOWED = (None, None, None, None, None, *EXHAUST_FAULTS)
EACH_ALIKE = (None, *EXHAUST_FAULTS)


@st.composite
def exhaust_requests(draw: st.DrawFn, faults: tuple[str | None, ...] = MOSTLY_ALLOWED) -> ExhaustRequest:
    """IMP-EXHAUST-*: a ready card in play with an exhaust ability, used at a time it allows, or that use with the
    one check ``faults`` draws broken: no marker on the nation card, the card already exhausted, an
    ``on_activation`` card used at another time, or a card that is not in play or has no ability."""
    fault = draw(st.sampled_from(faults))
    player = draw(players())
    on_activation = fault == "IMP-EXHAUST-3" or draw(st.booleans())
    ability = ExhaustAbility.ON_ACTIVATION if on_activation else ExhaustAbility.ANY_TIME
    suit = draw(st.sampled_from((Suit.BASIC, Suit.REGION, Suit.DEVELOPMENT)))
    ready = Card(f"{player.name}-ready", suit, False, ability)
    plain = Card(f"{player.name}-plain", suit)  # in the hand or in play, it has no ability: IMP-EXHAUST-4
    elsewhere = player.action_markers - player.markers_on_nation_card - len(player.exhausted)
    exhausted = (*player.exhausted, ready.name) if fault == "IMP-EXHAUST-2" else player.exhausted
    markers = 0 if fault == "IMP-EXHAUST-1" else max(1, player.markers_on_nation_card)
    in_play = draw(st.booleans())
    player = replace(
        player,
        hand=player.hand if in_play else (*player.hand, plain),
        play_area=(*player.play_area, ready, plain) if in_play else (*player.play_area, ready),
        exhausted=exhausted,
        markers_on_nation_card=markers,
        action_markers=markers + len(exhausted) + elsewhere,  # the markers on exhausted cards paid for: IMP-STATE-3
    )
    card = ready
    if fault == "IMP-EXHAUST-4":
        card = draw(
            st.sampled_from(
                [c for c in everything(player) if c not in player.play_area or c.exhaust is ExhaustAbility.NONE]
            )
        )
    if fault == "IMP-EXHAUST-3":
        timing = draw(st.sampled_from((Timing.OWN_TURN, Timing.OTHER_TURN)))
    else:
        timing = Timing.OWN_ACTIVATION if on_activation else draw(st.sampled_from(tuple(Timing)))
    return ExhaustRequest(player, card.name, timing)


TOKEN_KINDS = ("coins", "military", "influence", "resources", "progress")


@st.composite
def exact_payment(draw: st.DrawFn, whole_military_in_influence: bool = False) -> tuple[Cost, Tokens]:
    """A cost and a payment that covers it with no token to spare; with ``whole_military_in_influence`` every
    military point is paid in influence (IMP-PAY-2), so a spare influence is the only token to take back."""
    cost = draw(costs(4))
    resources = draw(st.integers(0, (cost.coins + 1) // 2))  # two coins each, the last may overshoot by one (IMP-PAY-3)
    spare_influence = cost.military if whole_military_in_influence else draw(st.integers(0, cost.military))
    return cost, Tokens(
        max(cost.coins - 2 * resources, 0), cost.military - spare_influence, cost.influence + spare_influence, resources
    )


def holding(payment: Tokens, extra: Tokens) -> Tokens:
    return Tokens(*(getattr(payment, name) + getattr(extra, name) for name in TOKEN_KINDS))


@st.composite
def one_spare_payments(draw: st.DrawFn) -> PaymentRequest:
    """IMP-RULING-4: an exact payment and one token of a kind more, the military paid wholly in influence half the
    time, so that the spare token is the only one a player could take back (a spare influence with no military)."""
    kind = draw(st.sampled_from(TOKEN_KINDS))
    cost, exact = draw(exact_payment(whole_military_in_influence=draw(st.booleans())))
    payment = replace(exact, **{kind: getattr(exact, kind) + 1})
    return PaymentRequest(holding(payment, draw(tokens(3))), cost, payment)


@st.composite
def near_payments(draw: st.DrawFn) -> PaymentRequest:
    """A payment that covers the cost exactly, or overshoots or falls short by one token; the holding covers it."""
    cost, exact = draw(exact_payment())
    kind = draw(st.sampled_from(TOKEN_KINDS))
    change = draw(st.sampled_from((0, 0, 1, -1)))  # exact, one token over, one short
    payment = exact if getattr(exact, kind) + change < 0 else replace(exact, **{kind: getattr(exact, kind) + change})
    return PaymentRequest(holding(payment, draw(tokens(3))), cost, payment)


def payment_requests() -> st.SearchStrategy[PaymentRequest]:
    """IMP-PAY-*: payments at the edges, exact or one token off, or one token to spare alone (IMP-RULING-4)."""
    return st.one_of(near_payments(), one_spare_payments())


def _unrest_free(player: Player) -> Player:
    """The player without unrest cards, so the strategy alone says how many each holds."""

    def kept(zone: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(card for card in zone if card.suit is not Suit.UNREST)

    return replace(
        player,
        hand=kept(player.hand),
        play_area=kept(player.play_area),
        draw_pile=kept(player.draw_pile),
        discard_pile=kept(player.discard_pile),
        history=kept(player.history),
    )


@st.composite
def winner_requests(draw: st.DrawFn) -> WinnerRequest:
    """IMP-COLLAPSE-3 to -5: one to four players, unrest counts and scores often tied among two or three, and
    usually the card that emptied the pile (IMP-RULING-3) in some player's hand or discard pile."""
    names = draw(st.lists(st.sampled_from(("ann", "bo", "cy", "dee")), min_size=1, max_size=4, unique=True))
    seated: list[Player] = []
    for name in names:
        player = _unrest_free(draw(players(name)))
        unrest = named([Card("", Suit.UNREST)] * draw(st.sampled_from((1, 2, 1, 2, 0, 3))), f"{name}-unrest")
        where = draw(st.sampled_from(("discard_pile", "hand", "history")))
        if where == "hand":
            player = replace(player, hand=(*player.hand, *unrest))
        elif where == "history":
            player = replace(player, history=(*player.history, *unrest))
        else:
            player = replace(player, discard_pile=(*player.discard_pile, *unrest))
        seated.append(player)
    scores = tuple(draw(st.sampled_from((5, 5, 4, 6))) for _ in seated)
    held = [card.name for player in seated for card in everything(player) if card.suit is Suit.UNREST]
    last: st.SearchStrategy[str | None] = st.sampled_from(held) if held else st.none()
    collapse_card = draw(refused_sometimes(st.one_of(last, last, last, st.none()), st.just("nobody-unrest-0")))
    return WinnerRequest(tuple(seated), scores, collapse_card)


@st.composite
def play_requests(draw: st.DrawFn) -> PlayRequest:
    """IMP-PLAY-*: mostly a card from a hand that holds one, red or not under either side; else any card
    the player owns."""
    player = draw(players())
    card = named([draw(cards((Suit.BASIC, Suit.REGION, Suit.FAME, Suit.DEVELOPMENT)))], f"{player.name}-in-hand")[0]
    player = replace(player, hand=(*player.hand, card))
    chosen = draw(refused_sometimes(st.sampled_from(player.hand), st.sampled_from(everything(player))))
    return PlayRequest(player, chosen.name)
