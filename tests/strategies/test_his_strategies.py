"""The Here I Stand strategies make what they promise: valid inputs are never refused.

If a strategy produced an impossible state, the invariants would test refusals instead of
rules; these tests hold the strategies to the reference's own checks, under every ruling.
"""

from __future__ import annotations

import pytest
from hypothesis import given

import rulespec.reference.here_i_stand as reference
from rulespec.conformance.strategies import his as his_st
from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.here_i_stand.model import (
    Board,
    Bonus,
    BonusVpRequest,
    PhaseRequest,
    Power,
    SpecialVpRequest,
    VictoryRequest,
)
from rulespec.reference.here_i_stand.rulings import Rulings


@given(board=his_st.boards(), power=his_st.powers(), rulings=his_st.rulings())
def test_boards_are_valid(board: Board, power: Power, rulings: Rulings) -> None:
    reference.special_vp(SpecialVpRequest(power.value, board), rulings)


@given(bonuses=his_st.bonuses(), power=his_st.powers(), rulings=his_st.rulings())
def test_bonuses_are_allowed(bonuses: tuple[Bonus, ...], power: Power, rulings: Rulings) -> None:
    reference.bonus_vp(BonusVpRequest(power.value, bonuses), rulings)


@given(request=his_st.victory_requests(), rulings=his_st.rulings())
def test_victory_requests_are_valid(request: VictoryRequest, rulings: Rulings) -> None:
    reference.determine_victory(request, rulings)


@given(request=his_st.phase_requests(), rulings=his_st.rulings())
def test_phase_requests_are_valid(request: PhaseRequest, rulings: Rulings) -> None:
    reference.run_phase(request, rulings)


@given(request=his_st.play_requests(), rulings=his_st.rulings())
def test_play_requests_are_valid_and_judged(request: PhaseRequest, rulings: Rulings) -> None:
    reference.may_play_copernicus_or_servetus(request, rulings)
    try:
        reference.run_phase(request, rulings)
    except IllegalAction as refusal:
        # the only refusal a valid play meets: it stops no domination
        assert refusal.rule == "HIS-PLAY-1"


@given(fault=his_st.boards_with_fault(), power=his_st.powers(), rulings=his_st.rulings())
def test_faulty_boards_fail_where_they_say(
    fault: tuple[Board, tuple[str, ...]], power: Power, rulings: Rulings
) -> None:
    board, fields = fault
    with pytest.raises(InvalidState) as refused:
        reference.special_vp(SpecialVpRequest(power.value, board), rulings)
    assert refused.value.field in fields
