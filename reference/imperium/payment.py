"""Paying a cost: influence for military, resources for two coins without change, nothing else (IMP-PAY-*)."""

from __future__ import annotations

from dataclasses import fields, replace

from rulespec.reference.errors import IllegalAction as IllegalAction  # named by the contract's raises: line
from rulespec.reference.errors import InvalidState as InvalidState
from rulespec.reference.imperium.model import Cost, PaymentRequest, PaymentResult, Tokens
from rulespec.reference.imperium.rulings import Rulings, Surplus
from rulespec.reference.imperium.validation import validate_cost, validate_tokens

TOKEN_TYPES = tuple(f.name for f in fields(Tokens))


def of_kind(tokens: Tokens, kind: str) -> int:
    """IMP-PAY-1: how many tokens of ``kind`` a holding or a payment has."""
    held: int = getattr(tokens, kind)
    return held


def value(tokens: Tokens) -> int:
    """IMP-PAY-5: the units handed over, the surplus counted in: one per token, two per resource."""
    return tokens.coins + tokens.military + tokens.influence + 2 * tokens.resources + tokens.progress


def cost_value(cost: Cost) -> int:
    """IMP-PAY-5: the units a cost asks for, one per token; a payment's surplus is counted against them."""
    return cost.coins + cost.military + cost.influence


def covers(payment: Tokens, cost: Cost) -> bool:
    """IMP-PAY-2, IMP-PAY-3, IMP-PAY-4: the only conversions are influence->military and resource->2 coins."""
    military_paid = payment.military + (payment.influence - cost.influence)  # IMP-PAY-2: one per influence beyond
    coins_paid = payment.coins + 2 * payment.resources  # IMP-PAY-3
    return (
        payment.influence >= cost.influence  # IMP-PAY-4
        and military_paid >= cost.military  # IMP-PAY-4
        and coins_paid >= cost.coins  # IMP-PAY-4
    )


def superfluous(payment: Tokens, cost: Cost) -> str | None:
    """IMP-RULING-4: a token type of which one could be taken back while the payment still covers."""
    for kind in TOKEN_TYPES:
        if of_kind(payment, kind) > 0 and covers(replace(payment, **{kind: of_kind(payment, kind) - 1}), cost):
            return kind
    return None


def check_held(request: PaymentRequest) -> None:
    """IMP-PAY-1: never more of a token than the player holds."""
    for kind in TOKEN_TYPES:
        if of_kind(request.payment, kind) > of_kind(request.tokens, kind):
            raise IllegalAction(
                "IMP-PAY-1", f"pays {of_kind(request.payment, kind)} {kind} but holds {of_kind(request.tokens, kind)}"
            )


def spend(tokens: Tokens, payment: Tokens) -> Tokens:
    """IMP-PAY-3: what is left is the holding less the payment: no change comes back."""
    return Tokens(
        coins=tokens.coins - payment.coins,
        military=tokens.military - payment.military,
        influence=tokens.influence - payment.influence,
        resources=tokens.resources - payment.resources,
        progress=tokens.progress - payment.progress,
    )


def pay_cost(request: PaymentRequest, rulings: Rulings, /) -> PaymentResult:
    """IMP-PAY-1 to IMP-PAY-4, then IMP-RULING-4, IMP-STATE-2: pay a cost.

    raises: InvalidState, IllegalAction
    post: __return__.surplus >= 0
    post: __return__.tokens.coins == request.tokens.coins - request.payment.coins
    post: __return__.tokens.resources == request.tokens.resources - request.payment.resources
    """
    validate_tokens(request.tokens, "tokens")
    validate_cost(request.cost, "cost")
    validate_tokens(request.payment, "payment")
    check_held(request)
    if not covers(request.payment, request.cost):
        raise IllegalAction("IMP-PAY-4", "the payment does not cover the cost with the conversions the rules allow")
    spare = superfluous(request.payment, request.cost)
    if rulings.surplus is Surplus.REFUSED and spare is not None:
        raise IllegalAction("IMP-RULING-4", f"one {spare} token is not needed to cover the cost")
    return PaymentResult(
        tokens=spend(request.tokens, request.payment),
        surplus=value(request.payment) - cost_value(request.cost),
    )
