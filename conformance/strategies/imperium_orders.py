"""Imperium: Classics requests broken at two or more steps of the spec's Order of checks, per operation.

Each fault breaks one step and says what the refusal names; ``faults.steps_of`` puts them in the spec's order.
None depends on a ruling: IMP-RULING-4's step is left out, since a payment with a token to spare always covers
its cost and so never meets IMP-PAY-4 (pinned by vectors on either side instead).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TypeVar

from hypothesis import strategies as st

from rulespec.conformance.harness.games import game
from rulespec.conformance.strategies.faults import Faults, Refusal, Step, faulted, steps_of
from rulespec.conformance.strategies.imperium import EFFECT_LISTS, players, tokens, unrest_pile
from rulespec.conformance.strategies.imperium_requests import TOKEN_KINDS, exact_payment, holding
from rulespec.reference.imperium.model import (
    ActionRequest,
    Card,
    Effect,
    EffectKind,
    ExhaustAbility,
    ExhaustRequest,
    PaymentRequest,
    Player,
    Suit,
    Timing,
    Tokens,
)

SPEC = game("imperium").spec_path
READY = "ready"  # the card a valid request exhausts: in play, with an ability, no marker on it
WithPlayer = TypeVar("WithPlayer", ExhaustRequest, ActionRequest)  # a request holding one player


def _ability(player: Player, name: str, ability: ExhaustAbility) -> Player:
    """The player with the card ``name`` in play given another exhaust ability."""
    return replace(
        player, play_area=tuple(replace(c, exhaust=ability) if c.name == name else c for c in player.play_area)
    )


@st.composite
def valid_exhausts(draw: st.DrawFn) -> ExhaustRequest:
    """A card in play with an exhaust ability, no marker on it, a marker ready, asked while activating."""
    player = draw(players())
    ability = draw(st.sampled_from((ExhaustAbility.ON_ACTIVATION, ExhaustAbility.ANY_TIME)))
    ready = Card(f"{player.name}-{READY}", Suit.BASIC, False, ability)
    player = replace(player, play_area=(*player.play_area, ready))
    if player.markers_on_nation_card == 0:
        player = replace(player, markers_on_nation_card=1, action_markers=player.action_markers + 1)
    return ExhaustRequest(player, ready.name, Timing.OWN_ACTIVATION)


def _tokens(draw: st.DrawFn, player: Player) -> tuple[Player, Refusal]:
    kind = draw(st.sampled_from(TOKEN_KINDS))
    held = replace(player.tokens, **{kind: draw(st.integers(-3, -1))})
    return replace(player, tokens=held), ("InvalidState", f"player.tokens.{kind}")


def _twice(draw: st.DrawFn, player: Player) -> tuple[Player, Refusal]:
    """IMP-STATE-1: a card in play listed again in the history (a later place: the copy is the one named)."""
    card = draw(st.sampled_from(player.play_area))
    at = len(player.history)
    return replace(player, history=(*player.history, card)), ("InvalidState", f"player.history[{at}].name")


def _markers(draw: st.DrawFn, player: Player) -> tuple[Player, Refusal]:
    below = draw(st.integers(-3, -1))
    if draw(st.booleans()):
        return replace(player, action_markers=below), ("InvalidState", "player.action_markers")
    return replace(player, markers_on_nation_card=below), ("InvalidState", "player.markers_on_nation_card")


def _stray_marker(draw: st.DrawFn, player: Player) -> tuple[Player, Refusal]:
    """IMP-STATE-3: an exhaust marker on a card not in play."""
    at = len(player.exhausted)
    return replace(player, exhausted=(*player.exhausted, "nowhere")), ("InvalidState", f"player.exhausted[{at}]")


def _unpaid(draw: st.DrawFn, player: Player) -> tuple[Player, Refusal]:
    """IMP-STATE-3: more markers ready and on cards than the player has."""
    ready = player.action_markers - len(player.exhausted) + draw(st.integers(1, 2))
    return replace(player, markers_on_nation_card=ready), ("InvalidState", "player.exhausted")


PLAYER = steps_of(
    SPEC,
    "a player",
    {
        "tokens (coins, military, influence, resources, progress)": _tokens,
        "the player's own places among themselves (IMP-STATE-1)": _twice,
        "`action_markers`, `markers_on_nation_card`": _markers,
        "each `exhausted` entry in list order, in play then not repeated": _stray_marker,
        "the sum (IMP-STATE-3)": _unpaid,
    },
)


def _in_request(step: Step[Player]) -> Step[WithPlayer]:
    """A step of the player's, taken to the request's player."""

    def fault(draw: st.DrawFn, request: WithPlayer) -> tuple[WithPlayer, Refusal]:
        player, refusal = step.fault(draw, request.player)
        return replace(request, player=player), refusal

    return Step(step.words, fault)


def _the_player(draw: st.DrawFn, request: WithPlayer) -> tuple[WithPlayer, Refusal]:
    """The player broken at one of its own steps."""
    step: Step[WithPlayer] = _in_request(draw(st.sampled_from(PLAYER)))
    return step.fault(draw, request)


def _not_exhaustible(draw: st.DrawFn, request: ExhaustRequest) -> tuple[ExhaustRequest, Refusal]:
    """IMP-EXHAUST-4: a card the player does not own (InvalidState on ``card``), or the card in play without an
    ability."""
    if draw(st.booleans()):
        return replace(request, card="nowhere"), ("InvalidState", "card")
    player = _ability(request.player, request.card, ExhaustAbility.NONE)
    return replace(request, player=player), ("IllegalAction", "IMP-EXHAUST-4")


def _exhausted(draw: st.DrawFn, request: ExhaustRequest) -> tuple[ExhaustRequest, Refusal]:
    """IMP-EXHAUST-2: the card already holds a marker (paid by one more action marker, so the state stays valid)."""
    player = request.player
    player = replace(player, exhausted=(*player.exhausted, request.card), action_markers=player.action_markers + 1)
    return replace(request, player=player), ("IllegalAction", "IMP-EXHAUST-2")


def _untimely(draw: st.DrawFn, request: ExhaustRequest) -> tuple[ExhaustRequest, Refusal]:
    """IMP-EXHAUST-3: a usual ability asked outside the player's own activation."""
    player = _ability(request.player, request.card, ExhaustAbility.ON_ACTIVATION)
    timing = draw(st.sampled_from((Timing.OWN_TURN, Timing.OTHER_TURN)))
    return replace(request, player=player, timing=timing), ("IllegalAction", "IMP-EXHAUST-3")


