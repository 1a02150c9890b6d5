"""Struggle of Empires as the harness sees it: the operations an implementation offers."""

from __future__ import annotations

from typing import Protocol

import reference.struggle_of_empires as soe
from conformance.harness.games import Game, Operation
from reference.struggle_of_empires.model import (
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
from reference.struggle_of_empires.rulings import Rulings


class StruggleOfEmpires(Protocol):
    """Every operation an implementation of Struggle of Empires may offer.

    An implementation may offer a subset: what it lacks is reported as not
    implemented, never as passed. Each call is pure: the same request and rulings
    give the same result.
    """

    def collect_income(self, request: IncomeRequest, rulings: Rulings, /) -> Empires: ...

    def score_region(self, request: RegionRequest, rulings: Rulings, /) -> RegionScore: ...

    def score_regions(self, request: ScoringRequest, rulings: Rulings, /) -> Empires: ...

    def pay_maintenance(self, request: MaintenanceRequest, rulings: Rulings, /) -> Empires: ...

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires: ...

    def clean_up(self, request: CleanUpRequest, rulings: Rulings, /) -> Board: ...

    def end_game(self, request: EndGameRequest, rulings: Rulings, /) -> Standings: ...

    def end_war(self, request: WarEndRequest, rulings: Rulings, /) -> WarEndResult: ...


GAME = Game(
    key="soe",
    title="Struggle of Empires",
    rule_prefix="SOE",
    spec_file="struggle-of-empires.md",
    operations=(
        Operation("collect_income", IncomeRequest, Empires, "income from population, then from control markers"),
        Operation("score_region", RegionRequest, RegionScore, "one region's VP to the players, by control markers"),
        Operation("score_regions", ScoringRequest, Empires, "all 11 regions scored onto the empires' VP"),
        Operation("pay_maintenance", MaintenanceRequest, Empires, "1 gold per unit, taxation and unrest when short"),
        Operation("grow_population", PopulationRequest, Empires, "population +5, never above 9"),
        Operation("clean_up", CleanUpRequest, Board, "markers back, tiles ready, war and phase markers moved"),
        Operation("end_game", EndGameRequest, Standings, "unrest assessment and the final ranking"),
        Operation("end_war", WarEndRequest, WarEndResult, "the whole end of a war, and of the game after the 3rd"),
    ),
    rulings=Rulings,
    reference=soe,
    protocol=StruggleOfEmpires,
    invariants_package="conformance.invariants.soe",
)

# mypy and pyright prove here that the reference satisfies the Protocol it defines.
_REFERENCE_CONFORMS: StruggleOfEmpires = soe
