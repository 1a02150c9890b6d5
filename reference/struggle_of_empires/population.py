"""Population growth after maintenance: +5 on the track, which ends at 9."""

from __future__ import annotations

from dataclasses import replace

from rulespec.reference.errors import InvalidState as InvalidState  # named by the contract's raises: line
from rulespec.reference.struggle_of_empires.model import Empire, Empires, Population, PopulationRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings

# named by the contracts, which CrossHair evaluates in this module
from rulespec.reference.struggle_of_empires.validation import MAX_PLAYERS as MAX_PLAYERS
from rulespec.reference.struggle_of_empires.validation import MAX_POPULATION, validate_empires, validate_rulings

POPULATION_GROWTH = 5  # SOE-POP-1


def capped(population: int) -> Population:
    """SOE-POP-2: the increase stops at the track's end, 9."""
    return min(MAX_POPULATION, population)


def raise_population(empire: Empire) -> Empire:
    """SOE-POP-1: 5 steps up the track, no further than its end (SOE-POP-2).

    pre: 0 <= empire.population <= MAX_POPULATION
    post: __return__.population == min(MAX_POPULATION, empire.population + POPULATION_GROWTH)
    post: 0 <= __return__.population <= MAX_POPULATION
    """
    grown: Population = capped(empire.population + POPULATION_GROWTH)
    return replace(empire, population=grown)


def grow_population(request: PopulationRequest, rulings: Rulings, /) -> Empires:
    """SOE-POP-1, SOE-POP-2: every empire's population grows after maintenance.

    pre: len(request.empires) <= MAX_PLAYERS
    raises: InvalidState
    post: len(__return__.empires) == len(request.empires)
    post: all(0 <= e.population <= MAX_POPULATION for e in __return__.empires)
    post: all(a.population == min(MAX_POPULATION, b.population + POPULATION_GROWTH) for a, b in zip(__return__.empires, request.empires))
    post: all(a.player == b.player and a.gold == b.gold for a, b in zip(__return__.empires, request.empires))
    """  # noqa: E501 - a post: condition stays on one line: CrossHair and symbolic/conditions.py read them line by line
    validate_rulings(rulings)  # SOE-RULING-9, SOE-RULING-10: every ruling before the request
    validate_empires(request.empires)
    return Empires(tuple(raise_population(e) for e in request.empires))  # SOE-POP-2: each its own, nothing else
