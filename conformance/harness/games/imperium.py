"""Imperium: Classics as the harness sees it: the operations an implementation offers."""

from __future__ import annotations

from typing import Protocol

import rulespec.reference.imperium as imperium
from rulespec.conformance.harness.games import Game, operations_of
from rulespec.reference.imperium.model import (
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
from rulespec.reference.imperium.rulings import Rulings


class Imperium(Protocol):
    """Every operation an implementation of Imperium: Classics may offer.

    An implementation may offer a subset: what it lacks is reported as not
    implemented, never as passed. Each call is pure: the same request and rulings
    give the same result.
    """

    def use_exhaust_ability(self, request: ExhaustRequest, rulings: Rulings, /) -> Player:
        """an action marker moves from the nation card onto a card in play"""
        ...

    def play_card(self, request: PlayRequest, rulings: Rulings, /) -> Player:
        """a card from the hand into play; red cards only on the barbarian side"""
        ...

    def draw(self, request: DrawRequest, rulings: Rulings, /) -> DrawResult:
        """draw N, shuffling the discard pile in the given order; or draw if able"""
        ...

    def acquire_market_card(self, request: AcquireRequest, rulings: Rulings, /) -> AcquireResult:
        """a market card, its tokens and unrest; refill"""
        ...

    def pay_cost(self, request: PaymentRequest, rulings: Rulings, /) -> PaymentResult:
        """influence for military, a resource for 2 coins, no change"""
        ...

    def cheapest_payments(self, request: CheapestRequest, rulings: Rulings, /) -> Payments:
        """the legal payments of a cost that waste least"""
        ...

    def resolve_action(self, request: ActionRequest, rulings: Rulings, /) -> ActionResult:
        """an action's effects in order, ending at collapse"""
        ...

    def check_collapse(self, request: CollapseRequest, rulings: Rulings, /) -> Collapse:
        """collapsed exactly when the unrest pile is empty"""
        ...

    def determine_winner(self, request: WinnerRequest, rulings: Rulings, /) -> Outcome:
        """fewest unrest cards, then score, then the tie ruling"""
        ...


GAME = Game(
    key="imperium",
    title="Imperium: Classics",
    rule_prefix="IMP",
    spec_file="imperium-classics.md",
    operations=operations_of(Imperium),
    rulings=Rulings,
    reference=imperium,
    protocol=Imperium,
    invariants_package="rulespec.conformance.invariants.imperium",
)
