"""Imperium: Classics as the harness sees it: the operations an implementation offers."""

from __future__ import annotations

from typing import Protocol

import reference.imperium as imperium
from conformance.harness.games import Game, Operation
from reference.imperium.model import (
    AcquireRequest,
    AcquireResult,
    ActionRequest,
    ActionResult,
    CheapestRequest,
    Collapse,
    CollapseRequest,
    DrawRequest,
    DrawResult,
    ExhaustRequest,
    Outcome,
    PaymentRequest,
    PaymentResult,
    Payments,
    Player,
    PlayRequest,
    WinnerRequest,
)
from reference.imperium.rulings import Rulings


class Imperium(Protocol):
    """Every operation an implementation of Imperium: Classics may offer.

    An implementation may offer a subset: what it lacks is reported as not
    implemented, never as passed. Each call is pure: the same request and rulings
    give the same result.
    """

    def use_exhaust_ability(self, request: ExhaustRequest, rulings: Rulings, /) -> Player: ...

    def play_card(self, request: PlayRequest, rulings: Rulings, /) -> Player: ...

    def draw(self, request: DrawRequest, rulings: Rulings, /) -> DrawResult: ...

    def acquire_market_card(self, request: AcquireRequest, rulings: Rulings, /) -> AcquireResult: ...

    def pay_cost(self, request: PaymentRequest, rulings: Rulings, /) -> PaymentResult: ...

    def cheapest_payments(self, request: CheapestRequest, rulings: Rulings, /) -> Payments: ...

    def resolve_action(self, request: ActionRequest, rulings: Rulings, /) -> ActionResult: ...

    def check_collapse(self, request: CollapseRequest, rulings: Rulings, /) -> Collapse: ...

    def determine_winner(self, request: WinnerRequest, rulings: Rulings, /) -> Outcome: ...


GAME = Game(
    key="imperium",
    title="Imperium: Classics",
    rule_prefix="IMP",
    spec_file="imperium-classics.md",
    operations=(
        Operation(
            "use_exhaust_ability",
            ExhaustRequest,
            Player,
            "an action marker moves from the nation card onto a card in play",
        ),
        Operation(
            "play_card", PlayRequest, Player, "a card from the hand into play; red cards only on the barbarian side"
        ),
        Operation(
            "draw", DrawRequest, DrawResult, "draw N, shuffling the discard pile in the given order; or draw if able"
        ),
        Operation("acquire_market_card", AcquireRequest, AcquireResult, "a market card, its tokens and unrest; refill"),
        Operation(
            "pay_cost", PaymentRequest, PaymentResult, "influence for military, a resource for 2 coins, no change"
        ),
        Operation("cheapest_payments", CheapestRequest, Payments, "the legal payments of a cost that waste least"),
        Operation("resolve_action", ActionRequest, ActionResult, "an action's effects in order, ending at collapse"),
        Operation("check_collapse", CollapseRequest, Collapse, "collapsed exactly when the unrest pile is empty"),
        Operation("determine_winner", WinnerRequest, Outcome, "fewest unrest cards, then score, then the tie ruling"),
    ),
    rulings=Rulings,
    reference=imperium,
    protocol=Imperium,
    invariants_package="conformance.invariants.imperium",
)
