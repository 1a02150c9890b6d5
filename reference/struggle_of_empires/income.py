"""Income at the end of a war: gold for population, then for control markers on the map."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rulespec.reference.errors import InvalidState as InvalidState  # named by the contract's raises: line
from rulespec.reference.struggle_of_empires.model import (
    ControlMarkers,
    Empire,
    Empires,
    IncomeRequest,
    PlayerName,
    Region,
)
from rulespec.reference.struggle_of_empires.rulings import Rulings

# named by the contracts, which CrossHair evaluates in this module
from rulespec.reference.struggle_of_empires.validation import MAX_PLAYERS as MAX_PLAYERS
from rulespec.reference.struggle_of_empires.validation import VP_REGIONS as VP_REGIONS
from rulespec.reference.struggle_of_empires.validation import validate_empires, validate_regions, validate_rulings


def markers_on_the_map(player: PlayerName, regions: Sequence[Region]) -> ControlMarkers:
    """SOE-INCOME-3: the player's control markers summed over the regions given."""
    return sum(p.markers for region in regions for p in region.control if p.holder == player)


def gain_population_income(empire: Empire) -> Empire:
    """SOE-INCOME-1: gold equal to the population level.

    post: __return__.gold == empire.gold + empire.population
    """
    return replace(empire, gold=empire.gold + empire.population)


def gain_marker_income(empire: Empire, regions: Sequence[Region]) -> Empire:
    """SOE-INCOME-2, SOE-INCOME-3: gold equal to the control markers on the map."""
    return replace(empire, gold=empire.gold + markers_on_the_map(empire.player, regions))


def earn_income(empires: Sequence[Empire], regions: Sequence[Region]) -> tuple[Empire, ...]:
    """SOE-INCOME-1 to SOE-INCOME-4: each empire's income, population first, then markers."""
    return tuple(gain_marker_income(gain_population_income(e), regions) for e in empires)


def collect_income(request: IncomeRequest, rulings: Rulings, /) -> Empires:
    """SOE-INCOME-1 to SOE-INCOME-4: every empire earns its income at the end of a war.

    pre: len(request.empires) <= MAX_PLAYERS
    pre: len(request.regions) <= VP_REGIONS
    raises: InvalidState
    post: len(__return__.empires) == len(request.empires)
    post: all(a.player == b.player for a, b in zip(__return__.empires, request.empires))
    post: all(a.gold >= b.gold + b.population for a, b in zip(__return__.empires, request.empires))
    """
    validate_rulings(rulings)  # SOE-RULING-9, SOE-RULING-10: every ruling before the request
    validate_empires(request.empires)
    validate_regions(request.regions, tuple(e.player for e in request.empires), whole_map=False)  # SOE-INCOME-3
    return Empires(earn_income(request.empires, request.regions))
