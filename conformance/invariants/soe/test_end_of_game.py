"""Clean-up after a war, and the end of the game: revolution, unrest penalties, final places."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec.conformance.harness.games.soe import StruggleOfEmpires
from rulespec.conformance.invariants.soe.support import subject_settings
from rulespec.conformance.strategies import soe as soe_strategies
from rulespec.reference.struggle_of_empires.model import CleanUpRequest, Empire, EndGameRequest
from rulespec.reference.struggle_of_empires.rulings import FinalTie, Rulings, SecondUnrest, VpFloor

REVOLUTION = 20


@pytest.mark.rules("SOE-CLEAN-1", "SOE-CLEAN-2", "SOE-CLEAN-3", "SOE-CLEAN-4", "SOE-CLEAN-5", "SOE-CLEAN-6")
@subject_settings()
@given(request=soe_strategies.clean_up_requests(wars=st.integers(1, 2)), rulings=soe_strategies.rulings())
def test_clean_up_resets_the_board(soe: StruggleOfEmpires, request: CleanUpRequest, rulings: Rulings) -> None:
    before, after = request.board, soe.clean_up(request, rulings)
    assert after.local_alliances == tuple(replace(a, region=None) for a in before.local_alliances), (
        "SOE-CLEAN-1: a local alliance stayed on the map"
    )
    assert after.grand_alliances == tuple(replace(g, holder=None) for g in before.grand_alliances), (
        "SOE-CLEAN-2: a grand alliance is still held"
    )
    assert after.tiles == tuple(replace(t, flipped=False) for t in before.tiles), "SOE-CLEAN-3: a tile is still flipped"
    assert after.war == before.war + 1, f"SOE-CLEAN-4: war marker {before.war} moved to {after.war}"
    assert after.phase == 1, f"SOE-CLEAN-5: phase marker on {after.phase}, not Phase 1"
    assert after.neutral_markers == before.neutral_markers + request.neutral_seeding, (
        "SOE-CLEAN-6: neutral markers not seeded as given"
    )


@pytest.mark.rules("SOE-END-2")
@subject_settings()
@given(request=soe_strategies.clean_up_requests(wars=st.just(3)), rulings=soe_strategies.rulings())
def test_no_clean_up_after_the_third_war(soe: StruggleOfEmpires, request: CleanUpRequest, rulings: Rulings) -> None:
    assert soe.clean_up(request, rulings) == request.board, "the board changed after the 3rd war"


@pytest.mark.rules("SOE-UNREST-1", "SOE-END-3", "SOE-END-5")
@subject_settings()
@given(request=soe_strategies.end_game_requests(), rulings=soe_strategies.rulings())
def test_twenty_unrest_is_revolution_and_less_never_is(
    soe: StruggleOfEmpires, request: EndGameRequest, rulings: Rulings
) -> None:
    for empire, standing in zip(request.empires, soe.end_game(request, rulings).standings):
        assert standing.unrest == empire.unrest, "the standing does not carry the unrest unchanged"
        if empire.unrest >= REVOLUTION:
            assert standing.revolution and standing.vp == 0 and standing.penalty == 0 and standing.place is None, (
                f"{empire.player} with {empire.unrest} unrest: {standing}"
            )
        else:
            assert not standing.revolution and standing.place is not None, (
                f"{empire.player} with {empire.unrest} unrest: {standing}"
            )


@pytest.mark.rules("SOE-UNREST-8", "SOE-UNREST-1", "SOE-UNREST-5", "SOE-RULING-11")
@subject_settings()
@given(request=soe_strategies.end_game_requests(), rulings=soe_strategies.rulings())
def test_a_penalty_only_lowers_vp_by_0_4_or_7(
    soe: StruggleOfEmpires, request: EndGameRequest, rulings: Rulings
) -> None:
    for empire, standing in zip(request.empires, soe.end_game(request, rulings).standings):
        if standing.revolution:
            assert standing.vp == 0, f"SOE-UNREST-1: {empire.player} in revolution ends on {standing.vp} VP"
            continue
        assert standing.penalty in (0, 4, 7), f"SOE-UNREST-5: {empire.player} penalised {standing.penalty}"
        floor = rulings.vp_floor is VpFloor.ZERO
        expected = max(0, empire.vp - standing.penalty) if floor else empire.vp - standing.penalty
        assert standing.vp == expected, (
            f"{empire.player}: {empire.vp} VP − {standing.penalty} ({rulings.vp_floor}) gave {standing.vp}"
        )


def _candidates(empires: tuple[Empire, ...], rulings: Rulings) -> tuple[Empire, ...]:
    return tuple(e for e in empires if e.unrest < REVOLUTION and (e.unrest > 0 or rulings.zero_unrest_penalised))


@pytest.mark.rules("SOE-UNREST-3", "SOE-UNREST-2", "SOE-UNREST-4", "SOE-UNREST-5", "SOE-RULING-7", "SOE-RULING-8")
@subject_settings()
@given(request=soe_strategies.end_game_requests(min_players=3), rulings=soe_strategies.rulings())
def test_the_highest_unrest_loses_7_and_the_second_highest_4(
    soe: StruggleOfEmpires, request: EndGameRequest, rulings: Rulings
) -> None:
    candidates = _candidates(request.empires, rulings)
    totals = sorted({e.unrest for e in candidates}, reverse=True)
    highest = totals[0] if totals else None
    shared = sum(1 for e in candidates if e.unrest == highest) >= 2
    second = totals[1] if len(totals) > 1 else None
    if rulings.second_unrest is SecondUnrest.NEXT_PLACE and shared:
        second = None
    for empire, standing in zip(request.empires, soe.end_game(request, rulings).standings):
        if empire not in candidates:
            expected, rule = 0, "SOE-UNREST-2"  # not a candidate: never penalised
        else:
            expected = 7 if empire.unrest == highest else 4 if empire.unrest == second else 0
            rule = (
                "SOE-UNREST-3" if 7 in (expected, standing.penalty) else "SOE-UNREST-4"
            )  # the 7 VP, else the 4 VP clause
        assert standing.penalty == expected, (
            f"{rule}: {empire.player} with {empire.unrest} unrest "
            f"(candidates' totals {totals}, {rulings.second_unrest}, "
            f"0 penalised: {rulings.zero_unrest_penalised}) should lose {expected}, lost {standing.penalty}"
        )


@pytest.mark.rules("SOE-UNREST-6", "SOE-UNREST-7")
@subject_settings()
@given(request=soe_strategies.end_game_requests(max_players=2), rulings=soe_strategies.rulings(), tied=st.booleans())
def test_with_two_players_only_a_lone_highest_unrest_is_penalised(
    soe: StruggleOfEmpires, request: EndGameRequest, rulings: Rulings, tied: bool
) -> None:
    if tied:
        request = EndGameRequest((request.empires[0], replace(request.empires[1], unrest=request.empires[0].unrest)))
    candidates = _candidates(request.empires, rulings)
    highest = max((e.unrest for e in candidates), default=None)
    alone = sum(1 for e in candidates if e.unrest == highest) == 1
    for empire, standing in zip(request.empires, soe.end_game(request, rulings).standings):
        expected = 7 if empire in candidates and empire.unrest == highest and alone else 0
        unrest = [e.unrest for e in request.empires]
        rule = (
            "SOE-UNREST-7" if len(candidates) == 2 and not alone else "SOE-UNREST-6"
        )  # a tie of the two, else a lone highest
        assert standing.penalty == expected, (
            f"{rule}: 2 players with unrest {unrest}: {empire.player} should lose {expected}, lost {standing.penalty}"
        )


@pytest.mark.rules("SOE-END-4", "SOE-END-5", "SOE-RULING-12")
@subject_settings()
@given(request=soe_strategies.end_game_requests(), rulings=soe_strategies.rulings())
def test_final_places_go_by_vp(soe: StruggleOfEmpires, request: EndGameRequest, rulings: Rulings) -> None:
    standings = soe.end_game(request, rulings).standings
    still_in = [s for s in standings if not s.revolution]
    for standing in still_in:
        above = sum(
            1
            for other in still_in
            if other.vp > standing.vp
            or (
                other.vp == standing.vp and rulings.final_tie is FinalTie.LESS_UNREST and other.unrest < standing.unrest
            )
        )
        assert standing.place == 1 + above, (
            f"{standing.player} ({standing.vp} VP, {standing.unrest} unrest) placed {standing.place}, not {1 + above}"
        )


@pytest.mark.rules("SOE-END-3", "SOE-END-4", "SOE-UNREST-3")
@subject_settings()
@given(request=soe_strategies.end_game_requests(), rulings=soe_strategies.rulings(), data=st.data())
def test_the_final_result_ignores_the_order_of_the_players(
    soe: StruggleOfEmpires, request: EndGameRequest, rulings: Rulings, data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(request.empires).map(tuple), label="empires reordered")
    straight = {s.player: s for s in soe.end_game(request, rulings).standings}
    reordered = soe.end_game(EndGameRequest(shuffled), rulings).standings
    assert [s.player for s in reordered] == [e.player for e in shuffled], "standings not in the order of the empires"
    assert all(straight[s.player] == s for s in reordered), "a player's result depends on the players' order"
