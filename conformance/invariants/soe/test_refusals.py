"""Bad input is refused, never repaired: each operation, each kind of fault, on the right field."""

from __future__ import annotations

import pytest
from hypothesis import given

from rulespec.conformance.harness.games.soe import StruggleOfEmpires
from rulespec.conformance.invariants.refusals import assert_refused
from rulespec.conformance.invariants.soe.support import subject_settings
from rulespec.conformance.strategies import soe_faults
from rulespec.conformance.strategies.soe_faults import Faulty
from rulespec.reference.struggle_of_empires.model import (
    CleanUpRequest,
    EndGameRequest,
    IncomeRequest,
    MaintenanceRequest,
    PopulationRequest,
    RegionRequest,
    ScoringRequest,
    WarEndRequest,
)

RULINGS = ("SOE-RULING-9", "SOE-RULING-10")
EMPIRES = ("SOE-GAME-1", "SOE-GAME-2", "SOE-GAME-3", "SOE-GAME-4", "SOE-GAME-5")
REGIONS = ("SOE-GAME-6", "SOE-GAME-7", "SOE-GAME-8", "SOE-GAME-9")
ORDERS = ("SOE-MAINT-2", "SOE-MAINT-5", "SOE-MAINT-6", "SOE-MAINT-8")


@pytest.mark.rules(*EMPIRES, *REGIONS, *RULINGS)
@subject_settings()
@given(case=soe_faults.faulty_income_requests())
def test_collect_income_refuses_each_fault(soe: StruggleOfEmpires, case: Faulty[IncomeRequest]) -> None:
    assert_refused(lambda: soe.collect_income(case.request, case.rulings), case)


@pytest.mark.rules("SOE-GAME-1", "SOE-GAME-2", "SOE-GAME-6", "SOE-GAME-7", "SOE-GAME-8", *RULINGS)
@subject_settings()
@given(case=soe_faults.faulty_region_requests())
def test_score_region_refuses_each_fault(soe: StruggleOfEmpires, case: Faulty[RegionRequest]) -> None:
    assert_refused(lambda: soe.score_region(case.request, case.rulings), case)


@pytest.mark.rules(*EMPIRES, *REGIONS, *RULINGS)
@subject_settings()
@given(case=soe_faults.faulty_scoring_requests())
def test_score_regions_refuses_each_fault(soe: StruggleOfEmpires, case: Faulty[ScoringRequest]) -> None:
    assert_refused(lambda: soe.score_regions(case.request, case.rulings), case)


@pytest.mark.rules(*ORDERS, *EMPIRES, *RULINGS)
@subject_settings()
@given(case=soe_faults.faulty_maintenance_requests())
def test_pay_maintenance_refuses_each_fault(soe: StruggleOfEmpires, case: Faulty[MaintenanceRequest]) -> None:
    assert_refused(lambda: soe.pay_maintenance(case.request, case.rulings), case)


@pytest.mark.rules(*EMPIRES, *RULINGS)
@subject_settings()
@given(case=soe_faults.faulty_population_requests())
def test_grow_population_refuses_each_fault(soe: StruggleOfEmpires, case: Faulty[PopulationRequest]) -> None:
    assert_refused(lambda: soe.grow_population(case.request, case.rulings), case)


@pytest.mark.rules("SOE-GAME-10", "SOE-CLEAN-7", "SOE-END-2", "SOE-GAME-1", "SOE-GAME-2", *RULINGS)
@subject_settings()
@given(case=soe_faults.faulty_clean_up_requests())
def test_clean_up_refuses_each_fault(soe: StruggleOfEmpires, case: Faulty[CleanUpRequest]) -> None:
    assert_refused(lambda: soe.clean_up(case.request, case.rulings), case)


@pytest.mark.rules(*EMPIRES, *RULINGS)
@subject_settings()
@given(case=soe_faults.faulty_end_game_requests())
def test_end_game_refuses_each_fault(soe: StruggleOfEmpires, case: Faulty[EndGameRequest]) -> None:
    assert_refused(lambda: soe.end_game(case.request, case.rulings), case)


@pytest.mark.rules("SOE-SEQ-4", *ORDERS, *EMPIRES, *REGIONS, "SOE-GAME-10", "SOE-CLEAN-7", "SOE-END-2", *RULINGS)
@subject_settings()
@given(case=soe_faults.faulty_war_end_requests())
def test_end_war_refuses_each_fault(soe: StruggleOfEmpires, case: Faulty[WarEndRequest]) -> None:
    assert_refused(lambda: soe.end_war(case.request, case.rulings), case)