def _no_marker(draw: st.DrawFn, request: ExhaustRequest) -> tuple[ExhaustRequest, Refusal]:
    """IMP-EXHAUST-1: no action marker ready on the nation card."""
    return replace(request, player=replace(request.player, markers_on_nation_card=0)), (
        "IllegalAction",
        "IMP-EXHAUST-1",
    )


EXHAUST: tuple[Step[ExhaustRequest], ...] = steps_of(
    SPEC,
    "`use_exhaust_ability`",
    {
        "the player": _the_player,
        "IMP-EXHAUST-4 (an unknown `card` first, as InvalidState)": _not_exhaustible,
        "IMP-EXHAUST-2": _exhausted,
        "IMP-EXHAUST-3": _untimely,
        "IMP-EXHAUST-1": _no_marker,
    },
)


@st.composite
def valid_payments(draw: st.DrawFn) -> PaymentRequest:
    """An exact payment of a cost, from a holding of it and some more."""
    cost, payment = draw(exact_payment())
    return PaymentRequest(holding(payment, draw(tokens(3))), cost, payment)


def _negative_field(draw: st.DrawFn, request: PaymentRequest) -> tuple[PaymentRequest, Refusal]:
    """IMP-STATE-2: one count of the holding, the cost or the payment below 0."""
    field = draw(st.sampled_from(("tokens", "cost", "payment")))
    kinds = ("coins", "military", "influence") if field == "cost" else TOKEN_KINDS
    kind = draw(st.sampled_from(kinds))
    broken = replace(getattr(request, field), **{kind: draw(st.integers(-3, -1))})
    return replace(request, **{field: broken}), ("InvalidState", f"{field}.{kind}")


def _more_than_held(draw: st.DrawFn, request: PaymentRequest) -> tuple[PaymentRequest, Refusal]:
    """IMP-PAY-1: a progress token more than the player holds (progress pays nothing, so cover is unchanged)."""
    payment = replace(request.payment, progress=max(request.tokens.progress, 0) + draw(st.integers(1, 2)))
    return replace(request, payment=payment), ("IllegalAction", "IMP-PAY-1")


def _short(draw: st.DrawFn, request: PaymentRequest) -> tuple[PaymentRequest, Refusal]:
    """IMP-PAY-4: a cost in coins beyond anything the payment's coins and resources give."""
    payment: Tokens = request.payment
    beyond = max(payment.coins, 0) + 2 * max(payment.resources, 0) + draw(st.integers(1, 3))
    return replace(request, cost=replace(request.cost, coins=beyond)), ("IllegalAction", "IMP-PAY-4")


PAY_COST = steps_of(
    SPEC,
    "`pay_cost`",
    {
        "`tokens`, `cost`, `payment` (each field in the order coins, military, influence, resources, progress)": (
            _negative_field
        ),
        "IMP-PAY-1 (token types in that order)": _more_than_held,
        "IMP-PAY-4": _short,
    },
)


@st.composite
def valid_actions(draw: st.DrawFn) -> ActionRequest:
    """An action a valid player carries out (a card in play, for the player's own steps to break), on a pile."""
    player = draw(players())
    in_play = Card(f"{player.name}-{READY}", Suit.BASIC)
    return ActionRequest(
        replace(player, play_area=(*player.play_area, in_play)), draw(unrest_pile()), tuple(draw(EFFECT_LISTS))
    )


