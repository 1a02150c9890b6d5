"""Struggle of Empires as the harness sees it: the operations an implementation offers."""

from __future__ import annotations

from typing import Protocol

import rulespec.reference.struggle_of_empires as soe
from rulespec.conformance.harness.games import Game, operations_of
from rulespec.reference.struggle_of_empires.model import (
    Board,
    CleanUpRequest,
    Empires,
    EndGameRequest,
    IncomeRequest,
    MaintenanceRequest,
    PopulationRequest,
    RegionRequest,
    RegionScore,
    ScoringRequest,
    Standings,
    WarEndRequest,
    WarEndResult,
)
from rulespec.reference.struggle_of_empires.rulings import Rulings


class StruggleOfEmpires(Protocol):
    """Every operation an implementation of Struggle of Empires may offer.

    An implementation may offer a subset: what it lacks is reported as not
    implemented, never as passed. Each call is pure: the same request and rulings
    give the same result.
    """

    def collect_income(self, request: IncomeRequest, rulings: Rulings, /) -> Empires:
        """income from population, then from control markers"""
        ...

    def score_region(self, request: RegionRequest, rulings: Rulings, /) -> RegionScore:
        """one region's VP to the players, by control markers"""
        ...

    def score_regions(self, request: ScoringRequest, rulings: Rulings, /) -> Empires:
        """all 11 regions scored onto the empires' VP"""
        ...

    def pay_maintenance(self, request: MaintenanceRequest, rulings: Rulings, /) -> Empires:
        """1 gold per unit, taxation and unrest when short"""
        ...

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        """population +5, never above 9"""
        ...

    def clean_up(self, request: CleanUpRequest, rulings: Rulings, /) -> Board:
        """markers back, tiles ready, war and phase markers moved"""
        ...

    def end_game(self, request: EndGameRequest, rulings: Rulings, /) -> Standings:
        """unrest assessment and the final ranking"""
        ...

    def end_war(self, request: WarEndRequest, rulings: Rulings, /) -> WarEndResult:
        """the whole end of a war, and of the game after the 3rd"""
        ...


GAME = Game(
    key="soe",
    title="Struggle of Empires",
    rule_prefix="SOE",
    spec_file="struggle-of-empires.md",
    operations=operations_of(StruggleOfEmpires),
    rulings=Rulings,
    reference=soe,
    protocol=StruggleOfEmpires,
    invariants_package="rulespec.conformance.invariants.soe",
)

# mypy and pyright prove here that the reference satisfies the Protocol it defines.
_REFERENCE_CONFORMS: StruggleOfEmpires = soe
