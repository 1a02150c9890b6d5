"""The whole phase: the sheets, the verdict and the history agree; Copernicus and Servetus in mid-phase."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.conformance.harness.games.his import HereIStand
from rulespec.conformance.strategies import his as his_st
from rulespec.conformance.strategies import his_requests
from rulespec.reference.errors import IllegalAction
from rulespec.reference.here_i_stand.model import (
    PhaseRequest,
    PowerVp,
    ScoreRequest,
    TurnRecord,
    Victory,
    VictoryRequest,
)
from rulespec.reference.here_i_stand.rulings import Rulings

FIXTURE = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
IMPULSE_ORDER = ("ottomans", "habsburgs", "england", "france", "papacy", "protestants")


@pytest.mark.rules("HIS-VP-1", "HIS-WIN-1", "HIS-WIN-9")
@FIXTURE
@given(request=his_st.phase_requests(), rulings=his_st.rulings())
def test_the_phase_is_its_sheets_then_its_verdict(his: HereIStand, request: PhaseRequest, rulings: Rulings) -> None:
    result = his.run_phase(request, rulings)
    assert tuple(s.power for s in result.scores) == IMPULSE_ORDER
    base = {c.power: c.base_vp for c in request.cards}
    for sheet in result.scores:
        alone = his.score_power(ScoreRequest(sheet.power, base[sheet.power], request.board, request.bonuses), rulings)
        assert sheet == alone, f"HIS-VP-1: the phase's sheet for {sheet.power} differs from score_power's"
    totals = tuple(PowerVp(s.power, s.total) for s in result.scores)
    assert result.outcome == his.determine_victory(VictoryRequest(request.turn, totals, request.history), rulings), (
        "HIS-WIN-1: the phase's outcome differs from determine_victory's on its own totals"
    )
    # the history grows by this turn, and what was recorded stays recorded
    assert len(result.history) == request.turn, (
        f"HIS-WIN-9: {len(result.history)} turns recorded after turn {request.turn}"
    )
    assert result.history[-1] == TurnRecord(request.turn, totals), (
        "HIS-WIN-9: the last record is not this turn's totals"
    )
    for kept, given_ in zip(result.history, request.history):
        kept_as_given = kept.turn == given_.turn and sorted(kept.totals, key=str) == sorted(given_.totals, key=str)
        assert kept_as_given, f"HIS-WIN-9: the record of turn {given_.turn} changed"


@pytest.mark.rules("HIS-POWER-1", "HIS-WIN-9")
@FIXTURE
@given(request=his_st.phase_requests(), rulings=his_st.rulings(), order=st.permutations(range(6)))
def test_the_order_of_the_powers_changes_nothing(
    his: HereIStand, request: PhaseRequest, rulings: Rulings, order: list[int]
) -> None:
    assert his.run_phase(his_st.reordered(request, order), rulings) == his.run_phase(request, rulings)


@pytest.mark.rules("HIS-PLAY-1", "HIS-PLAY-2", "HIS-BONUS-5")
@FIXTURE
@given(request=st.one_of(his_st.play_requests(), his_requests.own_domination_plays()), rulings=his_st.rulings())
def test_a_play_is_allowed_only_against_a_domination_it_stops(
    his: HereIStand, request: PhaseRequest, rulings: Rulings
) -> None:
    assert request.play is not None
    verdict = his.may_play_copernicus_or_servetus(request, rulings)
    stops = (
        verdict.before.victory is Victory.DOMINATION
        and verdict.before.winner != request.play.power
        and verdict.after.victory is not Victory.DOMINATION
    )
    assert verdict.allowed == stops
    without = his.run_phase(
        PhaseRequest(request.turn, request.cards, request.board, request.bonuses, request.history), rulings
    )
    assert verdict.before == without.outcome, "before the play, the outcome is the phase's own"
    if verdict.allowed:
        assert his.run_phase(request, rulings).outcome == verdict.after
    else:
        with pytest.raises(IllegalAction) as refused:
            his.run_phase(request, rulings)
        assert refused.value.rule == "HIS-PLAY-1"
