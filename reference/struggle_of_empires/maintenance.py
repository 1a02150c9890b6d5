"""Maintenance: 1 gold per unit on the map, taxation (and an unrest draw each) when short."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.struggle_of_empires.model import (
    Empire,
    Empires,
    Gold,
    MaintenanceOrder,
    MaintenanceRequest,
    PlayerName,
    UnrestToken,
)
from rulespec.reference.struggle_of_empires.rulings import Rulings

# named by the contracts, which CrossHair evaluates in this module
from rulespec.reference.struggle_of_empires.validation import MAX_PLAYERS as MAX_PLAYERS
from rulespec.reference.struggle_of_empires.validation import validate_empires, validate_orders, validate_rulings

GOLD_PER_UNIT = 1  # SOE-MAINT-1


def maintenance_cost(empire: Empire) -> Gold:
    """SOE-MAINT-1: 1 gold for each army, navy and fort on the map."""
    return GOLD_PER_UNIT * (empire.armies + empire.navies + empire.forts)


def taxations_needed(gold: Gold, cost: Gold, gold_per_taxation: Gold) -> int:
    """SOE-MAINT-3: the least number of taxations that covers the shortfall (0 when gold suffices).

    pre: gold >= 0 and cost >= 0 and gold_per_taxation >= 1
    post: gold + __return__ * gold_per_taxation >= cost
    post: __return__ == 0 or gold + (__return__ - 1) * gold_per_taxation < cost
    """
    shortfall = max(0, cost - gold)
    return -(-shortfall // gold_per_taxation)


def unrest_draws_of(player: PlayerName, orders: Sequence[MaintenanceOrder]) -> tuple[UnrestToken, ...]:
    """SOE-MAINT-8: the tokens a player draws; a player without an order draws none."""
    return next((o.unrest_draws for o in orders if o.player == player), ())


def check_unrest_draws(empires: Sequence[Empire], orders: Sequence[MaintenanceOrder], rulings: Rulings) -> None:
    """SOE-MAINT-5: each player draws exactly one token per taxation needed."""
    for empire in empires:
        needed = taxations_needed(empire.gold, maintenance_cost(empire), rulings.gold_per_taxation)
        index = next((i for i, o in enumerate(orders) if o.player == empire.player), None)
        # a player who must tax brings the draws for it
        if index is None and needed > 0:
            raise InvalidState("orders", empire.player, f"no order, but {needed} taxation(s) are needed", "SOE-MAINT-5")
        # one draw per taxation, no more and no fewer
        if index is not None and len(orders[index].unrest_draws) != needed:
            draws = orders[index].unrest_draws
            raise InvalidState(
                f"orders[{index}].unrest_draws", draws, f"{needed} taxation(s) need {needed} draw(s)", "SOE-MAINT-5"
            )


def refuse_disbanding(orders: Sequence[MaintenanceOrder]) -> None:
    """SOE-MAINT-2: a unit cannot be removed to avoid paying for it."""
    for order in orders:
        # units are maintained, never disbanded instead
        if order.disband > 0:
            raise IllegalAction(
                "SOE-MAINT-2", f"{order.player} may not disband {order.disband} unit(s) instead of paying"
            )


def draw_unrest(empire: Empire, draws: Sequence[UnrestToken]) -> Empire:
    """SOE-MAINT-6: each drawn token adds its value to the empire's unrest."""
    return replace(empire, unrest=empire.unrest + sum(draws))


def taxation_yield(taxations: int, gold_per_taxation: Gold) -> Gold:
    """SOE-MAINT-4: the gold that many taxations bring in, ``gold_per_taxation`` each (the ruling's value).

    pre: taxations >= 0 and gold_per_taxation >= 1
    post: taxations == 0 or __return__ >= gold_per_taxation
    post: __return__ >= taxations
    """
    return taxations * gold_per_taxation


def pay_for_units(empire: Empire, rulings: Rulings) -> Empire:
    """SOE-MAINT-3, SOE-MAINT-4, SOE-MAINT-7: tax as often as needed, then pay the cost.

    pre: empire.gold >= 0 and min(empire.armies, empire.navies, empire.forts) >= 0
    pre: rulings.gold_per_taxation >= 1
    post: 0 <= __return__.gold < empire.gold + rulings.gold_per_taxation
    """
    cost = maintenance_cost(empire)
    taxations = taxations_needed(empire.gold, cost, rulings.gold_per_taxation)
    raised = taxation_yield(taxations, rulings.gold_per_taxation)
    return replace(empire, gold=empire.gold + raised - cost)  # SOE-MAINT-7


def maintain_units(
    empires: Sequence[Empire], orders: Sequence[MaintenanceOrder], rulings: Rulings
) -> tuple[Empire, ...]:
    """SOE-MAINT-1 to SOE-MAINT-8: every empire pays its maintenance (draws already checked)."""
    return tuple(draw_unrest(pay_for_units(e, rulings), unrest_draws_of(e.player, orders)) for e in empires)


def pay_maintenance(request: MaintenanceRequest, rulings: Rulings, /) -> Empires:
    """SOE-MAINT-1 to SOE-MAINT-8: every empire maintains its units.

    pre: len(request.empires) <= MAX_PLAYERS
    pre: len(request.orders) <= MAX_PLAYERS
    raises: InvalidState, IllegalAction
    post: len(__return__.empires) == len(request.empires)
    post: all(a.player == b.player for a, b in zip(__return__.empires, request.empires))
    post: all(a.gold >= 0 and a.unrest >= b.unrest for a, b in zip(__return__.empires, request.empires))
    post: all(a.armies == b.armies and a.navies == b.navies and a.forts == b.forts for a, b in zip(__return__.empires, request.empires))
    """  # noqa: E501 - a post: condition stays on one line: CrossHair and symbolic/conditions.py read them line by line
    validate_rulings(rulings)  # SOE-RULING-9, SOE-RULING-10: every ruling before the request
    validate_empires(request.empires)
    validate_orders(request.orders, tuple(e.player for e in request.empires), rulings)
    check_unrest_draws(request.empires, request.orders, rulings)
    refuse_disbanding(request.orders)  # SOE-MAINT-2: after every InvalidState check
    return Empires(maintain_units(request.empires, request.orders, rulings))
