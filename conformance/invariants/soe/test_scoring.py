"""Region scoring: places by markers, friendly and unfriendly ties, who can score at all."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec.conformance.harness.games.soe import StruggleOfEmpires
from rulespec.conformance.invariants.soe.support import place_groups, place_value, subject_settings, ties_are_friendly
from rulespec.conformance.strategies import soe as soe_strategies
from rulespec.reference.struggle_of_empires.model import Presence, RegionRequest, ScoringRequest
from rulespec.reference.struggle_of_empires.rulings import Rounding, Rulings, TieShare, UnfriendlyScope, UnfriendlyTie


def awards_of(soe: StruggleOfEmpires, request: RegionRequest, rulings: Rulings) -> dict[str, int]:
    scored = soe.score_region(request, rulings)
    return {a.player: a.vp for a in scored.awards}


@pytest.mark.rules("SOE-SCORE-6", "SOE-SCORE-3", "SOE-SCORE-7")
@subject_settings()
@given(request=soe_strategies.region_requests(), rulings=soe_strategies.rulings())
def test_friendly_ties_give_tied_players_equal_points(
    soe: StruggleOfEmpires, request: RegionRequest, rulings: Rulings
) -> None:
    if not ties_are_friendly(len(request.players), request.region, rulings):
        return
    vp = awards_of(soe, request, rulings)
    for group in place_groups(request.players, request.region, rulings):
        shares = {p: vp[p] for p in group.players}
        assert len(set(shares.values())) <= 1, f"SOE-SCORE-6: tied at {group.markers} markers, players scored {shares}"


@pytest.mark.rules("SOE-SCORE-6", "SOE-RULING-1", "SOE-RULING-2")
@subject_settings()
@given(request=soe_strategies.region_requests(min_players=4), rulings=soe_strategies.rulings())
def test_a_friendly_tie_shares_per_the_rulings(
    soe: StruggleOfEmpires, request: RegionRequest, rulings: Rulings
) -> None:
    vp = awards_of(soe, request, rulings)
    values = request.region.values
    for group in place_groups(request.players, request.region, rulings):
        if group.size < 2:
            continue
        pool = sum(place_value(values, group.place + k) for k in range(group.size))
        if rulings.tie_share is TieShare.FULL:
            expected = place_value(values, group.place)
        elif rulings.rounding is Rounding.DOWN:
            expected = pool // group.size
        else:
            expected = -(-pool // group.size)
        for player in group.players:
            assert vp[player] == expected, (
                f"{group.size} tied at place {group.place} of {values} "
                f"({rulings.tie_share}, rounded {rulings.rounding}) "
                f"should each score {expected}; {player} scored {vp[player]}"
            )


@pytest.mark.rules("SOE-SCORE-8", "SOE-SCORE-7", "SOE-RULING-3", "SOE-RULING-4", "SOE-RULING-5")
@subject_settings()
@given(request=soe_strategies.region_requests(max_players=3), rulings=soe_strategies.rulings())
def test_unfriendly_ties_never_split_points(soe: StruggleOfEmpires, request: RegionRequest, rulings: Rulings) -> None:
    if ties_are_friendly(len(request.players), request.region, rulings):
        return
    vp = awards_of(soe, request, rulings)
    values = request.region.values
    for group in place_groups(request.players, request.region, rulings):
        if group.size < 2:
            continue
        bumped = {
            UnfriendlyTie.NEXT_PLACE: place_value(values, group.place + 1),
            UnfriendlyTie.BELOW_TIE: place_value(values, group.place + group.size),
            UnfriendlyTie.NOTHING: 0,
        }[rulings.unfriendly_tie]
        for player in group.players:
            assert vp[player] == bumped, (
                f"{len(request.players)} players, {group.size} tied at place {group.place} of {values}: "
                f"bumped down ({rulings.unfriendly_tie}) each scores {bumped}; {player} scored {vp[player]}"
            )


@pytest.mark.rules("SOE-SCORE-5", "SOE-SCORE-2", "SOE-SCORE-4", "SOE-RULING-4", "SOE-RULING-6")
@subject_settings()
@given(request=soe_strategies.region_requests(), rulings=soe_strategies.rulings())
def test_a_lone_entrant_takes_the_value_of_its_place(
    soe: StruggleOfEmpires, request: RegionRequest, rulings: Rulings
) -> None:
    vp = awards_of(soe, request, rulings)
    for group in place_groups(request.players, request.region, rulings):
        if group.size == 1 and group.players:
            (player,) = group.players
            assert vp[player] == place_value(request.region.values, group.place), (
                f"{player} alone at place {group.place}"
            )


@pytest.mark.rules("SOE-SCORE-3", "SOE-SCORE-6")
@subject_settings()
@given(request=soe_strategies.region_requests(min_players=4), rulings=soe_strategies.rulings(), data=st.data())
def test_one_more_control_marker_never_scores_fewer(
    soe: StruggleOfEmpires, request: RegionRequest, rulings: Rulings, data: st.DataObject
) -> None:
    player = data.draw(st.sampled_from(request.players), label="player placing a marker")
    control = request.region.control
    if any(p.holder == player for p in control):
        more = tuple(replace(p, markers=p.markers + 1) if p.holder == player else p for p in control)
    else:
        more = control + (Presence(player, 1),)
    stronger = replace(request, region=replace(request.region, control=more))
    before, after = awards_of(soe, request, rulings)[player], awards_of(soe, stronger, rulings)[player]
    assert after >= before, f"one more marker took {player} from {before} to {after} VP"


@pytest.mark.rules("SOE-SCORE-9", "SOE-SCORE-10")
@subject_settings()
@given(request=soe_strategies.region_requests(max_players=3), rulings=soe_strategies.rulings())
def test_non_player_majors_never_receive_awards(
    soe: StruggleOfEmpires, request: RegionRequest, rulings: Rulings
) -> None:
    scored = soe.score_region(request, rulings)
    assert scored.region == request.region.name
    assert tuple(a.player for a in scored.awards) == request.players, "one award per player, in the players' order"
    majors = {m.holder for m in request.region.non_player_control}
    assert not majors & {a.player for a in scored.awards}, "a non-player major was awarded VP"
    entrants = {p for g in place_groups(request.players, request.region, rulings) for p in g.players}
    for award in scored.awards:
        assert award.player in entrants or award.vp == 0, f"{award.player} is not ranked here yet scored {award.vp}"


@pytest.mark.rules("SOE-SCORE-4", "SOE-SCORE-6", "SOE-RULING-2")
@subject_settings()
@given(request=soe_strategies.region_requests(), rulings=soe_strategies.rulings())
def test_a_region_never_awards_more_than_its_values_when_pooled_down(
    soe: StruggleOfEmpires, request: RegionRequest, rulings: Rulings
) -> None:
    pooled_down = replace(
        rulings, tie_share=TieShare.POOL, rounding=Rounding.DOWN, unfriendly_scope=UnfriendlyScope.REGION
    )
    if not ties_are_friendly(len(request.players), request.region, pooled_down):
        pooled_down = replace(pooled_down, unfriendly_tie=UnfriendlyTie.BELOW_TIE)
    total = sum(awards_of(soe, request, pooled_down).values())
    assert total <= sum(request.region.values), f"{total} VP awarded from a region printed {request.region.values}"


@pytest.mark.rules("SOE-SCORE-2", "SOE-SCORE-10")
@subject_settings()
@given(request=soe_strategies.region_requests(), rulings=soe_strategies.rulings(), data=st.data())
def test_region_scores_ignore_the_order_of_the_players(
    soe: StruggleOfEmpires, request: RegionRequest, rulings: Rulings, data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(request.players).map(tuple), label="players reordered")
    straight = awards_of(soe, request, rulings)
    reordered = soe.score_region(replace(request, players=shuffled), rulings).awards
    assert tuple(a.player for a in reordered) == shuffled, "awards not in the order of the players"
    assert {a.player: a.vp for a in reordered} == straight, "a player's award depends on the players' order"


@pytest.mark.rules("SOE-SCORE-1")
@subject_settings()
@given(request=soe_strategies.scoring_requests(max_players=4), rulings=soe_strategies.rulings())
def test_scoring_the_map_adds_every_regions_award(
    soe: StruggleOfEmpires, request: ScoringRequest, rulings: Rulings
) -> None:
    players = tuple(e.player for e in request.empires)
    gained = {p: 0 for p in players}
    for region in request.regions:
        for award in soe.score_region(RegionRequest(players, region), rulings).awards:
            gained[award.player] += award.vp
    scored = soe.score_regions(request, rulings).empires
    for before, after in zip(request.empires, scored, strict=True):
        assert after == replace(before, vp=before.vp + gained[before.player]), (
            f"{before.player}: VP {before.vp} + the 11 regions' awards {gained[before.player]} gave {after.vp}"
        )
