"""Each operation answers as the reference does, on generated requests (valid, or with one fault) under
generated rulings.

The reference is the oracle here, never the subject: ``rulespec.reference.struggle_of_empires``
is called beside the plugged implementation and the two answers compared, results by
value, refusals by kind and field (``InvalidState``) or rule (``IllegalAction``).
"""

from __future__ import annotations

from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec.reference.struggle_of_empires as oracle
from rulespec.conformance.harness.games.soe import StruggleOfEmpires
from rulespec.conformance.invariants.soe.support import assert_same_as_reference, subject_settings
from rulespec.conformance.strategies import soe as soe_strategies
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
from rulespec.reference.struggle_of_empires.rulings import Rulings

RequestT = TypeVar("RequestT")


def valid_or_faulty(
    valid: st.SearchStrategy[tuple[RequestT, Rulings]], faulty: st.SearchStrategy[Faulty[RequestT]]
) -> st.SearchStrategy[tuple[RequestT, Rulings]]:
    """Mostly valid cases, some with one fault: (request, rulings)."""
    return st.one_of(valid, valid, valid, faulty.map(lambda case: (case.request, case.rulings)))


def with_rulings(requests: st.SearchStrategy[RequestT]) -> st.SearchStrategy[tuple[RequestT, Rulings]]:
    return st.tuples(requests, soe_strategies.rulings())


@pytest.mark.rules("SOE-INCOME-1", "SOE-INCOME-2", "SOE-INCOME-3", "SOE-INCOME-4")
@subject_settings()
@given(case=valid_or_faulty(with_rulings(soe_strategies.income_requests()), soe_faults.faulty_income_requests()))
def test_collect_income_as_the_reference(soe: StruggleOfEmpires, case: tuple[IncomeRequest, Rulings]) -> None:
    assert_same_as_reference(lambda: soe.collect_income(*case), lambda: oracle.collect_income(*case))


@pytest.mark.rules(
    *(f"SOE-SCORE-{n}" for n in range(2, 11)),
    "SOE-RULING-1",
    "SOE-RULING-2",
    "SOE-RULING-3",
    "SOE-RULING-4",
    "SOE-RULING-5",
    "SOE-RULING-6",
)
@subject_settings()
@given(case=valid_or_faulty(with_rulings(soe_strategies.region_requests()), soe_faults.faulty_region_requests()))
def test_score_region_as_the_reference(soe: StruggleOfEmpires, case: tuple[RegionRequest, Rulings]) -> None:
    assert_same_as_reference(lambda: soe.score_region(*case), lambda: oracle.score_region(*case))


@pytest.mark.rules("SOE-SCORE-1", "SOE-SCORE-2", "SOE-SCORE-3", "SOE-GAME-9")
@subject_settings()
@given(
    case=valid_or_faulty(
        with_rulings(soe_strategies.scoring_requests(max_players=4)), soe_faults.faulty_scoring_requests()
    )
)
def test_score_regions_as_the_reference(soe: StruggleOfEmpires, case: tuple[ScoringRequest, Rulings]) -> None:
    assert_same_as_reference(lambda: soe.score_regions(*case), lambda: oracle.score_regions(*case))


@pytest.mark.rules(*(f"SOE-MAINT-{n}" for n in range(1, 9)), "SOE-RULING-9", "SOE-RULING-10")
@subject_settings()
@given(case=valid_or_faulty(soe_strategies.maintenance_cases(), soe_faults.faulty_maintenance_requests()))
def test_pay_maintenance_as_the_reference(soe: StruggleOfEmpires, case: tuple[MaintenanceRequest, Rulings]) -> None:
    assert_same_as_reference(lambda: soe.pay_maintenance(*case), lambda: oracle.pay_maintenance(*case))


@pytest.mark.rules("SOE-POP-1", "SOE-POP-2")
@subject_settings()
@given(
    case=valid_or_faulty(with_rulings(soe_strategies.population_requests()), soe_faults.faulty_population_requests())
)
def test_grow_population_as_the_reference(soe: StruggleOfEmpires, case: tuple[PopulationRequest, Rulings]) -> None:
    assert_same_as_reference(lambda: soe.grow_population(*case), lambda: oracle.grow_population(*case))


@pytest.mark.rules(*(f"SOE-CLEAN-{n}" for n in range(1, 8)), "SOE-END-2")
@subject_settings()
@given(case=valid_or_faulty(with_rulings(soe_strategies.clean_up_requests()), soe_faults.faulty_clean_up_requests()))
def test_clean_up_as_the_reference(soe: StruggleOfEmpires, case: tuple[CleanUpRequest, Rulings]) -> None:
    assert_same_as_reference(lambda: soe.clean_up(*case), lambda: oracle.clean_up(*case))


@pytest.mark.rules(
    *(f"SOE-UNREST-{n}" for n in range(1, 9)),
    "SOE-END-3",
    "SOE-END-4",
    "SOE-END-5",
    "SOE-RULING-7",
    "SOE-RULING-8",
    "SOE-RULING-11",
    "SOE-RULING-12",
)
@subject_settings()
@given(case=valid_or_faulty(with_rulings(soe_strategies.end_game_requests()), soe_faults.faulty_end_game_requests()))
def test_end_game_as_the_reference(soe: StruggleOfEmpires, case: tuple[EndGameRequest, Rulings]) -> None:
    assert_same_as_reference(lambda: soe.end_game(*case), lambda: oracle.end_game(*case))


@pytest.mark.rules(*(f"SOE-SEQ-{n}" for n in range(1, 6)), "SOE-END-1", "SOE-RULING-13")
@subject_settings()
@given(case=valid_or_faulty(soe_strategies.war_end_cases(), soe_faults.faulty_war_end_requests()))
def test_end_war_as_the_reference(soe: StruggleOfEmpires, case: tuple[WarEndRequest, Rulings]) -> None:
    assert_same_as_reference(lambda: soe.end_war(*case), lambda: oracle.end_war(*case))
