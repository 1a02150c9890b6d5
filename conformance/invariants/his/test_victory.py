"""The verdict of the phase: who may win, when, and how a tie is broken."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.conformance.harness.games.his import HereIStand
from rulespec.conformance.strategies import his as his_st
from rulespec.reference.here_i_stand.model import Outcome, PowerVp, TurnRecord, Victory, VictoryRequest
from rulespec.reference.here_i_stand.rulings import Rulings, TimeLimitTie, UnbrokenTie

FIXTURE = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
STANDARD_VP = 25


def vp_of(totals: tuple[PowerVp, ...], power: str) -> int:
    return next(t.vp for t in totals if t.power == power)


def leaders(totals: tuple[PowerVp, ...]) -> list[str]:
    top = max(t.vp for t in totals)
    return [t.power for t in totals if t.vp == top]


def decide(his: HereIStand, request: VictoryRequest, rulings: Rulings) -> Outcome:
    return his.determine_victory(request, rulings)


@pytest.mark.rules("HIS-WIN-2", "HIS-WIN-3", "HIS-WIN-7")
@FIXTURE
@given(request=his_st.victory_requests(), rulings=his_st.rulings())
def test_the_winner_never_has_fewer_vp(his: HereIStand, request: VictoryRequest, rulings: Rulings) -> None:
    outcome = decide(his, request, rulings)
    if outcome.winner is not None:
        top = max(t.vp for t in request.totals)
        assert vp_of(request.totals, outcome.winner) == top, f"{outcome.winner} won with less than {top}"
    if outcome.tie_broken_at_turn is not None:
        tied = leaders(request.totals)
        assert outcome.winner is not None and len(tied) > 1, "a tie was broken where there was none"
        last = request.history[-1].totals
        # at the turn just before, the winner was behind none of the tied powers
        assert all(vp_of(last, outcome.winner) >= vp_of(last, p) for p in tied)


@pytest.mark.rules("HIS-WIN-3", "HIS-RULING-4")
@FIXTURE
@given(request=his_st.victory_requests(), rulings=his_st.rulings())
def test_the_previous_turn_breaks_a_tie_when_it_can(his: HereIStand, request: VictoryRequest, rulings: Rulings) -> None:
    tied = leaders(request.totals)
    top = vp_of(request.totals, tied[0])
    by_history = top >= STANDARD_VP or (request.turn == 9 and rulings.time_limit_tie is TimeLimitTie.HISTORY)
    if len(tied) < 2 or not request.history or not by_history:
        return
    last = request.history[-1].totals
    best = max(vp_of(last, p) for p in tied)
    ahead = [p for p in tied if vp_of(last, p) == best]
    if len(ahead) == 1:
        outcome = decide(his, request, rulings)
        rule = "HIS-WIN-3" if top >= STANDARD_VP else "HIS-RULING-4"  # below 25 only the time limit looks back
        won = (outcome.winner, outcome.tie_broken_at_turn)
        assert won == (ahead[0], request.turn - 1), f"{rule}: the previous turn's leader did not win"


@pytest.mark.rules("HIS-WIN-6", "HIS-WIN-2")
@FIXTURE
@given(request=his_st.victory_requests(), rulings=his_st.rulings())
def test_nobody_wins_below_25_but_by_domination_or_the_time_limit(
    his: HereIStand, request: VictoryRequest, rulings: Rulings
) -> None:
    outcome = decide(his, request, rulings)
    if max(t.vp for t in request.totals) < STANDARD_VP:
        assert outcome.victory in (Victory.DOMINATION, Victory.TIME_LIMIT, Victory.NONE)
    else:
        played_on = rulings.unbroken_tie is UnbrokenTie.PLAY_ON and outcome.winner is None and len(outcome.tied) > 1
        assert outcome.victory is Victory.STANDARD or played_on, f"25 VP reached yet {outcome.victory}"


@pytest.mark.rules("HIS-RULING-3", "HIS-WIN-4", "HIS-WIN-6")
@FIXTURE
@given(request=his_st.victory_requests(), rulings=his_st.rulings())
def test_a_game_going_on_lists_a_tie_only_at_25_or_more(
    his: HereIStand, request: VictoryRequest, rulings: Rulings
) -> None:
    """The game goes on (``none``) with powers listed in ``tied`` only where a standard tie was played on
    (``play_on``): a tie for the lead below 25 VP is no victory, and nothing is tied."""
    outcome = decide(his, request, rulings)
    if outcome.victory is Victory.NONE:
        top = max(t.vp for t in request.totals)
        assert bool(outcome.tied) == (top >= STANDARD_VP), f"tied {list(outcome.tied)} with the lead on {top} VP"


@pytest.mark.rules("HIS-WIN-5", "HIS-RULING-1", "HIS-RULING-2")
@FIXTURE
@given(request=his_st.victory_requests(), rulings=his_st.rulings())
def test_domination_exactly_when_far_enough_ahead(his: HereIStand, request: VictoryRequest, rulings: Rulings) -> None:
    ordered = sorted((t.vp for t in request.totals), reverse=True)
    expected = (
        ordered[0] < STANDARD_VP
        and request.turn >= rulings.domination_first_turn
        and ordered[0] - ordered[1] >= rulings.domination_margin
    )
    outcome = decide(his, request, rulings)
    assert (outcome.victory is Victory.DOMINATION) == expected, f"lead {ordered[0] - ordered[1]} on turn {request.turn}"
    if expected:
        assert outcome.winner == leaders(request.totals)[0]


@pytest.mark.rules("HIS-WIN-8", "HIS-WIN-7", "HIS-WIN-1")
@FIXTURE
@given(request=his_st.victory_requests(), rulings=his_st.rulings())
def test_the_game_goes_on_exactly_when_nobody_won_before_turn_nine(
    his: HereIStand, request: VictoryRequest, rulings: Rulings
) -> None:
    outcome = decide(his, request, rulings)
    assert outcome.game_over == (outcome.victory is not Victory.NONE), (
        "HIS-WIN-1: game_over does not match the victory found"
    )
    if request.turn == 9:
        assert outcome.game_over, "HIS-WIN-7: turn 9 always ends the game"
        assert outcome.victory is not Victory.NONE, "HIS-WIN-7: turn 9 ended with no victory"
    if outcome.game_over:
        assert outcome.next_turn is None, "HIS-WIN-8: a next turn after the game ended"
    else:
        assert outcome.next_turn == request.turn + 1, (
            f"HIS-WIN-8: turn {request.turn} is followed by {outcome.next_turn}"
        )


@pytest.mark.rules("HIS-WIN-4", "HIS-RULING-3")
@FIXTURE
@given(request=his_st.victory_requests(), rulings=his_st.rulings())
def test_a_tie_is_reported_only_without_a_winner(his: HereIStand, request: VictoryRequest, rulings: Rulings) -> None:
    outcome = decide(his, request, rulings)
    if outcome.tied:
        assert outcome.winner is None and len(outcome.tied) > 1
        assert set(outcome.tied) <= set(leaders(request.totals)), "only powers with the most VP can be tied for the win"
    if outcome.victory is Victory.STANDARD and outcome.winner is None:
        assert rulings.unbroken_tie is UnbrokenTie.SHARED and outcome.tied


@pytest.mark.rules("HIS-RULING-8", "HIS-WIN-1")
@FIXTURE
@given(request=his_st.victory_requests(), rulings=his_st.rulings(), data=st.data())
def test_a_clear_leader_is_judged_on_this_turn_alone(
    his: HereIStand, request: VictoryRequest, rulings: Rulings, data: st.DataObject
) -> None:
    if len(leaders(request.totals)) > 1:
        return
    other: tuple[TurnRecord, ...] = data.draw(his_st.histories(request.turn))
    assert decide(his, request, rulings) == decide(his, replace(request, history=other), rulings)


@pytest.mark.rules("HIS-POWER-1")
@FIXTURE
@given(request=his_st.victory_requests(), rulings=his_st.rulings(), order=st.permutations(range(6)))
def test_the_order_of_the_totals_changes_nothing(
    his: HereIStand, request: VictoryRequest, rulings: Rulings, order: list[int]
) -> None:
    shuffled = replace(
        request,
        totals=tuple(request.totals[i] for i in order),
        history=tuple(TurnRecord(r.turn, tuple(r.totals[i] for i in order)) for r in request.history),
    )
    assert decide(his, shuffled, rulings) == decide(his, request, rulings)
