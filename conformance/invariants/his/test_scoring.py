"""Score sheets: a total is its lines, a bonus only adds, each special line follows its track."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.conformance.harness.games.his import HereIStand
from rulespec.conformance.strategies import his as his_st
from rulespec.conformance.strategies import his_requests
from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.here_i_stand.model import Board, Bonus, BonusVpRequest, Power, ScoreRequest, SpecialVpRequest
from rulespec.reference.here_i_stand.rulings import Rulings, SpacesInUnrest

# HIS-SPECIAL-7's thresholds as the clause lists them, not the reference's: what it is checked against
THRESHOLDS = (4, 7, 10, 14, 17, 20, 24, 27, 30, 34, 37, 40, 44, 47)
FIXTURE = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])


def line(his: HereIStand, power: Power, board: Board, source: str, rulings: Rulings) -> int:
    """The VP of one special line of ``power``'s sheet."""
    sheet = his.special_vp(SpecialVpRequest(power.value, board), rulings)
    found = [entry.vp for entry in sheet.lines if entry.source == source]
    assert len(found) == 1, f"{power} should show exactly one {source} line, shows {sheet.lines}"
    return found[0]


@pytest.mark.rules("HIS-VP-1", "HIS-VP-2", "HIS-SPECIAL-9", "HIS-BONUS-10")
@FIXTURE
@given(
    power=his_st.powers(),
    base=st.integers(0, 25),
    board=his_requests.valid_boards(),
    bonuses=his_st.bonuses(),
    rulings=his_st.rulings(),
)
def test_a_total_is_base_plus_its_lines(
    his: HereIStand, power: Power, base: int, board: Board, bonuses: tuple[Bonus, ...], rulings: Rulings
) -> None:
    sheet = his.score_power(ScoreRequest(power.value, base, board, bonuses), rulings)
    assert sheet.base == base
    assert sheet.total == base + sum(x.vp for x in sheet.special) + sum(x.vp for x in sheet.bonus)
    assert sheet.special == his.special_vp(SpecialVpRequest(power.value, board), rulings).lines
    assert sheet.bonus == his.bonus_vp(BonusVpRequest(power.value, bonuses), rulings).lines


@pytest.mark.rules("HIS-BONUS-10", "HIS-VP-1")
@FIXTURE
@given(
    data=st.data(),
    power=his_st.powers(),
    board=his_requests.valid_boards(),
    bonuses=his_st.bonuses(),
    rulings=his_st.rulings(),
)
def test_a_bonus_adds_its_vp_to_its_earner_only(
    his: HereIStand, data: st.DataObject, power: Power, board: Board, bonuses: tuple[Bonus, ...], rulings: Rulings
) -> None:
    extra = data.draw(his_st.bonus_for(power))
    before = his.score_power(ScoreRequest(power.value, 10, board, bonuses), rulings).total
    after = his.score_power(ScoreRequest(power.value, 10, board, (*bonuses, extra)), rulings).total
    assert after == before + extra.vp, f"a {extra.kind} of {extra.vp} VP took {power} from {before} to {after}"
    for other in Power:
        if other is not power:
            alone = his.bonus_vp(BonusVpRequest(other.value, bonuses), rulings).total
            assert his.bonus_vp(BonusVpRequest(other.value, (*bonuses, extra)), rulings).total == alone


@pytest.mark.rules("HIS-BONUS-10")
@FIXTURE
@given(data=st.data(), power=his_st.powers(), bonuses=his_st.bonuses(), rulings=his_st.rulings())
def test_the_order_of_bonuses_changes_nothing(
    his: HereIStand, data: st.DataObject, power: Power, bonuses: tuple[Bonus, ...], rulings: Rulings
) -> None:
    shuffled = tuple(data.draw(st.permutations(bonuses)))
    assert his.bonus_vp(BonusVpRequest(power.value, shuffled), rulings) == his.bonus_vp(
        BonusVpRequest(power.value, bonuses), rulings
    )


@pytest.mark.rules("HIS-SPECIAL-7")
@FIXTURE
@given(board=his_requests.boundary_boards(within_tracks=True), rulings=his_st.rulings())
def test_the_track_gives_fifteen_between_papacy_and_protestants(
    his: HereIStand, board: Board, rulings: Rulings
) -> None:
    # the marker on the board as drawn, then one space on: a threshold and the box before it, seen from both sides
    later = replace(board, protestant_spaces=min(board.protestant_spaces + 1, 49))
    for marker in (board, later):
        papal = line(his, Power.PAPACY, marker, "protestant_spaces", rulings)
        protestant = line(his, Power.PROTESTANTS, marker, "protestant_spaces", rulings)
        assert papal + protestant == 15
        # the brown number is how many of the clause's thresholds the marker has reached (HIS-RULING-9: where it is)
        position = marker.protestant_spaces
        if rulings.spaces_in_unrest is SpacesInUnrest.EXCLUDED:
            position -= marker.protestant_spaces_in_unrest
        reached = sum(1 for threshold in THRESHOLDS if threshold <= position)
        assert protestant == reached, (
            f"the marker on {position} has reached {reached} thresholds, the brown number is {protestant}"
        )


