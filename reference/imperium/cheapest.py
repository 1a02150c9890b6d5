"""The legal payments of a cost that waste least (IMP-PAY-5)."""

from __future__ import annotations

from rulespec.reference.errors import InvalidState as InvalidState  # named by the contract's raises: line
from rulespec.reference.imperium.model import CheapestRequest, Payments, Tokens
from rulespec.reference.imperium.payment import cost_value, covers, value
from rulespec.reference.imperium.rulings import Rulings
from rulespec.reference.imperium.validation import validate_cost, validate_tokens


def coin_options(coins: int, resources: int, coin_cost: int) -> tuple[tuple[int, int], ...]:
    """(coins, resources) pairs that pay ``coin_cost`` with no token to spare (IMP-PAY-3)."""
    options: list[tuple[int, int]] = []
    for spent_resources in range(resources + 1):
        spent_coins = max(0, coin_cost - 2 * spent_resources)
        # More than one unit over means a resource could be taken back.
        if spent_coins <= coins and spent_coins + 2 * spent_resources <= coin_cost + 1:
            options.append((spent_coins, spent_resources))
    return tuple(options)


def cheapest_payments(request: CheapestRequest, rulings: Rulings, /) -> Payments:
    """IMP-PAY-5 (with IMP-PAY-1 to IMP-PAY-4), IMP-STATE-2: every legal payment that wastes least.

    By fewest resources, then fewest influence.

    raises: InvalidState
    post: (__return__.surplus is None) == (len(__return__.payments) == 0)
    post: all(p.coins <= request.tokens.coins and p.resources <= request.tokens.resources for p in __return__.payments)
    """
    validate_tokens(request.tokens, "tokens")
    validate_cost(request.cost, "cost")
    held, cost = request.tokens, request.cost
    # IMP-PAY-2: x influence beyond the influence cost pays x military (none when too little influence is held).
    least_x = max(0, cost.military - held.military)
    most_x = min(cost.military, held.influence - cost.influence)
    candidates = (
        Tokens(coins=c, military=cost.military - x, influence=cost.influence + x, resources=r)
        for c, r in coin_options(held.coins, held.resources, cost.coins)
        for x in range(least_x, most_x + 1)
    )
    # IMP-PAY-4: each candidate covers the cost by construction; asked of covers all the same, so that a misreading
    # of covers (which pay_cost reads) answers here as it does there
    legal = [p for p in candidates if covers(p, cost)]
    if not legal:
        return Payments(payments=(), surplus=None)
    # IMP-PAY-5: a unit over the cost is wasted
    surplus = min(value(p) - cost_value(cost) for p in legal)
    payments = tuple(p for p in legal if value(p) - cost_value(cost) == surplus)
    return Payments(payments=tuple(sorted(payments, key=lambda p: (p.resources, p.influence))), surplus=surplus)
