"""Score sheets: a total is its lines, a bonus only adds, each special line follows its track."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.conformance.harness.games.his import HereIStand
from rulespec.conformance.strategies import his as his_st
from rulespec.reference.errors import InvalidState
from rulespec.reference.here_i_stand.model import Board, Bonus, BonusVpRequest, Power, ScoreRequest, SpecialVpRequest
from rulespec.reference.here_i_stand.rulings import Rulings, SpacesInUnrest

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
    board=his_st.boards(),
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
@given(data=st.data(), power=his_st.powers(), board=his_st.boards(), bonuses=his_st.bonuses(), rulings=his_st.rulings())
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
@given(board=his_st.boards(), rulings=his_st.rulings())
def test_the_track_gives_fifteen_between_papacy_and_protestants(
    his: HereIStand, board: Board, rulings: Rulings
) -> None:
    papal = line(his, Power.PAPACY, board, "protestant_spaces", rulings)
    protestant = line(his, Power.PROTESTANTS, board, "protestant_spaces", rulings)
    assert papal + protestant == 15
    if board.protestant_spaces < 49:
        # one more Protestant space never costs the Protestants a VP
        more = replace(board, protestant_spaces=board.protestant_spaces + 1)
        assert protestant <= line(his, Power.PROTESTANTS, more, "protestant_spaces", rulings) <= protestant + 1


@pytest.mark.rules("HIS-SPECIAL-8", "HIS-RULING-9")
@FIXTURE
@given(board=his_st.boards(), power=st.sampled_from((Power.PAPACY, Power.PROTESTANTS)), rulings=his_st.rulings())
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
@given(board=his_st.boards(), rulings=his_st.rulings())
def test_electorates_count_after_the_league_and_outside_unrest(his: HereIStand, board: Board, rulings: Rulings) -> None:
    vp = line(his, Power.HABSBURGS, board, "electorates", rulings)
    if board.schmalkaldic_league:
        assert vp == board.habsburg_electorates - board.habsburg_electorates_in_unrest
    else:
        assert vp == 0, "no electorate VP before the Schmalkaldic League"


@pytest.mark.rules("HIS-SPECIAL-3", "HIS-SPECIAL-4")
@FIXTURE
@given(board=his_st.boards(), rulings=his_st.rulings())
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
@given(board=his_st.boards(), rulings=his_st.rulings())
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


@pytest.mark.rules("HIS-POWER-1")
@FIXTURE
@given(name=his_st.unknown_powers(), board=his_st.boards(), rulings=his_st.rulings())
def test_an_unknown_power_is_refused(his: HereIStand, name: str, board: Board, rulings: Rulings) -> None:
    with pytest.raises(InvalidState) as refused:
        his.special_vp(SpecialVpRequest(name, board), rulings)
    assert refused.value.field == "power"
