"""A request broken at two or more steps of the spec's Order of checks is refused on the earliest (HIS-VP-3).

One fault alone cannot tell one order of checks from another: these draw several, each at a different step of a
row of the table (``strategies.his_orders``, which reads the order from the spec), under any rulings.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from rulespec.conformance.harness.games.his import HereIStand
from rulespec.conformance.invariants.refusals import assert_refused
from rulespec.conformance.strategies import his as his_st
from rulespec.conformance.strategies import his_orders
from rulespec.conformance.strategies.faults import Faults
from rulespec.reference.here_i_stand.model import (
    BonusVpRequest,
    PhaseRequest,
    ScoreRequest,
    SpecialVpRequest,
    VictoryRequest,
)
from rulespec.reference.here_i_stand.rulings import Rulings

FIXTURE = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
BOARD = ("HIS-SPECIAL-1", "HIS-SPECIAL-2", "HIS-SPECIAL-4", "HIS-SPECIAL-5", "HIS-SPECIAL-6", "HIS-SPECIAL-8")


@pytest.mark.rules("HIS-VP-3", "HIS-POWER-1", *BOARD)
@FIXTURE
@given(case=his_orders.special_vp_faults(), rulings=his_st.rulings())
def test_special_vp_refuses_the_earliest_fault(
    his: HereIStand, case: Faults[SpecialVpRequest], rulings: Rulings
) -> None:
    assert_refused(lambda: his.special_vp(case.request, rulings), case)


@pytest.mark.rules("HIS-VP-3", *BOARD, "HIS-RULING-9")
@FIXTURE
@given(case=his_orders.board_faults(), rulings=his_st.rulings())
def test_the_board_is_refused_on_its_earliest_fault(
    his: HereIStand, case: Faults[SpecialVpRequest], rulings: Rulings
) -> None:
    assert_refused(lambda: his.special_vp(case.request, rulings), case)


@pytest.mark.rules("HIS-VP-3", "HIS-POWER-1", "HIS-BONUS-1", "HIS-BONUS-7")
@FIXTURE
@given(case=his_orders.bonus_vp_faults(), rulings=his_st.rulings())
def test_bonus_vp_refuses_the_earliest_fault(his: HereIStand, case: Faults[BonusVpRequest], rulings: Rulings) -> None:
    assert_refused(lambda: his.bonus_vp(case.request, rulings), case)


@pytest.mark.rules("HIS-VP-3", "HIS-POWER-1", "HIS-VP-1", *BOARD, "HIS-BONUS-1", "HIS-BONUS-7")
@FIXTURE
@given(case=his_orders.score_power_faults(), rulings=his_st.rulings())
def test_score_power_refuses_the_earliest_fault(his: HereIStand, case: Faults[ScoreRequest], rulings: Rulings) -> None:
    assert_refused(lambda: his.score_power(case.request, rulings), case)


# the order is the spec's table's (row determine_victory); its two lists are HIS-POWER-1's, as in HIS-VP-3
@pytest.mark.rules("HIS-VP-3", "HIS-WIN-10", "HIS-POWER-1", "HIS-VP-1", "HIS-WIN-9")
@FIXTURE
@given(case=his_orders.victory_faults(), rulings=his_st.rulings())
def test_determine_victory_refuses_the_earliest_fault(
    his: HereIStand, case: Faults[VictoryRequest], rulings: Rulings
) -> None:
    assert_refused(lambda: his.determine_victory(case.request, rulings), case)


# the phase's order extends HIS-VP-3's (the spec's table, row run_phase): turn and cards first, the play last
PHASE = ("HIS-VP-3", "HIS-WIN-10", "HIS-POWER-1", *BOARD, "HIS-BONUS-7", "HIS-WIN-9", "HIS-PLAY-1")


@pytest.mark.rules(*PHASE)
@FIXTURE
@given(case=his_orders.phase_faults(), rulings=his_st.rulings())
def test_run_phase_refuses_the_earliest_fault(his: HereIStand, case: Faults[PhaseRequest], rulings: Rulings) -> None:
    assert_refused(lambda: his.run_phase(case.request, rulings), case)


@pytest.mark.rules(*PHASE)
@FIXTURE
@given(case=his_orders.phase_faults(), rulings=his_st.rulings())
def test_may_play_refuses_the_earliest_fault(his: HereIStand, case: Faults[PhaseRequest], rulings: Rulings) -> None:
    assert_refused(lambda: his.may_play_copernicus_or_servetus(case.request, rulings), case)