@pytest.mark.rules("HIS-SPECIAL-8", "HIS-RULING-9")
@FIXTURE
@given(
    board=his_requests.valid_boards(),
    power=st.sampled_from((Power.PAPACY, Power.PROTESTANTS)),
    rulings=his_st.rulings(),
)
def test_spaces_in_unrest_count_as_the_ruling_says(
    his: HereIStand, board: Board, power: Power, rulings: Rulings
) -> None:
    # the same marker position with no space in unrest: fewer spaces when those in unrest are left out
    counted = board.protestant_spaces
    if rulings.spaces_in_unrest is SpacesInUnrest.EXCLUDED:
        counted -= board.protestant_spaces_in_unrest
    settled = replace(board, protestant_spaces=counted, protestant_spaces_in_unrest=0)
    assert line(his, power, board, "protestant_spaces", rulings) == line(
        his, power, settled, "protestant_spaces", rulings
    )


@pytest.mark.rules("HIS-SPECIAL-2")
@FIXTURE
@given(board=his_requests.valid_boards(), rulings=his_st.rulings())
def test_electorates_count_after_the_league_and_outside_unrest(his: HereIStand, board: Board, rulings: Rulings) -> None:
    vp = line(his, Power.HABSBURGS, board, "electorates", rulings)
    if board.schmalkaldic_league:
        assert vp == board.habsburg_electorates - board.habsburg_electorates_in_unrest
    else:
        assert vp == 0, "no electorate VP before the Schmalkaldic League"


@pytest.mark.rules("HIS-SPECIAL-3", "HIS-SPECIAL-4")
@FIXTURE
@given(board=his_requests.valid_boards(), rulings=his_st.rulings())
def test_england_heir_and_half_its_protestant_spaces(his: HereIStand, board: Board, rulings: Rulings) -> None:
    heir = line(his, Power.ENGLAND, board, "heir", rulings)
    assert heir == (5 if board.edward_vi_born else 2 if board.elizabeth_i_born else 0), (
        f"HIS-SPECIAL-3: heir line {heir}"
    )
    half = line(his, Power.ENGLAND, board, "english_protestant_spaces", rulings)
    assert 2 * half <= board.english_spaces_protestant < 2 * half + 2, (
        "HIS-SPECIAL-4: not half the spaces, rounded down"
    )


@pytest.mark.rules("HIS-SPECIAL-1", "HIS-SPECIAL-5", "HIS-SPECIAL-6", "HIS-SPECIAL-9")
@FIXTURE
@given(board=his_requests.valid_boards(), rulings=his_st.rulings())
def test_one_vp_per_box_piracy_chateaux_st_peters(his: HereIStand, board: Board, rulings: Rulings) -> None:
    assert line(his, Power.OTTOMANS, board, "piracy", rulings) == board.piracy_vp, (
        "HIS-SPECIAL-1: piracy is not 1 VP per box"
    )
    assert line(his, Power.FRANCE, board, "chateaux", rulings) == board.chateaux, (
        "HIS-SPECIAL-5: chateaux are not 1 VP each"
    )
    assert line(his, Power.PAPACY, board, "st_peters", rulings) == board.st_peters, (
        "HIS-SPECIAL-6: St. Peter's is not 1 VP per box"
    )


@pytest.mark.rules("HIS-SPECIAL-1", "HIS-SPECIAL-2", "HIS-SPECIAL-4", "HIS-SPECIAL-5", "HIS-SPECIAL-6", "HIS-SPECIAL-8")
@FIXTURE
@given(fault=his_st.boards_with_fault(), power=his_st.powers(), rulings=his_st.rulings())
def test_a_negative_count_is_refused_by_name(
    his: HereIStand, fault: tuple[Board, tuple[str, ...]], power: Power, rulings: Rulings
) -> None:
    board, fields = fault
    with pytest.raises(InvalidState) as refused:
        his.special_vp(SpecialVpRequest(power.value, board), rulings)
    assert refused.value.field in fields, f"refused on {refused.value.field}, the fault is {fields[0]}"


@pytest.mark.rules("HIS-BONUS-5", "HIS-BONUS-6")
@FIXTURE
@given(twice=his_requests.single_card_twice(), power=his_st.powers(), rulings=his_st.rulings())
def test_a_single_card_twice_is_refused(
    his: HereIStand, twice: tuple[tuple[Bonus, ...], str], power: Power, rulings: Rulings
) -> None:
    found, clause = twice
    with pytest.raises(IllegalAction) as refused:
        his.bonus_vp(BonusVpRequest(power.value, found), rulings)
    assert refused.value.rule == clause, f"a single card twice is refused on {refused.value.rule}, not {clause}"


@pytest.mark.rules("HIS-POWER-1")
@FIXTURE
@given(name=his_st.unknown_powers(), board=his_requests.valid_boards(), rulings=his_st.rulings())
def test_an_unknown_power_is_refused(his: HereIStand, name: str, board: Board, rulings: Rulings) -> None:
    with pytest.raises(InvalidState) as refused:
        his.special_vp(SpecialVpRequest(name, board), rulings)
    assert refused.value.field == "power"