def _pile_repeat(draw: st.DrawFn, request: ActionRequest) -> tuple[ActionRequest, Refusal]:
    """IMP-STATE-1: a card of the pile, or one the player holds (the player's cards come first), listed again at the
    pile's end: that copy is the one named."""
    held = (*request.player.play_area, *request.player.hand)
    card = draw(st.sampled_from((*request.unrest_pile, *held)))
    at = len(request.unrest_pile)
    return replace(request, unrest_pile=(*request.unrest_pile, card)), ("InvalidState", f"unrest_pile[{at}].name")


def _pile_suit(draw: st.DrawFn, request: ActionRequest) -> tuple[ActionRequest, Refusal]:
    """IMP-STATE-4: a card of another suit, under a name of its own, in the pile."""
    at = draw(st.integers(0, len(request.unrest_pile)))
    pile = (*request.unrest_pile[:at], Card("stray-0", Suit.BASIC), *request.unrest_pile[at:])
    return replace(request, unrest_pile=pile), ("InvalidState", f"unrest_pile[{at}].suit")


def _pile_empty(draw: st.DrawFn, request: ActionRequest) -> tuple[ActionRequest, Refusal]:
    """IMP-STATE-4: no card left in the pile: the game already ended."""
    return replace(request, unrest_pile=()), ("InvalidState", "unrest_pile")


def _broken_effect(draw: st.DrawFn) -> tuple[Effect, str]:
    """One effect at fault and the field its refusal names below ``effects[i]``, checked in the order count, tokens
    (their kinds in order), a field of the other kind: a negative count, a negative token, a take carrying tokens, a
    gain taking cards, or two of these in one effect."""
    kind = draw(st.sampled_from(TOKEN_KINDS))
    below = Tokens(**{kind: draw(st.integers(-3, -1))})
    match draw(st.integers(0, 5)):
        case 0:
            return Effect(EffectKind.TAKE_UNREST, count=draw(st.integers(-3, -1))), "count"
        case 1:
            return Effect(EffectKind.GAIN, tokens=below), f"tokens.{kind}"
        case 2:
            return Effect(EffectKind.TAKE_UNREST, count=1, tokens=Tokens(**{kind: 1})), "tokens"
        case 3:
            return Effect(EffectKind.GAIN, count=draw(st.integers(1, 3))), "count"
        case 4:
            return Effect(EffectKind.GAIN, count=draw(st.integers(1, 3)), tokens=below), f"tokens.{kind}"
        case _:
            return Effect(EffectKind.TAKE_UNREST, count=draw(st.integers(-3, -1)), tokens=below), "count"


def _effects(draw: st.DrawFn, request: ActionRequest) -> tuple[ActionRequest, Refusal]:
    """IMP-COLLAPSE-2, IMP-STATE-2: an effect at fault among valid ones, and maybe another after it: the first named."""
    effects = list(request.effects)
    at = draw(st.integers(0, len(effects)))
    broken, field = _broken_effect(draw)
    effects.insert(at, broken)
    if draw(st.booleans()):
        effects.insert(draw(st.integers(at + 1, len(effects))), _broken_effect(draw)[0])
    return replace(request, effects=tuple(effects)), ("InvalidState", f"effects[{at}].{field}")


RESOLVE_ACTION: tuple[Step[ActionRequest], ...] = steps_of(
    SPEC,
    "`resolve_action`",
    {
        "the player": _the_player,
        "the unrest pile's names, against each other and the player's cards (IMP-STATE-1)": _pile_repeat,
        "its suits": _pile_suit,
        "its emptiness": _pile_empty,
        (
            "each effect in order (`count`, `tokens`, then a field of the other kind), every effect before the first is"
            " carried out (a fault in a later effect is refused even where an earlier one would collapse the game)"
        ): _effects,
    },
)


@st.composite
def collapse_first(draw: st.DrawFn) -> Faults[ActionRequest]:
    """IMP-COLLAPSE-2: an effect at fault after one that would empty the pile: every effect is checked before the
    first is carried out, so the fault is refused, never left unread behind the collapse."""
    request = draw(valid_actions())
    emptying = Effect(EffectKind.TAKE_UNREST, count=len(request.unrest_pile) + draw(st.integers(0, 1)))
    carried = tuple(draw(st.lists(st.sampled_from(request.effects), max_size=2))) if request.effects else ()
    broken, field = _broken_effect(draw)
    effects = (*carried, emptying, broken)
    at = len(effects) - 1
    return Faults(
        replace(request, effects=effects),
        ("an effect at fault after the collapse",),
        "InvalidState",
        f"effects[{at}].{field}",
    )


@cache
def player_faults() -> st.SearchStrategy[Faults[ExhaustRequest]]:
    """Two or more of the player's own steps broken, in an exhaust request."""
    return faulted(valid_exhausts(), tuple(_in_request(step) for step in PLAYER))


@cache
def exhaust_faults() -> st.SearchStrategy[Faults[ExhaustRequest]]:
    return faulted(valid_exhausts(), EXHAUST)


@cache
def pay_cost_faults() -> st.SearchStrategy[Faults[PaymentRequest]]:
    return faulted(valid_payments(), PAY_COST)


@cache
def resolve_action_faults() -> st.SearchStrategy[Faults[ActionRequest]]:
    return faulted(valid_actions(), RESOLVE_ACTION)
