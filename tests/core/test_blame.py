"""Blame exact: a one-bug engine fails the rule it breaks, not every rule of the checks its bug reaches.

Each fake below is the reference with one bug, run over the game's own vectors as ``verify`` runs them
(``run_case``), its records made as the recorder makes them, then tallied.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import chain
from types import SimpleNamespace
from typing import Any
from unittest import mock

import pytest

import rulespec.reference.here_i_stand as his
import rulespec.reference.imperium as imperium
import rulespec.reference.struggle_of_empires as soe
import rulespec.reference.struggle_of_empires.income as soe_income
import rulespec.reference.struggle_of_empires.maintenance as maintenance
import rulespec.reference.struggle_of_empires.scoring as scoring
import rulespec.reference.struggle_of_empires.validation as soe_validation
from rulespec.conformance.harness.blame.refusals import cited
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.per_rule import FAILED, IMPLICATED, blamed_rule, tally
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.rulings import Declared, json_value, reference_answer, typed_question
from rulespec.conformance.harness.subject import PythonSubject
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.verdict import Outcome as Verdict
from rulespec.conformance.harness.verdict import differences, run_case
from rulespec.conformance.harness.verify.declared import judged_under, stamped
from rulespec.conformance.harness.wire.encoding import wire_form
from rulespec.conformance.invariants.his import blame as his_blame
from rulespec.conformance.invariants.imperium import blame as imperium_blame
from rulespec.conformance.invariants.soe import blame as soe_blame
from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.here_i_stand import bonus as his_bonus
from rulespec.reference.here_i_stand import phase as his_phase
from rulespec.reference.here_i_stand import score as his_score
from rulespec.reference.here_i_stand import special as his_special
from rulespec.reference.here_i_stand import validation as his_validation
from rulespec.reference.here_i_stand import victory as his_victory
from rulespec.reference.here_i_stand.bonus import (
    SEAFARERS,
    bonus_lines,
    check_bonuses,
    check_claim,
    check_debate,
    check_earner,
    check_once,
)
from rulespec.reference.here_i_stand.model import (
    POWERS,
    Board,
    BonusKind,
    BonusVp,
    Outcome,
    PhaseRequest,
    PhaseResult,
    Power,
    PowerScore,
    PowerVp,
    ScoreLine,
    SpecialSource,
    SpecialVp,
    TurnRecord,
    Victory,
    VictoryRequest,
)
from rulespec.reference.here_i_stand.phase import PLAYABLE
from rulespec.reference.here_i_stand.rulings import BonusEarners, SpacesInUnrest, TimeLimitTie, TrackLimits, UnbrokenTie
from rulespec.reference.here_i_stand.rulings import Rulings as HisRulings
from rulespec.reference.here_i_stand.score import score_sheet
from rulespec.reference.here_i_stand.special import (
    TRACK_THRESHOLDS,
    chateaux,
    electorates,
    english_protestant_spaces,
    heir,
    papal_track_vp,
    piracy,
    protestant_track_vp,
    special_lines,
    st_peters,
    track_position,
)
from rulespec.reference.here_i_stand.validation import (
    BIBLE_LANGUAGES,
    LAST_TURN,
    RELIGIOUS_VICTORY_SPACES,
    validate_base_vp,
    validate_board,
    validate_bonus,
    validate_bonuses,
    validate_cards,
    validate_history,
    validate_power,
    validate_rulings,
    validate_totals,
    validate_turn,
)
from rulespec.reference.here_i_stand.victory import (
    STANDARD_VICTORY_VP,
    as_totals,
    break_tie,
    dominating_power,
    leaders,
    over,
    standard_victory,
    time_limit,
)
from rulespec.reference.imperium import collapse as imperium_collapse
from rulespec.reference.imperium import drawing as imperium_drawing
from rulespec.reference.imperium import market as imperium_market
from rulespec.reference.imperium import payment as imperium_payment
from rulespec.reference.imperium import winner as imperium_winner
from rulespec.reference.imperium.cards import add_to_zone, unrest_in_zones
from rulespec.reference.imperium.drawing import (
    check_hand_limit,
    move_nation_card,
    new_draw_pile,
    shuffle_procedure,
    take_top_card,
)
from rulespec.reference.imperium.model import (
    Cost,
    Decider,
    DrawMode,
    DrawRequest,
    DrawResult,
    EffectKind,
    NationSide,
    Suit,
    WinnerRequest,
    Zone,
)
from rulespec.reference.imperium.model import Tokens as ImpTokens
from rulespec.reference.imperium.payment import TOKEN_TYPES, of_kind
from rulespec.reference.imperium.rulings import (
    AcquiredCardTo,
    FullTie,
    NationCardOnShuffle,
    ShortDraw,
    Surplus,
    UnrestUnder,
)
from rulespec.reference.imperium.validation import (
    player_places,
    validate_count,
    validate_player,
    validate_tokens,
    validate_unique,
)
from rulespec.reference.struggle_of_empires.clean_up import clean_up_board
from rulespec.reference.struggle_of_empires.end_game import (
    HIGHEST_PENALTY,
    REVOLUTION_UNREST,
    SECOND_PENALISED_FROM,
    SECOND_PENALTY,
    highest_unrest,
    penalty_candidates,
    rank_players,
    second_highest_unrest,
)
from rulespec.reference.struggle_of_empires.income import gain_marker_income
from rulespec.reference.struggle_of_empires.maintenance import (
    GOLD_PER_UNIT,
    check_unrest_draws,
    maintain_units,
    maintenance_cost,
    refuse_disbanding,
    taxation_yield,
    taxations_needed,
)
from rulespec.reference.struggle_of_empires.model import (
    Award,
    Empire,
    Empires,
    EndGameRequest,
    Region,
    RegionRequest,
    RegionScore,
    Standings,
    WarEndRequest,
    WarEndResult,
)
from rulespec.reference.struggle_of_empires.population import raise_population
from rulespec.reference.struggle_of_empires.rulings import (
    FinalTie,
    NonPlayerRank,
    SecondUnrest,
    TieShare,
    UnfriendlyScope,
    UnfriendlyTie,
    VpFloor,
    WarEndSequence,
)
from rulespec.reference.struggle_of_empires.rulings import Rulings as SoeRulings
from rulespec.reference.struggle_of_empires.scoring import (
    FRIENDLY_TIES_FROM,
    Entrant,
    PlaceGroup,
    bump_down,
    divide_pool,
    group_value,
    place_value,
    player_markers,
    rank_entrants,
    region_entrants,
    share_friendly_tie,
    ties_are_unfriendly,
)
from rulespec.reference.struggle_of_empires.sequence import (
    STEPS,
    Step,
    WarState,
    income_step,
    maintenance_step,
    population_step,
    validate_war_end_request,
)
from rulespec.reference.struggle_of_empires.validation import (
    LAST_WAR,
    refuse,
    validate_empires,
    validate_orders,
    validate_presences,
    validate_regions,
)


def records_of(
    key: str, target: object, operations: tuple[str, ...] | None = None, declared: Declared | None = None
) -> list[CheckRecord]:
    """The fake's records over the game's vectors; ``declared``: as ``verify --ruling`` judges them (each case asked
    under the rulings the fake plays, its expectation re-derived where it names one)."""
    subject = PythonSubject(game(key), target, "fake")
    found: list[CheckRecord] = []
    for loaded in load_game(game(key)):
        if operations is not None and loaded.operation not in operations:
            continue
        loaded = judged_under(game(key), loaded, declared) if declared else loaded
        verdict = run_case(subject, loaded)
        record = CheckRecord(
            f"{loaded.path.name}::{loaded.case.id}",
            key,
            "vector",
            tuple(loaded.case.rules),
            verdict.outcome.value,
            verdict.detail,
            operation=loaded.operation,
            request=wire_form(loaded.request),
            rulings=wire_form(loaded.rulings),
            expected=verdict.expected,
            got=verdict.got,
            differences=verdict.differences,
        )
        found.append(stamped(record, declared, loaded.rederived) if declared else record)
    return found


def _refusing_nine(name: str) -> Any:
    """SOE-GAME-4 misread: a population of 9 (the top of the track, legal) refused, in every operation."""
    operation = getattr(soe, name)

    def call(request: Any, rulings: Any, /) -> Any:
        for index, empire in enumerate(getattr(request, "empires", ()) or ()):
            if getattr(empire, "population", None) == 9:
                raise InvalidState(f"empires[{index}].population", 9, "a population is 0 to 8", "SOE-GAME-4")
        return operation(request, rulings)

    return call


def test_a_legal_value_refused_fails_the_rule_of_the_field_it_names_not_each_checks_own() -> None:
    target = SimpleNamespace(**{op.name: _refusing_nine(op.name) for op in game("soe").operations})
    records = records_of("soe", target)
    wrongly_refused = [r for r in records if r.outcome == "failed" and r.detail.startswith("refused a legal input")]
    assert len(wrongly_refused) >= 5  # the vectors offer legal 9s in several operations: the fake is caught
    assert {blamed_rule(r) for r in wrongly_refused} == {"SOE-GAME-4"}
    assert any("SOE-GAME-4" not in r.rules for r in wrongly_refused)  # blamed even where the vector never names it
    statuses = {t.rule: t.status for t in tally([game("soe")], records).tallies}
    assert statuses["SOE-GAME-4"] == FAILED
    for record in wrongly_refused:  # each vector's own rule is only implicated
        assert statuses[record.primary_rule] in (IMPLICATED, FAILED)
    failed = sorted(rule for rule, status in statuses.items() if status == FAILED)
    assert failed == ["SOE-GAME-4"], failed


def _electorates_one_too_many(request: PhaseRequest, rulings: Any, /) -> PhaseResult:
    """HIS-SPECIAL-2 misread: one electorate too many on the Habsburg line, the sheet's sum done right."""
    result = his.run_phase(request, rulings)

    def bumped(score: PowerScore) -> PowerScore:
        lines = tuple(
            ScoreLine(line.source, line.vp + 1) if line.source == "electorates" else line for line in score.special
        )
        return replace(score, special=lines, total=score.total + (lines != score.special))

    return replace(result, scores=tuple(bumped(score) for score in result.scores))


def test_a_composite_answer_blames_the_step_where_it_first_differs_not_its_first_rule() -> None:
    target = SimpleNamespace(run_phase=_electorates_one_too_many)
    records = [r for r in records_of("his", target, ("run_phase",)) if r.outcome == Verdict.FAILED.value]
    assert records and all(r.primary_rule != "HIS-SPECIAL-2" for r in records)
    assert {blamed_rule(r) for r in records} == {"HIS-SPECIAL-2"}
    statuses = {t.rule: t.status for t in tally([game("his")], records).tallies}
    assert statuses["HIS-SPECIAL-2"] == FAILED and statuses["HIS-VP-1"] == IMPLICATED


def _majors_listed_at_zero(request: RegionRequest, rulings: SoeRulings, /) -> RegionScore:
    """SOE-SCORE-10 misread: an award of 0 listed after the players' for each non-player major that took a place."""
    scored = soe.score_region(request, rulings)
    groups = rank_entrants(region_entrants(request.players, request.region, rulings))
    majors = tuple(Award(entrant.holder, 0) for group in groups for entrant in group.entrants if not entrant.is_player)
    return replace(scored, awards=scored.awards + majors)


def test_zero_awards_added_for_majors_fail_the_clause_of_one_award_per_player() -> None:
    """Each player's award is right; the list holds a 0 award for each major besides, one award per entrant. Every
    vector with a major on the map shows it, under the clause it is primary to: SOE-SCORE-10 says the list."""
    records = records_of("soe", SimpleNamespace(score_region=_majors_listed_at_zero), ("score_region",))
    assert sum(r.outcome == "failed" for r in records) > 1
    assert _failed_rules("soe", records) == ["SOE-SCORE-10"]
    # majors given their places' VP, listed alike: SOE-SCORE-9's, where those places are worth 0 too (the run tells)
    records = records_of("soe", SimpleNamespace(score_region=_majors_given_their_value), ("score_region",))
    assert "SOE-SCORE-9" in _failed_rules("soe", records)
    assert "SOE-SCORE-10" not in _failed_rules("soe", records)


def _majors_given_their_value(request: RegionRequest, rulings: SoeRulings, /) -> RegionScore:
    """SOE-SCORE-9 misread: each non-player major that took a place listed after the players with its place's VP."""
    scored = soe.score_region(request, rulings)
    unfriendly = ties_are_unfriendly(len(request.players), request.region, rulings)
    groups = rank_entrants(region_entrants(request.players, request.region, rulings))
    majors = tuple(
        Award(entrant.holder, group_value(request.region.values, group, unfriendly, rulings))
        for group in groups
        for entrant in group.entrants
        if not entrant.is_player
    )
    return replace(scored, awards=scored.awards + majors)


def test_a_refusal_fails_the_rule_it_cites_unless_the_check_involves_that_rule() -> None:
    record = CheckRecord(
        "x.json::a",
        "his",
        "vector",
        ("HIS-VP-1",),
        "failed",
        "refused a legal input",
        expected={"scores": []},
        got={"error": {"kind": "IllegalAction", "rule": "HIS-PLAY-1"}},
    )
    assert blamed_rule(record) == "HIS-PLAY-1"
    assert blamed_rule(replace(record, outcome="passed")) == "HIS-VP-1"  # a pass is its primary rule's
    due = replace(record, expected={"error": {"kind": "IllegalAction", "rule": "HIS-VP-1"}})
    assert blamed_rule(due) == "HIS-PLAY-1"  # refused under a rule the check does not involve: that rule
    # a two-fault vector names both rules: refusing under the other one is the vector's own order gone wrong
    assert blamed_rule(replace(due, rules=("HIS-VP-1", "HIS-PLAY-1"))) == "HIS-VP-1"


def _failed_rules(key: str, records: list[CheckRecord]) -> list[str]:
    return sorted(t.rule for t in tally([game(key)], records).tallies if t.status == FAILED)


def _below_tie_read_as_next_place(request: RegionRequest, rulings: SoeRulings, /) -> RegionScore:
    """SOE-RULING-3 misread: ``below_tie`` scored as ``next_place``."""
    if rulings.unfriendly_tie is UnfriendlyTie.BELOW_TIE:
        rulings = replace(rulings, unfriendly_tie=UnfriendlyTie.NEXT_PLACE)
    return soe.score_region(request, rulings)


def test_an_answer_of_another_reading_of_the_ruling_asked_fails_that_rulings_clause() -> None:
    target = SimpleNamespace(score_region=_below_tie_read_as_next_place)
    records = [r for r in records_of("soe", target, ("score_region",)) if r.outcome == Verdict.FAILED.value]
    assert records
    assert {blamed_rule(r) for r in records} == {"SOE-RULING-3"}
    assert _failed_rules("soe", records) == ["SOE-RULING-3"]
    # under the default reading the clauses state it: a departure from it stays the check's own rule
    default = replace(records[0], rulings={**records[0].rulings, "unfriendly_tie": "next_place"})
    assert blamed_rule(default) == default.primary_rule


def _second_highest_loses_three(request: EndGameRequest, rulings: SoeRulings, /) -> Standings:
    """SOE-UNREST-4 misread: the second highest unrest loses 3, the VP and places worked out from it."""
    standings = soe.end_game(request, rulings).standings
    lines = tuple(replace(s, penalty=3, vp=s.vp + 1) if s.penalty == 4 else s for s in standings)
    placed = tuple(
        replace(s, place=None if s.revolution else 1 + sum(1 for o in lines if not o.revolution and o.vp > s.vp))
        for s in lines
    )
    return Standings(placed)


def _only_the_first_tied_loses(empire: Any, empires: Any, rulings: SoeRulings) -> int:
    """SOE-UNREST-3 misread: of the candidates tied on the highest unrest, only the first listed loses 7, not every
    one (runs as ``end_game.unrest_penalty``)."""
    candidates = penalty_candidates(empires, rulings)
    if empire not in candidates:
        return 0
    highest = highest_unrest(candidates)
    if len(empires) < SECOND_PENALISED_FROM:
        alone = sum(1 for e in candidates if e.unrest == highest) == 1
        return HIGHEST_PENALTY if empire.unrest == highest and alone else 0
    if empire.unrest == highest:
        return HIGHEST_PENALTY if empire is next(e for e in candidates if e.unrest == highest) else 0
    if empire.unrest == second_highest_unrest(candidates, rulings):
        return SECOND_PENALTY
    return 0


def test_a_tied_candidate_left_unpenalised_fails_the_rule_saying_who_loses_it_in_every_standings_list() -> None:
    misread = _misread(sys.modules[penalty_candidates.__module__].unrest_penalty, _only_the_first_tied_loses)
    records = records_of("soe", SimpleNamespace(end_game=misread("end_game")), ("end_game",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3  # the worked examples, the tied highest, zero unrest penalised
    assert _failed_rules("soe", records) == ["SOE-UNREST-3"]


def _revolution_left_out_of_the_count(empires: Any) -> int:
    """SOE-UNREST-2 misread: the players in revolution left out of the number of players the penalties read (runs as
    ``end_game.player_count``)."""
    return sum(1 for e in empires if e.unrest < REVOLUTION_UNREST)


def test_the_players_in_revolution_left_out_of_the_count_fail_the_clause_that_counts_them() -> None:
    """Three empires or more, two once those in revolution are left out: the penalties given as two players' are,
    in the checks of several rules (the revolution's vectors, the tied highest, the second highest); the clause
    saying the count includes them is SOE-UNREST-2."""
    misread = _misread(sys.modules[penalty_candidates.__module__].player_count, _revolution_left_out_of_the_count)
    records = records_of("soe", SimpleNamespace(end_game=misread("end_game")), ("end_game",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 2
    assert _failed_rules("soe", records) == ["SOE-UNREST-2"]


def _tied_divide_the_penalty(empire: Any, empires: Any, rulings: SoeRulings) -> int:
    """SOE-UNREST-5 misread: candidates tied on the highest unrest divide the 7 between them, rounded down (runs as
    ``end_game.unrest_penalty``)."""
    candidates = penalty_candidates(empires, rulings)
    if empire not in candidates:
        return 0
    highest = highest_unrest(candidates)
    tied = sum(1 for e in candidates if e.unrest == highest)
    if len(empires) < SECOND_PENALISED_FROM:
        return HIGHEST_PENALTY if empire.unrest == highest and tied == 1 else 0
    if empire.unrest == highest:
        return HIGHEST_PENALTY // tied
    if empire.unrest == second_highest_unrest(candidates, rulings):
        return SECOND_PENALTY
    return 0


def test_a_penalty_divided_among_the_tied_fails_the_tie_rule_in_every_standings_list_it_spreads_to() -> None:
    misread = _misread(sys.modules[penalty_candidates.__module__].unrest_penalty, _tied_divide_the_penalty)
    records = records_of("soe", SimpleNamespace(end_game=misread("end_game")), ("end_game",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("soe", records) == ["SOE-UNREST-5"]


def _penalty_as_vp_taken_off(request: EndGameRequest, rulings: SoeRulings, /) -> Standings:
    """SOE-UNREST-8 misread: under ``vp_floor`` ``zero`` the reported penalty is the VP actually taken off."""
    standings = soe.end_game(request, rulings).standings
    return Standings(
        tuple(replace(s, penalty=e.vp - s.vp) if s.penalty else s for s, e in zip(standings, request.empires))
    )


def test_a_penalty_reported_as_the_vp_the_floor_took_fails_what_penalty_reports_not_the_amount_or_the_floor() -> None:
    """Only vectors asked under ``zero`` meet it, over several rules' checks; SOE-UNREST-8 states that ``penalty`` is
    the assessed 7 or 4 even when the floor lets less come off: not the penalty's amount (SOE-UNREST-3), nor the
    floor's ruling (SOE-RULING-11), whose VP are right."""
    records = records_of("soe", SimpleNamespace(end_game=_penalty_as_vp_taken_off), ("end_game",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.rulings["vp_floor"] == "zero" for r in failed)
    assert _failed_rules("soe", records) == ["SOE-UNREST-8"]


def test_a_penalty_of_a_wrong_amount_fails_its_rule_in_every_standings_list_it_spreads_to() -> None:
    target = SimpleNamespace(end_game=_second_highest_loses_three)
    records = [r for r in records_of("soe", target, ("end_game",)) if r.outcome == Verdict.FAILED.value]
    assert len({r.primary_rule for r in records}) > 3  # the bug reaches the vectors of many rules
    assert _failed_rules("soe", records) == ["SOE-UNREST-4"]


def test_a_tie_walked_back_wrong_fails_the_history_rule() -> None:
    def one_turn_short(request: Any, rulings: Any, /) -> Any:
        """HIS-WIN-3 misread: a tie broken by the history is said broken one turn later than it was."""
        result = his.determine_victory(request, rulings)
        broken = result.tie_broken_at_turn
        return replace(result, tie_broken_at_turn=broken + 1) if broken is not None else result

    target = SimpleNamespace(determine_victory=one_turn_short)
    records = [r for r in records_of("his", target, ("determine_victory",)) if r.outcome == "failed"]
    assert records and {blamed_rule(r) for r in records} == {"HIS-WIN-3"}


def test_a_refusal_citing_a_rule_no_spec_defines_stays_on_each_checks_own_rule() -> None:
    """An implementation's word is taken for a rule of the spec only: a made-up rule ID never becomes a verdict."""

    def refuse(request: Any, rulings: Any, /) -> Any:
        raise IllegalAction("SOE-FOO-99", "no growth today")

    records = records_of("soe", SimpleNamespace(grow_population=refuse), ("grow_population",))
    wrongly_refused = [r for r in records if r.outcome == "failed" and r.detail.startswith("refused a legal input")]
    assert wrongly_refused, "the vectors offer legal growth: the fake is caught"
    assert all(blamed_rule(r) == r.primary_rule for r in wrongly_refused)
    assert "SOE-FOO-99" not in {t.rule for t in tally([game("soe")], records).tallies}


def _line_one_too_many(source: str) -> Any:
    """A special-VP line (``source``) scored one too many, the sheet's total and the turn's history summed from it."""

    def run_phase(request: PhaseRequest, rulings: Any, /) -> PhaseResult:
        result = his.run_phase(request, rulings)
        raised = {s.power for s in result.scores if any(line.source == source for line in s.special)}
        scores = tuple(
            replace(
                s,
                special=tuple(ScoreLine(x.source, x.vp + (x.source == source)) for x in s.special),
                total=s.total + (s.power in raised),
            )
            for s in result.scores
        )
        *done, last = result.history
        totals = tuple(PowerVp(t.power, t.vp + (t.power in raised)) for t in last.totals)
        return replace(result, scores=scores, history=(*done, replace(last, totals=totals)))

    return run_phase


@pytest.mark.parametrize(("source", "rule"), [("electorates", "HIS-SPECIAL-2"), ("protestant_spaces", "HIS-SPECIAL-7")])
def test_a_wrong_line_fails_its_step_though_the_history_differs_first(source: str, rule: str) -> None:
    """The history's totals come first in the answer, but they are summed from the lines: the line is the step."""
    records = [r for r in records_of("his", SimpleNamespace(run_phase=_line_one_too_many(source)), ("run_phase",))]
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    assert failed and failed[0].differences[0].path.startswith("$.history")
    assert _failed_rules("his", failed) == [rule]


def test_a_domination_found_before_the_standard_victory_fails_the_order_of_the_checks() -> None:
    def domination_first(request: Any, rulings: Any, /) -> Any:
        """HIS-WIN-1 misread: the leader of a standard victory said to win by domination."""
        result = his.determine_victory(request, rulings)
        return replace(result, victory=Victory.DOMINATION) if result.victory is Victory.STANDARD else result

    records = records_of("his", SimpleNamespace(determine_victory=domination_first), ("determine_victory",))
    assert _failed_rules("his", [r for r in records if r.outcome == "failed"]) == ["HIS-WIN-1"]


def test_a_domination_missed_fails_the_domination_rule_also_in_the_play_verdicts() -> None:
    """HIS-WIN-5 misread (a power exactly the margin ahead does not dominate): the outcome before a Copernicus play,
    found on the request's own totals, is the step that went wrong, not the play's HIS-PLAY-1."""

    def missed(outcome: Outcome, turn: int) -> Outcome:
        if outcome.victory is not Victory.DOMINATION:
            return outcome
        return Outcome(Victory.NONE, None, (), None, turn == 9, None if turn == 9 else turn + 1)

    def determine_victory(request: Any, rulings: Any, /) -> Any:
        return missed(his.determine_victory(request, rulings), request.turn)

    def may_play(request: Any, rulings: Any, /) -> Any:
        verdict = his.may_play_copernicus_or_servetus(request, rulings)
        return replace(verdict, before=missed(verdict.before, request.turn), allowed=False)

    target = SimpleNamespace(determine_victory=determine_victory, may_play_copernicus_or_servetus=may_play)
    records = records_of("his", target, ("determine_victory", "may_play_copernicus_or_servetus"))
    failed = [r for r in records if r.outcome == "failed"]
    assert any(r.operation == "may_play_copernicus_or_servetus" for r in failed)
    assert "HIS-WIN-5" in _failed_rules("his", failed)
    assert "HIS-PLAY-1" not in {blamed_rule(r) for r in failed if r.operation != "determine_victory"}


def test_neutral_markers_seeded_in_the_wrong_place_fail_the_seeding_rule_in_clean_up_and_end_war() -> None:
    def seeded_first(board: Any, seeding: Any) -> Any:
        """SOE-CLEAN-6 misread: the new markers put before the old ones."""
        cleaned = clean_up_board(board, seeding)
        return replace(cleaned, neutral_markers=(*seeding, *board.neutral_markers))

    with pytest.MonkeyPatch.context() as patch:  # the one step, in both operations that take it
        for module in ("clean_up", "sequence"):  # the package's own names hide these modules: through sys.modules
            patch.setattr(
                sys.modules[f"rulespec.reference.struggle_of_empires.{module}"], "clean_up_board", seeded_first
            )
        target = SimpleNamespace(clean_up=soe.clean_up, end_war=soe.end_war)
        records = records_of("soe", target, ("clean_up", "end_war"))
    failed = [r for r in records if r.outcome == "failed"]
    assert {r.operation for r in failed} == {"clean_up", "end_war"}
    assert _failed_rules("soe", failed) == ["SOE-CLEAN-6"]


@pytest.mark.parametrize(
    ("reading", "rules"),
    [
        # where the equal VP's penalties differ, more unrest first places them as a ranking on the VP before the
        # penalty does (SOE-END-4's final VP misread): the vector where they do not tells the run which it is
        ("more_unrest_first", ["SOE-RULING-12"]),
        ("shared", ["SOE-RULING-12"]),
        ("tied_low", ["SOE-END-4"]),
        ("before_penalty", ["SOE-END-4"]),
    ],
)
def test_equal_vp_ranked_wrong_fails_the_less_unrest_ruling_and_a_ranking_of_no_reading_the_ranking(
    reading: str, rules: list[str]
) -> None:
    def tie_broken(request: EndGameRequest, rulings: SoeRulings, /) -> Standings:
        """Under ``less_unrest``, equal VP ranked by more unrest first (the alternative's comparison backwards) or
        left sharing a place (``shared`` played): SOE-RULING-12 misread; or placed below every equal (1, 3, 3), or
        ranked on the VP before the penalty: SOE-END-4's ranking misread."""
        standings = soe.end_game(request, rulings).standings
        if rulings.final_tie is not FinalTie.LESS_UNREST:
            return Standings(standings)

        def above(s: Any, o: Any) -> bool:
            if reading == "tied_low":
                return bool(o is not s and o.vp >= s.vp)
            if reading == "before_penalty" and o.vp + o.penalty != s.vp + s.penalty:
                return bool(o.vp + o.penalty > s.vp + s.penalty)
            if reading == "before_penalty":
                return bool(o.unrest < s.unrest)
            return bool(o.vp > s.vp or (o.vp == s.vp and reading == "more_unrest_first" and o.unrest > s.unrest))

        live = [s for s in standings if not s.revolution]
        return Standings(
            tuple(s if s.revolution else replace(s, place=1 + sum(above(s, o) for o in live)) for s in standings)
        )

    records = records_of("soe", SimpleNamespace(end_game=tie_broken), ("end_game",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and _failed_rules("soe", failed) == rules
    if reading == "more_unrest_first":  # two vectors tell it from the VP before the penalty: either alone decides
        for dropped in _LESS_UNREST_TELLING:
            assert any(r.nodeid.endswith(dropped) for r in failed)
            assert _failed_rules("soe", [r for r in failed if not r.nodeid.endswith(dropped)]) == rules


_LESS_UNREST_TELLING = (
    "soe-end-game-equal-vp-less-unrest",
    "soe-end-game-less-unrest-orders-a-penalised-player-among-equals",
)


def _unrest_card_follows_the_acquired_card(request: Any, rulings: Any, /) -> Any:
    """IMP-MARKET-3 misread: under ``acquired_card_to`` ``discard_pile`` the unrest card under the acquired card goes
    to the discard pile too, on top of it."""
    result = imperium.acquire_market_card(request, rulings)
    slot = next(s for s in request.market if s.card is not None and s.card.name == request.card)
    if slot.unrest is None or rulings.acquired_card_to is not AcquiredCardTo.DISCARD_PILE:
        return result
    player = result.player
    hand = tuple(card for card in player.hand if card != slot.unrest)
    return replace(result, player=replace(player, hand=hand, discard_pile=(slot.unrest, *player.discard_pile)))


def test_the_unrest_card_placed_as_the_ruling_places_the_acquired_card_fails_its_own_step_not_the_ruling() -> None:
    """Only acquisitions under ``discard_pile`` meet it, the acquired card where that ruling puts it: IMP-MARKET-3
    sends the unrest card to the hand whatever IMP-RULING-8 says of the card, so the step is IMP-MARKET-3's."""
    target = SimpleNamespace(acquire_market_card=_unrest_card_follows_the_acquired_card)
    records = records_of("imperium", target, ("acquire_market_card",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.rulings["acquired_card_to"] == "discard_pile" for r in failed)
    # the acquisition invariant runs once per rule of the operation: each run under the ruling meets it
    runs = [replace(r, nodeid=f"test_{rule}", kind="invariant", primary=rule) for r in failed for rule in _MARKET]
    assert _failed_rules("imperium", [*records, *runs]) == ["IMP-MARKET-3"]


_MARKET = ("IMP-MARKET-5", "IMP-RULING-8")


@pytest.mark.parametrize(
    ("bug", "rule"),
    [
        ("hand", "IMP-MARKET-3"),
        ("markers", "IMP-MARKET-2"),
        ("tokens", "IMP-MARKET-2"),
        ("replacement", "IMP-MARKET-4"),
        ("kept", "IMP-MARKET-4"),
    ],
)
def test_an_acquisition_wrong_in_one_step_fails_that_steps_rule(bug: str, rule: str) -> None:
    def acquire(request: Any, rulings: Any, /) -> Any:
        """IMP-MARKET-3 misread (the unrest card first in the hand), IMP-MARKET-2 (action tokens not added, or every
        token read off the slot once its replacement lies there: none taken) or IMP-MARKET-4 (the slot refilled from
        the second card of the market deck, or the replacement put in beside the acquired slot, which stays: the
        46th zoo's imp-08)."""
        result = imperium.acquire_market_card(request, rulings)
        player = result.player
        if bug == "kept":
            at = [i for i, slot in enumerate(request.market) if slot.card and slot.card.name == request.card][:1]
            market = list(result.market)
            market[at[0] + 1 : at[0] + 1] = [request.market[at[0]]] if at and request.market_deck else []
            return replace(result, market=tuple(market))
        if bug == "replacement":
            refilled = [i for i, (old, new) in enumerate(zip(request.market, result.market)) if old != new]
            deck = request.market_deck
            if not refilled or len(deck) < 2 or result.market[refilled[0]].card != deck[0]:
                return result
            market = list(result.market)
            market[refilled[0]] = replace(market[refilled[0]], card=deck[-1])
            return replace(result, market=tuple(market), market_deck=deck[:-1])
        if bug == "hand":
            added = len(player.hand) - len(request.player.hand)
            player = replace(player, hand=(*player.hand[: len(player.hand) - added], *reversed(player.hand[-added:])))
        elif bug == "tokens":
            before = request.player
            player = replace(
                player,
                tokens=replace(player.tokens, coins=before.tokens.coins, influence=before.tokens.influence),
                action_markers=before.action_markers,
                markers_on_nation_card=before.markers_on_nation_card,
            )
        else:
            player = replace(player, markers_on_nation_card=request.player.markers_on_nation_card)
        return replace(result, player=player)

    records = records_of("imperium", SimpleNamespace(acquire_market_card=acquire), ("acquire_market_card",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and _failed_rules("imperium", failed) == [rule]
    # the acquisition invariant runs once per rule of the operation: each run that meets the bug fails the step's rule
    assert {blamed_rule(replace(r, rules=("IMP-MARKET-5", *r.rules))) for r in failed} == {rule}


def test_a_slot_dropped_where_no_replacement_is_due_stays_the_rulings() -> None:
    """``leave_empty`` read as taking the emptied slot out of the market: the market one slot short, as where a slot
    is kept beside its replacement it is one long; with no replacement due it is IMP-RULING-9's, not IMP-MARKET-4's
    (the 46th zoo's second reader)."""

    def dropped(request: Any, rulings: Any, /) -> Any:
        result = imperium.acquire_market_card(request, rulings)
        at = [i for i, slot in enumerate(request.market) if slot.card and slot.card.name == request.card][:1]
        if request.market_deck or not at:
            return result
        return replace(result, market=result.market[: at[0]] + result.market[at[0] + 1 :])

    records = records_of("imperium", SimpleNamespace(acquire_market_card=dropped), ("acquire_market_card",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("imperium", records) == ["IMP-RULING-9"]


def test_a_legal_input_refused_as_the_other_reading_of_a_ruling_refuses_it_fails_that_rulings_clause() -> None:
    def bible_for_protestants_only(name: str) -> Any:
        """HIS-RULING-6's ``any`` misread: Bible translations still refused to every power but the Protestants."""

        def call(request: Any, rulings: Any, /) -> Any:
            return getattr(his, name)(request, replace(rulings, bonus_earners=BonusEarners.PUBLISHED))

        return call

    target = SimpleNamespace(**{op.name: bible_for_protestants_only(op.name) for op in game("his").operations})
    records = records_of("his", target)
    refused = [r for r in records if r.outcome == "failed" and r.detail.startswith("refused a legal input")]
    cited = {json.dumps(r.got) for r in refused}
    assert refused and any('"HIS-BONUS-9"' in got for got in cited)  # Bibles refused (voyages, HIS-BONUS-3, too)
    assert {blamed_rule(r, records) for r in refused} == {"HIS-RULING-6"}  # not the rules the refusals cite


def _this_turn_first(request: PhaseRequest, rulings: Any, /) -> PhaseResult:
    """HIS-WIN-9 misread: the phase puts this turn's record at the front of the history, not at its end."""
    result = his.run_phase(request, rulings)
    return replace(result, history=(result.history[-1], *result.history[:-1]))


def test_a_history_in_another_order_fails_the_history_rule_in_every_phase_vector() -> None:
    records = records_of("his", SimpleNamespace(run_phase=_this_turn_first), ("run_phase",))
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    assert len({r.primary_rule for r in failed}) >= 3  # the phase vectors of many rules hold a history
    assert {blamed_rule(r) for r in failed} == {"HIS-WIN-9"}


def _this_turn_numbered_from_zero(request: PhaseRequest, rulings: Any, /) -> PhaseResult:
    """HIS-WIN-9 misread: the record the phase appends numbered by its index in the history (turn - 1)."""
    result = his.run_phase(request, rulings)
    last = result.history[-1]
    return replace(result, history=(*result.history[:-1], replace(last, turn=len(result.history) - 1)))


def test_a_history_record_numbered_otherwise_fails_the_history_rule_in_every_phase_vector() -> None:
    records = records_of("his", SimpleNamespace(run_phase=_this_turn_numbered_from_zero), ("run_phase",))
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    assert len({r.primary_rule for r in failed}) >= 3  # each phase vector's own rule, the sheets' and verdicts' too
    assert _failed_rules("his", records) == ["HIS-WIN-9"]


def _special_lines_shown(name: str, shown: Callable[[str, Any], Any]) -> Any:
    """HIS-SPECIAL-9 misread in operation ``name``: each power's special lines, each scored right, shown as ``shown``
    gives them (from the power and its lines)."""

    def sheet(score: Any) -> Any:
        field = "special" if hasattr(score, "special") else "lines"
        return replace(score, **{field: tuple(shown(score.power, getattr(score, field)))})

    def call(request: Any, rulings: Any, /) -> Any:
        result = getattr(his, name)(request, rulings)
        if isinstance(result, PhaseResult):
            return replace(result, scores=tuple(sheet(score) for score in result.scores))
        return sheet(result)

    return call


def _papal_first(power: str, lines: Any) -> Any:
    """The Papacy's lines come out Protestant spaces first, then St. Peter's."""
    return lines[::-1] if power == "papacy" else lines


def _zeros_left_out(power: str, lines: Any) -> Any:
    """The lines worth 0 are not shown (the 40th zoo's his-03)."""
    return [line for line in lines if line.vp != 0]


@pytest.mark.parametrize("shown", [_papal_first, _zeros_left_out])
def test_a_sheets_lines_shown_otherwise_fail_the_clause_that_states_them(shown: Callable[[str, Any], Any]) -> None:
    operations = ("special_vp", "score_power", "run_phase")
    target = SimpleNamespace(**{name: _special_lines_shown(name, shown) for name in operations})
    records = records_of("his", target, operations)
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    assert {r.operation for r in failed} == set(operations)
    # the first line differing is St. Peter's (HIS-SPECIAL-6), where the Papacy's sheet shows the track: the lines
    # are right, their order or their number is not
    assert {blamed_rule(r, records) for r in failed} == {"HIS-SPECIAL-9"}


def _outcome_before_the_play(request: PhaseRequest, rulings: Any, /) -> PhaseResult:
    """HIS-PLAY-2 misread: an allowed play scored and recorded, but the outcome reported is the one before it."""
    result = his.run_phase(request, rulings)
    if request.play is None:
        return result
    return replace(result, outcome=his.may_play_copernicus_or_servetus(request, rulings).before)


def test_an_outcome_reported_before_the_play_fails_the_play_rule_not_the_victory_it_shows() -> None:
    records = records_of("his", SimpleNamespace(run_phase=_outcome_before_the_play), ("run_phase",))
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    assert failed and all(d.path.startswith("$.outcome") for r in failed for d in r.differences)
    assert {blamed_rule(r) for r in failed} == {"HIS-PLAY-2"}  # not the domination the outcome before shows


def test_a_tie_listing_the_powers_dropped_on_the_way_fails_the_unbroken_tie_rule() -> None:
    def every_tied_power(request: Any, rulings: Any, /) -> Any:
        """HIS-WIN-4 misread: an unbroken tie lists every power tied this turn, the dropped ones too."""
        result = his.determine_victory(request, rulings)
        if not result.tied:
            return result
        best = max(t.vp for t in request.totals)
        tied = {t.power for t in request.totals if t.vp == best}
        return replace(result, tied=tuple(power for power in Power if power in tied))  # listed as every result is

    records = records_of("his", SimpleNamespace(determine_victory=every_tied_power), ("determine_victory",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) > 1  # the tie's own rules and the rulings on what follows it
    # where the game ends the list is HIS-WIN-4's; under play_on before the last turn the game goes on, and
    # HIS-RULING-3 states that outcome whole, its tied list included (the hook names no step there)
    assert _failed_rules("his", failed) == ["HIS-RULING-3", "HIS-WIN-4"]


def test_domination_from_one_turn_late_fails_the_first_turn_ruling() -> None:
    def one_turn_late(request: Any, rulings: Any, /) -> Any:
        """HIS-RULING-1 misread: no domination on the first turn of domination itself."""
        result = his.determine_victory(request, rulings)
        if result.victory is Victory.DOMINATION and request.turn == rulings.domination_first_turn:
            return Outcome(Victory.NONE, None, (), None, False, request.turn + 1)
        return result

    records = records_of("his", SimpleNamespace(determine_victory=one_turn_late), ("determine_victory",))
    failed = [r for r in records if r.outcome == "failed"]
    assert any(r.primary_rule != "HIS-RULING-1" for r in failed)
    blamed = Counter(blamed_rule(r) for r in failed)
    # a lead at the margin's edge on that very turn could be either part of HIS-WIN-5's condition (the boundary
    # vectors sit on both edges at once): left to the lead, the one other rule failed
    assert set(blamed) <= {"HIS-RULING-1", "HIS-WIN-5"} and blamed["HIS-RULING-1"], blamed


def _misread(function: Any, reading: Any, package: Any = soe) -> Any:
    """An operation of the reference (``package``'s) that runs ``reading`` in place of ``function`` (the same
    signature): a port with one misread step, every other step the reference's own."""

    def operation(name: str) -> Any:
        def call(request: Any, rulings: Any, /) -> Any:
            kept, function.__code__ = function.__code__, reading.__code__
            try:
                return getattr(package, name)(request, rulings)
            finally:
                function.__code__ = kept

        return call

    return operation


def _misread_records(key: str, function: Any, reading: Any, operation: str, package: Any) -> list[CheckRecord]:
    """The records of a port of ``package`` with one step of ``operation`` misread (``_misread``), over the vectors of
    that operation alone."""
    misread = _misread(function, reading, package)
    return records_of(key, SimpleNamespace(**{operation: misread(operation)}), (operation,))


def _primaries_failed(records: list[CheckRecord]) -> int:
    """How many primary rules the failing checks have: a bug spread over that many rules' checks before its blame."""
    return len({r.primary_rule for r in records if r.outcome == "failed"})


def _disbanding_first(request: Any, rulings: Any, /) -> Any:
    """SOE-MAINT-2 misread: disbanding refused before the draws are counted, so a request with both faults is refused
    as IllegalAction. It runs as ``maintenance.pay_maintenance``'s code, so it names only what that module does (its
    ``validate_rulings`` is SoE's)."""
    validate_rulings(rulings)
    validate_empires(request.empires)
    validate_orders(request.orders, tuple(e.player for e in request.empires), rulings)
    refuse_disbanding(request.orders)
    check_unrest_draws(request.empires, request.orders, rulings)
    return Empires(maintain_units(request.empires, request.orders, rulings))


def test_an_illegal_action_refused_before_a_fault_fails_the_clause_that_says_it_comes_after() -> None:
    misread = _misread(maintenance.pay_maintenance, _disbanding_first)
    records = records_of("soe", SimpleNamespace(pay_maintenance=misread("pay_maintenance")), ("pay_maintenance",))
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    # each vector is primary to the fault refused first (the draws', SOE-MAINT-5); SOE-MAINT-2 says when it is checked
    assert failed and {r.primary_rule for r in failed} == {"SOE-MAINT-5"}
    assert {blamed_rule(r, records) for r in failed} == {"SOE-MAINT-2"}


def _taxations_worth_one(empire: Any, rulings: Any) -> Any:
    """SOE-MAINT-4 misread: each taxation yields 1 gold, whatever ``gold_per_taxation`` says (the 26th zoo's soe-07).
    It runs as ``maintenance.pay_for_units``'s code, so it names only what that module does."""
    cost = maintenance_cost(empire)
    return replace(empire, gold=empire.gold + taxations_needed(empire.gold, cost, rulings.gold_per_taxation) - cost)


def test_a_rate_left_out_of_a_product_fails_the_clause_that_states_the_rate() -> None:
    misread = _misread(maintenance.pay_for_units, _taxations_worth_one)
    operations = ("pay_maintenance", "end_war")
    records = records_of("soe", SimpleNamespace(**{name: misread(name) for name in operations}), operations)
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    # the vectors under 2 gold a taxation or more, of the taxations' count (SOE-MAINT-3), of what one yields
    # (SOE-MAINT-4), of the end of a war (SOE-SEQ-1) and of the values past those listed (SOE-RULING-9): the gold
    # they get wrong is what a taxation yields, SOE-MAINT-4's, not the formula's (SOE-MAINT-7) that reads it
    assert min(r.rulings["gold_per_taxation"] for r in failed) == 2
    assert {r.primary_rule for r in failed} == {"SOE-MAINT-3", "SOE-MAINT-4", "SOE-SEQ-1", "SOE-RULING-9"}
    assert {blamed_rule(r, records) for r in failed} == {"SOE-MAINT-4"}


def _read_off(misread: Callable[[SoeRulings], SoeRulings]) -> Any:
    """Every operation of the reference, asked under the rulings ``misread`` makes of those asked."""

    def asked_so(name: str) -> Callable[[Any, SoeRulings], Any]:
        def call(request: Any, rulings: SoeRulings, /) -> Any:
            return getattr(soe, name)(request, misread(rulings))

        return call

    return SimpleNamespace(**{op.name: asked_so(op.name) for op in game("soe").operations})


def _markerless_off_the_zero_flag(asked: SoeRulings) -> SoeRulings:
    """``markerless_scores`` read from the other "zero" flag (the 39th zoo's soe-06)."""
    return replace(asked, markerless_scores=asked.zero_unrest_penalised)


def _rank_off_the_scope(asked: SoeRulings) -> SoeRulings:
    """Whether a major takes a place read from ``unfriendly_scope`` (the 40th zoo's soe-03)."""
    occupies = asked.unfriendly_scope is UnfriendlyScope.GAME
    return replace(asked, non_player_rank=NonPlayerRank.OCCUPIES if occupies else NonPlayerRank.IGNORED)


@pytest.mark.parametrize(
    ("misread", "field", "rule"),
    [
        (_markerless_off_the_zero_flag, "markerless_scores", "SOE-RULING-6"),
        (_rank_off_the_scope, "non_player_rank", "SOE-RULING-4"),
    ],
)
def test_a_ruling_read_off_another_rulings_field_fails_its_own_clause_under_the_defaults_too(
    misread: Callable[[SoeRulings], SoeRulings], field: str, rule: str
) -> None:
    """A ruling read off another field plays its other alternative where that field holds the value read so, under
    the ruling's own default too, where the checks of many rules fail: the run shows one alternative played per value
    of the other field, so the ruling's clause fails, not the rules of the checks asked at its default."""
    # the vectors, and as an invariant draws them: the same requests with the field read off at its other value
    flipped = {"zero_unrest_penalised": (True,), "unfriendly_scope": (UnfriendlyScope.REGION,)}
    drawn = [
        replace(r, nodeid=f"test_drawn::{r.nodeid}", kind="invariant", declared={})
        for r in records_of("soe", _read_off(misread), declared=flipped)
    ]
    records = [*records_of("soe", _read_off(misread)), *drawn]
    default = json_value(SoeRulings())
    failed = [r for r in records if r.outcome == "failed"]
    at_default = [r for r in failed if r.rulings[field] == default[field]]
    assert len({r.primary_rule for r in at_default}) >= 2  # the ruling asked at its default fails too, over rules
    assert {blamed_rule(r, records) for r in at_default} == {rule}
    # asked off its default where another ruling's other alternative answers alike, the ruling is not named for sure
    assert rule in _failed_rules("soe", records) and len(_failed_rules("soe", records)) <= 2


def _non_entrants_given_the_next_place(players: Any, region: Any, rulings: Any) -> Any:
    """SOE-SCORE-9 misread: a player who is no entrant given the value of the place after the last group, not 0 (runs
    as ``scoring.award_places``; the 41st zoo's soe-01)."""
    unfriendly = ties_are_unfriendly(len(players), region, rulings)
    groups = rank_entrants(region_entrants(players, region, rulings))
    scored = {e.holder: group_value(region.values, g, unfriendly, rulings) for g in groups for e in g.entrants}
    after = place_value(region.values, max((g.place + len(g.entrants) for g in groups), default=1))
    return tuple(Award(player, scored.get(player, after)) for player in players)


def _every_player_ranked(players: Any, region: Any, rulings: Any) -> Any:
    """SOE-RULING-6 misread: ``markerless_scores`` read as true whatever it says (runs as ``scoring.award_places``)."""
    ranked = replace(rulings, markerless_scores=True)
    unfriendly = ties_are_unfriendly(len(players), region, ranked)
    groups = rank_entrants(region_entrants(players, region, ranked))
    scored = {e.holder: group_value(region.values, g, unfriendly, ranked) for g in groups for e in g.entrants}
    return tuple(Award(player, scored.get(player, 0)) for player in players)


@pytest.mark.parametrize(
    ("reading", "rules"),
    [
        # a lone player without a place given the next value is what ranking every player gives too: SOE-SCORE-2
        (_non_entrants_given_the_next_place, ["SOE-SCORE-2", "SOE-SCORE-9"]),
        (_every_player_ranked, ["SOE-SCORE-2"]),  # several ranked tie at 0 markers: who is an entrant, not the 0
    ],
)
def test_a_player_who_is_no_entrant_given_vp_fails_the_clause_giving_it_0(reading: Any, rules: list[str]) -> None:
    """Every entrant valued right, the players without a place given the next place's value: SOE-SCORE-9 (a player
    who is not an entrant scores 0), in one region's awards and in the sum over the map, not each vector's rule;
    the players without markers ranked as entrants instead: the reading of who is one."""
    misread = _misread(scoring.award_places, reading)
    operations = ("score_region", "score_regions")
    records = records_of("soe", SimpleNamespace(**{name: misread(name) for name in operations}), operations)
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and len({r.primary_rule for r in failed}) >= 2
    assert _failed_rules("soe", records) == rules


def test_the_new_steps_read_a_hostile_answer_without_raising() -> None:
    """An answer holds whatever the implementation sent: a gold as text, a line's source or an award's player as a
    list. Each step reading it says nothing of it rather than raising."""
    asked: dict[str, Any] = {"empires": [{"player": "a", "gold": 2, "population": 4}]}
    due: dict[str, Any] = {"empires": [{"gold": 9}]}
    gold = ("$.empires[0].gold",)
    for operation in ("end_war", "collect_income"):
        assert soe_blame.decided(operation, asked, {}, due, {"empires": [{"gold": "7"}]}, gold) is None
    lines: dict[str, Any] = {"lines": [{"source": "piracy", "vp": 0}]}
    listed = {"lines": [{"source": ["piracy"], "vp": 0}, {"source": ["piracy"], "vp": 0}]}
    assert his_blame.decided("special_vp", {}, {}, lines, listed, ("$.lines",)) is None
    region = {"name": "Baltic", "values": [6, 4], "control": [{"holder": "a", "markers": 1}], "non_player_control": []}
    awards: dict[str, Any] = {"region": "Baltic", "awards": [{"player": "a", "vp": 6}, {"player": "b", "vp": 0}]}
    strange = {**awards, "awards": [{"player": "a", "vp": 6}, {"player": ["b"], "vp": 4}]}
    paths = ("$.awards[1].player", "$.awards[1].vp")
    request = {"players": ["a", "b"], "region": region}
    assert soe_blame.decided("score_region", request, json_value(SoeRulings()), awards, strange, paths) is None


def _taxations_counted_once(empire: Any, rulings: Any) -> Any:
    """SOE-MAINT-4 misread: an empire that taxes gets one taxation's gold however many it needs (the 39th zoo's
    soe-02), its draws still counted right. It runs as ``maintenance.pay_for_units``'s code."""
    cost = maintenance_cost(empire)
    taxes = taxations_needed(empire.gold, cost, rulings.gold_per_taxation)
    return replace(empire, gold=empire.gold + (rulings.gold_per_taxation if taxes else 0) - cost)


def _treasury_written_over(empire: Any) -> Any:
    """SOE-INCOME-4 misread: the income written over the gold held instead of added to it (the 39th zoo's soe-01).
    It runs as ``income.gain_population_income``'s code: the markers' income is still added after it."""
    return replace(empire, gold=empire.population)


@pytest.mark.parametrize(
    ("function", "reading", "operation", "rule"),
    [
        (maintenance.pay_for_units, _taxations_counted_once, "pay_maintenance", "SOE-MAINT-4"),
        (soe_income.gain_population_income, _treasury_written_over, "collect_income", "SOE-INCOME-4"),
    ],
)
def test_a_term_read_once_or_written_over_fails_the_clause_of_that_term(
    function: Any, reading: Any, operation: str, rule: str
) -> None:
    """A count read as whether there is any (one taxation's yield for all), and the gold held left out of the income:
    each fails its clause, in the operation alone and in the end of a war, not each vector's own rule."""
    misread = _misread(function, reading)
    operations = (operation, "end_war")
    records = records_of("soe", SimpleNamespace(**{name: misread(name) for name in operations}), operations)
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    assert {r.operation for r in failed} == set(operations)
    assert len({r.primary_rule for r in failed}) > 2  # vectors of several rules meet it
    # an empire with no population shows the gold held lost no surer than a marker miscounted by as much (below)
    peopled = [r for r in failed if "error" not in r.got and all(e["population"] for e in r.request["empires"])]
    assert peopled and {blamed_rule(r, records) for r in peopled} == {rule}
    # there, the gold held left out of the population's step is that step's (SOE-INCOME-1) misreading
    assert _failed_rules("soe", records) == sorted({rule, "SOE-INCOME-1" if operation == "collect_income" else rule})


def test_an_income_short_by_the_gold_held_of_an_empire_without_population_shows_no_treasury_written_over() -> None:
    """With no population, the gold held taken off the income is what a marker miscounted by that much answers too
    (the 26th zoo's soe-01, markers counted one per entry): not SOE-INCOME-4 for sure; with a population it is."""
    regions = [{"control": [{"holder": "a", "markers": 3}]}]
    bare = {"empires": [{"player": "a", "gold": 2, "population": 0}], "regions": regions}
    gold = ("$.empires[0].gold",)
    assert soe_blame.decided("collect_income", bare, {}, {}, {"empires": [{"gold": 3}]}, gold) != "SOE-INCOME-4"
    peopled = {"empires": [{"player": "a", "gold": 5, "population": 4}], "regions": regions}
    assert soe_blame.decided("collect_income", peopled, {}, {}, {"empires": [{"gold": 7}]}, gold) == "SOE-INCOME-4"


def _standings_by_place(name: str) -> Any:
    """SOE-END-3 misread in operation ``name``: the standings, each right, listed by place (revolutions last) instead
    of in the order of the empires."""

    def call(request: Any, rulings: Any, /) -> Any:
        result = getattr(soe, name)(request, rulings)
        if result.standings is None:
            return result
        ranked = sorted(result.standings, key=lambda s: (s.place is None, s.place or 0))
        return replace(result, standings=tuple(ranked))

    return call


def test_standings_in_another_order_fail_the_clause_that_orders_them() -> None:
    operations = ("end_game", "end_war")
    target = SimpleNamespace(**{name: _standings_by_place(name) for name in operations})
    records = records_of("soe", target, operations)
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    assert {r.operation for r in failed} == set(operations)
    assert len({r.primary_rule for r in failed}) >= 3  # the standings of many rules' vectors are out of order
    assert {blamed_rule(r, records) for r in failed} == {"SOE-END-3"}


def _entrants_from_two(players: Any, region: Any, rulings: SoeRulings) -> Any:
    """SOE-SCORE-2 misread: a player needs 2 markers, not 1, to be ranked (``markerless_scores`` off). It runs as
    ``scoring.region_entrants``'s code, so it names only what that module does."""
    ranked = tuple(
        Entrant(player, player_markers(player, region), is_player=True)
        for player in players
        if rulings.markerless_scores or player_markers(player, region) >= 2
    )
    if rulings.non_player_rank is NonPlayerRank.IGNORED:
        return ranked
    return ranked + tuple(
        Entrant(p.holder, p.markers, is_player=False) for p in region.non_player_control if p.markers >= 1
    )


def test_a_threshold_misread_fails_its_clause_though_every_scoring_vector_pins_another() -> None:
    misread = _misread(scoring.region_entrants, _entrants_from_two)
    records = records_of("soe", SimpleNamespace(score_region=misread("score_region")), ("score_region",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 4  # the bug reaches vectors of many scoring rules
    # one misreading of the reference (1 marker read as 2) answers the failures, and no passed vector refutes it;
    # one answer is also the reference's under another reading of non_player_rank, but the misreading fails checks
    # asked at that ruling's default too: the ruling is not what was misread
    blamed = [blamed_rule(r, records) for r in failed]
    assert set(blamed) == {"SOE-SCORE-2"}, blamed
    statuses = {t.rule: t.status for t in tally([game("soe")], records).tallies}
    assert sorted(rule for rule, status in statuses.items() if status == FAILED) == ["SOE-SCORE-2"]
    # without the run's passes nothing can refute a misreading: the blame keeps each check's own evidence
    assert {blamed_rule(r) for r in failed} != {"SOE-SCORE-2"}


def _taxations_rounded_down(gold: int, cost: int, gold_per_taxation: int) -> int:
    """SOE-MAINT-3 misread: the taxations a shortfall needs rounded down, so the right draws are refused."""
    return max(0, cost - gold) // gold_per_taxation


def test_a_refusal_a_misread_count_gives_fails_the_count_not_the_rule_it_cites() -> None:
    misread = _misread(maintenance.taxations_needed, _taxations_rounded_down)
    records = records_of("soe", SimpleNamespace(pay_maintenance=misread("pay_maintenance")), ("pay_maintenance",))
    refused = [r for r in records if r.outcome == "failed" and r.detail.startswith("refused a legal input")]
    assert refused  # the vectors with a shortfall that is not a multiple of the yield
    # alone, nothing weighs the evidence: another gold_per_taxation happens to refuse the same draws
    assert "SOE-MAINT-3" not in {blamed_rule(r) for r in refused}
    # the run's passes refute that ruling (those asked 2 show 2 played) and leave one misreading: the count's
    listed = [r for r in refused if r.rulings["gold_per_taxation"] in (2, 3)]
    assert listed and {blamed_rule(r, records) for r in listed} == {"SOE-MAINT-3"}
    # no passed vector asks 4 or 2^53 - 1, and the refusal names only a field: another value of the ruling still
    # answers so there, and those checks fail the ruling; the count's clause and the ruling's are all that fail
    assert _failed_rules("soe", records) == ["SOE-MAINT-3", "SOE-RULING-9"]


def _refusing_seven(name: str) -> Any:
    """SOE-GAME-1 misread as 2 to 6 players: a legal 7 refused, in every operation, before anything else."""
    operation = getattr(soe, name)

    def call(request: Any, rulings: Any, /) -> Any:
        if len(getattr(request, "empires", ()) or getattr(request, "players", ())) == 7:
            raise InvalidState("empires", 7, "a game has 2 to 6 players", "SOE-GAME-1")
        return operation(request, rulings)

    return call


def test_a_fault_refused_for_a_misread_count_fails_the_count_not_the_faults_rule() -> None:
    target = SimpleNamespace(**{op.name: _refusing_seven(op.name) for op in game("soe").operations})
    records = records_of("soe", target)
    seven = next(loaded for loaded in load_game(game("soe")) if loaded.case.id == "soe-game-seven-players-allowed")
    first = replace(seven.request.empires[0], player="")  # SOE-GAME-2: a player has a name
    faulty: Any = replace(seven.request, empires=(first, *seven.request.empires[1:]))
    answers: list[Any] = []
    for call in (soe.collect_income, target.collect_income):
        with pytest.raises(InvalidState) as refusal:
            call(faulty, seven.rulings)
        answers.append({"error": {"kind": "InvalidState", "field": refusal.value.field}})
    assert answers[0] != answers[1]  # the fault's own field, and the count's
    record = CheckRecord(
        "test_collect_income_refuses_each_fault",
        "soe",
        "invariant",
        ("SOE-GAME-2", "SOE-GAME-1"),  # an invariant over every fault involves the count's rule too
        Verdict.FAILED.value,
        "refused for another field",
        operation="collect_income",
        request=wire_form(faulty),
        rulings=wire_form(seven.rulings),
        expected=answers[0],
        got=answers[1],
    )
    assert blamed_rule(record) == "SOE-GAME-2"  # alone, a refusal for one of the check's rules stays its own
    # the run's passes leave one misreading that refuses so: the count read one short
    assert blamed_rule(record, [*records, record]) == "SOE-GAME-1"


def _below_tie_one_place_high(values: Any, group: Any, rulings: SoeRulings) -> Any:
    """SOE-SCORE-8 misread: under ``below_tie`` a tied group of k scores place p+k-1, one place high (for a pair,
    what ``next_place`` gives). It runs as ``scoring.bump_down``'s code, so it names only what that module does."""
    if rulings.unfriendly_tie is UnfriendlyTie.NEXT_PLACE:
        return place_value(values, group.place + 1)
    if rulings.unfriendly_tie is UnfriendlyTie.BELOW_TIE:
        return place_value(values, group.place + len(group.entrants) - 1)
    return 0


def test_a_misread_formula_fails_the_rule_stating_it_and_an_answer_of_another_alternative_the_ruling() -> None:
    misread = _misread(scoring.bump_down, _below_tie_one_place_high)
    records = records_of("soe", SimpleNamespace(score_region=misread("score_region")), ("score_region",))
    failed = {r.nodeid.rpartition("::")[2]: r for r in records if r.outcome == "failed"}
    # the vectors that fail all pin the ruling; the invariant on unfriendly ties fails too (here on the same request)
    three = failed["soe-score-region-three-way-unfriendly-below-tie"]
    records.append(replace(three, nodeid="test_unfriendly_ties", kind="invariant", primary="SOE-SCORE-8"))
    # a pair scored one place high scores what next_place gives: the ruling misread
    assert blamed_rule(failed["soe-score-region-unfriendly-pair-below-tie"], records) == "SOE-RULING-3"
    # three tied scored p+2 is no alternative's answer: the formula p+k, which SOE-SCORE-8 states, misread
    assert blamed_rule(failed["soe-score-region-three-way-unfriendly-below-tie"], records) == "SOE-SCORE-8"
    statuses = {t.rule: t.status for t in tally([game("soe")], records).tallies}
    assert sorted(rule for rule, status in statuses.items() if status == FAILED) == ["SOE-RULING-3", "SOE-SCORE-8"]


def test_a_misreading_a_passed_vector_refutes_is_never_blamed() -> None:
    from rulespec.conformance.harness.blame.misread import refuted
    from rulespec.conformance.harness.blame.weighed import explanations

    misread = _misread(scoring.region_entrants, _entrants_from_two)
    records = records_of("soe", SimpleNamespace(score_region=misread("score_region")), ("score_region",))
    failed = [r for r in records if r.outcome == "failed"]
    explaining = {name for r in failed for name, _ in explanations(r)}
    passed = frozenset(r.nodeid.rpartition("::")[2] for r in records if r.outcome == "passed")
    # the engine's own misreading survives every vector it passed
    assert any(not refuted("soe", name, passed) for name in explaining)
    # had it passed its failing vectors too, each answers them otherwise under every misreading that explains them
    every = frozenset(r.nodeid.rpartition("::")[2] for r in records)
    assert explaining and all(refuted("soe", name, every) for name in explaining)


def test_a_misreading_that_never_ends_is_stopped_by_a_count_of_steps_not_a_time() -> None:
    from rulespec.conformance.harness.blame import misread

    def endless() -> None:
        while True:
            pass

    with pytest.raises(misread._Endless):  # pyright: ignore[reportPrivateUsage]
        misread._bounded(endless)  # pyright: ignore[reportPrivateUsage]
    assert sys.gettrace() is None  # the tracer is put back


def _lowest_score_wins(request: Any, rulings: Any, /) -> Any:
    """IMP-COLLAPSE-4 misread: among the players tied on unrest, the lowest score wins (``min`` for ``max``)."""
    result = imperium.determine_winner(request, rulings)
    if result.decided_by is Decider.UNREST:
        return result
    fewest = [i for i, n in enumerate(result.unrest) if n == min(result.unrest)]
    lowest = min(request.scores[i] for i in fewest)
    top = [i for i in fewest if request.scores[i] == lowest]
    if len(top) == 1:
        return replace(result, winners=(request.players[top[0]].name,), decided_by=Decider.SCORE)
    if rulings.full_tie is FullTie.LATER_IN_TURN_ORDER:
        return replace(result, winners=(request.players[top[-1]].name,), decided_by=Decider.TURN_ORDER)
    return replace(result, winners=tuple(request.players[i].name for i in top), decided_by=Decider.SHARED)


def test_a_misreading_in_a_step_of_a_sequence_fails_the_clause_its_step_names() -> None:
    """``determine_winner`` states a range of clauses; its score step names IMP-COLLAPSE-4 on its line, so the tie
    broken by the lowest score fails that clause, not the full-tie or last-unrest rules whose vectors meet it."""
    records = records_of("imperium", SimpleNamespace(determine_winner=_lowest_score_wins), ("determine_winner",))
    failed = [r for r in records if r.outcome == "failed"]
    assert {r.primary_rule for r in failed} >= {"IMP-COLLAPSE-4", "IMP-RULING-5"}  # it reaches other rules' vectors
    assert _failed_rules("imperium", records) == ["IMP-COLLAPSE-4"]


def _nation_card_counted_as_drawn(request: Any, rulings: Any, /) -> Any:
    """IMP-RULING-1 misread: under ``hand`` the nation card a shuffle puts in the hand is listed as drawn too."""
    result = imperium.draw(request, rulings)
    if rulings.nation_card_on_shuffle is not NationCardOnShuffle.HAND:
        return result
    before = {card.name for card in request.player.hand}
    joined = tuple(c.name for c in result.player.hand if c.suit is Suit.NATION and c.name not in before)
    return replace(result, drawn=result.drawn + joined)


def test_failures_only_under_one_alternative_of_a_ruling_fail_that_ruling_not_each_rule_they_ran_under() -> None:
    records = records_of("imperium", SimpleNamespace(draw=_nation_card_counted_as_drawn), ("draw",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.rulings["nation_card_on_shuffle"] == "hand" for r in failed)
    # the draw invariant runs once per rule of the operation: its runs under ``hand`` fail the shuffle rules' checks
    scoped = [replace(r, nodeid=f"{r.nodeid}[{rule}]", rules=(rule, *r.rules)) for r in failed for rule in _SHUFFLE]
    assert _failed_rules("imperium", [*records, *scoped]) == ["IMP-RULING-1"]
    # under the default, the same answers spread over the shuffle rules stay theirs: no ruling is shared
    default = [replace(r, rulings={**r.rulings, "nation_card_on_shuffle": "discard_pile"}) for r in scoped]
    assert _failed_rules("imperium", [*[r for r in records if r.outcome != "failed"], *default]) == sorted(_SHUFFLE)


_SHUFFLE = ("IMP-DRAW-2", "IMP-DRAW-3", "IMP-DRAW-4")


def _claims_before_shapes(bonuses: Any, rulings: Any) -> None:
    """HIS-VP-3 misread: every entry's claim checked before every entry's shape (runs as ``check_bonuses``)."""
    for i, bonus in enumerate(bonuses):
        check_debate(bonus, f"bonuses[{i}]")
        check_earner(bonus, f"bonuses[{i}]", rulings)
    validate_bonuses(bonuses, rulings)
    check_once(bonuses, "bonuses")


def _board_before_base_vp(request: Any, rulings: Any, /) -> Any:
    """HIS-VP-3 misread: the board checked before the base VP (runs as ``score_power``)."""
    validate_rulings(rulings)
    power = validate_power(request.power, "power")
    validate_board(request.board, rulings)
    validate_base_vp(request.base_vp, "base_vp")
    check_bonuses(request.bonuses, rulings)
    return score_sheet(power, request.base_vp, request.board, request.bonuses, rulings)


def _base_vp_before_power(request: Any, rulings: Any, /) -> Any:
    """HIS-VP-3 misread: the base VP checked before the power, whose checked value is kept (runs as
    ``score_power``)."""
    validate_rulings(rulings)
    validate_base_vp(request.base_vp, "base_vp")
    power = validate_power(request.power, "power")
    validate_board(request.board, rulings)
    check_bonuses(request.bonuses, rulings)
    return score_sheet(power, request.base_vp, request.board, request.bonuses, rulings)


def _bonuses_before_power(request: Any, rulings: Any, /) -> Any:
    """HIS-VP-3 misread: the bonuses checked before the power (runs as ``bonus_vp``; the 41st zoo's his-02)."""
    validate_rulings(rulings)
    check_bonuses(request.bonuses, rulings)
    power = validate_power(request.power, "power")
    lines = bonus_lines(power, request.bonuses)
    return BonusVp(power.value, lines, sum(line.vp for line in lines))


def _board_before_power(request: Any, rulings: Any, /) -> Any:
    """HIS-VP-3 misread: the board checked before the power (runs as ``special_vp``)."""
    validate_rulings(rulings)
    validate_board(request.board, rulings)
    power = validate_power(request.power, "power")
    lines = special_lines(power, request.board, rulings)
    return SpecialVp(power.value, lines, sum(line.vp for line in lines))


@pytest.mark.parametrize(
    ("function", "reading"),
    [(his_bonus.check_bonuses, _claims_before_shapes), (his_score.score_power, _board_before_base_vp)],
)
def test_two_checks_taken_in_the_other_order_fail_the_clause_stating_their_order(function: Any, reading: Any) -> None:
    """Each single-fault check still refuses as its own clause says; the two-fault requests refused on the other
    fault fail the order, which the function taking both checks names (not HIS-VP-2, which one of them cites)."""
    misread = _misread(function, reading, his)
    operations = ("bonus_vp", "score_power")
    records = records_of("his", SimpleNamespace(**{name: misread(name) for name in operations}), operations)
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 2  # the vectors of the checks' own rules meet it
    assert _failed_rules("his", records) == ["HIS-VP-3"]


_DEBATER: dict[str, Any] = {"kind": "burned_debater", "power": "france", "vp": 1, "debater": "protestant"}
_BOARD: dict[str, Any] = {
    "piracy_vp": 0,
    "schmalkaldic_league": False,
    "habsburg_electorates": 0,
    "habsburg_electorates_in_unrest": 0,
    "edward_vi_born": False,
    "elizabeth_i_born": False,
    "english_spaces_protestant": 0,
    "chateaux": -1,
    "st_peters": 0,
    "protestant_spaces": 0,
    "protestant_spaces_in_unrest": 0,
}


@pytest.mark.parametrize(
    ("function", "reading", "operation", "request_"),
    [
        # a France burning a debater is not allowed; the power "" is no power
        (his_bonus.bonus_vp, _bonuses_before_power, "bonus_vp", {"power": "", "bonuses": [_DEBATER]}),
        (his_special.special_vp, _board_before_power, "special_vp", {"power": "", "board": _BOARD}),
    ],
)
def test_a_later_check_moved_before_the_power_fails_the_order_its_line_names(
    function: Any, reading: Any, operation: str, request_: dict[str, Any]
) -> None:
    """The power checked after the bonuses or the board (the 41st zoo's his-02): an invariant's request holding no
    power and a fault the later check refuses first fails HIS-VP-3, which the later check names on its line in the
    reference, not the clause of that fault's refusal."""
    misread = _misread(function, reading, his)
    records = records_of("his", SimpleNamespace(**{operation: misread(operation)}), (operation,))
    rulings = json_value(HisRulings())
    expected = reference_answer(game("his"), operation, request_, rulings)
    typed = typed_question(game("his"), operation, request_, rulings)
    assert typed is not None and expected == {"error": {"kind": "InvalidState", "field": "power"}}
    got = _answered(lambda: misread(operation)(*typed))
    drawn = CheckRecord(
        f"test_{operation}_refuses_the_earliest_fault",
        "his",
        "invariant",
        ("HIS-POWER-1", "HIS-VP-3"),
        Verdict.FAILED.value,
        "refused on another fault",
        operation=operation,
        request=request_,
        rulings=rulings,
        expected=expected,
        got=got,
        differences=differences(expected, got),
    )
    assert "error" in got and blamed_rule(drawn, [*records, drawn]) == "HIS-VP-3"


def _answered(call: Callable[[], Any]) -> Any:
    """A call's answer as a check holds it: the result's JSON, or the refusal's kind and field or rule."""
    try:
        return json_value(call())
    except InvalidState as exc:
        return {"error": {"kind": "InvalidState", "field": exc.field}}
    except IllegalAction as exc:
        return {"error": {"kind": "IllegalAction", "rule": exc.rule}}


def _play_kind_before_claim(request: PhaseRequest, rulings: HisRulings) -> None:
    """HIS-PLAY-1 misread: the play's kind checked before who may earn it (runs as ``phase.validate_phase``)."""
    validate_rulings(rulings)
    validate_turn(request.turn)
    validate_cards(request.cards)
    validate_board(request.board, rulings)
    check_bonuses(request.bonuses, rulings)
    validate_history(request.history, request.turn)
    if request.play is not None:
        validate_bonus(request.play, "play", rulings)
        if request.play.kind not in PLAYABLE:
            raise IllegalAction("HIS-PLAY-1", "only Copernicus and Servetus")
        check_claim(request.play, "play", rulings)
        check_bonuses((*request.bonuses, request.play), rulings)


def test_a_fault_refused_before_the_other_one_of_its_vector_fails_the_order_though_only_that_vector_shows_it() -> None:
    """The one vector that tells the play's order (a claim no power may earn, of a kind that cannot be played) is
    primary to the claim's HIS-BONUS-1 and refused on the kind: the swap, a misreading of the order the play's
    checks state (HIS-PLAY-1), fails that clause, not the claim every other HIS-BONUS-1 vector shows right."""
    misread = _misread(his_phase.validate_phase, _play_kind_before_claim, his)
    records = records_of("his", SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations}))
    failed = [r for r in records if r.outcome == "failed"]
    assert [r.primary_rule for r in failed] == ["HIS-BONUS-1"]
    assert _failed_rules("his", records) == ["HIS-PLAY-1"]


def _unrest_counted_twice(board: Board, rulings: HisRulings) -> int:
    """HIS-RULING-9 misread: under ``counted`` the marker on the spaces plus those in unrest again."""
    if rulings.spaces_in_unrest is SpacesInUnrest.COUNTED:
        return board.protestant_spaces + board.protestant_spaces_in_unrest
    return board.protestant_spaces - board.protestant_spaces_in_unrest


def test_failures_only_under_one_alternative_fail_its_ruling_before_the_line_or_field_they_show() -> None:
    misread = _misread(his_special.track_position, _unrest_counted_twice, his)
    records = records_of("his", SimpleNamespace(special_vp=misread("special_vp")), ("special_vp",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.rulings["spaces_in_unrest"] == "counted" for r in failed)
    # the invariants on the track and on what the marker counts meet it too, on the same requests
    records += [
        replace(r, nodeid=f"test_{rule}", kind="invariant", primary=rule) for r in failed[:1] for rule in _TRACK
    ]
    # a legal board whose marker, so counted, passes the track's end is refused on the spaces (HIS-SPECIAL-8's field)
    board = {**failed[0].request["board"], "protestant_spaces": 44, "protestant_spaces_in_unrest": 6}
    refused = replace(
        failed[0],
        nodeid="test_refused",
        kind="invariant",
        primary="HIS-SPECIAL-1",
        request={**failed[0].request, "board": board},
        expected={"power": failed[0].request["power"]},
        got={"error": {"kind": "InvalidState", "field": "board.protestant_spaces"}},
    )
    # a line differs (HIS-SPECIAL-7's step), a field is refused: the reading of the ruling, not the step, went wrong
    assert _failed_rules("his", [*records, refused]) == ["HIS-RULING-9"]


_TRACK = ("HIS-SPECIAL-7", "HIS-SPECIAL-8")


def _tie_takes_its_lowest_place(request: EndGameRequest, rulings: SoeRulings, /) -> Standings:
    """SOE-END-4 misread: equal VP take the lowest place of their tie (1, 3, 3), under either ``final_tie``."""
    standings = soe.end_game(request, rulings).standings
    live = [s for s in standings if not s.revolution]
    return Standings(tuple(s if s.revolution else replace(s, place=sum(o.vp >= s.vp for o in live)) for s in standings))


def test_places_wrong_where_every_penalty_and_vp_is_right_fail_the_ranking() -> None:
    records = records_of("soe", SimpleNamespace(end_game=_tie_takes_its_lowest_place), ("end_game",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) > 3  # the standings of the unrest rules' vectors hold places
    assert _failed_rules("soe", records) == ["SOE-END-4"]


def _bottom_unrest_slid(request: Any, rulings: Any, /) -> Any:
    """IMP-MARKET-5 misread: the unrest card slid under the replacement taken from the bottom of the pile."""
    result = imperium.acquire_market_card(request, rulings)
    pile = request.unrest_pile
    slid = [i for i, slot in enumerate(result.market) if slot.unrest is not None and slot.unrest == pile[0]]
    if not slid or len(pile) < 2:
        return result
    market = list(result.market)
    market[slid[0]] = replace(market[slid[0]], unrest=pile[-1])
    return replace(result, market=tuple(market), unrest_pile=pile[:-1])


def test_the_wrong_card_of_the_unrest_pile_slid_fails_the_slide() -> None:
    """The reference names the card slid on the slide's own step line, so that misreading (the last card for the
    first) fails IMP-MARKET-5, not the market and ruling rules whose vectors refill a slot."""
    records = records_of("imperium", SimpleNamespace(acquire_market_card=_bottom_unrest_slid), ("acquire_market_card",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) > 2
    assert _failed_rules("imperium", records) == ["IMP-MARKET-5"]


def _name_before_own_checks(request: WinnerRequest) -> None:
    """IMP-COLLAPSE-3 misread: a player's name checked against the earlier players' before the player's own checks
    (runs as ``validate_winner_request``)."""
    if not request.players:
        raise InvalidState("players", [], "a game has at least one player", "IMP-COLLAPSE-3")
    names: set[str] = set()
    for index, player in enumerate(request.players):
        if player.name in names:
            raise InvalidState(f"players[{index}].name", player.name, "two players share a name", "IMP-COLLAPSE-3")
        validate_player(player, f"players[{index}]")
        names.add(player.name)
    validate_unique(chain.from_iterable(player_places(p, f"players[{i}]") for i, p in enumerate(request.players)))
    if len(request.scores) != len(request.players):
        raise InvalidState("scores", list(request.scores), "one score per player is needed", "IMP-COLLAPSE-4")
    held = {card.name for player in request.players for card in unrest_in_zones(player)}
    if request.collapse_card is not None and request.collapse_card not in held:
        raise InvalidState("collapse_card", request.collapse_card, "no player holds this unrest card", "IMP-COLLAPSE-3")


def test_a_player_checked_in_the_other_order_fails_the_clause_stating_it_though_one_vector_shows_it() -> None:
    """The one two-fault vector (a player's bad count and repeated name) is primary to IMP-STATE-2 and names
    IMP-COLLAPSE-3, which states the order: the swap, a misreading of IMP-COLLAPSE-3, fails that clause, not the
    IMP-STATE-1 of the field refused."""
    misread = _misread(imperium_winner.validate_winner_request, _name_before_own_checks, imperium)
    target = SimpleNamespace(determine_winner=misread("determine_winner"))
    records = records_of("imperium", target, ("determine_winner",))
    failed = [r for r in records if r.outcome == "failed"]
    assert [r.primary_rule for r in failed] == ["IMP-STATE-2"]
    assert _failed_rules("imperium", records) == ["IMP-COLLAPSE-3"]


def _influence_pays_two_military(payment: ImpTokens, cost: Cost) -> bool:
    """IMP-PAY-2 misread: each influence beyond the influence cost pays two military, not one (runs as ``covers``)."""
    spare_influence = payment.influence - cost.influence
    military_paid = payment.military + 2 * spare_influence
    coins_paid = payment.coins + 2 * payment.resources
    return spare_influence >= 0 and military_paid >= cost.military and coins_paid >= cost.coins


def test_a_rate_one_off_fails_the_clause_of_the_step_stating_it_not_the_ruling_its_refusals_cite() -> None:
    """Influence paying two military makes a payment just covering read as handing over one too many: refused under
    IMP-RULING-4. One misreading of the reference answers so, a term of a sum at two a unit (its own line, naming
    IMP-PAY-2); the expected refusals it answers stay IMP-PAY-4's."""
    misread = _misread(imperium_payment.covers, _influence_pays_two_military, imperium)
    records = records_of("imperium", SimpleNamespace(pay_cost=misread("pay_cost")), ("pay_cost",))
    refused = [r for r in records if r.outcome == "failed" and r.detail.startswith("refused a legal input")]
    assert {r.primary_rule for r in refused} >= {"IMP-PAY-2", "IMP-RULING-4"}
    assert {blamed_rule(r, records) for r in refused} == {"IMP-PAY-2"}
    assert "IMP-RULING-4" not in _failed_rules("imperium", records)


def _coins_strictly_over(payment: ImpTokens, cost: Cost) -> bool:
    """IMP-PAY-4 misread: the coins must exceed the coin cost, not meet it (runs as ``covers``)."""
    spare_influence = payment.influence - cost.influence
    military_paid = payment.military + spare_influence
    coins_paid = payment.coins + 2 * payment.resources
    return spare_influence >= 0 and military_paid >= cost.military and coins_paid > cost.coins


def test_a_bound_misread_fails_the_comparisons_clause_not_the_value_it_reads_also_in_the_cheapest_payments() -> None:
    """``>`` for ``>=`` answers as the coins paid one short (``coins_paid`` is IMP-PAY-3's line) on every check: the
    comparison's clause is blamed. ``cheapest_payments`` keeps the candidates that ``covers``, so its failures are
    that misreading's too, not each cheapest vector's own IMP-PAY-5."""
    misread = _misread(imperium_payment.covers, _coins_strictly_over, imperium)
    operations = ("pay_cost", "cheapest_payments")
    records = records_of("imperium", SimpleNamespace(**{name: misread(name) for name in operations}), operations)
    failed = [r for r in records if r.outcome == "failed"]
    assert {r.operation for r in failed} == set(operations)
    assert {r.primary_rule for r in failed} >= {"IMP-PAY-3", "IMP-PAY-5"}
    assert {blamed_rule(r, records) for r in failed if r.operation == "cheapest_payments"} == {"IMP-PAY-4"}
    assert "IMP-PAY-3" not in _failed_rules("imperium", records)


def _resource_one_unit(tokens: ImpTokens) -> int:
    """IMP-PAY-5 misread: a resource counted as one unit in the surplus (runs as ``value``)."""
    return tokens.coins + tokens.military + tokens.influence + tokens.resources + tokens.progress


def test_units_counted_wrong_fail_the_surplus_rule_that_counts_in_them() -> None:
    misread = _misread(imperium_payment.value, _resource_one_unit, imperium)
    operations = ("pay_cost", "cheapest_payments")
    records = records_of("imperium", SimpleNamespace(**{name: misread(name) for name in operations}), operations)
    assert any(r.outcome == "failed" and r.primary_rule != "IMP-PAY-5" for r in records)
    assert _failed_rules("imperium", records) == ["IMP-PAY-5"]


def _unbroken_tie_to_the_first(totals: Any, history: Any, rulings: Any) -> Any:
    """HIS-WIN-4 misread: a tie at 25 or more the history cannot break goes to the first tied power in impulse order
    (``len(remaining) == 1`` read as at least one; runs as ``standard_victory``)."""
    if max(totals.values()) < STANDARD_VICTORY_VP:
        return None
    remaining, broken_at = break_tie(leaders(totals), history)
    if len(remaining) >= 1:
        return over(Victory.STANDARD, remaining[0], (), broken_at)
    if rulings.unbroken_tie is UnbrokenTie.SHARED:
        return over(Victory.STANDARD, None, remaining, None)
    return None


def test_an_exact_count_read_as_at_least_fails_the_clause_of_the_step_not_each_ruling_its_vectors_ran_under() -> None:
    misread = _misread(his_victory.standard_victory, _unbroken_tie_to_the_first, his)
    records = records_of("his", SimpleNamespace(determine_victory=misread("determine_victory")), ("determine_victory",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3  # the tie's vectors under both rulings, and the power order's
    assert _failed_rules("his", records) == ["HIS-WIN-4"]


def _any_earner_only_for_voyages(bonus: Any, at: str, rulings: HisRulings) -> None:
    """HIS-RULING-6 misread: ``any`` widens the voyages but not the Bible translations (runs as ``check_earner``)."""
    open_earners = rulings.bonus_earners is BonusEarners.ANY
    if bonus.kind in (BonusKind.EXPLORATION, BonusKind.CONQUEST) and not open_earners and bonus.power not in SEAFARERS:
        raise IllegalAction("HIS-BONUS-3" if bonus.kind == BonusKind.EXPLORATION else "HIS-BONUS-4", at)
    if bonus.kind == BonusKind.BIBLE_TRANSLATION and bonus.power != Power.PROTESTANTS:
        raise IllegalAction("HIS-BONUS-9", at)
    if bonus.kind == BonusKind.JULIA_GONZAGA and (bonus.power != Power.OTTOMANS or bonus.tyrrhenian_piracy is not True):
        raise IllegalAction("HIS-BONUS-6", at)


def test_a_ruling_misread_in_one_of_the_guards_reading_it_fails_the_ruling_not_the_rule_the_guard_cites() -> None:
    """Only the Bible's vectors asked under ``any`` meet it, and ``published`` is refuted (the voyages are widened):
    the misreading drops the ruling from the Bible's guard, a part that reads the ruling, so it misreads HIS-RULING-6
    (whose other alternative refuses so) and not the HIS-BONUS-9 the guard cites."""
    misread = _misread(his_bonus.check_earner, _any_earner_only_for_voyages, his)
    records = records_of("his", SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations}))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.rulings["bonus_earners"] == "any" for r in failed)
    assert _failed_rules("his", records) == ["HIS-RULING-6"]


def _first_entry_of_each_kind(power: Any, bonuses: Any) -> Any:
    """HIS-BONUS-10 misread: a bonus line's VP is its kind's first entry's, not their sum (runs as ``bonus_lines``)."""
    lines: list[ScoreLine] = []
    for kind in BonusKind:
        earned = [b.vp for b in bonuses if b.power == power and b.kind == kind]
        if earned:
            lines.append(ScoreLine(kind.value, earned[0]))
    return tuple(lines)


def _line_per_entry(power: Any, bonuses: Any) -> Any:
    """HIS-BONUS-10 misread: one bonus line per entry, not one per kind with their sum, in the kinds' order (runs as
    ``bonus_lines``; the 40th zoo's his-04)."""
    return tuple(
        ScoreLine(kind.value, b.vp) for kind in BonusKind for b in bonuses if b.power == power and b.kind == kind
    )


@pytest.mark.parametrize("reading", [_first_entry_of_each_kind, _line_per_entry])
def test_a_kinds_lines_not_summed_fail_the_clause_of_the_lines_not_each_kind_it_lists(reading: Any) -> None:
    """A total taken as its first term, or a line per entry: the sheet's step (HIS-BONUS-10), not each kind's."""
    misread = _misread(his_bonus.bonus_lines, reading, his)
    records = records_of("his", SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations}))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3  # two entries of one kind: debaters, voyages, languages
    assert _failed_rules("his", records) == ["HIS-BONUS-10"]


def _played_on_tie_unreported(turn: int, totals: Any, history: Any, rulings: HisRulings) -> Outcome:
    """HIS-RULING-3 misread: under ``play_on`` the tie played on is not reported in ``tied`` (runs as
    ``victory.outcome``)."""
    standard = standard_victory(totals, history, rulings)
    if standard is not None:
        return standard
    if max(totals.values()) < STANDARD_VICTORY_VP:
        dominant = dominating_power(turn, totals, rulings)
        if dominant is not None:
            return over(Victory.DOMINATION, dominant, (), None)
    if turn == LAST_TURN:
        return time_limit(totals, history, rulings)
    return Outcome(Victory.NONE, None, (), None, False, turn + 1)


def test_a_tie_played_on_left_unreported_fails_the_ruling_stating_that_outcome_not_the_tie_clause() -> None:
    """``play_on``'s outcome (no winner, the tie still in ``tied``, the next turn) is HIS-RULING-3's, stated whole: a
    tie left out of it is no HIS-WIN-4 result (the game ends on that one), so the hook names no step."""
    misread = _misread(his_victory.outcome, _played_on_tie_unreported, his)
    records = records_of("his", SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations}))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("his", records) == ["HIS-RULING-3"]


def _drawn_card_first_in_hand(player: Any) -> Any:
    """IMP-DRAW-1 misread: the drawn card goes to the front of the hand, not its end (runs as
    ``drawing.take_top_card``)."""
    return replace(player, draw_pile=player.draw_pile[1:], hand=player.draw_pile[:1] + player.hand), player.draw_pile[0]


def test_a_sequence_extended_at_its_other_end_fails_the_clause_of_its_step_not_each_draw_rule() -> None:
    """Every draw that ends with cards in hand shows the hand's order wrong, whichever rule (a shuffle, a ruling) its
    check is primary to: the one step putting the card at the end of the hand (IMP-DRAW-1) is the misreading."""
    records = _misread_records("imperium", imperium_drawing.take_top_card, _drawn_card_first_in_hand, "draw", imperium)
    assert _primaries_failed(records) >= 3
    assert _failed_rules("imperium", records) == ["IMP-DRAW-1"]


def _time_limit_tie_to_the_first(totals: Any, history: Any, rulings: HisRulings) -> Any:
    """HIS-RULING-4 misread: under ``history`` a tie at the time limit that the history cannot break goes to the first
    tied power in impulse order, not shared (runs as ``victory.time_limit``)."""
    first = leaders(totals)
    if len(first) == 1:
        return over(Victory.TIME_LIMIT, first[0], (), None)
    if rulings.time_limit_tie is TimeLimitTie.SHARED:
        return over(Victory.TIME_LIMIT, None, first, None)
    remaining, broken_at = break_tie(first, history)
    return over(Victory.TIME_LIMIT, remaining[0], (), broken_at)


def test_a_tie_at_the_time_limit_settled_wrong_fails_the_ruling_stating_it_not_the_time_limit() -> None:
    """HIS-WIN-7 leaves a tie for the most to HIS-RULING-4, whose default shares a tie the history cannot break: the
    misreading is in the ruling's own step, not in the time limit's (the most VP wins)."""
    misread = _misread(his_victory.time_limit, _time_limit_tie_to_the_first, his)
    records = records_of("his", SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations}))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 2  # the tie's vectors, under both rulings on an unbroken tie
    assert _failed_rules("his", records) == ["HIS-RULING-4"]


def _candidates_up_to_twenty(empires: Any, rulings: SoeRulings) -> tuple[Any, ...]:
    """SOE-UNREST-2 misread: a player at exactly 20 unrest (in revolution) still a penalty candidate (``<=`` for
    ``<``; runs as ``end_game.penalty_candidates``)."""
    return tuple(
        e for e in empires if e.unrest <= REVOLUTION_UNREST and (e.unrest > 0 or rulings.zero_unrest_penalised)
    )


def test_a_candidates_bound_misread_fails_the_clause_stating_it_not_the_revolution_it_shares_a_number_with() -> None:
    """The candidates' bound (less than 20) is SOE-UNREST-2's own line, not a call of SOE-UNREST-1's revolution step,
    so its misreading is found and fails SOE-UNREST-2 (the revolution itself still right)."""
    misread = _misread(penalty_candidates, _candidates_up_to_twenty)
    records = records_of("soe", SimpleNamespace(end_game=misread("end_game")), ("end_game",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.primary_rule == "SOE-UNREST-1" for r in failed)  # the vectors with a player at 20
    # the penalty invariants meet it too, on the same requests
    records += [replace(r, nodeid=f"test_{rule}", kind="invariant", primary=rule) for r in failed for rule in _PENALTY]
    assert _failed_rules("soe", records) == ["SOE-UNREST-2"]


_PENALTY = ("SOE-UNREST-3", "SOE-UNREST-6")


def test_the_revolution_typed_one_high_fails_the_revolution_also_in_the_penalty_candidates_it_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A port's revolution threshold typed 21 moves both the revolution and the candidates' bound: one step of the
    reference (``revolution_unrest``) holds the number both read, so one misreading answers every failure."""
    module = sys.modules[penalty_candidates.__module__]
    records = records_of("soe", SimpleNamespace(end_game=_with_revolution_at_21(monkeypatch, module)), ("end_game",))
    failed = [r for r in records if r.outcome == "failed"]
    records += [replace(r, nodeid=f"test_{rule}", kind="invariant", primary=rule) for r in failed for rule in _PENALTY]
    assert _failed_rules("soe", records) == ["SOE-UNREST-1"]


def _with_revolution_at_21(monkeypatch: pytest.MonkeyPatch, module: Any) -> Any:
    def call(request: Any, rulings: Any, /) -> Any:
        with monkeypatch.context() as patched:
            patched.setattr(module, "REVOLUTION_UNREST", REVOLUTION_UNREST + 1)
            return soe.end_game(request, rulings)

    return call


def _markerless_majors_unfriendly(player_count: int, region: Any, rulings: SoeRulings) -> bool:
    """SOE-RULING-5 misread: under ``region`` a non-player major listed with 0 markers makes the region's ties
    unfriendly (runs as ``scoring.ties_are_unfriendly``)."""
    if player_count >= FRIENDLY_TIES_FROM:
        return False
    if rulings.unfriendly_scope is UnfriendlyScope.GAME:
        return True
    return any(p.markers >= 0 for p in region.non_player_control)


def test_a_ruling_misread_where_the_check_asked_it_off_its_default_fails_it_though_one_rules_checks_show_it() -> None:
    """Only vectors of SOE-SCORE-2 (majors without markers unranked), asked under ``region``, meet it; the misreading
    of the step stating SOE-RULING-5 answers them, as the ``game`` alternative does: the ruling's, not SCORE-2's."""
    misread = _misread(scoring.ties_are_unfriendly, _markerless_majors_unfriendly)
    records = records_of("soe", SimpleNamespace(score_region=misread("score_region")), ("score_region",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.rulings["unfriendly_scope"] == "region" for r in failed)
    assert "SOE-RULING-5" not in {r.primary_rule for r in failed}
    assert _failed_rules("soe", records) == ["SOE-RULING-5"]


def _sheet_without_bonuses(power: Any, base_vp: int, board: Any, bonuses: Any, rulings: Any) -> PowerScore:
    """HIS-VP-1 misread: the total is base and special VP only, the bonus lines shown but not added (runs as
    ``score.score_sheet``)."""
    special = special_lines(power, board, rulings)
    bonus = bonus_lines(power, bonuses)
    total = base_vp + sum(line.vp for line in special)
    return PowerScore(power.value, base_vp, special, bonus, total)


def test_a_term_left_out_of_a_total_fails_the_total_not_each_check_reading_it() -> None:
    """The sheets' totals feed every verdict, the play's too: one misreading (a term left out) answers them."""
    misread = _misread(his_score.score_sheet, _sheet_without_bonuses, his)
    records = records_of("his", SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations}))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3  # the sheets, the phase, the play's verdicts
    assert _failed_rules("his", records) == ["HIS-VP-1"]


def _draws_counted(empire: Any, draws: Any) -> Any:
    """SOE-MAINT-6 misread: the number of tokens drawn is added to unrest, not their values (runs as
    ``maintenance.draw_unrest``)."""
    return replace(empire, unrest=empire.unrest + len(draws))


def test_a_total_taken_as_the_count_of_its_terms_fails_the_clause_of_its_step() -> None:
    misread = _misread(maintenance.draw_unrest, _draws_counted)
    operations = ("pay_maintenance", "end_war")
    records = records_of("soe", SimpleNamespace(**{name: misread(name) for name in operations}), operations)
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3  # maintenance's vectors, and the whole war's
    assert _failed_rules("soe", records) == ["SOE-MAINT-6"]


def _first_leader_only(totals: Any) -> tuple[Power, ...]:
    """HIS-WIN-3 misread: of the powers sharing the most VP, only the first in impulse order leads, so no tie is ever
    walked back through the history (runs as ``victory.leaders``: a ``find`` for a ``filter``)."""
    top = max(totals.values())
    return tuple(p for p in POWERS if totals[p] == top)[:1]


def test_all_that_share_the_most_taken_as_the_first_fails_the_tie_rule_not_each_tie_it_hides() -> None:
    """Ties broken by the history, ties it cannot break and ties at the time limit all fail: the tie is never seen.
    A tie at the time limit whose first leader is the one the history picks shows only the turn that broke it left
    unsaid, as standard victories' ties do: the tie-break both share (HIS-WIN-3), not the time limit's HIS-WIN-7."""
    misread = _misread(his_victory.leaders, _first_leader_only, his)
    records = records_of("his", SimpleNamespace(determine_victory=misread("determine_victory")), ("determine_victory",))
    failed = [r for r in records if r.outcome == "failed"]
    assert {r.primary_rule for r in failed} >= {"HIS-WIN-3", "HIS-WIN-4", "HIS-RULING-4"}
    assert _failed_rules("his", records) == ["HIS-WIN-3"]


def _behind_the_turns_leader_drops(tied: tuple[Power, ...], history: Any) -> tuple[tuple[Power, ...], int | None]:
    """HIS-WIN-3 misread: at each turn back, the tied powers behind the most any power had that turn drop out, not
    those behind the most a tied one had, so a turn another power led leaves nobody (runs as ``victory.break_tie``;
    the 58th zoo's his-04)."""
    remaining = tied
    for record in reversed(history):
        if len(remaining) == 1:
            break
        then = {Power(t.power): t.vp for t in record.totals}
        remaining = tuple(p for p in remaining if then[p] == max(then.values()))
        if len(remaining) == 1:
            return remaining, record.turn
    return remaining, None


def test_the_turns_leader_taken_for_the_tied_ones_fails_the_tie_break() -> None:
    """Ties at 25 answered as won by nobody with nobody tied, wherever an untied power led a turn back: the tie-break
    (HIS-WIN-3), and at most the clause of the tie it leaves (HIS-WIN-4), not the going-on or time-limit rules."""
    misread = _misread(his_victory.break_tie, _behind_the_turns_leader_drops, his)
    target = SimpleNamespace(determine_victory=misread("determine_victory"))
    records = records_of("his", target, ("determine_victory",))

    # two invariants meet it too: ties at 25 that a turn led by a power outside them empties
    def six(vp: dict[Power, int]) -> tuple[PowerVp, ...]:
        return tuple(PowerVp(power.value, vp.get(power, 0)) for power in POWERS)

    def invariant(name: str, rules: tuple[str, ...], turn: int) -> CheckRecord:
        history = tuple(TurnRecord(t, six({Power.PROTESTANTS: 1} if t == turn - 1 else {})) for t in range(1, turn))
        request = VictoryRequest(turn, six({Power.FRANCE: 25, Power.PAPACY: 25}), history)
        mine, theirs = (json_value(call(request, HisRulings())) for call in (his.determine_victory, misread_victory))
        assert mine["tied"] == ["france", "papacy"] and theirs["tied"] == []
        return CheckRecord(
            name,
            "his",
            "invariant",
            rules,
            Verdict.FAILED.value,
            "answered otherwise",
            operation="determine_victory",
            request=wire_form(request),
            rulings=wire_form(HisRulings()),
            expected=mine,
            got=theirs,
            differences=differences(mine, theirs),
        )

    misread_victory = target.determine_victory
    going_on = invariant("test_a_game_going_on_lists_a_tie_only_at_25_or_more", ("HIS-RULING-3", "HIS-WIN-6"), 6)
    below = invariant("test_nobody_wins_below_25_but_by_domination_or_the_time_limit", ("HIS-WIN-6", "HIS-WIN-2"), 2)
    run = [*records, going_on, below]
    from rulespec.conformance.harness.blame.weighed import explanations

    # the one misreading that answers so: the best of the tied taken over every power (``nodes``)
    assert {(name.partition("#")[0], rules) for name, rules in explanations(going_on)} == {
        ("rulespec.reference.here_i_stand.victory.break_tie", ("HIS-WIN-3",))
    }
    assert {blamed_rule(going_on, run), blamed_rule(below, run)} <= {"HIS-WIN-3", "HIS-WIN-4"}
    assert "HIS-WIN-3" in _failed_rules("his", run)
    assert set(_failed_rules("his", run)) <= {"HIS-WIN-3", "HIS-WIN-4"}


def _play_judged_under_the_seed(request: PhaseRequest, rulings: HisRulings, /) -> Any:
    """HIS-RULING-5 misread: the play in the middle of the phase judged under the default ``seed`` whatever the
    ruling, so a 1-VP Copernicus is refused on ``play.vp`` under ``marker`` too (the 59th zoo's his-08); the score
    sheets' entries are judged right."""
    play = request.play
    if play is not None and play.kind == "copernicus" and play.vp == 1:
        raise InvalidState("play.vp", 1, "Copernicus is worth 2", "HIS-BONUS-5")
    return his.may_play_copernicus_or_servetus(request, rulings)


def test_a_legal_number_refused_fails_the_clause_the_reference_refuses_it_under_before_its_kinds() -> None:
    """A Copernicus play's VP of 1 refused under ``marker``: the reference refuses that number out of range under
    HIS-RULING-5 (it states Copernicus's values), so the blame is that ruling's, not HIS-BONUS-5, the entry kind's."""
    # the score sheets' entries judged right: their vectors, passed, refute every misreading of the entry's range
    target = SimpleNamespace(may_play_copernicus_or_servetus=_play_judged_under_the_seed, bonus_vp=his.bonus_vp)
    records = records_of("his", target, ("may_play_copernicus_or_servetus", "bonus_vp"))
    refused = [r for r in records if r.outcome == "failed" and r.detail.startswith("refused a legal input")]
    assert refused and all(r.got["error"]["field"] == "play.vp" for r in refused)
    assert {blamed_rule(r, records) for r in refused} == {"HIS-RULING-5"}


def _above_25(totals: dict[Power, int]) -> bool:
    """HIS-WIN-2 misread: 25 VP read as not yet enough, the test written ``> 25`` (the 61st zoo's his-02; runs as
    ``victory.anyone_at_25``, the one test the victory and the going-on game share)."""
    return max(totals.values()) > STANDARD_VICTORY_VP


def test_twenty_five_read_as_not_enough_fails_the_standard_victory_not_the_tie_rulings() -> None:
    """Ties at exactly 25 that the history breaks answered as a game going on read like ``play_on`` misapplied
    (HIS-RULING-3), but the run shows a lone leader on 25 missed too: the threshold's clause, HIS-WIN-2."""
    misread = _misread(his_victory.anyone_at_25, _above_25, his)
    records = records_of("his", SimpleNamespace(determine_victory=misread("determine_victory")), ("determine_victory",))
    failed = [r for r in records if r.outcome == "failed"]
    assert {"HIS-WIN-3", "HIS-WIN-2"} <= {r.primary_rule for r in failed}
    rules = _failed_rules("his", records)
    assert "HIS-WIN-2" in rules and "HIS-RULING-3" not in rules and len(rules) <= 3


def _full_tie_to_the_first(request: WinnerRequest, rulings: Any, /) -> Any:
    """IMP-RULING-5 misread: under ``shared`` a full tie names only the first tied player."""
    result = imperium.determine_winner(request, rulings)
    return replace(result, winners=result.winners[:1]) if result.decided_by is Decider.SHARED else result


def test_a_full_tie_shared_with_the_first_only_fails_the_ruling_stating_who_shares() -> None:
    """IMP-COLLAPSE-5 hands a full tie to IMP-RULING-5, whose ``shared`` names every tied player: the step that names
    them is that ruling's (its line says so), though the checks meeting it are the full tie's."""
    records = records_of("imperium", SimpleNamespace(determine_winner=_full_tie_to_the_first), ("determine_winner",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and {r.primary_rule for r in failed} - {"IMP-RULING-5"}  # checks of the full tie's clause too
    # the suite's invariant that every winner holds the fewest unrest (primary IMP-COLLAPSE-3) meets it as well
    invariant = replace(failed[0], nodeid="test_collapse.py::test_winner", kind="invariant", rules=_WINNER_RULES)
    assert _failed_rules("imperium", [*records, invariant]) == ["IMP-RULING-5"]


_WINNER_RULES = ("IMP-COLLAPSE-3", "IMP-COLLAPSE-4", "IMP-COLLAPSE-5", "IMP-RULING-5")


def _dense_ranking(entrants: Any) -> tuple[PlaceGroup, ...]:
    """SOE-SCORE-3 misread: each group takes one place, so the group after a tie starts at p+1, not p+k (runs as
    ``scoring.rank_entrants``)."""
    groups: list[PlaceGroup] = []
    place = 1
    for markers in sorted({e.markers for e in entrants}, reverse=True):
        group = tuple(e for e in entrants if e.markers == markers)
        groups.append(PlaceGroup(place, group))
        place += 1
    return tuple(groups)


def test_a_place_advanced_by_one_where_a_group_covers_several_fails_the_ranking() -> None:
    """Every tie with a group below it scores wrong, under every ruling on ties: the places are the ranking's."""
    misread = _misread(scoring.rank_entrants, _dense_ranking)
    operations = ("score_region", "score_regions")
    records = records_of("soe", SimpleNamespace(**{name: misread(name) for name in operations}), operations)
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 4  # the vectors of many scoring rules and rulings
    assert _failed_rules("soe", records) == ["SOE-SCORE-3"]


def _refusing_no_markers(name: str) -> Any:
    """SOE-GAME-7 misread: a player's ``control`` entry of 0 markers (legal: 0 or more) is refused, in every list of
    regions (``regions[i]``, or the one ``region``)."""
    operation = getattr(soe, name)

    def call(request: Any, rulings: Any, /) -> Any:
        regions: tuple[Region, ...] = getattr(request, "regions", ()) or ()
        places = [(f"regions[{i}]", r) for i, r in enumerate(regions)]
        places += [("region", request.region)] if getattr(request, "region", None) is not None else []
        for at, region in places:
            for j, presence in enumerate(region.control):
                if presence.markers == 0:
                    raise InvalidState(f"{at}.control[{j}].markers", 0, "markers are 1 or more", "SOE-GAME-7")
        return operation(request, rulings)

    return call


def test_a_legal_value_refused_where_no_vector_refuses_that_field_fails_the_rule_of_the_same_field_elsewhere() -> None:
    """No vector refuses ``regions[i].control[j].markers`` (only ``region.control[j].markers``): the same field in
    another place names its rule. A fault refused on the way to it fails that rule too: the run refuses the field
    where no refusal is due, so it is refused wrongly wherever it is."""
    operations = ("collect_income", "score_region")
    records = records_of(
        "soe", SimpleNamespace(**{name: _refusing_no_markers(name) for name in operations}), operations
    )
    refused = [r for r in records if r.outcome == "failed" and r.detail.startswith("refused a legal input")]
    assert any("regions[" in str(r.got) for r in refused) and any("region." in str(r.got) for r in refused)
    assert _failed_rules("soe", records) == ["SOE-GAME-7"]
    # the suite's refusal invariant: a repeated region, refused instead on the legal 0 markers before it
    on_the_way = replace(
        next(r for r in refused if "regions[" in str(r.got)),
        nodeid="test_refusals.py::test_collect_income_refuses_each_fault",
        kind="invariant",
        rules=("SOE-GAME-9", "SOE-GAME-6", "SOE-GAME-7", "SOE-GAME-8"),
        expected={"error": {"kind": "InvalidState", "field": "regions[1].name"}},
    )
    assert blamed_rule(on_the_way, [*records, on_the_way]) == "SOE-GAME-7"
    assert _failed_rules("soe", [*records, on_the_way]) == ["SOE-GAME-7"]


def _scores_before_shared_cards(request: WinnerRequest) -> None:
    """IMP-COLLAPSE-4 misread: the number of scores checked before the cards across players (runs as
    ``validate_winner_request``)."""
    if not request.players:
        raise InvalidState("players", [], "a game has at least one player", "IMP-COLLAPSE-3")
    names: set[str] = set()
    for index, player in enumerate(request.players):
        validate_player(player, f"players[{index}]")
        if player.name in names:
            raise InvalidState(f"players[{index}].name", player.name, "two players share a name", "IMP-COLLAPSE-3")
        names.add(player.name)
    if len(request.scores) != len(request.players):
        raise InvalidState("scores", list(request.scores), "one score per player is needed", "IMP-COLLAPSE-4")
    validate_unique(chain.from_iterable(player_places(p, f"players[{i}]") for i, p in enumerate(request.players)))
    held = {card.name for player in request.players for card in unrest_in_zones(player)}
    if request.collapse_card is not None and request.collapse_card not in held:
        raise InvalidState("collapse_card", request.collapse_card, "no player holds this unrest card", "IMP-COLLAPSE-3")


def _non_player_count_before_control(region: Any, players: Any, path: str) -> None:
    """SOE-GAME-8 misread: non-player majors with 4 or more players refused before the region's ``control`` entries
    are checked (runs as ``validation.validate_region``)."""
    values = region.values
    if region.name == "":
        raise refuse(f"{path}.name", region.name, "a region's name is not empty", "SOE-GAME-6")
    if len(values) not in (2, 3):
        raise refuse(f"{path}.values", values, "a region lists 2 or 3 values", "SOE-GAME-6")
    for k, value in enumerate(values):
        if value < 0:
            raise refuse(f"{path}.values[{k}]", value, "a value is never negative", "SOE-GAME-6")
    if any(values[k] < values[k + 1] for k in range(len(values) - 1)):
        raise refuse(f"{path}.values", values, "values are listed highest first", "SOE-GAME-6")
    if len(players) >= 4 and len(region.non_player_control) > 0:
        raise refuse(f"{path}.non_player_control", region.non_player_control, "2 or 3 players only", "SOE-GAME-8")
    validate_presences(region.control, players, f"{path}.control", by_players=True)
    validate_presences(region.non_player_control, players, f"{path}.non_player_control", by_players=False)


@pytest.mark.parametrize(
    ("key", "function", "reading", "operation", "rule"),
    [
        (
            "imperium",
            "winner.validate_winner_request",
            _scores_before_shared_cards,
            "determine_winner",
            "IMP-COLLAPSE-4",
        ),
        ("soe", "validation.validate_region", _non_player_count_before_control, "score_region", "SOE-GAME-8"),
    ],
)
def test_two_checks_swapped_fail_the_clause_the_later_one_names_as_saying_when_it_is_made(
    key: str, function: str, reading: Any, operation: str, rule: str
) -> None:
    """The function states a range of clauses, or a clause that is not the order's; the later check's clause says when
    it is made ("once every player and every card has passed", "checked after ``control``"), and its line names it: the
    swap fails that clause, not the rule of the field refused first (the vector's primary)."""
    package = {"imperium": imperium, "soe": soe}[key]
    module, _, name = function.partition(".")
    misread = _misread(getattr(getattr(package, module), name), reading, package)
    records = records_of(key, SimpleNamespace(**{operation: misread(operation)}), (operation,))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and rule not in {r.primary_rule for r in failed}
    assert _failed_rules(key, records) == [rule]


def test_a_checked_value_kept_in_a_name_is_a_check_its_neighbour_may_be_swapped_with() -> None:
    """``power = validate_power(...)`` keeps its answer, but the base VP check beside it does not read ``power``: the
    two taken in the other order answer alike but for which fault is refused, a misreading of the order the function
    states (HIS-VP-3), not of HIS-VP-2, which the base VP check cites."""
    misread = _misread(his_score.score_power, _base_vp_before_power, his)
    records = records_of("his", SimpleNamespace(score_power=misread("score_power")), ("score_power",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("his", records) == ["HIS-VP-3"]


def _time_limit_before_domination(turn: int, totals: Any, history: Any, rulings: HisRulings) -> Outcome:
    """HIS-WIN-1 misread: on turn 9 the time limit is checked before domination (runs as ``victory.outcome``)."""
    standard = standard_victory(totals, history, rulings)
    if standard is not None:
        return standard
    if turn == LAST_TURN:
        return time_limit(totals, history, rulings)
    unbroken: tuple[Power, ...] = ()
    if max(totals.values()) >= STANDARD_VICTORY_VP:
        unbroken = break_tie(leaders(totals), history)[0]
    else:
        dominant = dominating_power(turn, totals, rulings)
        if dominant is not None:
            return over(Victory.DOMINATION, dominant, (), None)
    return Outcome(Victory.NONE, None, tuple(p.value for p in unbroken), None, False, turn + 1)


def test_a_time_limit_where_a_domination_was_due_is_left_to_the_run_not_taken_for_the_domination_rule() -> None:
    """A time limit on turn 9 where a power dominates is a domination missed or the two checks in the other order:
    the answer shows neither for sure. The run's passed domination vectors refute every misreading of domination, so
    the check keeps its own rule, the order's (HIS-WIN-1)."""
    misread = _misread(his_victory.outcome, _time_limit_before_domination, his)
    records = records_of("his", SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations}))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.got.get("victory") == "time_limit" for r in failed if r.operation == "determine_victory")
    assert _failed_rules("his", records) == ["HIS-WIN-1"]


def _exploration_up_to_two(request: Any, rulings: HisRulings, /) -> Any:
    """HIS-BONUS-3 misread: under ``published`` an exploration is worth 1 or 2 VP (a conquest still 1 to 3), a legal
    3 refused on the entry's VP as a port refuses it, citing no rule."""
    for i, bonus in enumerate(request.bonuses):
        published = rulings.track_limits.value == "published"
        if bonus.kind == "exploration" and bonus.vp == 3 and published:
            raise InvalidState(f"bonuses[{i}].vp", 3, "an exploration is worth 1 or 2", None)
    return his.bonus_vp(request, rulings)


def test_a_legal_value_refused_on_a_field_several_clauses_bound_fails_the_clause_bounding_it_in_that_request() -> None:
    """``bonuses[i].vp`` is bounded by the clause of the entry's kind: the reference, asked the same request with that
    VP out of range, cites HIS-BONUS-3 for an exploration, whichever rule the field's vectors mostly name."""
    records = records_of("his", SimpleNamespace(bonus_vp=_exploration_up_to_two), ("bonus_vp",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("his", records) == ["HIS-BONUS-3"]


def _tie_unseen(on_score: bool) -> Any:
    """IMP-COLLAPSE-4 or -5 misread: a tie (on unrest, or on score among those) not seen, the first of the tied
    players winning by the step the tie was on."""

    def determine_winner(request: WinnerRequest, rulings: Any, /) -> Any:
        outcome = imperium.determine_winner(request, rulings)
        unrest = outcome.unrest
        fewest = [i for i, n in enumerate(unrest) if n == min(unrest)]
        if not on_score and len(fewest) > 1:
            return replace(outcome, winners=(request.players[fewest[0]].name,), decided_by=Decider.UNREST)
        best = max(request.scores[i] for i in fewest)
        top = [i for i in fewest if request.scores[i] == best]
        if on_score and len(top) > 1:
            return replace(outcome, winners=(request.players[top[0]].name,), decided_by=Decider.SCORE)
        return outcome

    return determine_winner


@pytest.mark.parametrize(("on_score", "rule"), [(False, "IMP-COLLAPSE-4"), (True, "IMP-COLLAPSE-5")])
def test_a_tie_not_seen_fails_the_clause_saying_what_the_tie_does(on_score: bool, rule: str) -> None:
    """Two misreadings answer alike: the tied group cut to its first (its clause forms the group) and one winner
    where exactly one was asked (``==`` read as ``>=``, on the guard whose clause says what a tie does); the
    comparison's is taken, as a bound's strictness is before a value it reads."""
    records = records_of("imperium", SimpleNamespace(determine_winner=_tie_unseen(on_score)), ("determine_winner",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("imperium", records) == [rule]


def _shared_limit_by_the_history(request: Any, rulings: HisRulings, /) -> Any:
    """HIS-RULING-3 misread: an unbroken tie played on to the time limit is shared among the powers the history left
    tied, as ``history`` shares it, though ``shared`` asks for every power with the most VP."""
    if rulings.unbroken_tie is UnbrokenTie.PLAY_ON and request.turn == LAST_TURN:
        rulings = replace(rulings, time_limit_tie=TimeLimitTie.HISTORY)
    return his.determine_victory(request, rulings)


def _tied_first_two(request: Any, rulings: HisRulings, /) -> Any:
    """HIS-WIN-4 misread: ``tied`` lists only the first two of the powers tied."""
    outcome = his.determine_victory(request, rulings)
    return replace(outcome, tied=outcome.tied[:2])


def test_a_shared_time_limit_listing_the_history_s_tied_fails_the_clause_stating_it_not_the_history_s() -> None:
    """At a time limit shared without the history (HIS-RULING-4 ``shared``), the powers the history leaves tied are
    not HIS-WIN-4's result: the history was walked where no clause walks it, and the failure stays the check's own
    rule, here the clause stating the played-on tie's outcome on turn 9. A list of the tied cut short misreads what
    ``tied`` lists, HIS-WIN-4, there too."""
    records = records_of("his", SimpleNamespace(determine_victory=_shared_limit_by_the_history), ("determine_victory",))
    failed = [r for r in records if r.outcome == "failed"]
    assert [r.nodeid.rpartition("::")[2] for r in failed] == ["his-audit-play-on-turn-nine-shared-limit"]
    assert _failed_rules("his", records) == ["HIS-RULING-3"]
    records = records_of("his", SimpleNamespace(determine_victory=_tied_first_two), ("determine_victory",))
    shared_limit = [r for r in records if r.nodeid.endswith("::his-audit-play-on-turn-nine-shared-limit")]
    assert [r.outcome for r in shared_limit] == ["failed"]
    assert _failed_rules("his", shared_limit) == ["HIS-WIN-4"]


def _revolution_unrest_cleared(request: EndGameRequest, rulings: SoeRulings, /) -> Standings:
    """SOE-END-3 misread: the standing of a player in revolution written with every count cleared, its unrest too."""
    standings = soe.end_game(request, rulings).standings
    return Standings(tuple(replace(s, unrest=0) if s.revolution else s for s in standings))


def test_a_standing_carrying_other_unrest_fails_the_clause_that_carries_it() -> None:
    """No step of the assessment writes a standing's unrest: where only that differs, the standing's own clause."""
    records = records_of("soe", SimpleNamespace(end_game=_revolution_unrest_cleared), ("end_game",))
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    assert len({r.primary_rule for r in failed}) >= 3  # every vector holding a revolution, of many rules
    assert _failed_rules("soe", records) == ["SOE-END-3"]


def _standings_before_the_draws(request: WarEndRequest, rulings: SoeRulings, /) -> WarEndResult:
    """SOE-SEQ-5 misread in what the standings show: each carries its empire's unrest as the request gave it, before
    maintenance's draws (the assessment itself made after them)."""
    result = soe.end_war(request, rulings)
    if result.standings is None:
        return result
    given = {e.player: e.unrest for e in request.empires}
    return replace(result, standings=tuple(replace(s, unrest=given[s.player]) for s in result.standings))


def test_standings_showing_the_unrest_before_maintenance_fail_the_order_of_the_end_of_a_war() -> None:
    records = records_of("soe", SimpleNamespace(end_war=_standings_before_the_draws), ("end_war",))
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    assert len({r.primary_rule for r in failed}) >= 2
    assert _failed_rules("soe", records) == ["SOE-SEQ-5"]


def _unrest_always_breaks_ties(name: str) -> Any:
    """SOE-RULING-12 never read: equal VP always ordered by less unrest, ``less_unrest`` played whatever was asked."""

    def call(request: Any, rulings: SoeRulings, /) -> Any:
        return getattr(soe, name)(request, replace(rulings, final_tie=FinalTie.LESS_UNREST))

    return call


def test_equal_vp_ordered_by_unrest_under_shared_fails_the_ruling_that_end_4_leaves_it_to() -> None:
    """SOE-END-4 owns the count of those ranked above and leaves SOE-RULING-12 whether unrest orders equal VP."""
    operations = ("end_game", "end_war")
    records = records_of("soe", SimpleNamespace(**{n: _unrest_always_breaks_ties(n) for n in operations}), operations)
    failed = [r for r in records if r.outcome == Verdict.FAILED.value]
    assert failed and all(r.rulings.get("final_tie", "shared") == "shared" for r in failed)
    assert _failed_rules("soe", records) == ["SOE-RULING-12"]


def _shared_read_as_listed(name: str) -> Any:
    """SOE-END-4 misread under ``shared``: equal VP never share a place, the one listed first placed first."""

    def call(request: Any, rulings: SoeRulings, /) -> Any:
        result = getattr(soe, name)(request, rulings)
        held = result.standings  # end_game's Standings, end_war's tuple (None before the 3rd war)
        standings = held.standings if isinstance(held, Standings) else held
        if standings is None or rulings.final_tie is FinalTie.LESS_UNREST:
            return result
        live = sorted((s for s in standings if not s.revolution), key=lambda s: -s.vp)  # stable: the order listed
        place = {id(s): at + 1 for at, s in enumerate(live)}
        placed = tuple(replace(s, place=None if s.revolution else place[id(s)]) for s in standings)
        return Standings(placed) if name == "end_game" else replace(result, standings=placed)

    return call


def test_equal_vp_placed_in_the_order_listed_under_shared_fails_the_ranking_though_unrest_orders_some_alike() -> None:
    """Where the order listed and less unrest place equal VP alike, the ranking's misreading is not the ruling's (a
    second reader's case: a player of more unrest listed first, placed first)."""
    operations = ("end_game", "end_war")
    records = records_of("soe", SimpleNamespace(**{n: _shared_read_as_listed(n) for n in operations}), operations)
    assert _failed_rules("soe", records) == ["SOE-END-4"]


def _revolution_ranked_above(request: EndGameRequest, rulings: SoeRulings, /) -> Standings:
    """SOE-END-5 misread: players in revolution still count among those ranked above a player still in."""
    standings = soe.end_game(request, rulings).standings

    def above(other: Any, one: Any) -> bool:
        apart = rulings.final_tie is FinalTie.LESS_UNREST and other.unrest < one.unrest
        return bool(other.vp > one.vp or (other.vp == one.vp and apart))

    placed = tuple(
        replace(s, place=None if s.revolution else 1 + sum(above(o, s) for o in standings)) for s in standings
    )
    return Standings(placed)


def test_places_that_count_the_players_in_revolution_fail_the_clause_leaving_them_out() -> None:
    records = records_of("soe", SimpleNamespace(end_game=_revolution_ranked_above), ("end_game",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("soe", records) == ["SOE-END-5"]


def _grand_alliances_removed(request: Any, rulings: SoeRulings, /) -> Any:
    """SOE-CLEAN-2 misread: the grand alliances set aside are taken off the board, not left without a holder."""
    cleaned = soe.clean_up(request, rulings)
    return cleaned if request.board.war == 3 else replace(cleaned, grand_alliances=())


def test_a_list_of_markers_emptied_by_clean_up_fails_the_step_writing_it_where_a_named_marker_shows_it() -> None:
    """The differential checks of clean-up name its first clause; the field that differs names the step. A vector
    whose one marker has an empty name (SOE-GAME-10's: names taken as given) shows a list of one emptied, which the
    step's walk over the markers ended one short answers too: SOE-CLEAN-2 as well."""
    records = records_of("soe", SimpleNamespace(clean_up=_grand_alliances_removed), ("clean_up",))
    assert _failed_rules("soe", records) == ["SOE-CLEAN-2"]
    board = {"war": 3, "phase": 2, "local_alliances": [], "grand_alliances": [{"name": "g", "holder": "a"}]}
    board |= {"tiles": [], "neutral_markers": []}
    cleaned = {**board, "grand_alliances": [{"name": "g", "holder": None}]}
    holder = ("$.grand_alliances[0].holder",)
    after_the_last_war = soe_blame.decided("clean_up", {"board": board}, {}, board, cleaned, holder)
    assert after_the_last_war == "SOE-END-2"  # no clean-up after the 3rd war: the board stays as given


def _every_unrest_tie_shares(request: WinnerRequest, rulings: Any, /) -> Any:
    """IMP-RULING-5 misread: a full tie shared by every player tied on unrest, their scores not compared."""
    outcome = imperium.determine_winner(request, rulings)
    if outcome.decided_by is not Decider.SHARED:
        return outcome
    fewest = min(outcome.unrest)
    tied = tuple(p.name for p, n in zip(request.players, outcome.unrest, strict=True) if n == fewest)
    return replace(outcome, winners=tied)


def test_other_winners_of_the_same_step_fail_that_step_s_clause() -> None:
    """Every unrest right and the full tie found, other winners: who shares a full tie is IMP-RULING-5's, also where
    the suite's invariant that every winner holds the fewest unrest (primary IMP-COLLAPSE-3) meets it."""
    records = records_of("imperium", SimpleNamespace(determine_winner=_every_unrest_tie_shares), ("determine_winner",))
    failed = [r for r in records if r.outcome == "failed"]
    assert [r.nodeid.rpartition("::")[2] for r in failed] == ["imp-winner-full-tie-among-the-best-scores-only"]
    invariant = replace(failed[0], nodeid="test_collapse.py::test_winner", kind="invariant", rules=_WINNER_RULES)
    assert _failed_rules("imperium", [*records, invariant]) == ["IMP-RULING-5"]
    # a full tie looked for among every player, one with more unrest sharing the best score: IMP-COLLAPSE-5 names
    # whom a full tie is among
    asked = {"players": [{"name": "ann"}, {"name": "bo"}, {"name": "cy"}]}
    due = {"unrest": [0, 0, 1], "winners": ["ann", "bo"], "decided_by": "shared"}
    among_all = {**due, "winners": ["ann", "bo", "cy"]}
    assert imperium_blame.decided("determine_winner", asked, {}, due, among_all, ("$.winners",)) == "IMP-COLLAPSE-5"


def _taxed_by_quotient_plus_one(gold: int, cost: int, gold_per_taxation: int) -> int:
    """SOE-MAINT-3 misread: a shortfall's taxations rounded up as the quotient plus one."""
    shortfall = max(0, cost - gold)
    return shortfall // gold_per_taxation + 1 if shortfall > 0 else 0


def test_a_ceiling_taken_as_the_quotient_plus_one_fails_the_clause_of_the_count() -> None:
    """An exactly divisible shortfall taxed once too often: the draws then do not match the taxations and the
    maintenance is refused on the draws (SOE-MAINT-5's field); the count misread is SOE-MAINT-3's."""
    misread = _misread(maintenance.taxations_needed, _taxed_by_quotient_plus_one)
    records = records_of("soe", SimpleNamespace(pay_maintenance=misread("pay_maintenance")), ("pay_maintenance",))
    assert any(r.outcome == "failed" for r in records)
    # the vector of too many draws, accepted where the misread taxations make the count right: an input accepted
    # stays the rule of the refusal due (SOE-MAINT-5), no ruling read otherwise
    assert _failed_rules("soe", records) == ["SOE-MAINT-3", "SOE-MAINT-5"]


def _influence_pays_military_twice(payment: ImpTokens, cost: Cost) -> bool:
    """IMP-PAY-2 misread: every influence pays military, the influence paying the influence cost again."""
    return (
        payment.influence >= cost.influence
        and payment.military + payment.influence >= cost.military
        and payment.coins + 2 * payment.resources >= cost.coins
    )


def test_what_a_difference_takes_off_left_out_fails_the_clause_of_that_step() -> None:
    """A payment just covering then reads as handing over too much: refused under IMP-RULING-4. Influence beyond
    the cost (IMP-PAY-2's own line) read as all the influence answers so."""
    misread = _misread(imperium_payment.covers, _influence_pays_military_twice, imperium)
    records = records_of("imperium", SimpleNamespace(pay_cost=misread("pay_cost")), ("pay_cost",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("imperium", records) == ["IMP-PAY-2"]


def _draw_one_short(request: DrawRequest, rulings: Any, /) -> DrawResult:
    """IMP-DRAW-1 misread: the cards drawn one at a time from 1 to ``count`` - 1, one short (runs as ``draw``)."""
    validate_player(request.player, "player")
    validate_count(request.count, "count")
    if request.mode is DrawMode.IF_ABLE and request.shuffles:
        raise InvalidState("shuffles", [list(o) for o in request.shuffles], "never shuffles", "IMP-DRAW-5")
    check_hand_limit(request, rulings)
    player, used, runs = request.player, 0, 0
    drawn: tuple[str, ...] = ()
    while len(drawn) < request.count - 1:
        if not player.draw_pile:
            if request.mode is DrawMode.IF_ABLE:
                break
            player, used = shuffle_procedure(player, request.shuffles, used, rulings)
            runs += 1
            if not player.draw_pile:
                if rulings.short_draw is ShortDraw.REFUSE:
                    raise IllegalAction("IMP-RULING-7", "short")
                break
        player, card = take_top_card(player)
        drawn += (card.name,)
    if used != len(request.shuffles):
        raise InvalidState("shuffles", [list(o) for o in request.shuffles], f"used {used}", "IMP-DRAW-4")
    return DrawResult(player=player, drawn=drawn, shuffles=runs)


def test_a_count_asked_for_run_one_short_fails_the_clause_of_the_draw() -> None:
    """One card short, a draw needs fewer shuffles than ordered and is refused on ``shuffles`` (IMP-DRAW-4's field),
    and a short draw's end comes a card early (IMP-RULING-7's): the loop over the count is IMP-DRAW-1's step."""
    misread = _misread(imperium_drawing.draw, _draw_one_short, imperium)
    records = records_of("imperium", SimpleNamespace(draw=misread("draw")), ("draw",))
    assert any(r.outcome == "failed" for r in records)
    # besides: vectors of orders left over and of a short draw, whose answers their own clauses' misreadings give too
    assert _failed_rules("imperium", records) == ["IMP-DRAW-1", "IMP-DRAW-4", "IMP-RULING-7"]


def _total_of_the_first_line(request: Any, rulings: HisRulings, /) -> Any:
    """HIS-SPECIAL-9 misread: a power's special VP is its first line's, not the sum of its lines."""
    answer = his.special_vp(request, rulings)
    return replace(answer, total=answer.lines[0].vp if answer.lines else 0)


def test_a_total_taken_as_its_first_line_fails_the_clause_stating_the_sum() -> None:
    """England's and the Papacy's second lines left out of their totals: every vector of those lines fails, each
    primary to the line's own clause; the sum is HIS-SPECIAL-9's sentence (its line in the reference names it)."""
    records = records_of("his", SimpleNamespace(special_vp=_total_of_the_first_line), ("special_vp",))
    failed = [r for r in records if r.outcome == "failed"]
    assert {r.primary_rule for r in failed} - {"HIS-SPECIAL-9"}
    assert _failed_rules("his", records) == ["HIS-SPECIAL-9"]


def _play_kind_first(request: PhaseRequest, rulings: HisRulings) -> None:
    """HIS-PLAY-1 misread: the play's kind checked first, before its values and who may earn it (runs as
    ``phase.validate_phase``)."""
    validate_rulings(rulings)
    validate_turn(request.turn)
    validate_cards(request.cards)
    validate_board(request.board, rulings)
    check_bonuses(request.bonuses, rulings)
    validate_history(request.history, request.turn)
    if request.play is not None:
        if request.play.kind not in PLAYABLE:
            raise IllegalAction("HIS-PLAY-1", "only Copernicus and Servetus")
        validate_bonus(request.play, "play", rulings)
        check_claim(request.play, "play", rulings)
        check_bonuses((*request.bonuses, request.play), rulings)


def test_a_check_moved_past_two_others_fails_the_order_the_function_states() -> None:
    """The kind moved up past the values and the claim: the vectors of both orders (values before kind, claim before
    kind) and those of an unknown kind, each primary to its fault's own rule, fail; the move misreads HIS-PLAY-1."""
    misread = _misread(his_phase.validate_phase, _play_kind_first, his)
    records = records_of("his", SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations}))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3
    assert _failed_rules("his", records) == ["HIS-PLAY-1"]


def _english_spaces_kept_to_twelve(name: str) -> Any:
    """HIS-RULING-7 misread: under ``open`` England's Protestant home spaces still end at 12 (the other tracks open),
    refused first as the reference refuses the field."""

    def call(request: Any, rulings: HisRulings, /) -> Any:
        board = getattr(request, "board", None)
        if board is not None and rulings.track_limits is TrackLimits.OPEN and board.english_spaces_protestant > 12:
            raise InvalidState(
                "board.english_spaces_protestant", board.english_spaces_protestant, "12", "HIS-SPECIAL-4"
            )
        return getattr(his, name)(request, rulings)

    return call


def test_a_ruling_left_unapplied_to_one_track_fails_the_ruling_not_the_tracks_rule() -> None:
    """A legal 13 refused under ``open`` names HIS-SPECIAL-4's field; no whole reading of the ruling answers so (the
    other tracks are open), but the reference with ``top(...)`` left out of that one track does: HIS-RULING-7."""
    target = SimpleNamespace(**{op.name: _english_spaces_kept_to_twelve(op.name) for op in game("his").operations})
    records = records_of("his", target)
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("his", records) == ["HIS-RULING-7"]


def _master_of_italy_unknown(name: str) -> Any:
    """HIS-BONUS-8 misread: Master of Italy left out of the kinds, its entries refused as of an unknown kind."""

    def call(request: Any, rulings: HisRulings, /) -> Any:
        for at, bonus in enumerate(getattr(request, "bonuses", ())):
            if bonus.kind == BonusKind.MASTER_OF_ITALY:
                raise InvalidState(f"bonuses[{at}].kind", bonus.kind, "unknown kind", "HIS-BONUS-10")
        return getattr(his, name)(request, rulings)

    return call


def test_a_legal_name_refused_fails_the_clause_that_defines_it() -> None:
    """Entries of a kind refused as unknown name the kind's field, whose refusals are HIS-BONUS-10's; the value
    refused, ``master_of_italy``, is defined by HIS-BONUS-8 alone, which is the clause that fails."""
    target = SimpleNamespace(**{op.name: _master_of_italy_unknown(op.name) for op in game("his").operations})
    records = records_of("his", target)
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("his", records) == ["HIS-BONUS-8"]


def _published_moved(
    moved: Step, before: Step, checked: Callable[[WarEndRequest], WarEndRequest] = lambda asked: asked
) -> Callable[[WarEndRequest, SoeRulings], WarEndResult]:
    """An ``end_war`` whose ``published`` steps run with ``moved`` taken out and run just before ``before``, the
    request checked as ``checked`` has it there (the draws counted against the gold maintenance then finds)."""

    def end_war(request: WarEndRequest, rulings: SoeRulings, /) -> WarEndResult:
        published = rulings.sequence is WarEndSequence.PUBLISHED
        validate_war_end_request(checked(request) if published else request, rulings)
        state = WarState(request.empires, request.board)
        steps: tuple[Step, ...] = STEPS[rulings.sequence]
        if rulings.sequence is WarEndSequence.PUBLISHED:
            rest = [step for step in steps if step is not moved]
            steps = (*rest[: rest.index(before)], moved, *rest[rest.index(before) :])
        for step in steps:
            state = step(state, request, rulings)
        standings = rank_players(state.empires, rulings) if request.board.war == LAST_WAR else None
        return WarEndResult(state.empires, state.board, standings)

    return end_war


def test_two_steps_of_the_end_of_a_war_swapped_fail_the_clause_stating_their_order() -> None:
    """Gold short of the upkeep before income comes in: vectors of the sequence, of draws and of maintenance fail,
    each its own rule's; the steps with income and maintenance swapped answer so: SOE-SEQ-2."""
    maintenance_first = _published_moved(maintenance_step, income_step)  # SOE-SEQ-2 misread under ``published``
    records = records_of("soe", SimpleNamespace(end_war=maintenance_first), ("end_war",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("soe", records) == ["SOE-SEQ-2"]


def _acquired_card_for_the_unrest(player: Any, slot: Any) -> Any:
    """IMP-MARKET-3 misread: the card put into the hand for the unrest card under the acquired one is the acquired
    card again, a field copied wrong (runs as ``take_unrest_under``; the 40th zoo's imp-03)."""
    return player if slot.unrest is None else add_to_zone(player, Zone.HAND, (slot.card,))


def _required_as_if_able(request: Any, rulings: Any, /) -> Any:
    """IMP-DRAW-2 misread: a required draw stops at an empty pile as a draw if able does (its mode typed wrong), its
    orders then left over (the 41st zoo's imp-03)."""
    if request.mode is not DrawMode.REQUIRED:
        return imperium.draw(request, rulings)
    answer = imperium.draw(replace(request, mode=DrawMode.IF_ABLE, shuffles=()), rulings)
    if request.shuffles:
        raise InvalidState("shuffles", [list(o) for o in request.shuffles], "orders left over", "IMP-DRAW-4")
    return answer


def _if_able_refused_short(request: Any, rulings: Any, /) -> Any:
    """IMP-DRAW-5 misread: a draw if able that ends short refused under ``short_draw`` ``refuse``, a required draw's
    ruling (the 41st zoo's imp-04)."""
    answer = imperium.draw(request, rulings)
    short = request.mode is DrawMode.IF_ABLE and len(answer.drawn) < request.count
    if short and rulings.short_draw is ShortDraw.REFUSE:
        raise IllegalAction("IMP-RULING-7", "the draw ends short")
    return answer


def _shared_said_scored(request: Any, rulings: Any, /) -> Any:
    """IMP-COLLAPSE-5 misread: several winners tied on unrest and on score said decided by the score (the 41st zoo's
    imp-02)."""
    outcome = imperium.determine_winner(request, rulings)
    return replace(outcome, decided_by=Decider.SCORE) if len(outcome.winners) > 1 else outcome


def _replacement_said_to_collapse(request: Any, rulings: Any, /) -> Any:
    """IMP-MARKET-5 misread: the card named as emptying the pile is the replacement the unrest card slid under (the
    41st zoo's imp-06)."""
    result = imperium.acquire_market_card(request, rulings)
    under = [s.card.name for s in result.market if s.card and s.unrest and s.unrest.name == result.collapse_card]
    return replace(result, collapse_card=under[0]) if under else result


def _three_way_tie_shared(request: Any, rulings: Any, /) -> Any:
    """IMP-RULING-5 misread: under ``later_in_turn_order`` only a tie of two goes to turn order; three or more share
    (the 42nd zoo's imp-06)."""
    outcome = imperium.determine_winner(request, rulings)
    if outcome.decided_by is not Decider.TURN_ORDER:
        return outcome
    shared = imperium.determine_winner(request, replace(rulings, full_tie=FullTie.SHARED))
    return shared if len(shared.winners) > 2 else outcome


@pytest.mark.parametrize(
    ("operation", "port", "rules"),
    [
        ("determine_winner", _three_way_tie_shared, ["IMP-RULING-5"]),
        ("draw", _required_as_if_able, ["IMP-DRAW-2", "IMP-DRAW-4"]),
        ("draw", _if_able_refused_short, ["IMP-DRAW-5"]),
        ("determine_winner", _shared_said_scored, ["IMP-COLLAPSE-5"]),
        ("acquire_market_card", _replacement_said_to_collapse, ["IMP-MARKET-5"]),
    ],
)
def test_a_mode_or_a_report_read_wrong_fails_the_clause_stating_it(
    operation: str, port: Callable[..., Any], rules: list[str]
) -> None:
    """A required draw answered as a draw if able (IMP-DRAW-2, the guard of the two modes left out; its orders, left
    over, refused as such orders are: IMP-DRAW-4), a draw if able refused under a required draw's ruling (IMP-DRAW-5),
    several winners said decided by the score (IMP-COLLAPSE-5), the replacement named as the card that emptied the
    pile (IMP-MARKET-5): each the clause that says so, not each check's own rule or the rule a refusal cites."""
    records = records_of("imperium", SimpleNamespace(**{operation: port}), (operation,))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("imperium", records) == rules


def test_a_report_read_wrong_shows_its_step_wherever_the_check_is_primary() -> None:
    """An invariant primary to another rule (the unrest count, the market's cards) meets the last two readings above
    too: the difference alone names the step (the 41st zoo's imp-02 and imp-06)."""
    three = {"players": [{"name": name} for name in ("a", "b", "c")]}
    shared = {"unrest": [0, 0, 0], "winners": ["a", "b"], "decided_by": "shared"}
    scored = {**shared, "decided_by": "score"}
    by = ("$.decided_by",)
    assert imperium_blame.decided("determine_winner", three, {}, shared, scored, by) == "IMP-COLLAPSE-5"
    lone = {"unrest": [0, 0, 1], "winners": ["a"], "decided_by": "score"}  # a tie missed on the way: not sure
    assert imperium_blame.decided("determine_winner", three, {}, lone, {**lone, "decided_by": "unrest"}, by) is None
    emptied: dict[str, Any] = {"collapsed": True, "collapse_card": "u1"}
    named = {**emptied, "collapse_card": "temple"}
    card = ("$.collapse_card",)
    assert imperium_blame.decided("acquire_market_card", {}, {}, emptied, named, card) == "IMP-MARKET-5"
    assert imperium_blame.decided("resolve_action", {}, {}, emptied, named, card) == "IMP-COLLAPSE-2"


def _coins_as_influence(player: Any, slot: Any) -> Any:
    """IMP-MARKET-2 misread: the coins on the acquired card added as its influence too (runs as ``take_tokens``)."""
    tokens = replace(
        player.tokens, coins=player.tokens.coins + slot.coins, influence=player.tokens.influence + slot.coins
    )
    return replace(
        player,
        tokens=tokens,
        action_markers=player.action_markers + slot.actions,
        markers_on_nation_card=player.markers_on_nation_card + slot.actions,
    )


@pytest.mark.parametrize(
    ("function", "reading", "rule"),
    [
        (imperium_market.take_tokens, _coins_as_influence, "IMP-MARKET-2"),
        (imperium_market.take_unrest_under, _acquired_card_for_the_unrest, "IMP-MARKET-3"),
    ],
)
def test_a_value_read_from_another_field_fails_the_clause_of_the_step_reading_it(
    function: Any, reading: Any, rule: str
) -> None:
    """The influence on an acquired card taken as its coins, or the acquired card put in the hand for the unrest card
    under it: every acquiring vector it touches differs, each primary to its own rule (the market, its rulings, a
    collapse); the sum is IMP-MARKET-2's, the card taken into the hand IMP-MARKET-3's."""
    misread = _misread(function, reading, imperium)
    records = records_of(
        "imperium", SimpleNamespace(acquire_market_card=misread("acquire_market_card")), ("acquire_market_card",)
    )
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 2
    assert _failed_rules("imperium", records) == [rule]


def _next_turn_kept(name: str) -> Any:
    """HIS-WIN-8 misread: the turn after a phase nobody won is the turn played (the history's records plus one), not
    the next, where no tie is played on (a port's other path to the next turn); every verdict right."""

    def back(outcome: Outcome) -> Outcome:
        turn = outcome.next_turn
        if turn is None or outcome.tied:  # a tie played on goes to the next turn as it should
            return outcome
        return replace(outcome, next_turn=turn - 1)

    def call(request: Any, rulings: HisRulings, /) -> Any:
        answer = getattr(his, name)(request, rulings)
        if isinstance(answer, Outcome):
            return back(answer)
        found = {part: back(getattr(answer, part)) for part in ("outcome", "before", "after") if hasattr(answer, part)}
        return replace(answer, **found) if found else answer

    return call


def test_the_turn_after_a_right_verdict_wrong_fails_the_turn_marker_clause() -> None:
    """Only ``next_turn`` differs, in the vectors of domination, rulings, plays and whole phases, each primary to its
    own rule; no one misreading of the reference answers so (it writes the next turn once for both paths, and a tie
    played on passes): the one clause that says which turn comes next is HIS-WIN-8."""
    target = SimpleNamespace(**{op.name: _next_turn_kept(op.name) for op in game("his").operations})
    records = records_of("his", target)
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3
    assert _failed_rules("his", records) == ["HIS-WIN-8"]


def _tie_played_on_ends_the_game(request: Any, rulings: HisRulings, /) -> Any:
    """HIS-RULING-3 misread: under ``play_on`` a tie the history cannot break before turn 9 ends the game, the verdict
    (nobody won, the powers still tied) right, the next turn left out."""
    outcome = his.determine_victory(request, rulings)
    if rulings.unbroken_tie is UnbrokenTie.PLAY_ON and outcome.tied and outcome.next_turn is not None:
        return replace(outcome, game_over=True, next_turn=None)
    return outcome


def test_the_turn_after_a_tie_played_on_wrong_fails_the_ruling_unless_the_run_shows_the_turn_marker() -> None:
    """Only ``game_over`` and ``next_turn`` differ, and only for ``play_on``'s tie: HIS-RULING-3 gives that outcome
    its next turn, HIS-WIN-8 every other's. The run shows no other turn wrong, so the ruling's sentence fails; a port
    whose next turn is wrong everywhere fails the turn marker's clause, those ties included."""
    target = SimpleNamespace(determine_victory=_tie_played_on_ends_the_game)
    records = records_of("his", target, ("determine_victory",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("his", records) == ["HIS-RULING-3"]

    def everywhere(request: Any, rulings: HisRulings, /) -> Any:
        outcome = his.determine_victory(request, rulings)
        return outcome if outcome.next_turn is None else replace(outcome, next_turn=outcome.next_turn - 1)

    records = records_of("his", SimpleNamespace(determine_victory=everywhere), ("determine_victory",))
    assert _failed_rules("his", records) == ["HIS-WIN-8"]

    def disagreeing(request: Any, rulings: HisRulings, /) -> Any:  # play_on's tie going on, its next turn lost
        outcome = his.determine_victory(request, rulings)
        return replace(outcome, next_turn=None) if outcome.tied and outcome.next_turn is not None else outcome

    records = records_of("his", SimpleNamespace(determine_victory=disagreeing), ("determine_victory",))
    assert _failed_rules("his", records) == ["HIS-WIN-8"]


def _lone_entrant_as_a_tie(values: Any, group: Any, unfriendly: bool, rulings: SoeRulings) -> Any:
    """SOE-SCORE-5 misread: a group of one scored as a tie, bumped down where ties are unfriendly (runs as
    ``scoring.group_value``)."""
    if unfriendly:
        return bump_down(values, group, rulings)
    return share_friendly_tie(values, group, rulings)


def test_a_step_of_a_sequence_left_out_fails_the_clause_its_line_names() -> None:
    """Lone entrants bumped down in 2- and 3-player regions: the vectors of scoring, of unfriendly ties and of the
    end of a war fail, each its own rule's; the step left out names SOE-SCORE-5 on its line."""
    misread = _misread(scoring.group_value, _lone_entrant_as_a_tie)
    operations = ("score_region", "score_regions", "end_war")
    records = records_of("soe", SimpleNamespace(**{name: misread(name) for name in operations}), operations)
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3
    assert "SOE-SCORE-5" in _failed_rules("soe", records)
    assert len(_failed_rules("soe", records)) <= 2


def _discard_pile_before_the_nation_card(player: Any, shuffles: Any, used: int, rulings: Any) -> Any:
    """IMP-DRAW-2 misread: the discard pile shuffled into the draw pile before the nation card moves (runs as
    ``drawing.shuffle_procedure``)."""
    player, used = new_draw_pile(player, shuffles, used)
    player = move_nation_card(player, rulings)
    return player, used


def test_two_steps_of_one_state_swapped_fail_the_clause_stating_their_order() -> None:
    """The nation card moved after the shuffle lands on the emptied discard pile: orders naming it are refused, and
    draws differ, over the vectors of shuffles and of the nation card; the steps swapped misread IMP-DRAW-2."""
    records = _misread_records(
        "imperium", imperium_drawing.shuffle_procedure, _discard_pile_before_the_nation_card, "draw", imperium
    )
    assert _primaries_failed(records) >= 2
    assert "IMP-DRAW-2" in _failed_rules("imperium", records)
    assert len(_failed_rules("imperium", records)) <= 2


def _vp_floor_swapped(name: str) -> Any:
    """SOE-RULING-11 read the other way round: VP floored at 0 under ``none``, and not under ``zero``."""

    def call(request: Any, rulings: SoeRulings, /) -> Any:
        other = VpFloor.ZERO if rulings.vp_floor is VpFloor.NONE else VpFloor.NONE
        return getattr(soe, name)(request, replace(rulings, vp_floor=other))

    return call


def test_a_ruling_read_the_other_way_round_fails_the_ruling_even_under_its_default() -> None:
    """Under the default the clauses state the reading, so a departure there alone stays each check's own rule; but
    the run shows this one both ways (under ``zero`` as well), over several rules' checks: SOE-RULING-11."""
    operations = ("end_game", "end_war")
    records = records_of("soe", SimpleNamespace(**{name: _vp_floor_swapped(name) for name in operations}), operations)
    failed = [r for r in records if r.outcome == "failed"]
    assert {r.rulings.get("vp_floor", "none") for r in failed} == {"none", "zero"}
    assert len({r.primary_rule for r in failed}) >= 2
    assert _failed_rules("soe", records) == ["SOE-RULING-11"]
    # alone, without the run, a departure under the default is the check's own rule
    default = next(r for r in failed if r.rulings.get("vp_floor", "none") == "none")
    assert blamed_rule(default) == default.primary_rule


def _sheets_in_the_cards_order(request: PhaseRequest, rulings: HisRulings, /) -> PhaseResult:
    """HIS-POWER-1 misread: the score sheets listed in the order the request's cards name the powers."""
    answer = his.run_phase(request, rulings)
    order = [card.power for card in request.cards]
    return replace(answer, scores=tuple(sorted(answer.scores, key=lambda sheet: order.index(sheet.power))))


def test_sheets_listed_in_the_requests_order_fail_the_order_of_the_powers_not_the_lines_they_differ_on() -> None:
    """Each sheet right, shown where the request listed its power: the first differing line is another power's special
    line (piracy, St. Peter's), but the list holds the same sheets in another order: HIS-POWER-1's."""
    records = records_of("his", SimpleNamespace(run_phase=_sheets_in_the_cards_order), ("run_phase",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and any(".special[" in d.path for r in failed for d in r.differences)
    assert _failed_rules("his", records) == ["HIS-POWER-1"]


def _given_records_as_sent(request: PhaseRequest, rulings: HisRulings, /) -> PhaseResult:
    """HIS-WIN-9 misread: the records the request gave handed back as sent, their powers in the request's order; only
    the record this turn appends is put in impulse order (the 58th zoo's his-06)."""
    answer = his.run_phase(request, rulings)
    return replace(answer, history=(*request.history, answer.history[-1]))


def test_given_records_handed_back_in_the_requests_order_fail_the_historys_clause() -> None:
    """The sheets and this turn's record in impulse order, the given records' powers in the request's order: the
    sentence of HIS-WIN-9 that puts them in that order too, not HIS-POWER-1 (which the appended record keeps)."""
    records = records_of("his", SimpleNamespace(run_phase=_given_records_as_sent), ("run_phase",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(d.path.startswith("$.history[") for r in failed for d in r.differences)
    assert _failed_rules("his", records) == ["HIS-WIN-9"]


def _unrest_always_off(request: Any, rulings: HisRulings, /) -> Any:
    """HIS-RULING-9 misread in the religious victory's guard alone: the spaces in unrest taken off whatever the ruling,
    so under ``counted`` a board whose marker stands on 50 is scored as ``excluded`` would place it."""
    board = request.board
    if rulings.spaces_in_unrest is SpacesInUnrest.COUNTED and (
        board.protestant_spaces - board.protestant_spaces_in_unrest
        < RELIGIOUS_VICTORY_SPACES
        <= board.protestant_spaces
    ):
        return his.special_vp(request, replace(rulings, spaces_in_unrest=SpacesInUnrest.EXCLUDED))
    return his.special_vp(request, rulings)


def test_a_ruling_misread_in_one_guard_alone_fails_the_ruling_where_an_illegal_board_is_accepted() -> None:
    """Under ``counted``, 52 spaces with 3 in unrest is a religious victory, refused; the guard taking the unrest off
    whatever the ruling accepts it (the sheet scored as ``excluded`` would): the step's condition left out reads
    HIS-RULING-9, which the other reading answers as, and not the HIS-SPECIAL-8 the refusal would have cited."""
    records = records_of("his", SimpleNamespace(special_vp=_unrest_always_off), ("special_vp",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all("error" in r.expected and "error" not in r.got for r in failed)
    assert {r.primary_rule for r in failed} == {"HIS-SPECIAL-8"}
    assert _failed_rules("his", records) == ["HIS-RULING-9"]


def _second_unrest_by_place(name: str) -> Any:
    """SOE-UNREST-4 misread: the second highest read as the second total of the sorted list, so a tie for the highest
    leaves nobody second: ``next_place``'s answer, whatever ``second_unrest`` was asked."""

    def call(request: Any, rulings: SoeRulings, /) -> Any:
        return getattr(soe, name)(request, replace(rulings, second_unrest=SecondUnrest.NEXT_PLACE))

    return call


def test_a_port_playing_the_other_alternative_under_the_default_fails_the_clause_it_contradicts() -> None:
    """Under the default ``next_value`` the clause states the reading (SOE-UNREST-4 names the greatest total below the
    highest), so the standings of a tie for the highest fail it, not the ruling, though ``next_place`` answers so;
    asked ``next_place`` it answers right, so nothing shows the ruling read both ways round (``swapped``)."""
    operations = ("end_game", "end_war")
    records = records_of("soe", SimpleNamespace(**{n: _second_unrest_by_place(n) for n in operations}), operations)
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.rulings.get("second_unrest", "next_value") == "next_value" for r in failed)
    assert "SOE-RULING-7" not in {r.primary_rule for r in failed}
    assert _failed_rules("soe", records) == ["SOE-UNREST-4"]


def _every_holders_markers_where_held(player: Any, regions: Any) -> Any:
    """SOE-INCOME-3 misread: in each region where the player holds markers, every holder's markers counted as its own
    (runs as ``income.markers_on_the_map``)."""
    return sum(
        entry.markers
        for region in regions
        if any(held.holder == player for held in region.control)
        for entry in region.control
    )


def test_markers_of_other_holders_earned_fail_the_clause_saying_whose_markers_count() -> None:
    """Income vectors of population and markers, of markers alone, and the order of the empires fail, each its own
    rule's; every wrong gain is the population and another reading of whose markers count: SOE-INCOME-3."""
    records = _misread_records(
        "soe", soe_income.markers_on_the_map, _every_holders_markers_where_held, "collect_income", soe
    )
    assert _primaries_failed(records) >= 2
    assert _failed_rules("soe", records) == ["SOE-INCOME-3"]


def _pool_one_place_too_many(values: Any, group: Any, rulings: SoeRulings) -> Any:
    """SOE-SCORE-6 misread: a pooled friendly tie sums the places p to p+k, one place too many (runs as
    ``scoring.share_friendly_tie``)."""
    if rulings.tie_share is TieShare.FULL:
        return place_value(values, group.place)
    size = len(group.entrants)
    pool = sum(place_value(values, group.place + k) for k in range(size + 1))
    return divide_pool(pool, size, rulings.rounding)


def test_a_loop_run_once_too_often_fails_the_clause_of_its_formula() -> None:
    """The vectors of friendly ties, of scoring every region and of the end of a war fail, each its own rule's; the
    loop over the tied places run once more (``range(size + 1)``) misreads SOE-SCORE-6's sum of places p to p+k-1."""
    misread = _misread(scoring.share_friendly_tie, _pool_one_place_too_many)
    operations = ("score_region", "score_regions", "end_war")
    records = records_of("soe", SimpleNamespace(**{name: misread(name) for name in operations}), operations)
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3
    assert _failed_rules("soe", records) == ["SOE-SCORE-6"]


def _broken_tie_played_on(request: Any, rulings: HisRulings, /) -> Any:
    """HIS-RULING-3 misread: under ``play_on`` a tie for the most VP at 25 or more goes on even where the history
    breaks it (only a lone leader wins)."""
    outcome = his.determine_victory(request, rulings)
    if rulings.unbroken_tie is not UnbrokenTie.PLAY_ON or outcome.tie_broken_at_turn is None:
        return outcome
    if request.turn == LAST_TURN:
        return outcome  # the time limit's verdict is another clause's: left right here
    return replace(
        outcome, victory=Victory.NONE, winner=None, tie_broken_at_turn=None, game_over=False, next_turn=request.turn + 1
    )


def test_play_on_applied_to_a_tie_the_history_breaks_fails_the_ruling_not_the_standard_victory() -> None:
    """Under ``play_on`` the game goes on where a standard victory was due, won through the history: the verdict is
    HIS-WIN-2's to show, but the tie the history broke was played on as if it could not be, which is HIS-RULING-3's
    reading applied beyond its case."""
    records = records_of("his", SimpleNamespace(determine_victory=_broken_tie_played_on), ("determine_victory",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.expected["victory"] == "standard" for r in failed)
    assert _failed_rules("his", records) == ["HIS-RULING-3"]


def _unrest_tie_shared(request: WinnerRequest, rulings: Any, /) -> Any:
    """IMP-COLLAPSE-4 misread: a tie of three or more on the fewest unrest shared by every player in it, the scores
    never read."""
    outcome = imperium.determine_winner(request, rulings)
    fewest = min(outcome.unrest)
    tied = tuple(p.name for p, held in zip(request.players, outcome.unrest, strict=True) if held == fewest)
    return outcome if len(tied) <= 2 else replace(outcome, winners=tied, decided_by=Decider.SHARED)


def test_a_tie_on_unrest_never_taken_to_the_scores_fails_the_scoring_clause() -> None:
    """Where the scores pick one winner, or the later in turn order of the best of them, every player tied on unrest
    is named: the vectors of full ties (IMP-RULING-5's) and the invariant that the winner holds the fewest unrest
    (IMP-COLLAPSE-3's, three players with no cards, one scoring 1) fail IMP-COLLAPSE-4; a full tie shared among more
    players than the best scores, decided alike, stays who shares it (IMP-RULING-5)."""
    records = records_of("imperium", SimpleNamespace(determine_winner=_unrest_tie_shared), ("determine_winner",))
    failed = [r for r in records if r.outcome == "failed"]
    assert any(r.expected["decided_by"] != r.got["decided_by"] for r in failed)
    asked = next(r for r in failed if len(r.request["players"]) == 3)
    players: list[dict[str, Any]] = [{**asked.request["players"][0], "name": name} for name in ("ann", "bo", "cy")]
    request: dict[str, Any] = {"players": [p | _NO_CARDS for p in players], "scores": [0, 0, 1], "collapse_card": None}
    typed = typed_question(game("imperium"), "determine_winner", request, {})
    assert typed is not None and isinstance(typed[0], WinnerRequest)
    asked_typed, rulings = typed[0], typed[1]
    expected, got = (json_value(f(asked_typed, rulings)) for f in (imperium.determine_winner, _unrest_tie_shared))
    assert expected["decided_by"] == "score" and got["decided_by"] == "shared"
    invariant = replace(
        asked,
        nodeid="test_winner_holds_the_fewest_unrest",
        kind="invariant",
        rules=_WINNER_RULES,
        request=request,
        rulings=wire_form(rulings),
        expected=expected,
        got=got,
        differences=differences(expected, got),
    )
    assert _failed_rules("imperium", [*records, invariant]) == ["IMP-COLLAPSE-4", "IMP-RULING-5"]


_NO_CARDS: dict[str, list[str]] = {
    zone: [] for zone in ("hand", "play_area", "draw_pile", "discard_pile", "history", "nation_deck", "exhausted")
}


def _first_threshold_typed_one_high(board: Board, rulings: HisRulings) -> int:
    """HIS-SPECIAL-7 misread: the track's first threshold typed 5, not 4 (runs as ``protestant_track_vp``)."""
    position = track_position(board, rulings)
    return sum(1 for threshold in (5, *TRACK_THRESHOLDS[1:]) if threshold <= position)


def test_a_track_misread_by_a_port_playing_a_declared_ruling_fails_the_track_not_the_ruling() -> None:
    """Declared ``spaces_in_unrest=counted``: every check is asked under ``counted`` because the port plays it, so the
    failures all sharing that alternative says nothing of the ruling; the threshold stays HIS-SPECIAL-7's, as it is
    under the defaults."""
    misread = _misread(his_special.protestant_track_vp, _first_threshold_typed_one_high, his)
    target = SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations})
    counted = {"spaces_in_unrest": (SpacesInUnrest.COUNTED,)}
    records = records_of("his", target, declared=counted)
    failed = [r for r in records if r.outcome == "failed"]
    assert any(r.rederived for r in failed) and len({r.primary_rule for r in failed}) >= 2
    assert _failed_rules("his", records) == ["HIS-SPECIAL-7"]
    assert _failed_rules("his", records_of("his", target)) == ["HIS-SPECIAL-7"]


def _time_limit_walked_though_shared(request: Any, rulings: HisRulings, /) -> Any:
    """HIS-RULING-4 misread: under ``time_limit_tie`` ``shared`` a tie at the end of turn 9 is walked through the
    history first, shared only where the history cannot break it."""
    answer = his.determine_victory(request, rulings)
    if rulings.time_limit_tie is TimeLimitTie.SHARED and answer.victory is Victory.TIME_LIMIT:
        walked = his.determine_victory(request, replace(rulings, time_limit_tie=TimeLimitTie.HISTORY))
        return walked if walked.tie_broken_at_turn is not None else answer
    return answer


def test_a_time_limit_tie_walked_through_the_history_under_shared_fails_the_ruling_not_the_walk() -> None:
    """The verdict names the turn the history broke the tie at, where ``shared`` walks no history: HIS-WIN-3 states
    how a walk goes, not whether the time limit takes one; the ruling's own clause does."""
    records = records_of("his", SimpleNamespace(determine_victory=_time_limit_walked_though_shared))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.got and r.got.get("tie_broken_at_turn") for r in failed)
    assert _failed_rules("his", records) == ["HIS-RULING-4"]


def _debater_claims_cited_as_the_other_debaters(name: str) -> Any:
    """HIS-BONUS-1 mis-cited: a burned debater's claim refused where HIS-BONUS-1 refuses it, citing HIS-BONUS-2."""

    def call(request: Any, rulings: HisRulings, /) -> Any:
        try:
            return getattr(his, name)(request, rulings)
        except IllegalAction as refusal:
            if refusal.rule == "HIS-BONUS-1":
                raise IllegalAction("HIS-BONUS-2", refusal.reason) from refusal
            raise

    return call


def test_a_due_refusal_cited_under_another_rule_fails_the_rule_it_is_due_under() -> None:
    """Every refusal HIS-BONUS-1 is due is made, citing HIS-BONUS-2, whose own checks all pass and which no failing
    request holds a fault of: the refusal is right, its citation wrong, HIS-BONUS-1's. A two-fault request naming the
    cited rule (an order misread) keeps the cited rule, and without the run the citation is taken at its word."""
    target = SimpleNamespace(
        **{op.name: _debater_claims_cited_as_the_other_debaters(op.name) for op in game("his").operations}
    )
    records = records_of("his", target)
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.got == {"error": {"kind": "IllegalAction", "rule": "HIS-BONUS-2"}} for r in failed)
    assert _failed_rules("his", records) == ["HIS-BONUS-1"]
    assert {blamed_rule(r) for r in failed} == {"HIS-BONUS-2"}
    ordered = [replace(failed[0], nodeid="x.json::two-faults", rules=("HIS-BONUS-1", "HIS-BONUS-2")), *records]
    assert blamed_rule(failed[0], ordered) == "HIS-BONUS-2"


def _slide_by_the_acquired_cards_suit(request: Any, rulings: Any, /) -> Any:
    """IMP-MARKET-5 misread: whether an unrest card slides under the replacement decided by the acquired card's suit.
    Where the two suits differ it answers as ``unrest_under`` read the other way round; where they agree, right."""
    try:
        acquired = request.market[imperium_market.slot_of(request)].card
    except (InvalidState, IllegalAction):
        return imperium.acquire_market_card(request, rulings)
    kept = imperium_market.gets_unrest
    imperium_market.gets_unrest = lambda _replacement, asked: kept(acquired, asked)  # type: ignore[assignment]
    try:
        return imperium.acquire_market_card(request, rulings)
    finally:
        imperium_market.gets_unrest = kept


def test_a_ruling_seemingly_swapped_where_a_passed_vector_refutes_it_is_not_blamed_on_the_ruling() -> None:
    """Each failure answers as ``unrest_under`` read backwards would, but vectors asked the default, whose suits agree,
    passed where the swapped ruling answers otherwise: the ruling is not read backwards, and is not blamed alone."""
    records = records_of("imperium", SimpleNamespace(acquire_market_card=_slide_by_the_acquired_cards_suit))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed
    shown = _failed_rules("imperium", records)
    assert shown != ["IMP-RULING-2"] and "IMP-MARKET-5" in shown, shown


def _lone_candidate_spared(empire: Any, empires: Any, rulings: Any) -> Any:
    """SOE-UNREST-6 misread: with 2 players, the most unrest penalised only where both are candidates, so a lone
    candidate (the other in revolution, or at 0 unrest where that is not penalised) loses nothing (runs as
    ``end_game.unrest_penalty``'s code)."""
    candidates = penalty_candidates(empires, rulings)
    if empire not in candidates:
        return 0
    highest = highest_unrest(candidates)
    if len(empires) < SECOND_PENALISED_FROM:
        alone = len(candidates) == 2 and sum(1 for e in candidates if e.unrest == highest) == 1
        return HIGHEST_PENALTY if empire.unrest == highest and alone else 0
    if empire.unrest == highest:
        return HIGHEST_PENALTY
    if empire.unrest == second_highest_unrest(candidates, rulings):
        return SECOND_PENALTY
    return 0


def test_a_lone_candidate_of_two_players_spared_fails_the_two_player_rule_not_what_made_it_lone() -> None:
    """The lone candidate is the other in revolution (SOE-UNREST-1's vector) or unpenalised at 0 unrest (SOE-RULING-8's
    vector): SOE-UNREST-6 says a lone candidate has the most unrest, so the standings it reaches fail that rule. The
    vector whose other player stands on 20 exactly stays its own: the candidates' bound read ``<=`` answers so too."""
    unrest_penalty = sys.modules["rulespec.reference.struggle_of_empires.end_game"].unrest_penalty  # not the operation
    misread = _misread(unrest_penalty, _lone_candidate_spared)
    records = records_of("soe", SimpleNamespace(end_game=misread("end_game"), end_war=misread("end_war")))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 2
    assert _failed_rules("soe", records) == ["SOE-UNREST-1", "SOE-UNREST-6"]


def _port_with(module: Any, name: str, read: Callable[[Any, Any], Any], operation: Callable[..., Any]) -> Any:
    """``operation`` as a port that reads one helper or table of the reference otherwise: ``module``'s ``name`` is
    ``read(request, rulings)`` while the port answers, and put back after (blame asks the reference)."""

    def call(request: Any, rulings: Any, /) -> Any:
        kept = getattr(module, name)
        setattr(module, name, read(request, rulings))
        try:
            return operation(request, rulings)
        finally:
            setattr(module, name, kept)

    return call


_GETS_UNREST = imperium_market.gets_unrest


def _asked_of_the_acquired(request: Any, _: Any) -> Callable[[Any, Any], bool]:
    """IMP-MARKET-5 misread: whether the replacement gets an unrest card is asked of the acquired card, the other of
    the two cards the acquisition holds (a port passing the wrong one to its helper)."""

    def of_the_acquired(_: Any, rulings: Any) -> bool:
        return _GETS_UNREST(request.market[imperium_market.slot_of(request)].card, rulings)

    return of_the_acquired


def test_a_helper_asked_about_another_value_of_its_kind_fails_what_the_helper_decides() -> None:
    """The acquisition holds two cards (the acquired one and its replacement); asked of the wrong one, the slide
    differs in vectors primary to the market, its rulings and a collapse. No step line names the call: the helper's
    docstring does (IMP-MARKET-5 with IMP-RULING-2), and a slide left out where one was due shows it for sure: the
    slide, not the rules of every vector that refills a slot."""
    records = records_of(
        "imperium",
        SimpleNamespace(
            acquire_market_card=_port_with(
                imperium_market, "gets_unrest", _asked_of_the_acquired, imperium.acquire_market_card
            )
        ),
    )
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) > 2
    assert _failed_rules("imperium", records) == ["IMP-MARKET-5"]


_END_GAME = "rulespec.reference.struggle_of_empires.end_game"  # the module: ``soe.end_game`` is the operation


def _candidates_counted(_: Any, rulings: SoeRulings) -> Callable[[Sequence[Empire]], int]:
    """SOE-UNREST-2 misread: the players the penalties speak of counted as the candidates, the list a port holds
    there (read as ``end_game.player_count``)."""

    def counted(empires: Sequence[Empire]) -> int:
        return len(penalty_candidates(empires, rulings))

    return counted


def test_the_candidates_counted_as_the_players_fail_the_clause_saying_who_counts() -> None:
    """Three empires, one in revolution or on 0 unrest: the other two are penalised as two players, in standings
    primary to the penalties, the revolution and the places; SOE-UNREST-2 says every empire counts (the count is
    ``player_count``, and a helper asked about another value of its kind misreads what it decides)."""
    records = records_of(
        "soe",
        SimpleNamespace(
            **{
                name: _port_with(sys.modules[_END_GAME], "player_count", _candidates_counted, getattr(soe, name))
                for name in ("end_game", "end_war")
            }
        ),
    )
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 2
    assert _failed_rules("soe", records) == ["SOE-UNREST-2"]


def _voyagers_copied_wrong(*_: Any) -> frozenset[Power]:
    """HIS-RULING-6 misread: the published list of the powers that voyage copied with the Papacy in place of the
    Habsburgs (read as ``bonus.SEAFARERS``)."""
    return frozenset({Power.ENGLAND, Power.FRANCE, Power.PAPACY})


def test_a_published_list_copied_with_one_member_wrong_fails_the_clause_publishing_it() -> None:
    """A Habsburg voyage refused (citing HIS-BONUS-3 or -4, as HIS-RULING-6 says a refusal must) and a Papal one
    accepted, in checks primary to the bonus, the sheets and the victory rules: the list is HIS-RULING-6's, its
    ``published`` alternative's, whichever rule each refusal cites."""
    operations = [operation.name for operation in game("his").operations]
    records = records_of(
        "his",
        SimpleNamespace(
            **{
                name: _port_with(his_bonus, "SEAFARERS", _voyagers_copied_wrong, getattr(his, name))
                for name in operations
            }
        ),
    )
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 2
    assert _failed_rules("his", records) == ["HIS-RULING-6"]


def _label_copied_from_the_line_above(request: Any, rulings: Any, /) -> Any:
    """IMP-COLLAPSE-5 misread: a win settled by the score labelled ``unrest``, the label of the line above it (a port
    copying that line), the winner right."""
    outcome = imperium.determine_winner(request, rulings)
    return replace(outcome, decided_by=Decider.UNREST) if outcome.decided_by is Decider.SCORE else outcome


def test_a_label_copied_from_the_line_above_fails_the_clause_that_says_when_it_is_given() -> None:
    """Players tied on fewest unrest, one of them ahead on score: the winner is right and ``decided_by`` says
    ``unrest``, in vectors primary to the tie going to the score and to IMP-RULING-3. IMP-COLLAPSE-5
    says when each label is given (named on ``Decider``'s line), not the clause of the winner the line finds."""
    records = records_of("imperium", SimpleNamespace(determine_winner=_label_copied_from_the_line_above))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 2
    assert _failed_rules("imperium", records) == ["IMP-COLLAPSE-5"]


def _red_symbol_asked_of_exhausting(request: Any, rulings: Any, /) -> Any:
    """IMP-PLAY-3 misread: exhausting a red card in play refused on the empire side, as playing one is (IMP-PLAY-2's
    check, of ``play_card``, made here too)."""
    card = next((c for c in request.player.play_area if c.name == request.card), None)
    if card is not None and card.barbarian and request.player.nation_side is NationSide.EMPIRE:
        raise IllegalAction("IMP-PLAY-2", f"{card.name} is a red card and the nation card shows the empire side")
    return imperium.use_exhaust_ability(request, rulings)


def test_a_check_of_another_operation_made_here_fails_this_ones_rules_not_the_rule_it_cites() -> None:
    """The red symbol asked of an exhaust ability: refused citing IMP-PLAY-2, a rule no refusal on the way of
    ``use_exhaust_ability`` cites. Playing red cards is untouched; what fails is IMP-PLAY-3 (the side shown has no
    bearing on exhausting), the rule of the vector pinning that, and the exhaust rules its invariant reads."""
    records = records_of("imperium", SimpleNamespace(use_exhaust_ability=_red_symbol_asked_of_exhausting))
    failed = _failed_rules("imperium", records)
    assert "IMP-PLAY-3" in failed and "IMP-PLAY-2" not in failed, failed


def _if_able_counted_as_a_shuffle(request: DrawRequest, rulings: Any, /) -> DrawResult:
    """IMP-DRAW-5 misread: a draw if able that ends at an empty pile counts a run of the shuffle procedure it never
    carries out (the count raised before the draw's end is checked)."""
    result = imperium.draw(request, rulings)
    ended_at_empty = request.mode is DrawMode.IF_ABLE and len(result.drawn) < request.count
    return replace(result, shuffles=1) if ended_at_empty else result


def test_a_shuffle_counted_by_a_draw_if_able_fails_the_clause_that_it_never_shuffles() -> None:
    """Only ``shuffles`` differs, as where a run of the procedure goes uncounted (IMP-DRAW-4's count); the draw being
    one that never runs it shows which clause: IMP-DRAW-5."""
    records = records_of("imperium", SimpleNamespace(draw=_if_able_counted_as_a_shuffle), ("draw",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("imperium", records) == ["IMP-DRAW-5"]
    # no count where one is due: the count's own clause, whatever the draw
    due: dict[str, Any] = {"drawn": [], "shuffles": 0}
    assert imperium_blame.decided("draw", {"mode": "if_able"}, {}, due, {"drawn": []}, ("$.shuffles",)) == "IMP-DRAW-4"


def _zero_awards_left_out(request: Any, rulings: SoeRulings, /) -> Any:
    """SOE-SCORE-10 misread: a region's awards list only the players who scored, the 0 awards left out."""
    scored = soe.score_region(request, rulings)
    return replace(scored, awards=tuple(award for award in scored.awards if award.vp))


def test_awards_listed_without_their_zeros_fail_the_clause_of_one_award_per_player() -> None:
    """Each award present is right; the list lacks one per player. Every scoring vector with a 0 award shows it, under
    whatever clause it is primary to: SOE-SCORE-10 says the list, so it alone fails."""
    records = records_of("soe", SimpleNamespace(score_region=_zero_awards_left_out), ("score_region",))
    assert sum(r.outcome == "failed" for r in records) > 1
    assert _failed_rules("soe", records) == ["SOE-SCORE-10"]
    due = {"region": "r", "awards": [{"player": "a", "vp": 6}, {"player": "b", "vp": 0}]}
    other = {**due, "awards": [{"player": "a", "vp": 4}]}  # a wrong award besides: not the list's
    assert soe_blame.decided("score_region", {}, {}, due, other, ("$.awards",)) is None
    turned = {**due, "awards": due["awards"][::-1]}  # each award right, out of the players' order
    assert soe_blame.decided("score_region", {}, {}, due, turned, ("$.awards[0]", "$.awards[1]")) == "SOE-SCORE-10"
    worth = {**due, "awards": [{"player": "b", "vp": 0}]}  # an award worth VP left out: a scoring step's
    assert soe_blame.decided("score_region", {}, {}, due, worth, ("$.awards",)) is None


def _leader_named_while_the_game_goes_on(request: VictoryRequest, rulings: HisRulings, /) -> Outcome:
    """HIS-WIN-6 misread: with no victory, the power with the most VP is named winner while the next turn begins."""
    outcome = his.determine_victory(request, rulings)
    if outcome.victory is not Victory.NONE:
        return outcome
    leader = max(request.totals, key=lambda entry: entry.vp)
    return replace(outcome, winner=leader.power)


def test_a_winner_named_where_the_game_goes_on_fails_the_clause_that_nobody_wins_below_25() -> None:
    """Every verdict right but a winner named with it, below 25 VP: HIS-WIN-6, not the rule each vector of a game
    going on is primary to (the domination's, the turn's, the margin's). A tie at 25 or more that the game plays on
    from is HIS-RULING-3's ``play_on``, whose outcome names no winner: its vectors stay its own."""
    records = records_of("his", SimpleNamespace(determine_victory=_leader_named_while_the_game_goes_on))
    assert sum(r.outcome == "failed" for r in records) > 3
    assert _failed_rules("his", records) == ["HIS-RULING-3", "HIS-WIN-6"]
    # the outcome after a play, the one before it right
    going_on: dict[str, Any] = {"victory": "none", "winner": None, "tied": [], "game_over": False}
    due = {"allowed": True, "before": going_on, "after": going_on}
    named = {**due, "after": {**going_on, "winner": "papacy"}}
    assert his_blame.decided("may_play_copernicus_or_servetus", {}, {}, due, named, ("$.after.winner",)) == "HIS-WIN-6"
    played_on = {**going_on, "tied": ["ottomans", "papacy"]}  # a tie at 25 or more played on: HIS-RULING-3's
    tie = {"allowed": True, "before": played_on, "after": played_on}
    tie_named = {**tie, "after": {**played_on, "winner": "papacy"}}
    assert his_blame.decided("may_play_copernicus_or_servetus", {}, {}, tie, tie_named, ("$.after.winner",)) is None


def _judging_the_history_again(name: str) -> Any:
    """HIS-RULING-8 misread: a history total of 25 or more refused as a game that should have ended, in every
    operation taking a history."""
    operation = getattr(his, name)

    def call(request: Any, rulings: Any, /) -> Any:
        history: tuple[Any, ...] = getattr(request, "history", ()) or ()
        for i, record in enumerate(history):
            for j, entry in enumerate(record.totals):
                if entry.vp >= 25:
                    raise InvalidState(f"history[{i}].totals[{j}].vp", entry.vp, "the game ended then", "HIS-WIN-9")
        return operation(request, rulings)

    return call


def test_a_history_total_that_won_its_turn_refused_fails_the_ruling_taking_the_history_as_recorded() -> None:
    """The refused total is legal by the history's range (HIS-WIN-9: 0 or more) and by HIS-RULING-8, which says a
    recorded total is never judged again: a total that won its own turn names the ruling, one that did not the range."""
    names = ("determine_victory", "run_phase", "may_play_copernicus_or_servetus")
    records = records_of("his", SimpleNamespace(**{name: _judging_the_history_again(name) for name in names}), names)
    assert sum(r.outcome == "failed" for r in records) >= 1
    assert _failed_rules("his", records) == ["HIS-RULING-8"]
    sixes = [{"power": power.value, "vp": vp} for power, vp in zip(POWERS, (20, 14, 0, 0, 0, 0), strict=True)]
    field = "history[3].totals[0].vp"
    lower = [{**e, "vp": min(e["vp"], 18)} for e in sixes]  # a lead of 4: no domination
    for totals, rule in ((sixes, "HIS-RULING-8"), (lower, None)):  # a lead of 6 dominates from turn 4 on (HIS-RULING-1)
        history = [{"turn": t, "totals": totals} for t in range(1, 5)]
        asked = {"turn": 5, "totals": sixes, "history": history}
        assert his_blame.refused("determine_victory", asked, {}, field) == rule
        # a total of a power that won nothing in a won turn (the Habsburgs' 14) is the range's
        assert his_blame.refused("determine_victory", asked, {}, "history[3].totals[1].vp") is None
    # a winning total refused where another refusal was due: that refusal's order, not the ruling
    wrong = next(r for r in records if r.outcome == "failed")
    due = replace(wrong, expected={"error": {"kind": "InvalidState", "field": "turn"}})
    assert cited("his", wrong.got["error"], due) == "HIS-WIN-9"


def _records_never_going_down(name: str) -> Any:
    """HIS-RULING-8 misread: a history record whose total is below the same power's in the record before refused, VP
    taken as never going down (the 63rd zoo's his-01), in every operation taking a history."""
    operation = getattr(his, name)

    def call(request: Any, rulings: Any, /) -> Any:
        history: tuple[Any, ...] = getattr(request, "history", ()) or ()
        for i in range(1, len(history)):
            before = {entry.power: entry.vp for entry in history[i - 1].totals}
            for j, entry in enumerate(history[i].totals):
                if entry.vp < before[entry.power]:
                    raise InvalidState(f"history[{i}].totals[{j}].vp", entry.vp, "below the turn before", "HIS-WIN-9")
        return operation(request, rulings)

    return call


def test_a_history_record_refused_below_an_earlier_one_fails_the_ruling_taking_the_history_as_recorded() -> None:
    """HIS-RULING-8 says a record whose totals are lower than an earlier record's is never refused: a port refusing
    it, whatever rule it cites (HIS-WIN-9 here, the history's clause), fails HIS-RULING-8; a total refused that is
    below no earlier record is the history's range."""
    names = ("determine_victory", "run_phase", "may_play_copernicus_or_servetus")
    records = records_of("his", SimpleNamespace(**{name: _records_never_going_down(name) for name in names}), names)
    assert sum(r.outcome == "failed" for r in records) >= 1
    assert _failed_rules("his", records) == ["HIS-RULING-8"]
    vps = (10, 8, 6, 4, 1, 0)
    rising = [{"power": power.value, "vp": vp} for power, vp in zip(POWERS, vps, strict=True)]
    fallen = [{"power": power.value, "vp": max(vp - 1, 0)} for power, vp in zip(POWERS, vps, strict=True)]
    asked = {"turn": 3, "totals": rising, "history": [{"turn": 1, "totals": rising}, {"turn": 2, "totals": fallen}]}
    assert his_blame.refused("determine_victory", asked, {}, "history[1].totals[0].vp") == "HIS-RULING-8"
    assert his_blame.refused("determine_victory", asked, {}, "history[1].totals[4].vp") is None  # 0: perhaps a floor
    assert his_blame.refused("determine_victory", asked, {}, "history[1].totals[5].vp") is None  # 0 as before
    assert his_blame.refused("determine_victory", asked, {}, "history[0].totals[0].vp") is None  # nothing before


def _history_before_bonuses(name: str) -> Any:
    """HIS-WIN-9 misread: the phase's history checked before its bonuses (the third Perl audit's flip 07), every
    other check in its place."""
    operation = getattr(his, name)

    def call(request: Any, rulings: Any, /) -> Any:
        validate_rulings(rulings)
        validate_turn(request.turn)
        validate_cards(request.cards)
        validate_board(request.board, rulings)
        validate_history(request.history, request.turn)
        return operation(request, rulings)

    return call


def test_a_history_checked_before_the_bonuses_fails_the_clause_stating_their_order() -> None:
    """HIS-WIN-9 states that a phase's history is checked after its bonuses (the reference's line says so): the
    two-fault vectors, primary to the bonus fault due first, fail HIS-WIN-9 (not their own bonus rule, nor the
    HIS-PLAY-1 of the function holding the two checks)."""
    names = ("run_phase", "may_play_copernicus_or_servetus")
    records = records_of("his", SimpleNamespace(**{name: _history_before_bonuses(name) for name in names}), names)
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and all(r.primary_rule != "HIS-WIN-9" for r in failed)
    assert _failed_rules("his", records) == ["HIS-WIN-9"]


def _own_entries_first(name: str) -> Any:
    """HIS-VP-3 misread: ``bonus_vp`` and ``score_power`` keep only the asked power's bonus entries before checking
    any (the 63rd zoo's his-08), so another power's impossible or forbidden entry is never refused."""
    operation = getattr(his, name)

    def call(request: Any, rulings: Any, /) -> Any:
        own = tuple(entry for entry in request.bonuses if entry.power == request.power)
        return operation(replace(request, bonuses=own), rulings)

    return call


def test_another_powers_entries_left_unchecked_fail_the_clause_checking_every_entry() -> None:
    """The refusals due are each of their own entry's kind (HIS-BONUS-1, -3, -5, -9, -10, HIS-POWER-1): answered as the
    reference answers the asked power's entries alone, they are one misreading, HIS-VP-3's (every entry is checked,
    whichever power it names)."""
    names = ("bonus_vp", "score_power")
    records = records_of("his", SimpleNamespace(**{name: _own_entries_first(name) for name in names}), names)
    assert sum(r.outcome == "failed" for r in records) >= 3
    assert _failed_rules("his", records) == ["HIS-VP-3"]


@pytest.mark.parametrize(
    ("check", "rules"),
    [("check_once", ["HIS-BONUS-5", "HIS-BONUS-6", "HIS-BONUS-9"]), ("check_debate", ["HIS-BONUS-1", "HIS-BONUS-2"])],
)
def test_a_check_left_out_for_every_power_stays_its_own_rule(
    monkeypatch: pytest.MonkeyPatch, check: str, rules: list[str]
) -> None:
    """A check of one kind (a card earned once, a debater's claim) left out for every power also answers another
    power's faulty entry as the asked power's entries alone: the run, which shows the same refusal missed in the asked
    power's own entries, keeps each failure on its own rule, never HIS-VP-3."""

    def unmade(*args: object, **kwargs: object) -> None:
        """The check left out: nothing refused."""

    monkeypatch.setattr(his_bonus, check, unmade)
    names = ("bonus_vp", "score_power")
    records = records_of("his", SimpleNamespace(bonus_vp=his.bonus_vp, score_power=his.score_power), names)
    assert _failed_rules("his", records) == rules


def _each_language_once_per_power(bonuses: Sequence[Any], path: str) -> None:
    """HIS-BONUS-9 misread (the Tcl audit's flip-22): a language counts once for each power, not once a game."""
    check_once([b for b in bonuses if b.kind != BonusKind.BIBLE_TRANSLATION], path)  # the single cards, as before
    for i, bonus in enumerate(bonuses):
        if bonus.kind == BonusKind.BIBLE_TRANSLATION and any(
            earlier.kind == bonus.kind and (earlier.power, earlier.language) == (bonus.power, bonus.language)
            for earlier in bonuses[:i]
        ):
            raise IllegalAction("HIS-BONUS-9", f"{path}[{i}]: the {bonus.language} Bible is already translated")


def test_a_language_counted_once_per_power_fails_the_bible_clause_not_the_one_checking_every_entry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The asked power's second language of a name another power translated is accepted: its entries alone answer
    so too, but the fault needs the asked power's own entry (another power's entries alone are legal), so this is
    HIS-BONUS-9's condition misread, not another power's entry left unchecked (HIS-VP-3)."""
    monkeypatch.setattr(his_bonus, "check_once", _each_language_once_per_power)
    names = ("bonus_vp", "score_power")
    records = records_of("his", SimpleNamespace(bonus_vp=his.bonus_vp, score_power=his.score_power), names)
    assert _failed_rules("his", records) == ["HIS-BONUS-9"]


def _time_limit_before_standard(request: VictoryRequest, rulings: HisRulings, /) -> Outcome:
    """HIS-WIN-1 misread: on turn 9 the time limit is checked before the standard victory (domination still first)."""
    outcome = his.determine_victory(request, rulings)
    if request.turn != 9 or outcome.victory is not Victory.STANDARD:
        return outcome
    return his_victory.time_limit(his_victory.as_totals(request.totals), request.history, rulings)


def test_the_time_limit_given_for_a_standard_victory_fails_the_order_unless_the_run_shows_the_victory_missed() -> None:
    """The time limit on turn 9 where a standard victory is due is the order of HIS-WIN-1 or the victory missed
    (HIS-WIN-2): the order where every standard victory before turn 9 is right, the victory's bound where the run
    shows it missed there too (25 read as not enough)."""
    ordered = records_of("his", SimpleNamespace(determine_victory=_time_limit_before_standard), ("determine_victory",))
    assert sum(r.outcome == "failed" for r in ordered) >= 1
    assert _failed_rules("his", ordered) == ["HIS-WIN-1"]
    above = _port_with(his_victory, "STANDARD_VICTORY_VP", lambda _, __: 26, his.determine_victory)
    missed = records_of("his", SimpleNamespace(determine_victory=above), ("determine_victory",))
    turn_nine = [
        r for r in missed if r.outcome == "failed" and r.request["turn"] == 9 and r.got["victory"] == "time_limit"
    ]
    assert turn_nine and {blamed_rule(r, missed) for r in turn_nine} == {"HIS-WIN-2"}
    assert {blamed_rule(r) for r in turn_nine} == {"HIS-WIN-1"}  # without the run, the order: the first named


def _unbroken_tie_to_the_time_limit(request: VictoryRequest, rulings: HisRulings, /) -> Outcome:
    """HIS-RULING-3 misread: on turn 9 a standard victory the history cannot separate goes to the time limit under
    ``shared`` too, as under ``play_on`` (the 40th zoo's his-08); a lone leader's standard victory stands."""
    outcome = his.determine_victory(request, rulings)
    if request.turn != 9 or outcome.victory is not Victory.STANDARD or outcome.winner is not None:
        return outcome
    return his_victory.time_limit(his_victory.as_totals(request.totals), request.history, rulings)


def test_the_time_limit_given_for_an_unbroken_tie_alone_fails_the_ruling_that_says_it_holds_on_turn_nine() -> None:
    """The time limit where an unbroken tie's standard victory is due, and nowhere a lone leader's: the sentence of
    HIS-RULING-3 that ``shared`` holds on turn 9 too. Where the run gives lone leaders the time limit as well, the
    order of HIS-WIN-1 (the test above)."""
    records = records_of("his", SimpleNamespace(determine_victory=_unbroken_tie_to_the_time_limit))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("his", records) == ["HIS-RULING-3"]


_LEADERS = his_victory.leaders


def _every_power_at_25_leads(_: Any, __: Any) -> Callable[[Any], tuple[Power, ...]]:
    """HIS-WIN-2 misread: every power at 25 VP or more competes for the standard victory, as if tied for the most."""
    return lambda totals: (
        tuple(p for p in POWERS if totals[p] >= 25) if max(totals.values()) >= 25 else _LEADERS(totals)
    )


def test_powers_at_25_taken_as_tied_for_the_most_fail_the_standard_victory_not_the_tie_break() -> None:
    """A lone leader walked through the history with the other powers at 25 or more: another winner named shows the
    most VP read wrong (HIS-WIN-2); the same winner with a tie-break reported follows the run's word."""
    phase = _port_with(his_victory, "leaders", _every_power_at_25_leads, his.determine_victory)
    records = records_of("his", SimpleNamespace(determine_victory=phase), ("determine_victory",))
    lone = [r for r in records if r.outcome == "failed" and not r.expected.get("tied")]
    assert lone and {blamed_rule(r, records) for r in lone} == {"HIS-WIN-2"}
    same_winner: dict[str, Any] = {"victory": "standard", "winner": "papacy", "tied": [], "tie_broken_at_turn": None}
    reported = {**same_winner, "tie_broken_at_turn": 1}
    named = his_blame.decided("determine_victory", {}, {}, same_winner, reported, ("$.tie_broken_at_turn",))
    assert named == ("HIS-WIN-3", "HIS-WIN-2")


def _refused_play_answered(answer: str) -> Callable[[PhaseRequest, HisRulings], PhaseResult]:
    """``run_phase`` not refusing a play HIS-PLAY-1 refuses: a Copernicus or Servetus that stops no domination answered
    as the phase without it (``without``: HIS-PLAY-2's refusal skipped, the outcome before left standing, as
    ``may_play_copernicus_or_servetus`` does) or scored anyway (``scored``: what a condition read wrong answers too);
    a play of another kind answered without it (``kind``: HIS-PLAY-1's own refusal skipped)."""

    def phase(request: PhaseRequest, rulings: HisRulings, /) -> PhaseResult:
        try:
            return his.run_phase(request, rulings)
        except IllegalAction as refusal:
            play = request.play
            if refusal.rule != "HIS-PLAY-1" or play is None or (play.kind in PLAYABLE) == (answer == "kind"):
                raise
            if answer == "scored":
                return his.run_phase(replace(request, bonuses=(*request.bonuses, play), play=None), rulings)
            return his.run_phase(replace(request, play=None), rulings)

    return phase


@pytest.mark.parametrize(
    ("answer", "rule"), [("without", "HIS-PLAY-2"), ("scored", "HIS-PLAY-1"), ("kind", "HIS-PLAY-1")]
)
def test_a_play_not_allowed_answered_without_it_fails_the_clause_asking_run_phase_to_refuse_it(
    answer: str, rule: str
) -> None:
    """The condition read right (HIS-PLAY-1), the refusal HIS-PLAY-2 asks of ``run_phase`` not made: HIS-PLAY-2. A
    play scored anyway may be the condition read wrong, and a play of another kind is HIS-PLAY-1's own refusal:
    HIS-PLAY-1."""
    records = records_of("his", SimpleNamespace(run_phase=_refused_play_answered(answer)), ("run_phase",))
    assert sum(r.outcome == "failed" for r in records) >= 1
    assert _failed_rules("his", records) == [rule]


def _last_unrest_card_kept(request: Any, _: Any) -> Callable[[Any, Any], bool]:
    """IMP-MARKET-5 misread: the unrest card slides only while the pile holds more than one (a condition added)."""
    return lambda card, rulings: _GETS_UNREST(card, rulings) and len(request.unrest_pile) > 1


def test_the_last_unrest_card_kept_on_its_pile_fails_the_slide_not_the_collapse_that_follows() -> None:
    acquire = _port_with(imperium_market, "gets_unrest", _last_unrest_card_kept, imperium.acquire_market_card)
    records = records_of("imperium", SimpleNamespace(acquire_market_card=acquire), ("acquire_market_card",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed
    # the acquisition invariant runs once per rule of the operation: each run meets it, under that rule's name
    runs = [replace(r, nodeid=f"test_{rule}", kind="invariant", primary=rule) for r in failed for rule in _ACQUIRE]
    assert _failed_rules("imperium", [*records, *runs]) == ["IMP-MARKET-5"]


_ACQUIRE = ("IMP-COLLAPSE-1", "IMP-MARKET-4", "IMP-RULING-2")  # rules the acquisition invariant also runs under


def _slid_card_lost(request: Any, rulings: Any, /) -> Any:
    """IMP-MARKET-5 misread: the unrest card leaves its pile but never reaches the replacement."""
    result = imperium.acquire_market_card(request, rulings)
    return replace(result, market=tuple(replace(slot, unrest=None) for slot in result.market))


def test_an_unrest_card_lost_on_its_way_under_the_replacement_fails_the_slide() -> None:
    records = records_of("imperium", SimpleNamespace(acquire_market_card=_slid_card_lost), ("acquire_market_card",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and {blamed_rule(r, records) for r in failed} == {"IMP-MARKET-5"}


def _marker_spent(request: Any, rulings: Any, /) -> Any:
    """IMP-EXHAUST-1 misread: exhausting also takes the marker off those owned, as if spent."""
    player = imperium.use_exhaust_ability(request, rulings)
    return replace(player, action_markers=player.action_markers - 1)


def test_the_markers_owned_changed_by_exhausting_fail_the_clause_that_only_moves_one() -> None:
    records = records_of("imperium", SimpleNamespace(use_exhaust_ability=_marker_spent), ("use_exhaust_ability",))
    assert sum(r.outcome == "failed" for r in records) > 3
    assert _failed_rules("imperium", records) == ["IMP-EXHAUST-1"]


def _income_term_left_out(term: str) -> Callable[[Any, Any], Any]:
    """SOE-INCOME-1 misread (``population``): an empire with no markers on the map gains nothing, its population
    income skipped with them; SOE-INCOME-2 misread (``markers``): the markers' income left out."""

    def collect(request: Any, rulings: Any, /) -> Any:
        result = soe.collect_income(request, rulings)
        empires: list[Any] = []
        for asked, gained in zip(request.empires, result.empires, strict=True):
            markers = soe_income.markers_on_the_map(asked.player, request.regions)
            if term == "population" and not markers:
                gained = replace(gained, gold=asked.gold)
            if term == "markers":
                gained = replace(gained, gold=gained.gold - markers)
            empires.append(gained)
        return replace(result, empires=tuple(empires))

    return collect


@pytest.mark.parametrize(("term", "rule"), [("population", "SOE-INCOME-1"), ("markers", "SOE-INCOME-2")])
def test_an_income_term_left_out_fails_that_terms_clause_not_each_income_vectors_own(term: str, rule: str) -> None:
    records = records_of("soe", SimpleNamespace(collect_income=_income_term_left_out(term)), ("collect_income",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) > 1  # vectors of several rules meet it
    assert _failed_rules("soe", records) == [rule]
    # a population equal to the markers: either term left out answers alike, and the run tells which
    asked = {
        "empires": [{"player": "a", "gold": 0, "population": 2}],
        "regions": [{"control": [{"holder": "a", "markers": 2}]}],
    }
    both = soe_blame.decided("collect_income", asked, {}, {}, {"empires": [{"gold": 2}]}, ("$.empires[0].gold",))
    assert both == ("SOE-INCOME-1", "SOE-INCOME-2")


def _top_of_the_population_track_typed_one_short(request: Any, rulings: Any, /) -> Any:
    """SOE-INCOME-1 misread: a population of 9 yields 8 gold (a table of the track's incomes with its last entry
    typed one short; the 47th zoo's soe-01)."""
    result = soe.collect_income(request, rulings)
    empires = tuple(
        replace(gained, gold=gained.gold - 1) if asked.population == 9 else gained
        for asked, gained in zip(request.empires, result.empires, strict=True)
    )
    return replace(result, empires=empires)


def test_a_population_yielding_other_gold_fails_the_population_income_where_no_marker_answers_for_it() -> None:
    """An empire without markers on the map gains its population's gold alone: any other gain, no other reading
    answering so, is that term's (SOE-INCOME-1), not the rule of each vector that meets a population of 9. Where the
    empire holds markers too, a marker lost answers alike and the record keeps its other reading."""
    target = SimpleNamespace(collect_income=_top_of_the_population_track_typed_one_short)
    records = records_of("soe", target, ("collect_income",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) > 1
    assert "SOE-INCOME-1" in _failed_rules("soe", records)
    assert len(_failed_rules("soe", records)) <= 3
    bare = {"empires": [{"player": "a", "gold": 0, "population": 9}], "regions": []}
    gold = ("$.empires[0].gold",)
    assert soe_blame.decided("collect_income", bare, {}, {}, {"empires": [{"gold": 8}]}, gold) == "SOE-INCOME-1"
    marked = {**bare, "regions": [{"control": [{"holder": "a", "markers": 3}]}]}
    assert soe_blame.decided("collect_income", marked, {}, {}, {"empires": [{"gold": 11}]}, gold) is None
    # a gain below 0 (or past the track's 9): a gold taken besides answers alike, the run tells which
    lost = {"empires": [{"player": "a", "gold": 4, "population": 3}], "regions": []}
    either = ("SOE-INCOME-1", "SOE-INCOME-4")
    assert soe_blame.decided("collect_income", lost, {}, {}, {"empires": [{"gold": 0}]}, gold) == either


def _awards_valued(request: Any, rulings: Any, value: Callable[[Any, bool], int]) -> RegionScore:
    """The region's awards with each place group valued by ``value(group, unfriendly)``, majors scoring nothing (the
    request refused as the reference refuses it)."""
    soe.score_region(request, rulings)
    unfriendly = ties_are_unfriendly(len(request.players), request.region, rulings)
    scored = dict.fromkeys(request.players, 0)
    for group in rank_entrants(region_entrants(request.players, request.region, rulings)):
        for entrant in group.entrants:
            if entrant.is_player:
                scored[entrant.holder] = value(group, unfriendly)
    return RegionScore(request.region.name, tuple(Award(player, scored[player]) for player in request.players))


def _unfriendly_only_for_first(request: Any, rulings: Any, /) -> Any:
    """SOE-SCORE-7 misread: in a game whose ties are unfriendly, only a tie for 1st is; lower ties share as friendly
    ones (the 47th zoo's soe-02)."""
    values = request.region.values
    return _awards_valued(
        request, rulings, lambda group, hostile: group_value(values, group, hostile and group.place == 1, rulings)
    )


def _tied_out_under_nothing(request: Any, rulings: Any, /) -> Any:
    """SOE-RULING-3 misread: under ``nothing`` an unfriendly tie's players leave the ranking, the next group taking
    the tie's place (the 47th zoo's soe-05): a running place that only a lone entrant moves on."""
    answer = soe.score_region(request, rulings)
    unfriendly = ties_are_unfriendly(len(request.players), request.region, rulings)
    if rulings.unfriendly_tie is not UnfriendlyTie.NOTHING or not unfriendly:
        return answer
    scored, place = dict.fromkeys(request.players, 0), 1
    for group in rank_entrants(region_entrants(request.players, request.region, rulings)):
        if len(group.entrants) == 1:
            lone = group.entrants[0]
            scored[lone.holder] = place_value(request.region.values, place) if lone.is_player else 0
            place += 1
    return replace(answer, awards=tuple(Award(player, scored[player]) for player in request.players))


@pytest.mark.parametrize(
    ("port", "rule"), [(_unfriendly_only_for_first, "SOE-SCORE-7"), (_tied_out_under_nothing, "SOE-RULING-3")]
)
def test_a_tie_misplaced_by_its_place_or_taken_out_fails_the_clause_that_places_it(
    port: Callable[..., Any], rule: str
) -> None:
    """Ties below 1st scored as friendly where SOE-SCORE-7 makes every tie of the game unfriendly; under ``nothing``
    the tied players taken out of the ranking, the next group moved up to their place (SOE-RULING-3 keeps it): each
    the clause saying so, not the lone entrant's value (SOE-SCORE-5) or each vector's own rule."""
    records = records_of("soe", SimpleNamespace(score_region=port), ("score_region",))
    assert any(r.outcome == "failed" for r in records)
    assert rule in _failed_rules("soe", records)
    assert len(_failed_rules("soe", records)) <= 3
    named = [r for r in records if r.outcome == "failed" and blamed_rule(r, records) == rule]
    assert len(named) > 1


def _drawn_up_to_the_count(request: Any, rulings: Any, /) -> Any:
    """IMP-DRAW-1 misread: ``count`` read as the hand size to draw up to (the 47th zoo's imp-01)."""
    return imperium.draw(replace(request, count=max(0, request.count - len(request.player.hand))), rulings)


def test_a_draw_up_to_the_count_fails_the_clause_of_the_cards_taken() -> None:
    """A hand of some cards drawing only what it lacks to hold ``count``: each answer the reference gives that draw
    asked for fewer cards, so IMP-DRAW-1 (``count`` cards taken), not the hand limit's or the shuffle's vectors' own."""
    records = records_of("imperium", SimpleNamespace(draw=_drawn_up_to_the_count), ("draw",))
    # (a refusal due and not made is the fake's: it checks the count it draws, not the one asked)
    failed = [
        r for r in records if r.outcome == "failed" and "error" not in (r.got or {}) and "error" not in r.expected
    ]
    assert len({r.primary_rule for r in failed}) > 1
    named = [r for r in failed if blamed_rule(r, records) == "IMP-DRAW-1"]
    assert len(named) > 2

    # a hand limit misread drawing nothing where the hand holds the count already: not the count's reading for sure
    def full_hand_draws_nothing(request: Any, rulings: Any, /) -> Any:
        limit = rulings.hand_limit
        if limit is not None and len(request.player.hand) + request.count == limit:
            return imperium.draw(replace(request, count=0, shuffles=()), rulings)
        return imperium.draw(request, rulings)

    limited = records_of("imperium", SimpleNamespace(draw=full_hand_draws_nothing), ("draw",))
    assert _failed_rules("imperium", limited) == ["IMP-RULING-6"]
    # where the draw asked for fewer answers as the same draw asked ``if_able``, the mode read wrong answers alike
    for other in (r for r in failed if r not in named):
        if_able: dict[str, Any] = {**json_value(other.request), "mode": "if_able", "shuffles": []}
        answer = reference_answer(game("imperium"), "draw", if_able, json_value(other.rulings))
        assert json_value(answer) == json_value(other.got)


def _tie_unfriendly_only_with_a_major_in_it(request: Any, rulings: Any, /) -> Any:
    """SOE-RULING-5 misread: under ``region`` a tie is unfriendly only where a non-player major is one of the tied
    entrants, not wherever a major holds markers in the region (the 48th zoo's soe-02)."""
    answer = soe.score_region(request, rulings)
    if rulings.unfriendly_scope is not UnfriendlyScope.REGION or len(request.players) >= 4:
        return answer
    values = request.region.values
    return _awards_valued(
        request,
        rulings,
        lambda group, hostile: group_value(
            values, group, hostile and any(not entrant.is_player for entrant in group.entrants), rulings
        ),
    )


def _tied_highest_lose_both(request: Any, rulings: Any, /) -> Any:
    """SOE-RULING-7 misread: under ``next_place`` a tie for the highest unrest also fills 2nd place and loses its 4
    besides the 7 (the 48th zoo's soe-05)."""
    standings = soe.end_game(request, rulings)
    if rulings.second_unrest is not SecondUnrest.NEXT_PLACE:
        return standings
    tied = [s for s in standings.standings if s.penalty == 7]
    if len(tied) < 2:
        return standings
    lose = {s.player for s in tied}
    return replace(
        standings,
        standings=tuple(replace(s, penalty=11, vp=s.vp - 4) if s.player in lose else s for s in standings.standings),
    )


@pytest.mark.parametrize(
    ("operation", "port", "rule"),
    [
        ("score_region", _tie_unfriendly_only_with_a_major_in_it, "SOE-RULING-5"),
        ("end_game", _tied_highest_lose_both, "SOE-RULING-7"),
    ],
)
def test_an_alternative_of_a_ruling_misplayed_fails_that_rulings_clause(
    operation: str, port: Callable[..., Any], rule: str
) -> None:
    """``region`` reading a major's markers only in the tie, ``next_place`` giving the tied highest the 4 too: each
    only under its ruling's alternative, each that ruling's clause (the step ``region`` reads is named on its line;
    a 7 + 4 under ``next_place`` is its sentence), not SOE-SCORE-7's or SOE-UNREST-3's."""
    records = records_of("soe", SimpleNamespace(**{operation: port}), (operation,))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("soe", records) == [rule]


def _highest_loses_the_second_amount(request: Any, rulings: Any, /) -> Any:
    """SOE-UNREST-3 misread: with 3 or more players the highest unrest loses 4, the amount of the next line (the
    48th zoo's soe-04)."""
    standings = soe.end_game(request, rulings)
    if len(request.empires) < 3:
        return standings
    return replace(
        standings,
        standings=tuple(replace(s, penalty=4, vp=s.vp + 3) if s.penalty == 7 else s for s in standings.standings),
    )


def test_the_highest_given_the_second_amount_fails_the_clause_of_the_seven() -> None:
    """Every penalty right but the highest's 7 given as 4 (the VP and places following from it): SOE-UNREST-3, not
    the rule of each end-of-game vector it meets (14 rules before)."""
    records = records_of("soe", SimpleNamespace(end_game=_highest_loses_the_second_amount), ("end_game",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 3
    assert _failed_rules("soe", records) == ["SOE-UNREST-3"]


def _tied_highest_lose_both_everywhere(request: Any, rulings: Any, /) -> Any:
    """SOE-UNREST-5 misread: players tied on the highest unrest each lose 7 + 4, whatever the ruling (the 49th zoo's
    soe-05)."""
    standings = soe.end_game(request, rulings)
    tied = [s for s in standings.standings if s.penalty == 7]
    if len(request.empires) < 3 or len(tied) < 2:
        return standings
    both = [replace(s, penalty=11, vp=s.vp - 4) if s.penalty == 7 else s for s in standings.standings]
    return replace(standings, standings=tuple(both))


def test_a_tie_for_the_highest_losing_both_penalties_fails_the_clause_of_ties() -> None:
    """A tie for the highest given 7 + 4 each is SOE-UNREST-5's (tied candidates lose the whole 7; no player loses
    both), under ``next_value`` for sure, under ``next_place`` beside SOE-RULING-7's reading, the run choosing."""
    records = records_of("soe", SimpleNamespace(end_game=_tied_highest_lose_both_everywhere), ("end_game",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 1
    assert _failed_rules("soe", records) == ["SOE-UNREST-5"]

    # a highest given 11 whether tied or not: the lone ones name SOE-UNREST-3's amount, and the ties follow them
    # (the 49th zoo's second reader)
    def eleven(request: Any, rulings: Any, /) -> Any:
        standings = soe.end_game(request, rulings)
        if len(request.empires) < 3:
            return standings
        both = [replace(s, penalty=11, vp=s.vp - 4) if s.penalty == 7 else s for s in standings.standings]
        return replace(standings, standings=tuple(both))

    for declared in (None, {"second_unrest": (SecondUnrest.NEXT_PLACE,)}):
        records = records_of("soe", SimpleNamespace(end_game=eleven), ("end_game",), declared)
        assert _failed_rules("soe", records) == ["SOE-UNREST-3"]


def _card_named_where_nothing_collapsed(request: Any, rulings: Any, /) -> Any:
    """IMP-COLLAPSE-1 misread: the unrest card slid under a replacement named as ``collapse_card`` whether or not the
    pile emptied (the 49th zoo's imp-07)."""
    result = imperium.acquire_market_card(request, rulings)
    slid = [
        slot.unrest.name
        for slot in result.market
        if slot.unrest and slot.unrest not in [s.unrest for s in request.market]
    ]
    return replace(result, collapse_card=slid[0]) if slid and not result.collapsed else result


def test_a_card_named_where_nothing_collapsed_fails_the_clause_of_the_collapse() -> None:
    records = records_of(
        "imperium", SimpleNamespace(acquire_market_card=_card_named_where_nothing_collapsed), ("acquire_market_card",)
    )
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("imperium", records) == ["IMP-COLLAPSE-1"]


def _progress_kept_when_forfeited(request: Any, rulings: Any, /) -> Any:
    """IMP-RULING-4 misread: under ``forfeited`` a progress token handed over is never taken off the player's tokens
    (the 50th zoo's imp-03)."""
    result = imperium.pay_cost(request, rulings)
    if rulings.surplus is not Surplus.FORFEITED or not request.payment.progress:
        return result
    return replace(result, tokens=replace(result.tokens, progress=result.tokens.progress + request.payment.progress))


def test_a_progress_token_kept_under_forfeited_fails_the_ruling_that_spends_it() -> None:
    """Only the progress token differs, under ``forfeited``: the ruling that spends it, also where the check is one of
    the payment's or the tokens' invariants (primary to IMP-PAY-3 as the 50th zoo's were)."""
    records = records_of("imperium", SimpleNamespace(pay_cost=_progress_kept_when_forfeited), ("pay_cost",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and _failed_rules("imperium", records) == ["IMP-RULING-4"]
    assert {blamed_rule(replace(r, rules=("IMP-PAY-3", *r.rules))) for r in failed} == {"IMP-RULING-4"}
    # a token taken where none was handed over, or a holding misread: not the ruling's (the 50th zoo's second reader)
    forfeited, paths = {"surplus": "forfeited"}, ("$.tokens.progress",)
    asked = {"payment": {"progress": 0}}
    assert (
        imperium_blame.decided(
            "pay_cost", asked, forfeited, {"tokens": {"progress": 4}}, {"tokens": {"progress": 3}}, paths
        )
        is None
    )
    asked = {"payment": {"progress": 1}}
    assert (
        imperium_blame.decided(
            "pay_cost", asked, forfeited, {"tokens": {"progress": 0}}, {"tokens": {"progress": 2}}, paths
        )
        is None
    )


def test_a_lone_highest_given_both_penalties_stays_the_clause_of_the_seven() -> None:
    """7 + 4 to the one most unrest, whatever the ruling and the player count: not SOE-RULING-7's tie read as filling
    2nd place, which needs a tie (the 48th zoo's second reader)."""

    def eleven(request: Any, rulings: Any, /) -> Any:
        standings = soe.end_game(request, rulings)
        sevens = [s for s in standings.standings if s.penalty == 7]
        if len(sevens) != 1:
            return standings
        lone = [replace(s, penalty=11, vp=s.vp - 4) if s.penalty == 7 else s for s in standings.standings]
        return replace(standings, standings=tuple(lone))

    records = records_of("soe", SimpleNamespace(end_game=eleven), ("end_game",))
    assert any(r.outcome == "failed" for r in records)
    assert "SOE-RULING-7" not in _failed_rules("soe", records)
    # a port playing ``next_place``: every check asked under it, the lone highest's 11 still the 7's clause
    played = records_of(
        "soe", SimpleNamespace(end_game=eleven), ("end_game",), {"second_unrest": (SecondUnrest.NEXT_PLACE,)}
    )
    assert any(r.outcome == "failed" for r in played)
    assert "SOE-RULING-7" not in _failed_rules("soe", played)


def _shared_tie_said_won_by_nobody(request: Any, rulings: Any, /) -> Any:
    """HIS-WIN-4 misread: a tie the history cannot break reported as no victory, the game over all the same (the
    48th zoo's his-01)."""
    outcome = his.determine_victory(request, rulings)
    shared = outcome.winner is None and outcome.tied and outcome.game_over
    return replace(outcome, victory=Victory.NONE) if shared else outcome


def test_a_shared_tie_said_won_by_nobody_fails_the_clause_of_the_tie_the_history_cannot_break() -> None:
    """A standard tie the history cannot break said won by nobody is HIS-WIN-4's; a tie at the time limit said so is
    left to the rulings deciding the limit (HIS-RULING-4, HIS-RULING-3: the 48th zoo's second reader)."""
    port = SimpleNamespace(determine_victory=_shared_tie_said_won_by_nobody)
    records = records_of("his", port, ("determine_victory",))
    standard = [r for r in records if r.outcome == "failed" and r.expected.get("victory") == "standard"]
    assert len({r.primary_rule for r in standard}) > 1
    assert {blamed_rule(r, records) for r in standard} == {"HIS-WIN-4"}

    def limit_said_none(request: Any, rulings: HisRulings, /) -> Any:
        outcome = his.determine_victory(request, rulings)
        shared = outcome.victory is Victory.TIME_LIMIT and outcome.winner is None
        return replace(outcome, victory=Victory.NONE) if shared else outcome

    records = records_of("his", SimpleNamespace(determine_victory=limit_said_none), ("determine_victory",))
    assert any(r.outcome == "failed" for r in records)
    assert "HIS-WIN-4" not in _failed_rules("his", records)


def _any_time_used_again(request: Any, rulings: Any, /) -> Any:
    """IMP-EXHAUST-2 misread: only an ``on_activation`` card is checked for a marker already on it."""
    card = next((c for c in request.player.play_area if c.name == request.card), None)
    if card is None or card.exhaust.value != "any_time" or request.card not in request.player.exhausted:
        return imperium.use_exhaust_ability(request, rulings)
    player = replace(request.player, exhausted=tuple(n for n in request.player.exhausted if n != request.card))
    return imperium.use_exhaust_ability(replace(request, player=player), rulings)


def test_an_illegal_step_accepted_in_a_sequence_of_turns_fails_the_rule_of_the_refusal_due() -> None:
    """A check playing several operations in turns is primary to what it tracks (the market's cards, the collapse):
    a step it expected refused and the implementation played fails the rule that refusal cites, not that one."""
    records = records_of(
        "imperium", SimpleNamespace(use_exhaust_ability=_any_time_used_again), ("use_exhaust_ability",)
    )
    accepted = [r for r in records if r.outcome == "failed" and "error" in r.expected and "error" not in r.got]
    assert accepted and {r.expected["error"]["rule"] for r in accepted} == {"IMP-EXHAUST-2"}
    turns = replace(accepted[0], nodeid="test_turns_hand_bought_unrest_to_the_buyer", kind="invariant")
    turns = replace(turns, primary="IMP-MARKET-1", rules=("IMP-MARKET-1",))
    assert blamed_rule(turns, [*records, turns]) == "IMP-EXHAUST-2"


def test_the_thirty_first_zoos_differences_each_show_their_step_for_sure() -> None:
    """Each difference a suite names alone, and a neighbour it must not take: a line's source named otherwise (the
    clause naming the lines, not the step scoring it), a lone leader made a tie of one under ``shared`` (the ruling,
    not the time limit), a field other than gold changed by income, standings given before the 3rd war, the right
    winners listed otherwise, a taxation's leftover gold lost."""
    renamed = ("$.scores[0].special[0].source",)
    assert his_blame.decided("run_phase", {}, {}, {}, {}, renamed) == "HIS-SPECIAL-9"
    assert his_blame.decided("bonus_vp", {}, {}, {}, {}, ("$.lines[0].source",)) == "HIS-BONUS-10"
    assert his_blame.decided("bonus_vp", {}, {}, {}, {}, ("$.lines[0].source", "$.total")) is None
    limit: dict[str, Any] = {"victory": "time_limit", "winner": "habsburgs", "tied": [], "tie_broken_at_turn": None}
    alone = {**limit, "winner": None, "tied": ["habsburgs"]}
    paths = ("$.tied", "$.winner")
    assert (
        his_blame.decided("determine_victory", {}, {"time_limit_tie": "shared"}, limit, alone, paths) == "HIS-RULING-4"
    )
    assert his_blame.decided("determine_victory", {}, {}, limit, alone, paths) != "HIS-RULING-4"  # not the ruling asked
    forts = ("$.empires[1].forts",)
    assert soe_blame.decided("collect_income", {}, {}, {}, {}, forts) == "SOE-INCOME-4"
    tie: dict[str, Any] = {"victory": "standard", "winner": None, "tied": ["france", "papacy"]}
    tie_turn = {**tie, "tie_broken_at_turn": 1}  # the same powers left tied: the tie's result, not the walk
    broken_at = ("$.tie_broken_at_turn",)
    assert his_blame.decided("determine_victory", {}, {}, tie, tie_turn, broken_at) == "HIS-WIN-4"
    fewer = {**tie_turn, "tied": ["papacy"]}  # another set left tied: the walk (HIS-WIN-3)
    assert his_blame.decided("determine_victory", {}, {}, tie, fewer, (*broken_at, "$.tied")) == "HIS-WIN-3"
    war: dict[str, Any] = {"standings": None}
    assert soe_blame.decided("end_war", {}, {}, war, {"standings": []}, ("$.standings",)) == "SOE-SEQ-5"
    due = {"unrest": [1, 1], "winners": ["zed", "amy"], "decided_by": "shared"}
    sorted_ = {**due, "winners": ["amy", "zed"]}
    both = ("$.winners[0]", "$.winners[1]")
    assert imperium_blame.decided("determine_winner", {}, {}, due, sorted_, both) == "IMP-COLLAPSE-5"
    owed: dict[str, Any] = {"empires": [{"gold": 1, "unrest": 3}, {"gold": 0, "unrest": 0}]}
    lost = {"empires": [{"gold": 0, "unrest": 3}, {"gold": 0, "unrest": 0}]}
    gold = ("$.empires[0].gold",)
    assert soe_blame.decided("pay_maintenance", {}, {}, owed, lost, gold) == "SOE-MAINT-7"
    doubled = {"gold_per_taxation": 2}  # a yield of 1 a taxation leaves 0 too there
    assert soe_blame.decided("pay_maintenance", {}, doubled, owed, lost, gold) == ("SOE-MAINT-4", "SOE-MAINT-7")
    short = {"empires": [{"gold": 2, "unrest": 3}, {"gold": 0, "unrest": 0}]}  # more gold left: not a leftover lost
    assert soe_blame.decided("pay_maintenance", {}, {}, owed, short, gold) is None


def _unknown_card_as_bad_field(request: Any, rulings: Any, /) -> Any:
    """IMP-MARKET-1 misread: a card found nowhere refused as a bad ``card`` (InvalidState), not IllegalAction."""
    try:
        return imperium.acquire_market_card(request, rulings)
    except IllegalAction as refusal:
        if refusal.rule != "IMP-MARKET-1":
            raise
        raise InvalidState("card", request.card, "no such card", "IMP-STATE-1") from refusal


def test_a_due_illegal_action_given_as_a_bad_field_fails_the_checks_own_rule() -> None:
    """The refusal made where the check's rule makes it, only as another kind: the field's rule shows nothing wrong
    of its own, so the check's rule fails (IMP-MARKET-1), not the field's (IMP-STATE-1)."""
    target = SimpleNamespace(acquire_market_card=_unknown_card_as_bad_field)
    records = records_of("imperium", target, ("acquire_market_card",))
    assert sum(r.outcome == "failed" for r in records) >= 1
    assert _failed_rules("imperium", records) == ["IMP-MARKET-1"]


_PAY_FOR_UNITS = maintenance.pay_for_units


def _forts_left_out_of_the_gold_paid(_: Any, __: Any) -> Callable[[Any, Any], Any]:
    """SOE-MAINT-1 misread: the gold paid leaves the forts out, the taxations still counted from the whole cost."""

    def paying(empire: Any, rulings: Any) -> Any:
        paid = _PAY_FOR_UNITS(empire, rulings)
        return replace(paid, gold=paid.gold + empire.forts)

    return paying


_SOE_OPERATIONS = (
    *("collect_income", "score_region", "score_regions", "clean_up"),
    *("pay_maintenance", "grow_population", "end_game", "end_war"),
)


def _forts_port(end_war: Callable[..., Any] | None = None) -> SimpleNamespace:
    """Every operation of the reference, ``pay_maintenance`` and ``end_war`` paying no gold for forts."""
    port = {name: getattr(soe, name) for name in _SOE_OPERATIONS}
    for name in ("pay_maintenance", "end_war"):
        port[name] = _port_with(maintenance, "pay_for_units", _forts_left_out_of_the_gold_paid, getattr(soe, name))
    return SimpleNamespace(**{**port, **({"end_war": end_war} if end_war else {})})


def test_the_end_of_a_war_is_blamed_on_the_one_step_its_own_operation_shows_wrong() -> None:
    """``end_war`` shows only the gold after income and maintenance; the run's ``pay_maintenance`` checks, failing
    alone among its steps' operations (every other asked and passed), show which step went wrong: its failures are
    blamed as theirs. Without the other steps asked, nothing shows them right: the composite's own rule."""
    records = records_of("soe", _forts_port(), _SOE_OPERATIONS)
    ended = [r for r in records if r.operation == "end_war"]
    assert any(r.outcome == "failed" for r in ended)
    assert _failed_rules("soe", records) == ["SOE-MAINT-1", "SOE-MAINT-3", "SOE-RULING-9"]
    alone = [r for r in records if r.operation in ("pay_maintenance", "end_war")]
    assert "SOE-SEQ-1" in _failed_rules("soe", alone)


def test_a_difference_outside_the_wrong_step_s_fields_stays_the_composite_s() -> None:
    """The same run, ``end_war`` also leaving the population ungrown: the population is no field maintenance
    writes, so those failures are the end of a war's own (SOE-SEQ-1), whatever the run says of maintenance."""
    forts_war = _forts_port().end_war

    def ungrown(request: Any, rulings: Any, /) -> Any:
        ended = forts_war(request, rulings)
        given = {e.player: e.population for e in request.empires}
        return replace(ended, empires=tuple(replace(e, population=given[e.player]) for e in ended.empires))

    records = records_of("soe", _forts_port(ungrown), _SOE_OPERATIONS)
    grown = [r for r in records if r.operation == "end_war" and r.outcome == "failed"]
    assert any("population" in d.path for r in grown for d in r.differences)
    assert "SOE-SEQ-1" in _failed_rules("soe", records)


_MOVE_NATION_CARD = imperium_drawing.move_nation_card


def _moved_only_onto_cards(_: Any, __: Any) -> Callable[[Any, Any], Any]:
    """IMP-DRAW-3 misread: the nation card leaves its deck only when the discard pile holds cards (a condition of the
    procedure's next step added to its first)."""

    def moving(player: Any, rulings: Any) -> Any:
        return _MOVE_NATION_CARD(player, rulings) if player.discard_pile else player

    return moving


def test_a_nation_card_left_on_its_deck_fails_the_step_that_moves_it() -> None:
    """Under ``hand`` the kept card shows in the hand and the nation deck alone: the procedure's first step
    (IMP-DRAW-3), not the rule of each vector or invariant that meets it; under ``discard_pile`` a draw short of it
    leaves an order over, which is refused on ``shuffles`` (IMP-DRAW-4's field)."""
    port = _port_with(imperium_drawing, "move_nation_card", _moved_only_onto_cards, imperium.draw)
    records = records_of("imperium", SimpleNamespace(draw=port), ("draw",))
    assert any(r.outcome == "failed" for r in records)
    shown = _failed_rules("imperium", records)
    assert shown == ["IMP-DRAW-3", "IMP-DRAW-4"]


_BUMP_DOWN = scoring.bump_down


def _k_of_players_alone(_: Any, __: Any) -> Callable[[Any, Any, Any], int]:
    """SOE-SCORE-8 misread: under ``below_tie`` the tie's k counts its players, not the non-player majors in it."""

    def bumped(values: Any, group: Any, rulings: Any) -> int:
        if rulings.unfriendly_tie is not UnfriendlyTie.BELOW_TIE:
            return _BUMP_DOWN(values, group, rulings)
        players = sum(entrant.is_player for entrant in group.entrants)
        return scoring.place_value(values, group.place + players)

    return bumped


def test_a_tie_s_k_counting_its_players_alone_fails_the_sentence_that_counts_the_majors() -> None:
    """A below-tie award with a non-player major left out of k is SOE-SCORE-8's (its sentence counts the major),
    not SOE-RULING-3's, the ruling that only names p+k."""
    port = _port_with(scoring, "bump_down", _k_of_players_alone, soe.score_region)
    records = records_of("soe", SimpleNamespace(score_region=port), ("score_region",))
    assert {r.primary_rule for r in records if r.outcome == "failed"} == {"SOE-RULING-3"}
    assert _failed_rules("soe", records) == ["SOE-SCORE-8"]


def _revolution_keeps_its_vp(request: EndGameRequest, rulings: SoeRulings, /) -> Standings:
    """SOE-UNREST-1 misread: a player in revolution keeps its VP (the places still leave it out)."""
    ended = soe.end_game(request, rulings)
    kept = {empire.player: empire.vp for empire in request.empires}
    return Standings(tuple(replace(s, vp=kept[s.player]) if s.revolution else s for s in ended.standings))


def test_a_player_in_revolution_keeping_its_vp_fails_revolution_not_each_standings_vector() -> None:
    records = records_of("soe", SimpleNamespace(end_game=_revolution_keeps_its_vp), ("end_game",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 3  # vectors of many rules meet it
    assert _failed_rules("soe", records) == ["SOE-UNREST-1"]


def _majors_award_to_the_last_player(request: RegionRequest, rulings: SoeRulings, /) -> RegionScore:
    """SOE-SCORE-9 misread: awards kept by the index of the holder among the players, a major's -1 wrapping to the
    last player, who is credited the major's value (a later place's overwriting an earlier)."""
    players, region = request.players, request.region
    unfriendly = scoring.ties_are_unfriendly(len(players), region, rulings)
    scored = {player: 0 for player in players}
    for group in scoring.rank_entrants(scoring.region_entrants(players, region, rulings)):
        value = scoring.group_value(region.values, group, unfriendly, rulings)
        scored.update({entrant.holder if entrant.is_player else players[-1]: value for entrant in group.entrants})
    return replace(soe.score_region(request, rulings), awards=tuple(Award(p, scored[p]) for p in players))


def test_a_majors_value_credited_to_a_player_fails_the_rule_that_majors_never_score() -> None:
    """A player given the value of a place a major holds is SOE-SCORE-9's where that value shows (not 0); a player
    given a major's 0 shows nothing for sure (any value lost gives 0): SOE-SCORE-9 only where the run shows it."""
    records = records_of("soe", SimpleNamespace(score_region=_majors_award_to_the_last_player), ("score_region",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 1
    assert _failed_rules("soe", records) == ["SOE-SCORE-9"]
    # France's 1 marker takes 2nd place, worth nothing of the one value: b, due 5, given France's 0 shows no value
    region = {"name": "Baltic", "values": [5], "control": [{"holder": "b", "markers": 2}]}
    asked = {"players": ["a", "b"], "region": {**region, "non_player_control": [{"holder": "France", "markers": 1}]}}
    due = {"region": "Baltic", "awards": [{"player": "a", "vp": 0}, {"player": "b", "vp": 5}]}
    lost = {"region": "Baltic", "awards": [{"player": "a", "vp": 0}, {"player": "b", "vp": 0}]}
    assert soe_blame.decided("score_region", asked, {}, due, lost, ("$.awards[1].vp",)) == (None, "SOE-SCORE-9")


def _ties_counted_among_entrants(request: RegionRequest, rulings: SoeRulings, /) -> RegionScore:
    """SOE-SCORE-6 misread: whether ties are friendly is decided by the region's entrants, not the game's players."""
    players, region = request.players, request.region
    groups = scoring.rank_entrants(scoring.region_entrants(players, region, rulings))
    unfriendly = scoring.ties_are_unfriendly(sum(len(group.entrants) for group in groups), region, rulings)
    scored = {player: 0 for player in players}
    for group in groups:
        value = scoring.group_value(region.values, group, unfriendly, rulings)
        scored.update({entrant.holder: value for entrant in group.entrants if entrant.is_player})
    return replace(soe.score_region(request, rulings), awards=tuple(Award(p, scored[p]) for p in players))


def test_friendly_ties_counted_among_the_entrants_fail_the_clause_that_counts_the_players() -> None:
    """The number of players that makes ties friendly is the length of ``players`` (SOE-SCORE-6), however many are
    entrants: a port counting the entrants fails that sentence, not each tie vector's own rule."""
    records = records_of("soe", SimpleNamespace(score_region=_ties_counted_among_entrants), ("score_region",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 2
    assert _failed_rules("soe", records) == ["SOE-SCORE-6"]


def _refuses_the_domination_condition(request: PhaseRequest, rulings: HisRulings, /) -> Any:
    """HIS-PLAY-2 misread: a play the domination condition alone forbids is refused citing HIS-PLAY-1, where
    ``may_play_copernicus_or_servetus`` answers it with ``allowed`` false."""
    answer = his.may_play_copernicus_or_servetus(request, rulings)
    if not answer.allowed:
        raise IllegalAction("HIS-PLAY-1", "the dominating power's play is not allowed")
    return answer


def test_a_play_refused_where_it_is_answered_not_allowed_fails_the_clause_that_answers_it() -> None:
    """The refusal cites HIS-PLAY-1, the condition; HIS-PLAY-2 says the operation answers that condition with
    ``allowed`` false and never refuses it (``blame.refused``): its clause, not the one cited."""
    target = SimpleNamespace(may_play_copernicus_or_servetus=_refuses_the_domination_condition)
    records = records_of("his", target, ("may_play_copernicus_or_servetus",))
    failed = [r for r in records if r.outcome == "failed"]
    assert {r.got["error"]["rule"] for r in failed} == {"HIS-PLAY-1"}
    # where the other VP the rulings allow would make the play allowed, the refusal may be a reading of its VP
    # (HIS-PLAY-1's "the vp the play carries"): the rule cited stays
    blamed = {r.nodeid.rsplit("::", 1)[1]: blamed_rule(r) for r in failed}
    assert blamed.pop("his-ruby-audit-play-after-counts-the-markers-vp") == "HIS-PLAY-1"
    assert set(blamed.values()) == {"HIS-PLAY-2"}


def _revolutions_left_out(request: EndGameRequest, rulings: SoeRulings, /) -> Standings:
    """SOE-END-3 misread: the standings of the players still in the game alone, those in revolution left out."""
    return Standings(tuple(s for s in soe.end_game(request, rulings).standings if not s.revolution))


def test_standings_that_leave_out_the_players_in_revolution_fail_one_standing_per_empire() -> None:
    records = records_of("soe", SimpleNamespace(end_game=_revolutions_left_out), ("end_game",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 3
    assert _failed_rules("soe", records) == ["SOE-END-3"]


def _imperium_case(case_id: str) -> Any:
    return next(loaded for loaded in load_game(game("imperium")) if loaded.case.id == case_id)


def _orders_for_a_shuffle_after_the_last_card(request: Any, rulings: Any, /) -> Any:
    """IMP-DRAW-2 misread: a required draw that empties the draw pile with its last card, a discard pile left, runs the
    procedure then too, and so asks one more order than it was given."""
    answer = imperium.draw(request, rulings)
    emptied = request.mode.value == "required" and len(answer.drawn) == request.count and not answer.player.draw_pile
    if emptied and answer.player.discard_pile:
        raise InvalidState("shuffles", request.shuffles, "an order for every shuffle")
    return answer


def test_a_shuffle_procedure_run_after_the_last_card_is_the_clause_of_when_it_runs() -> None:
    """A ``required`` draw that empties the draw pile with its last card needs no procedure: one run there (counted,
    or an order asked for it and the draw refused on ``shuffles``) misreads when the procedure runs (IMP-DRAW-2), not
    the count of orders (IMP-DRAW-4), which one more shuffle counted after a short draw still is."""
    whole = _imperium_case("imp-draw-exactly-the-whole-pile-needs-no-shuffle")
    request, expected = json_value(whole.case.input), json_value(whole.case.output)
    assert imperium_blame.refused("draw", request, {}, "shuffles") == "IMP-DRAW-2"
    assert imperium_blame.refused("draw", request, {}, "player.hand") is None
    one_more = {**expected, "shuffles": expected["shuffles"] + 1}
    # or a counter one over everywhere: the run's other draws tell (IMP-DRAW-2 first, where they do not)
    both = ("IMP-DRAW-2", "IMP-DRAW-4")
    assert imperium_blame.decided("draw", request, {}, expected, one_more, ("$.shuffles",)) == both
    # through a run's own records (tuples, not lists): a port asking an order there is refused on ``shuffles``
    target = SimpleNamespace(draw=_orders_for_a_shuffle_after_the_last_card)
    records = [r for r in records_of("imperium", target, ("draw",)) if r.outcome == "failed"]
    assert records and {blamed_rule(r) for r in records} == {"IMP-DRAW-2"}
    short = _imperium_case("imp-draw-short-draw-stops")  # stopped short: a run that found nothing is counted or not
    request, expected = json_value(short.case.input), json_value(short.case.output)
    rulings = json_value(short.case.rulings)
    assert imperium_blame.refused("draw", request, rulings, "shuffles") == "IMP-DRAW-4"  # the orders' own clause
    one_more = {**expected, "shuffles": expected["shuffles"] + 1}
    assert imperium_blame.decided("draw", request, rulings, expected, one_more, ("$.shuffles",)) == "IMP-DRAW-4"


def _disgraced_debater_without_a_debater(request: Any, rulings: Any, /) -> Any:
    """HIS-BONUS-2 misread: a disgraced debater entry's ``debater`` taken as a field its kind must not carry."""
    for index, bonus in enumerate(request.bonuses):
        if bonus.kind == "disgraced_debater" and bonus.debater is not None:
            raise InvalidState(f"bonuses[{index}].debater", bonus.debater, "no debater on this kind")
    return his.bonus_vp(request, rulings)


def test_a_legal_field_of_an_entry_refused_fails_the_clause_of_the_entry_s_kind() -> None:
    """Where no refusal was due, ``bonuses[i].debater`` refused is the clause defining the entry's kind (what such an
    entry holds), not the rule of the vectors that refuse that field on other kinds (HIS-BONUS-1's burned debater)."""
    records = records_of("his", SimpleNamespace(bonus_vp=_disgraced_debater_without_a_debater), ("bonus_vp",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("his", records) == ["HIS-BONUS-2"]


def test_income_reading_another_count_for_the_population_and_a_tie_listed_apart_name_their_clause() -> None:
    """Gold gained as the markers and the empire's unrest (read for its population) is SOE-INCOME-1's term; under
    ``less_unrest`` equal VP and equal unrest placed apart by the order listed is SOE-RULING-12's alternative, which
    leaves them to share the place."""
    asked = {
        "empires": [{"player": "a", "gold": 0, "population": 5, "unrest": 2, "vp": 0, "armies": 0, "navies": 0,
                     "forts": 0}],
        "regions": [{"control": [{"holder": "a", "markers": 10}]}],
    }  # fmt: skip
    named = soe_blame.decided("collect_income", asked, {}, {}, {"empires": [{"gold": 12}]}, ("$.empires[0].gold",))
    assert named == "SOE-INCOME-1"
    due = {"standings": [
        {"player": "a", "unrest": 3, "penalty": 0, "vp": 10, "revolution": False, "place": 1},
        {"player": "b", "unrest": 3, "penalty": 0, "vp": 10, "revolution": False, "place": 1},
    ]}  # fmt: skip
    apart = {"standings": [due["standings"][0], {**due["standings"][1], "place": 2}]}
    ruled = {"final_tie": "less_unrest"}
    assert (
        soe_blame.decided("end_game", {"empires": []}, ruled, due, apart, ("$.standings[1].place",)) == "SOE-RULING-12"
    )
    assert soe_blame.decided("end_game", {"empires": []}, {}, due, apart, ("$.standings[1].place",)) == "SOE-END-4"


def test_a_time_limit_leader_read_off_the_last_record_fails_the_time_limit() -> None:
    """At turn 9 with a lone leader this turn, the winner the turn before's record gives is HIS-WIN-7's misreading
    (this turn's totals decide); where this turn's totals are tied, a tie-break answers alike and it is not named."""
    loaded = next(c for c in load_game(game("his")) if c.case.id == "his-win-time-limit")
    request, expected = json_value(loaded.case.input), json_value(loaded.case.output)
    last = {entry["power"]: entry["vp"] for entry in request["history"][-1]["totals"]}
    leader = max(last, key=lambda power: last[power])
    assert leader != expected["winner"] and list(last.values()).count(last[leader]) == 1
    misread = {**expected, "winner": leader}
    assert his_blame.decided("determine_victory", request, {}, expected, misread, ("$.winner",)) == "HIS-WIN-7"


def _bible_translators_left_out(request: Any, rulings: Any, /) -> Any:
    """HIS-RULING-6 misread: under ``published`` the Protestants' Bible translations refused (nobody listed to earn
    them), the rule cited the kind's."""
    if rulings.bonus_earners is BonusEarners.PUBLISHED and any(b.kind == "bible_translation" for b in request.bonuses):
        raise IllegalAction("HIS-BONUS-9", "only the voyaging powers translate the Bible")
    return his.bonus_vp(request, rulings)


def test_a_lone_claim_refused_from_a_power_that_may_earn_it_fails_the_list_of_earners() -> None:
    """A single Bible entry in a published language refused citing HIS-BONUS-9 can only be refused on who may earn it
    (a second entry of a language is that rule's other ground): the list HIS-RULING-6 states read wrong. Requests
    with two entries, or a language only ``open`` allows, stay the rule cited, and the run shows both. A voyage's
    refusal stays its rule's: a port may cite it for a VP past its own reading of the range, as below."""
    records = records_of("his", SimpleNamespace(bonus_vp=_bible_translators_left_out), ("bonus_vp",))
    legal = [r for r in records if r.outcome == "failed" and "error" not in r.expected]  # no refusal was due
    bibles = [[b for b in r.request["bonuses"] if b["kind"] == "bible_translation"] for r in legal]
    alone = [r for r, b in zip(legal, bibles, strict=True) if len(b) == 1 and b[0]["language"] in BIBLE_LANGUAGES]
    assert alone and {blamed_rule(r, records) for r in alone} == {"HIS-RULING-6"}
    assert "HIS-RULING-6" in _failed_rules("his", records)

    def voyages_of_three_refused(request: Any, rulings: Any, /) -> Any:
        for bonus in request.bonuses:
            if bonus.kind in ("exploration", "conquest") and bonus.vp == 3:
                raise IllegalAction("HIS-BONUS-3" if bonus.kind == "exploration" else "HIS-BONUS-4", "1 or 2 VP")
        return his.bonus_vp(request, rulings)

    records = records_of("his", SimpleNamespace(bonus_vp=voyages_of_three_refused), ("bonus_vp",))
    assert any(r.outcome == "failed" for r in records)
    assert "HIS-RULING-6" not in _failed_rules("his", records)


def test_game_over_disagreeing_with_the_next_turn_fails_the_turn_marker() -> None:
    """Every verdict right and ``game_over`` alone wrong (a shared victory read as the game going on) is HIS-WIN-8's,
    the clause saying the game is over exactly when there is no next turn."""

    def over_only_with_a_winner(request: Any, rulings: Any, /) -> Any:
        verdict = his.determine_victory(request, rulings)
        return replace(verdict, game_over=verdict.winner is not None)

    records = records_of("his", SimpleNamespace(determine_victory=over_only_with_a_winner), ("determine_victory",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 2
    assert _failed_rules("his", records) == ["HIS-WIN-8"]


def test_a_penalty_given_to_less_unrest_than_one_due_it_fails_who_has_the_highest() -> None:
    """The 7 on the empire of 9 unrest where the one of 10 is due it (numbers compared as text) is SOE-UNREST-3's
    (SOE-UNREST-6's with 2 players); the 7s right and a 4 so misplaced, SOE-UNREST-4's; penalties on other unrest
    were assessed on other empires, and no step is named for sure."""

    def standing(player: str, unrest: int, penalty: int, vp: int) -> dict[str, Any]:
        return {"player": player, "unrest": unrest, "penalty": penalty, "vp": vp, "revolution": False, "place": 1}

    due = [standing("a", 10, 7, 13), standing("b", 9, 4, 16), standing("c", 5, 0, 20)]
    text = [standing("a", 10, 4, 16), standing("b", 9, 7, 13), standing("c", 5, 0, 20)]
    three: dict[str, Any] = {"empires": [{}, {}, {}]}
    paths = ("$.standings[0].penalty",)
    assert soe_blame.decided("end_game", three, {}, {"standings": due}, {"standings": text}, paths) == "SOE-UNREST-3"
    fours = [due[0], standing("b", 9, 0, 20), standing("c", 5, 4, 16)]
    assert soe_blame.decided("end_game", three, {}, {"standings": due}, {"standings": fours}, paths) == "SOE-UNREST-4"
    pair = [standing("a", 10, 7, 3), standing("b", 9, 0, 10)]
    swapped = [standing("a", 10, 0, 10), standing("b", 9, 7, 3)]
    two: dict[str, Any] = {"empires": [{}, {}]}
    assert soe_blame.decided("end_game", two, {}, {"standings": pair}, {"standings": swapped}, paths) == "SOE-UNREST-6"
    elsewhere = [standing("a", 8, 0, 20), *text[1:]]
    assert soe_blame.decided("end_game", three, {}, {"standings": due}, {"standings": elsewhere}, paths) is None
    # one due the 7 at 19 unrest: the candidates' bound misread (``< 19``) leaves it out and answers so too
    short = [standing("a", 19, 7, 13), standing("b", 9, 4, 16), standing("c", 5, 0, 20)]
    bound = [standing("a", 19, 0, 20), standing("b", 9, 7, 13), standing("c", 5, 4, 16)]
    assert soe_blame.decided("end_game", three, {}, {"standings": short}, {"standings": bound}, paths) is None


def test_an_acquired_card_sent_to_the_other_zone_fails_the_clause_naming_the_zone() -> None:
    """IMP-MARKET-1 leaves where the acquired card goes to IMP-RULING-8: a port sending it to the zone the rulings do
    not name (reading another ruling of the same two values, the 37th zoo's imp-07) fails that clause, not each
    acquisition vector's, under the defaults too."""

    def the_other_zone(request: Any, rulings: Any, /) -> Any:
        misread = AcquiredCardTo(rulings.nation_card_on_shuffle.value)
        return imperium.acquire_market_card(request, replace(rulings, acquired_card_to=misread))

    records = records_of("imperium", SimpleNamespace(acquire_market_card=the_other_zone), ("acquire_market_card",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 3
    assert _failed_rules("imperium", records) == ["IMP-RULING-8"]


def test_a_collapse_missed_and_a_winner_misnamed_fail_their_own_clauses() -> None:
    """An acquisition right in every card, its collapse not reported (the slide emptying the pile), is
    IMP-COLLAPSE-1's; the right winner on the right unrest with what decided it named otherwise, IMP-COLLAPSE-5's."""

    def no_collapse(request: Any, rulings: Any, /) -> Any:
        return replace(imperium.acquire_market_card(request, rulings), collapsed=False, collapse_card=None)

    records = records_of("imperium", SimpleNamespace(acquire_market_card=no_collapse), ("acquire_market_card",))
    assert {r.primary_rule for r in records if r.outcome == "failed"} == {"IMP-MARKET-5"}
    assert _failed_rules("imperium", records) == ["IMP-COLLAPSE-1"]

    def lone_player_by_score(request: Any, rulings: Any, /) -> Any:
        won = imperium.determine_winner(request, rulings)
        return replace(won, decided_by=Decider.SCORE) if len(request.players) == 1 else won

    records = records_of("imperium", SimpleNamespace(determine_winner=lone_player_by_score), ("determine_winner",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("imperium", records) == ["IMP-COLLAPSE-5"]
    # with two players, a tie found on counts other than those reported (IMP-RULING-3) names the same winner so too;
    # and only the card named wrong, the collapse itself right, is no collapse missed
    two = {"players": [{"name": "ann"}, {"name": "bo"}]}
    won = {"unrest": [1, 2], "winners": ["ann"], "decided_by": "unrest"}
    named = imperium_blame.decided("determine_winner", two, {}, won, {**won, "decided_by": "score"}, ("$.decided_by",))
    assert named != "IMP-COLLAPSE-5"
    collapsed = {"collapsed": True, "collapse_card": "unrest-9"}
    named = imperium_blame.decided(
        "acquire_market_card", {}, {}, collapsed, {**collapsed, "collapse_card": "temple"}, ("$.collapse_card",)
    )
    assert named != "IMP-COLLAPSE-1"


def _lone_entrants_take_the_first_value(request: RegionRequest, rulings: SoeRulings, /) -> RegionScore:
    """SOE-SCORE-5 misread: a lone entrant valued at the place its group's size names (1st), not its own place."""
    players, region = request.players, request.region
    unfriendly = scoring.ties_are_unfriendly(len(players), region, rulings)
    scored = {player: 0 for player in players}
    for group in scoring.rank_entrants(scoring.region_entrants(players, region, rulings)):
        lone = len(group.entrants) == 1
        value = region.values[0] if lone else scoring.group_value(region.values, group, unfriendly, rulings)
        scored.update({entrant.holder: value for entrant in group.entrants if entrant.is_player})
    return replace(soe.score_region(request, rulings), awards=tuple(Award(p, scored[p]) for p in players))


def test_a_lone_entrant_given_the_first_value_fails_the_clause_of_its_own_place() -> None:
    """Every lone entrant past 1st given the first value, ties valued right beside it, is SOE-SCORE-5's (the 38th
    zoo's soe-08), not each scoring vector's rule."""
    records = records_of("soe", SimpleNamespace(score_region=_lone_entrants_take_the_first_value), ("score_region",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 3
    assert _failed_rules("soe", records) == ["SOE-SCORE-5"]
    # under ``nothing`` alone, a tie for 1st taken out of the ranking answers alike where one lone entrant follows it;
    # a major between them tells the two apart (the 47th zoo's second reader)
    nothing = [r for r in records if r.outcome == "failed" and r.rulings.get("unfriendly_tie") == "nothing"]
    assert nothing and {blamed_rule(r, nothing) for r in nothing} == {"SOE-SCORE-5"}


def test_a_step_of_the_end_of_a_war_moved_past_several_fails_the_clause_stating_its_place() -> None:
    """Growth moved from after maintenance to before income (no two neighbours swapped): the steps with that one
    step moved answer so, and the order it breaks first, income first, is SOE-SEQ-2's (the 39th zoo's soe-07)."""
    records = records_of("soe", SimpleNamespace(end_war=_published_moved(population_step, income_step)), ("end_war",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("soe", records) == ["SOE-SEQ-2"]


def _grown_first(request: WarEndRequest) -> WarEndRequest:
    """The request as a port growing population before income counts its draws: each empire's gold once income is in
    is what it is with the population income of the grown population."""
    grown = tuple(replace(e, gold=e.gold + raise_population(e).population - e.population) for e in request.empires)
    return replace(request, empires=grown)


def test_a_missing_order_accepted_after_a_step_moved_fails_the_clause_stating_its_place() -> None:
    """Growth before income, the draws counted against the gold it leaves (the 39th zoo's soe-07): a missing order
    accepted is what the steps with that move answer, so it fails SOE-SEQ-2 with the answers that show the move, not
    the missing order's rule (SOE-SEQ-4). A legal end refused on its draws shows no move for sure (a taxation count
    read wrong refuses the same draws): it stays the draws' rule, SOE-MAINT-5."""
    port = _published_moved(population_step, income_step, _grown_first)
    records = records_of("soe", SimpleNamespace(end_war=port), ("end_war",))
    failed = [r for r in records if r.outcome == "failed" and "error" not in r.expected]
    shown = [r for r in failed if "error" not in r.got]
    accepted = [r for r in records if r.outcome == "failed" and "error" in r.expected and "error" not in r.got]
    assert shown and accepted
    assert {blamed_rule(r, records) for r in [*shown, *accepted]} == {"SOE-SEQ-2"}
    assert {blamed_rule(r, records) for r in failed if "error" in r.got} == {"SOE-MAINT-5"}


def test_an_illegal_end_accepted_that_a_move_answers_as_the_stated_order_shows_no_move() -> None:
    """A negative disbanding accepted (the 40th zoo's soe-07): moves of steps that commute answer it as the stated
    order does, so no order is named; the refusal's rule stays."""
    [war] = [r for r in records_of("soe", soe, ("end_war",)) if r.nodeid.endswith("::soe-end-war-one-published")]
    orders = [
        {**order, "disband": -1 if at == 0 else order["disband"]} for at, order in enumerate(war.request["orders"])
    ]
    asked = {**war.request, "orders": orders}
    kept = reference_answer(game("soe"), "end_war", war.request, war.rulings)
    refused = reference_answer(game("soe"), "end_war", asked, war.rulings)
    assert refused == {"error": {"kind": "InvalidState", "field": "orders[0].disband"}}
    accepted = replace(
        war, outcome="failed", request=asked, expected=refused, got=kept, differences=differences(refused, kept)
    )
    assert blamed_rule(accepted, [accepted]) == war.primary_rule  # the vector's rule: no order of the steps
    # a request whose steps cannot run at all (no gold per taxation, an order missing) is blamed, never raises
    broken = {**war.rulings, "gold_per_taxation": 0}
    due = reference_answer(game("soe"), "end_war", war.request, broken)
    assert due == {"error": {"kind": "InvalidState", "field": "rulings.gold_per_taxation"}}
    unrunnable = replace(accepted, request={**war.request, "orders": []}, rulings=broken, expected=due)
    unrunnable = replace(unrunnable, expected={"error": {"kind": "InvalidState", "field": "orders"}})
    assert blamed_rule(unrunnable, [unrunnable]) == war.primary_rule


def test_this_turns_total_refused_below_its_last_record_fails_the_ruling_judging_this_phase_alone() -> None:
    """A total refused because it fell from the power's total in the history's last record (VP taken as never going
    down) is HIS-RULING-8's: the totals at this phase decide, whatever the history held (the 39th zoo's his-02)."""

    def never_falling(request: Any, rulings: Any, /) -> Any:
        if request.history:
            before = {entry.power: entry.vp for entry in request.history[-1].totals}
            for index, entry in enumerate(request.totals):
                if 0 < entry.vp < before.get(entry.power, 0):
                    raise InvalidState(f"totals[{index}].vp", entry.vp, "below the last record")
        return his.determine_victory(request, rulings)

    records = records_of("his", SimpleNamespace(determine_victory=never_falling), ("determine_victory",))
    legal = [r for r in records if r.outcome == "failed" and "error" not in r.expected]
    assert legal and {blamed_rule(r, records) for r in legal} == {"HIS-RULING-8"}


def test_a_fault_never_checked_fails_its_own_rule_in_the_requests_refused_past_it() -> None:
    """HIS-SPECIAL-1 misread: the piracy count checked against its top only, a negative count accepted. Where a
    request also holds a later fault, that one is refused: the run shows the first accepted alone, so the check was
    left out, not moved after the later one (HIS-SPECIAL-2's electorates)."""

    def piracy_from_any(value: int, path: str, top: int | None, reason: str, rule: str) -> None:
        if path == "board.piracy_vp" and value < 0:
            return
        kept(value, path, top, reason, rule)

    def read(request: Any, rulings: Any) -> Any:
        return piracy_from_any

    kept = his_validation._count  # pyright: ignore[reportPrivateUsage]
    names = [op.name for op in game("his").operations]
    target = SimpleNamespace(**{n: _port_with(his_validation, "_count", read, getattr(his, n)) for n in names})
    records = records_of("his", target)
    past = [r for r in records if r.outcome == "failed" and '"error"' in json.dumps(r.got)]
    assert past  # refused on a later fault
    assert _failed_rules("his", records) == ["HIS-RULING-7", "HIS-SPECIAL-1"]  # its own statement under ``open`` too


def test_a_rulings_value_refused_fails_that_rulings_clause_not_the_steps_it_orders() -> None:
    """SOE-RULING-13 misread: the alternative's value typed otherwise in a port's table of step orders, so
    ``seed_telling`` is refused on ``rulings.sequence``: the ruling's clause, not the clauses of the steps it orders."""

    def end_war(request: WarEndRequest, rulings: SoeRulings, /) -> WarEndResult:
        if rulings.sequence is not WarEndSequence.PUBLISHED:
            raise InvalidState("rulings.sequence", rulings.sequence.value, "no such order of steps", "SOE-SEQ-1")
        return soe.end_war(request, rulings)

    records = records_of("soe", SimpleNamespace(end_war=end_war), ("end_war",))
    assert [r for r in records if r.outcome == "failed"]
    assert _failed_rules("soe", records) == ["SOE-RULING-13"]


def test_a_fault_due_on_a_board_count_reported_on_a_rulings_field_stays_the_counts_rule() -> None:
    """A port naming ``rulings.track_limits`` for a board count above its top (a second reader's case): where the
    refusal was due on the count, the ruling's field names no ruling misread; the electorates' bounds, which no value
    of that ruling lifts, stay HIS-SPECIAL-2's."""

    def named_on_the_ruling(name: str) -> Any:
        def call(request: Any, rulings: Any, /) -> Any:
            try:
                return getattr(his, name)(request, rulings)
            except InvalidState as refusal:
                value = refusal.value
                if refusal.field.startswith("board.") and isinstance(value, int) and value >= 0:
                    raise InvalidState("rulings.track_limits", "published", "above its top", refusal.rule) from None
                raise

        return call

    target = SimpleNamespace(**{op.name: named_on_the_ruling(op.name) for op in game("his").operations})
    assert "HIS-SPECIAL-2" in _failed_rules("his", records_of("his", target))


def _grown_past_the_track(request: Any, rulings: SoeRulings, /) -> Empires:
    """SOE-POP-2 misread: the cap applied before the growth (``min(9, population) + 5``), which never caps at all."""
    soe.grow_population(request, rulings)  # its refusals
    return Empires(tuple(replace(e, population=min(9, e.population) + 5) for e in request.empires))


def test_a_helpers_adjustment_left_out_fails_the_clause_the_helper_decides() -> None:
    """Growth past 9 is the cap's clause, SOE-POP-2, that ``capped`` decides (the 51st zoo's soe-05), not SOE-POP-1,
    which the growth's function names first and most of its failing checks are primary to."""
    records = records_of("soe", SimpleNamespace(grow_population=_grown_past_the_track), ("grow_population",))
    assert Counter(r.primary_rule for r in records if r.outcome == "failed")["SOE-POP-1"] >= 2
    assert _failed_rules("soe", records) == ["SOE-POP-2"]


_CHECK_DEBATE, _CHECK_EARNER = his_bonus.check_debate, his_bonus.check_earner


def _any_opens_every_claim(request: Any, rulings: Any) -> Callable[[Any, str], None]:
    """HIS-RULING-6 misplayed: under ``any`` no claim's power is checked, the debaters' and Julia Gonzaga's too."""
    if rulings.bonus_earners is not BonusEarners.ANY:
        return _CHECK_DEBATE
    return lambda bonus, at: _CHECK_DEBATE(replace(bonus, power=_RIGHTFUL.get(bonus.kind, bonus.power)), at)


_RIGHTFUL = {BonusKind.BURNED_DEBATER: Power.PAPACY, BonusKind.DISGRACED_DEBATER: Power.PROTESTANTS}


def _any_opens_julia(request: Any, rulings: Any) -> Callable[[Any, str, Any], None]:
    if rulings.bonus_earners is not BonusEarners.ANY:
        return _CHECK_EARNER
    return lambda bonus, at, r: _CHECK_EARNER(
        replace(bonus, power=Power.OTTOMANS) if bonus.kind == BonusKind.JULIA_GONZAGA else bonus, at, r
    )


def test_claims_accepted_under_one_alternative_of_a_ruling_alone_fail_that_rulings_clause() -> None:
    """``any`` read as opening the debaters' and Julia Gonzaga's claims too (the 51st zoo's his-04): each accepted
    claim is due a refusal citing its own clause, but every failure of ``bonus_vp`` was asked under ``any``, whose
    default refuses them as due: HIS-RULING-6, not HIS-BONUS-1, -2 and -6."""
    port = _port_with(his_bonus, "check_debate", _any_opens_every_claim, his.bonus_vp)
    port = _port_with(his_bonus, "check_earner", _any_opens_julia, port)
    records = records_of("his", SimpleNamespace(bonus_vp=port), ("bonus_vp",))
    failed = [r for r in records if r.outcome == "failed"]
    assert {r.primary_rule for r in failed} == {"HIS-BONUS-1", "HIS-BONUS-2", "HIS-BONUS-6"}
    assert _failed_rules("his", records) == ["HIS-RULING-6"]


_SCORE_SHEET = score_sheet  # the step each phase sheet is made by, as phase.py imports it


def _carried_from_the_last_record(request: Any, _: Any) -> Callable[..., Any]:
    """HIS-VP-1 misread ("VP are cumulative"): each sheet's total raised by the power's total in the last record."""
    history = getattr(request, "history", ())
    last = {entry.power: entry.vp for entry in history[-1].totals} if history else {}

    def sheet(power: Any, base_vp: int, board: Any, bonuses: Any, rulings: Any) -> Any:
        made = _SCORE_SHEET(power, base_vp, board, bonuses, rulings)
        return replace(made, total=made.total + last.get(made.power, 0))

    return sheet


def test_totals_carried_over_from_the_last_record_fail_the_clause_of_a_powers_total() -> None:
    """Every sheet's total raised by the last record's (the 51st zoo's his-01) reaches the verdicts, the new record and
    whether a play is allowed, over several rules' checks: it is HIS-VP-1's, this turn's totals alone."""
    carried = {
        op.name: _port_with(his_phase, "score_sheet", _carried_from_the_last_record, getattr(his, op.name))
        for op in game("his").operations
    }
    records = records_of("his", SimpleNamespace(**carried))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 3
    # the allowed play refused on the raised totals stays on the refusal's rule: a refusal shows no totals, and ports
    # refusing that play for other reasons refuse it alike (the 51st zoo's second reader)
    assert _failed_rules("his", records) == ["HIS-PLAY-1", "HIS-VP-1"]


def _no_winner_as_an_empty_name(request: Any, rulings: Any, /) -> Any:
    """HIS-WIN-4 misread: a tie the history cannot break answered with the winner ``""``, not null."""
    decided = his.determine_victory(request, rulings)
    return replace(decided, winner="") if decided.winner is None and decided.tied else decided


def test_no_winner_given_as_an_empty_name_fails_the_tie_the_history_cannot_break() -> None:
    """``""`` for null (the 51st zoo's his-06) differs only in the winner, in verdicts of several rules' checks."""
    records = records_of("his", SimpleNamespace(determine_victory=_no_winner_as_an_empty_name), ("determine_victory",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 2
    assert _failed_rules("his", records) == ["HIS-WIN-4"]


def _draw_counting_anew(request: DrawRequest, rulings: Any, /) -> DrawResult:
    """IMP-DRAW-2 misread ("then draws the remaining cards" read as the count drawn anew): after each run of the
    shuffle procedure the draw takes ``count`` more cards, not the ones it still lacks."""
    validate_player(request.player, "player")
    validate_count(request.count, "count")
    if request.mode is DrawMode.IF_ABLE and request.shuffles:
        raise InvalidState("shuffles", [list(o) for o in request.shuffles], "never shuffles", "IMP-DRAW-5")
    player, used, runs, wanted = request.player, 0, 0, request.count
    drawn: tuple[str, ...] = ()
    check_hand_limit(request, rulings)
    while len(drawn) < wanted:
        if not player.draw_pile:
            if request.mode is DrawMode.IF_ABLE:
                break
            player, used = shuffle_procedure(player, request.shuffles, used, rulings)
            runs, wanted = runs + 1, len(drawn) + request.count
            if not player.draw_pile:
                if rulings.short_draw is ShortDraw.REFUSE:
                    raise IllegalAction("IMP-RULING-7", "drawn short")
                break
        player, card = take_top_card(player)
        drawn += (card.name,)
    if used != len(request.shuffles):
        raise InvalidState("shuffles", [list(o) for o in request.shuffles], "orders left over", "IMP-DRAW-4")
    return DrawResult(player=player, drawn=drawn, shuffles=runs)


def test_a_draw_counting_anew_after_each_shuffle_fails_the_clause_of_the_remaining_cards() -> None:
    """The count restarted after a shuffle (the 51st zoo's imp-01) reaches the shuffles counted, the nation card's
    move and the orders: IMP-DRAW-2's remaining cards, not the four clauses whose checks it fails."""
    records = records_of("imperium", SimpleNamespace(draw=_draw_counting_anew), ("draw",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) >= 3
    assert _failed_rules("imperium", records) == ["IMP-DRAW-2"]


def _acquired_to_the_front(request: Any, rulings: Any, /) -> Any:
    """IMP-MARKET-1 misread: the acquired card put at the front of the hand (an ``unshift`` for a ``push``)."""
    answer = imperium.acquire_market_card(request, rulings)
    hand, name = answer.player.hand, request.card
    if rulings.acquired_card_to is not AcquiredCardTo.HAND:
        return answer
    moved = tuple(card for card in hand if card.name == name) + tuple(card for card in hand if card.name != name)
    return replace(answer, player=replace(answer.player, hand=moved))


def test_the_acquired_card_put_first_in_the_hand_fails_the_clause_that_takes_it() -> None:
    """The hand's cards right, the acquired one first (the 51st zoo's imp-04), is IMP-MARKET-1's "at its end", not
    IMP-MARKET-3's order of the acquired card and the unrest card under it."""
    records = records_of(
        "imperium", SimpleNamespace(acquire_market_card=_acquired_to_the_front), ("acquire_market_card",)
    )
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) >= 3
    assert _failed_rules("imperium", records) == ["IMP-MARKET-1"]


_GROUP_VALUE, _SHARE_FRIENDLY_TIE = scoring.group_value, scoring.share_friendly_tie


def _lone_valued_as_a_tie(request: Any, _: Any) -> Callable[..., int]:
    """SOE-SCORE-5 misread: only a lone 1st is no tie; a lone entrant below it is valued as a tie of one (bumped down
    where ties are unfriendly)."""

    def value(values: Any, group: Any, unfriendly: bool, rulings: Any) -> int:
        if len(group.entrants) == 1 and group.place > 1:
            return (
                scoring.bump_down(values, group, rulings) if unfriendly else _SHARE_FRIENDLY_TIE(values, group, rulings)
            )
        return _GROUP_VALUE(values, group, unfriendly, rulings)

    return value


def test_a_lone_entrant_below_first_valued_as_a_tie_fails_the_clause_of_its_own_place() -> None:
    """The 51st zoo's soe-01: a lone 3rd of three players bumped to the 4th place's 0 is SOE-SCORE-5's, a lone entrant
    taking its own place's value, not each scoring vector's rule (13 rules before)."""
    port = _port_with(scoring, "group_value", _lone_valued_as_a_tie, soe.score_region)
    records = records_of("soe", SimpleNamespace(score_region=port), ("score_region",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 3
    # two vectors stay their own: a lone 2nd whose next place a major holds (a major's value credited to a player
    # answers alike, SOE-SCORE-2's), and the region scope's settled vector (SOE-RULING-5)
    assert _failed_rules("soe", records) == ["SOE-RULING-5", "SOE-SCORE-2", "SOE-SCORE-5"]


def _pool_shared_by_the_paying_places(request: Any, _: Any) -> Callable[..., int | None]:
    """SOE-SCORE-6 misread: a friendly tie's pool divided among the places that hold a value, not its k players (a
    tie wholly past the values dividing nothing by nothing: null, as a port in JavaScript answers)."""

    def share(values: Any, group: Any, rulings: Any) -> int | None:
        if rulings.tie_share is not TieShare.POOL:
            return _SHARE_FRIENDLY_TIE(values, group, rulings)
        paid = values[group.place - 1 : group.place - 1 + len(group.entrants)]
        return scoring.divide_pool(sum(paid), len(paid), rulings.rounding) if paid else None

    return share


def test_a_pool_shared_by_the_paying_places_fails_the_count_of_a_friendly_tie() -> None:
    """The 51st zoo's soe-02: a tie past the printed values shared among the places paying, its nulls judged as given,
    is SOE-SCORE-6's k, not the rounding ruling's or each vector's rule."""
    port = _port_with(scoring, "share_friendly_tie", _pool_shared_by_the_paying_places, soe.score_region)
    records = records_of("soe", SimpleNamespace(score_region=port), ("score_region",))
    failed = [r for r in records if r.outcome == "failed"]
    assert any(d.got is None for r in failed for d in r.differences)  # a null judged, not an error
    assert len({r.primary_rule for r in failed}) > 2
    assert _failed_rules("soe", records) == ["SOE-SCORE-6"]


def _winners_by_place(request: Any, rulings: Any, /) -> Any:
    """IMP-COLLAPSE-5 misread: several winners listed by their places in ``players``, not by name."""
    decided = imperium.determine_winner(request, rulings)
    if len(decided.winners) < 2:
        return decided
    names = [player.name for player in request.players]
    return {**json_value(decided), "winners": [names.index(name) for name in decided.winners]}  # as a port answers


def test_winners_given_by_their_places_fail_the_clause_listing_them() -> None:
    """Numbers where names are due (the 52nd zoo's imp-04), judged as given: IMP-COLLAPSE-5, not IMP-RULING-5."""
    records = records_of("imperium", SimpleNamespace(determine_winner=_winners_by_place), ("determine_winner",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 2 and all("Expected `str`, got `int`" in r.detail for r in failed)
    assert _failed_rules("imperium", records) == ["IMP-COLLAPSE-5"]


def _stop_runs_on(request: DrawRequest, rulings: Any, /) -> DrawResult:
    """IMP-RULING-7 misread: under ``stop`` the draw goes on past the first empty run, counting one for each card it
    still lacks."""
    drawn = imperium.draw(request, rulings)
    lacking = request.count - len(drawn.drawn)
    if rulings.short_draw is not ShortDraw.STOP or request.mode is not DrawMode.REQUIRED or lacking < 2:
        return drawn
    return replace(drawn, shuffles=drawn.shuffles + lacking - 1)


def test_empty_runs_counted_for_each_card_lacking_under_stop_fail_the_stop() -> None:
    """The 52nd zoo's imp-05: only the count of runs differs, one more per card lacking: IMP-RULING-7's ``stop``,
    not IMP-DRAW-4's count."""
    records = records_of("imperium", SimpleNamespace(draw=_stop_runs_on), ("draw",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("imperium", records) == ["IMP-RULING-7"]


def _region_given_whole(request: RegionRequest, rulings: SoeRulings, /) -> Any:
    """SOE-SCORE-10 misread: the region answered as the object asked, not by its name."""
    return {**json_value(soe.score_region(request, rulings)), "region": json_value(request.region)}  # as a port answers


def test_a_region_answered_as_the_object_asked_fails_the_clause_naming_it() -> None:
    """The 52nd zoo's soe-03: the region given whole where its name is due, judged as given, fails SOE-SCORE-10
    alone (17 rules before)."""
    records = records_of("soe", SimpleNamespace(score_region=_region_given_whole), ("score_region",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 3
    assert _failed_rules("soe", records) == ["SOE-SCORE-10"]


def _unrest_before_vp(request: Any, rulings: SoeRulings, /) -> Any:
    """SOE-RULING-12 misread: under ``less_unrest`` every player ordered by unrest first, VP second."""
    answer = soe.end_game(request, rulings)
    if rulings.final_tie is not FinalTie.LESS_UNREST:
        return answer
    ranked = [s for s in answer.standings if not s.revolution]

    def place(one: Any) -> int | None:
        above = [o for o in ranked if (o.unrest, -o.vp) < (one.unrest, -one.vp)]
        return None if one.revolution else 1 + len(above)

    return replace(answer, standings=tuple(replace(s, place=place(s)) for s in answer.standings))


def test_less_unrest_read_as_the_first_key_fails_the_ruling() -> None:
    """The 52nd zoo's soe-04: "equal VP are ordered by less unrest first" read as unrest before VP: SOE-RULING-12's
    alternative misread, not the ranking's SOE-END-4."""
    records = records_of("soe", SimpleNamespace(end_game=_unrest_before_vp), ("end_game",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("soe", records) == ["SOE-RULING-12"]


# the module, not the function of the same name the package exports
soe_end_game = sys.modules["rulespec.reference.struggle_of_empires.end_game"]


def _everyone_in_revolution(request: Any, _: Any) -> Callable[[Any], bool]:
    """SOE-UNREST-1 misread: the test of revolution left out, every empire taken as in revolution."""
    return lambda empire: True


def test_a_helper_left_out_of_a_function_stating_a_range_fails_the_clause_the_helper_decides() -> None:
    """``in_revolution`` left out of the assessment (a function stating SOE-UNREST-1 to SOE-UNREST-8) is SOE-UNREST-1,
    the helper's clause, which the range spans (the 52nd zoo's second reader: narrowed to the clauses named one by
    one, it was dropped, and the failures spread over 15 rules)."""
    port = _port_with(soe_end_game, "in_revolution", _everyone_in_revolution, soe.end_game)
    records = records_of("soe", SimpleNamespace(end_game=port), ("end_game",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 3
    assert "SOE-UNREST-1" in _failed_rules("soe", records) and len(_failed_rules("soe", records)) <= 3


his_score_module = sys.modules["rulespec.reference.here_i_stand.score"]


def _checks_nothing(_: Any, __: Any) -> Callable[[Any], None]:
    return lambda rulings: None


def test_a_check_left_out_as_a_statement_fails_the_clause_of_the_helper_making_it() -> None:
    """``validate_rulings(rulings)`` left out of ``score_power`` (a statement called for its refusals alone) accepts an
    illegal ruling: the helper's clause (HIS-RULING-2), not the caller's HIS-VP-3 (the 52nd zoo's second reader: the
    helper's clauses kept only where its caller states them, it was named after its caller)."""
    port = _port_with(his_score_module, "validate_rulings", _checks_nothing, his.score_power)
    full = {
        op.name: port if op.name == "score_power" else game("his").reference_call(op.name)
        for op in game("his").operations
    }
    records = records_of("his", SimpleNamespace(**full))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("his", records) == ["HIS-RULING-2"]


def _leader_against_itself(turn: int, totals: Any, rulings: HisRulings) -> Any:
    """HIS-WIN-5 misread: the leader's lead measured against every power, itself included, so it is never ahead of
    the runner-up by the margin and no power dominates. It runs as ``victory.dominating_power``'s code."""
    if turn < rulings.domination_first_turn:
        return None
    first = leaders(totals)
    if len(first) != 1:
        return None
    (leader,) = first
    runner_up = max(vp for _, vp in totals.items())
    return leader if totals[leader] - runner_up >= rulings.domination_margin else None


def test_a_domination_never_found_fails_the_domination_test_not_its_rulings_or_callers() -> None:
    """The 52nd zoo's his-08 failed five rules: checks asked off the default first turn or margin were named after
    those rulings (a later first turn answers alike), one at the first turn after HIS-RULING-1's edge, and the time
    limit's order where the phase's domination case left out answers alike. The misreading fails checks at both
    rulings' defaults (so no ruling was misread), the run shows domination missed away from the first turn (so not
    the first turn), and it lies inside the helper the phase's case calls: HIS-WIN-5 alone."""
    misread = _misread(his_victory.dominating_power, _leader_against_itself, his)
    target = SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations})
    records = records_of("his", target)
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 4  # domination, its rulings, the plays, the time limit's order
    assert _failed_rules("his", records) == ["HIS-WIN-5"]


def _influence_to_military_first(payment: ImpTokens, cost: Cost) -> bool:
    """IMP-PAY-2 misread: the influence handed over pays the military cost first, only what is left the influence
    cost. It runs as ``payment.covers``'s code."""
    for_military = min(payment.influence, cost.military)
    return (
        payment.military + for_military >= cost.military
        and payment.influence - for_military >= cost.influence
        and payment.coins + 2 * payment.resources >= cost.coins
    )


def _a_resource_one_coin(payment: ImpTokens, cost: Cost) -> bool:
    """IMP-PAY-3 misread: a resource pays one coin, not two. It runs as ``payment.covers``'s code."""
    military_paid = payment.military + (payment.influence - cost.influence)
    return (
        payment.influence >= cost.influence
        and military_paid >= cost.military
        and (payment.coins + payment.resources >= cost.coins)
    )


@pytest.mark.parametrize(
    ("reading", "rule"), [(_influence_to_military_first, "IMP-PAY-2"), (_a_resource_one_coin, "IMP-PAY-3")]
)
def test_a_legal_payment_refused_fails_the_conversion_misread_not_the_formula_the_refusal_cites(
    reading: Any, rule: str
) -> None:
    """The 53rd zoo's imp-01 refused legal payments citing IMP-PAY-4 (the cover formula): influence handed over where
    the cost asks military, refused so, was spent otherwise than IMP-PAY-2 allots it. A resource read as one coin
    refuses mixed payments alike, but a misreading of the reference answers so and is weighed first: IMP-PAY-3."""
    misread = _misread(imperium_payment.covers, reading, imperium)
    operations = ("pay_cost", "cheapest_payments")
    records = records_of("imperium", SimpleNamespace(**{name: misread(name) for name in operations}), operations)
    refused = [r for r in records if r.outcome == "failed" and r.detail.startswith("refused a legal input")]
    assert refused and all(r.got["error"]["rule"] == "IMP-PAY-4" for r in refused)
    assert rule in _failed_rules("imperium", records)
    assert {blamed_rule(r, records) for r in refused} == {rule}
    # a surplus due its refusal (IMP-RULING-4), refused instead as not covering, as the run refuses legal payments:
    # the blame of those refusals, not the IMP-PAY-4 cited
    surplus = [
        r for r in records if r.nodeid.endswith("imp-pay-surplus-refused-though-the-influence-cost-is-paid-first")
    ]
    assert all(blamed_rule(r, records) == rule for r in surplus if r.outcome == "failed")
    assert any(r.outcome == "failed" for r in surplus) == (rule == "IMP-PAY-2")


def _english_spaces_on_the_protestant_sheet(power: Any, board: Any, rulings: Any) -> Any:
    """HIS-SPECIAL-9 misread: England's Protestant home spaces line listed on the Protestants' sheet. It runs as
    ``special.special_lines``'s code, so it names only what that module does."""
    lines = {
        Power.OTTOMANS: ((SpecialSource.PIRACY, piracy(board)),),
        Power.HABSBURGS: ((SpecialSource.ELECTORATES, electorates(board)),),
        Power.ENGLAND: ((SpecialSource.HEIR, heir(board)),),
        Power.FRANCE: ((SpecialSource.CHATEAUX, chateaux(board)),),
        Power.PAPACY: (
            (SpecialSource.ST_PETERS, st_peters(board)),
            (SpecialSource.PROTESTANT_SPACES, papal_track_vp(board, rulings)),
        ),
        Power.PROTESTANTS: (
            (SpecialSource.PROTESTANT_SPACES, protestant_track_vp(board, rulings)),
            (SpecialSource.ENGLISH_PROTESTANT_SPACES, english_protestant_spaces(board)),
        ),
    }
    return tuple(ScoreLine(source.value, vp) for source, vp in lines[power])


def _walked_from_the_turn_before_last(
    tied: tuple[Power, ...], history: Sequence[TurnRecord]
) -> tuple[tuple[Power, ...], int | None]:
    """HIS-WIN-3 misread: the walk back through the history begun a turn too far back, the last record never
    compared. It runs as ``victory.break_tie``'s code."""
    remaining: tuple[Power, ...] = tied
    for record in tuple(reversed(history))[1:]:
        if len(remaining) == 1:
            break
        then = as_totals(record.totals)
        best = max(then[p] for p in remaining)
        remaining = tuple(p for p in remaining if then[p] == best)
        if len(remaining) == 1:
            return remaining, record.turn
    return remaining, None


@pytest.mark.parametrize(
    ("function", "reading", "rule"),
    [
        (his_special.special_lines, _english_spaces_on_the_protestant_sheet, "HIS-SPECIAL-9"),
        (break_tie, _walked_from_the_turn_before_last, "HIS-WIN-3"),
    ],
)
def test_a_table_member_filed_elsewhere_or_a_walk_begun_late_fails_the_clause_of_that_table_or_walk(
    function: Any, reading: Any, rule: str
) -> None:
    """The 53rd zoo: England's line on the Protestants' sheet spread over 14 rules (each sheet's and phase's own);
    the tie-break's walk begun a turn too far back over four (the rulings and results the tie reaches; three here).
    Each is one edit of the reference: a member of a table moved to another key's row, a loop begun one past its
    first item."""
    misread = _misread(function, reading, his)
    records = records_of("his", SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations}))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3
    failing = _failed_rules("his", records)
    assert rule in failing and len(failing) <= 3, failing


def _penalties_as_the_change(request: EndGameRequest, rulings: SoeRulings, /) -> Standings:
    """SOE-UNREST-8 misread: a standing's penalty written as the change it makes to VP (-7 for 7)."""
    standings = soe.end_game(request, rulings).standings
    return Standings(tuple(replace(s, penalty=-s.penalty) for s in standings))


def test_penalties_written_as_the_change_to_vp_fail_what_penalty_reports_not_each_assessment_step() -> None:
    """The 53rd zoo's soe-04: each penalty negated, every VP right, spread over four steps of the assessment (each
    vector's penalty step): what ``penalty`` reports is SOE-UNREST-8's."""
    records = records_of("soe", SimpleNamespace(end_game=_penalties_as_the_change), ("end_game",))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) > 3
    assert _failed_rules("soe", records) == ["SOE-UNREST-8"]


def _turn_advanced_before_domination(
    turn: int, totals: Any, history: Sequence[TurnRecord], rulings: HisRulings
) -> Outcome:
    """HIS-WIN-1 misread: the turn marker advances before a domination is looked for, so one is found on turn 9
    alone. It runs as ``victory.outcome``'s code."""
    standard = standard_victory(totals, history, rulings)
    if standard is not None:
        return standard
    below = max(totals.values()) < STANDARD_VICTORY_VP
    unbroken: tuple[Power, ...] = () if below else break_tie(leaders(totals), history)[0]
    dominant = dominating_power(turn, totals, rulings) if below else None
    if turn < LAST_TURN:
        return Outcome(Victory.NONE, None, tuple(p.value for p in unbroken), None, False, turn + 1)
    if dominant is not None:
        return over(Victory.DOMINATION, dominant, (), None)
    return time_limit(totals, history, rulings)


def test_two_outcomes_looked_for_in_the_other_order_fail_the_clause_stating_their_order() -> None:
    """The 53rd zoo's his-05: the turn marker advanced before a domination is looked for answers, on turns 1 to 8, as
    a domination never found or a first turn of 9 would; the domination found on turn 9 refutes both, and the two
    cases swapped answer every failure: HIS-WIN-1, the clause stating the outcomes' order (with HIS-WIN-5 for the
    checks where the misreadings of the domination test answer alike)."""
    misread = _misread(his_victory.outcome, _turn_advanced_before_domination, his)
    records = records_of("his", SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations}))
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) >= 4
    failing = _failed_rules("his", records)
    assert "HIS-WIN-1" in failing and len(failing) <= 2, failing


def _first_turn_one_late(turn: int, totals: Any, rulings: HisRulings) -> Any:
    """HIS-RULING-1 misread: no domination on the first turn of domination either (``<=`` for ``<``). It runs as
    ``victory.dominating_power``'s code."""
    if turn <= rulings.domination_first_turn:
        return None
    first = leaders(totals)
    if len(first) != 1:
        return None
    (leader,) = first
    runner_up = max(vp for p, vp in totals.items() if p != leader)
    return leader if totals[leader] - runner_up >= rulings.domination_margin else None


def _shared_before_the_lone_winner(totals: Any, history: Sequence[TurnRecord], rulings: HisRulings) -> Any:
    """HIS-RULING-3 misread: the ``shared`` case taken before the lone winner the history leaves, so under ``shared``
    the powers the history leaves share, even one alone. It runs as ``victory.standard_victory``'s code."""
    if max(totals.values()) < STANDARD_VICTORY_VP:
        return None
    remaining, broken_at = break_tie(leaders(totals), history)
    if rulings.unbroken_tie is UnbrokenTie.SHARED:
        return over(Victory.STANDARD, None, remaining, None)
    if len(remaining) == 1:
        return over(Victory.STANDARD, remaining[0], (), broken_at)
    return None


def _time_limit_never_reached(turn: int, totals: Any, history: Sequence[TurnRecord], rulings: HisRulings) -> Outcome:
    """HIS-WIN-7 misread: the turn marker advances on turn 9 too, the time limit never given. It runs as
    ``victory.outcome``'s code."""
    standard = standard_victory(totals, history, rulings)
    if standard is not None:
        return standard
    below = max(totals.values()) < STANDARD_VICTORY_VP
    unbroken: tuple[Power, ...] = () if below else break_tie(leaders(totals), history)[0]
    dominant = dominating_power(turn, totals, rulings) if below else None
    if dominant is not None:
        return over(Victory.DOMINATION, dominant, (), None)
    return Outcome(Victory.NONE, None, tuple(p.value for p in unbroken), None, False, turn + 1)


@pytest.mark.parametrize(
    ("function", "reading", "rule"),
    [
        (dominating_power, _first_turn_one_late, "HIS-RULING-1"),
        (standard_victory, _shared_before_the_lone_winner, "HIS-WIN-3"),
        (his_victory.outcome, _time_limit_never_reached, "HIS-WIN-7"),
    ],
)
def test_the_53rd_zoos_steps_keep_the_clauses_of_readings_they_do_not_model(
    function: Any, reading: Any, rule: str
) -> None:
    """The 53rd zoo's second reader: a first turn read one late lost HIS-RULING-1 to the domination test once a
    domination missed on the first turn was left to the run; two cases of ``standard_victory`` swapped were charged to
    HIS-WIN-2 alone (a function whose docstring states no order of its cases); the time limit never given lost
    HIS-WIN-7 to HIS-WIN-1 once the outcome's advance was a case of its own. Each keeps its clause."""
    misread = _misread(function, reading, his)
    records = records_of("his", SimpleNamespace(**{op.name: misread(op.name) for op in game("his").operations}))
    assert any(r.outcome == "failed" for r in records)
    assert rule in _failed_rules("his", records), _failed_rules("his", records)


def _all_held_refused(request: Any) -> None:
    """IMP-PAY-1 misread, citing the cover formula: a payment handing over all it holds of a kind is refused as if it
    handed over more. It runs as ``payment.check_held``'s code."""
    for kind in TOKEN_TYPES:
        if of_kind(request.payment, kind) >= of_kind(request.tokens, kind) and of_kind(request.payment, kind) > 0:
            raise IllegalAction("IMP-PAY-4", f"pays all the {kind} held")


def test_a_payment_refused_for_another_reason_is_not_the_conversions() -> None:
    """The 53rd zoo's second reader: a holding's bound read one off, citing IMP-PAY-4, refused payments with influence
    where military was asked; named IMP-PAY-2 for their shape alone, they are not what allotting influence to the
    military cost first refuses, and stay off IMP-PAY-2."""
    misread = _misread(imperium_payment.check_held, _all_held_refused, imperium)
    records = records_of(
        "imperium", SimpleNamespace(**{op.name: misread(op.name) for op in game("imperium").operations})
    )
    assert any(r.outcome == "failed" and r.operation == "pay_cost" for r in records)
    assert "IMP-PAY-2" not in _failed_rules("imperium", records), _failed_rules("imperium", records)


def _full_before_the_tie_kind(values: Any, group: Any, unfriendly: bool, rulings: SoeRulings) -> Any:
    """SOE-SCORE-8 misread: ``tie_share`` ``full`` tested before whether the tie is unfriendly, so under ``full`` an
    unfriendly tie takes the value of its place. It runs as ``scoring.group_value``'s code."""
    if len(group.entrants) == 1:
        return place_value(values, group.place)
    if rulings.tie_share is TieShare.FULL:
        return place_value(values, group.place)
    if unfriendly:
        return bump_down(values, group, rulings)
    return share_friendly_tie(values, group, rulings)


def test_full_applied_before_the_tie_kind_fails_the_unfriendly_ties_not_the_ruling() -> None:
    """The 53rd zoo's soe-06: every failure asked under ``full``, over the rules of scoring and of the end of a war,
    was charged to ``tie_share`` (SOE-RULING-1: the run's failures confined to one alternative). SOE-SCORE-8 settles
    the tie's kind first and says ``full`` governs friendly ties alone: a region's awards showing unfriendly ties
    scored as friendly under ``full`` fail it."""
    misread = _misread(scoring.group_value, _full_before_the_tie_kind)
    port = SimpleNamespace(**{op.name: misread(op.name) for op in game("soe").operations})
    # the vectors, and as an invariant draws them: the same requests asked under ``full``
    drawn = [
        replace(r, nodeid=f"test_drawn::{r.nodeid}", kind="invariant", declared={})
        for r in records_of("soe", port, declared={"tie_share": (TieShare.FULL,)})
    ]
    records = [*records_of("soe", port), *drawn]
    assert all(r.rulings["tie_share"] == "full" for r in records if r.outcome == "failed")
    assert len({r.primary_rule for r in records if r.outcome == "failed"}) >= 3
    failing = _failed_rules("soe", records)
    assert "SOE-SCORE-8" in failing and len(failing) <= 2, failing


def _draws_checked_from_the_second(empires: Any, orders: Any, rulings: SoeRulings) -> None:
    """SOE-MAINT-5 misread: the draws checked from the second empire on, the first never. It runs as
    ``maintenance.check_unrest_draws``'s code: its loop's body reads ``gold_per_taxation``, the loop itself does not."""
    for empire in tuple(empires)[1:]:
        needed = taxations_needed(empire.gold, maintenance_cost(empire), rulings.gold_per_taxation)
        index = next((i for i, o in enumerate(orders) if o.player == empire.player), None)
        if index is None and needed > 0:
            raise InvalidState("orders", empire.player, f"no order, but {needed} taxation(s) are needed", "SOE-MAINT-5")
        if index is not None and len(orders[index].unrest_draws) != needed:
            draws = orders[index].unrest_draws
            raise InvalidState(f"orders[{index}].unrest_draws", draws, "draws", "SOE-MAINT-5")


def test_a_walk_begun_late_over_a_body_reading_a_ruling_is_not_that_rulings() -> None:
    """The 53rd zoo's second reader: the draws' check begun at the second empire, a walk whose body reads
    ``gold_per_taxation``, was charged to SOE-RULING-9 on the check asked off that ruling's default, once a misreading
    whose part reads a ruling could be that ruling's wherever it fails. Only what the edited part itself reads counts
    (a loop's items, a guard's condition): the loop here reads no ruling, so SOE-MAINT-5's."""
    misread = _misread(maintenance.check_unrest_draws, _draws_checked_from_the_second)
    records = records_of("soe", SimpleNamespace(**{op.name: misread(op.name) for op in game("soe").operations}))
    assert any(r.outcome == "failed" for r in records)
    failing = _failed_rules("soe", records)
    assert "SOE-MAINT-5" in failing and "SOE-RULING-9" not in failing, failing


def _surplus_refused_as_not_covering(request: Any, rulings: Any, /) -> Any:
    """IMP-RULING-4 misread, citing the cover formula: a payment with a superfluous token refused whatever ``surplus``
    says, as one that does not cover (IMP-PAY-4)."""
    try:
        result = imperium.pay_cost(request, rulings)
    except IllegalAction as refusal:
        if refusal.rule == "IMP-RULING-4":
            raise IllegalAction("IMP-PAY-4", "a token is not needed") from None
        raise
    if imperium_payment.superfluous(request.payment, request.cost) is not None:
        raise IllegalAction("IMP-PAY-4", "a token is not needed")
    return result


def test_a_due_refusal_cited_as_legal_ones_are_keeps_its_rule_where_they_are_the_same_bug() -> None:
    """The 53rd zoo's walk: a due surplus refusal made under IMP-PAY-4, as the run refuses legal payments, is blamed
    as those refusals are. Where the legal refusals and the due ones are one misplayed ruling citing the wrong rule
    (a surplus refused under every alternative), the due one keeps IMP-RULING-4: a refusal due under the ruling's
    own check is read as before, the run's legal refusals consulted only where no step of the refusal's own says."""
    target = SimpleNamespace(pay_cost=_surplus_refused_as_not_covering)
    records = records_of("imperium", target, ("pay_cost",))
    assert any(r.outcome == "failed" for r in records)
    assert "IMP-RULING-4" in _failed_rules("imperium", records), _failed_rules("imperium", records)


def _drawn_card_by_its_name(player: Any) -> Any:
    """IMP-DRAW-1 misread: the drawn card put in the hand as its name, not the whole card (the 54th zoo's imp-01; runs
    as ``drawing.take_top_card``)."""
    drawn = tuple(card.name for card in player.draw_pile[:1])
    return replace(player, draw_pile=player.draw_pile[1:], hand=player.hand + drawn), player.draw_pile[0]


def test_items_added_by_their_names_fail_the_clause_of_the_step_adding_them_not_each_draw_rule() -> None:
    """Every draw that ends with a card drawn shows the hand wrong, whichever rule its check is primary to: the one
    step adding the card to the hand (IMP-DRAW-1), its items written by their names, is the misreading."""
    records = _misread_records("imperium", imperium_drawing.take_top_card, _drawn_card_by_its_name, "draw", imperium)
    assert _primaries_failed(records) >= 3
    assert _failed_rules("imperium", records) == ["IMP-DRAW-1"]


def _drawn_from_the_bottom(player: Any) -> Any:
    """IMP-DRAW-1 misread: each card drawn from the bottom of the draw pile, not its top (the PHP audit's
    draw-from-bottom, made in every draw; runs as ``drawing.take_top_card``)."""
    taken = replace(player, draw_pile=player.draw_pile[:-1], hand=player.hand + player.draw_pile[-1:])
    return taken, player.draw_pile[-1]


def test_cards_drawn_from_the_bottom_fail_the_clause_of_the_step_taking_them_not_each_draw_rule() -> None:
    """Every draw of two or more cards, or after a shuffle, shows the hand and the pile wrong, whichever rule its check
    is primary to: the one step taking the card and its name (IMP-DRAW-1) off the pile's other end is the misreading."""
    records = _misread_records("imperium", imperium_drawing.take_top_card, _drawn_from_the_bottom, "draw", imperium)
    assert _primaries_failed(records) >= 3
    assert _failed_rules("imperium", records) == ["IMP-DRAW-1"]


def _nation_card_from_the_bottom(player: Any, rulings: Any) -> Any:
    """IMP-DRAW-3 misread: the nation card taken from the bottom of the nation deck, not its top (the 54th zoo's imp-02;
    runs as ``drawing.move_nation_card``)."""
    if not player.nation_deck:
        return player
    card, rest = player.nation_deck[-1], player.nation_deck[:-1]
    zone = Zone.HAND if rulings.nation_card_on_shuffle is NationCardOnShuffle.HAND else Zone.DISCARD_PILE
    return add_to_zone(replace(player, nation_deck=rest), zone, (card,))


def test_a_pile_taken_from_its_other_end_fails_the_clause_of_the_step_taking_it() -> None:
    """A nation card off the wrong end changes which card the shuffle orders must hold, so orders are refused and
    hands differ over the shuffle's and the ruling's vectors: the step taking the card (IMP-DRAW-3) is misread."""
    records = _misread_records(
        "imperium", imperium_drawing.move_nation_card, _nation_card_from_the_bottom, "draw", imperium
    )
    assert _primaries_failed(records) >= 2
    assert _failed_rules("imperium", records) == ["IMP-DRAW-3"]


def _if_able_order_refused_on_its_first(request: Any, rulings: Any, /) -> Any:
    """IMP-DRAW-5's refusal named as IMP-DRAW-4 names an order: an order given to a draw if able refused on
    ``shuffles[0]``, not ``shuffles`` (the 54th zoo's imp-03)."""
    validate_player(request.player, "player")
    validate_count(request.count, "count")
    if request.mode is DrawMode.IF_ABLE and request.shuffles:
        raise InvalidState("shuffles[0]", list(request.shuffles[0]), "a draw if able never shuffles", "IMP-DRAW-5")
    return imperium.draw(request, rulings)


def test_a_refusal_naming_its_field_with_an_index_added_fails_its_checks_clause_not_the_one_naming_that_form() -> None:
    """``shuffles[0]`` is the field IMP-DRAW-4's refusals name; IMP-DRAW-5's refusal with its field written so (one
    node of the reference: the path copied from a neighbouring check's) answers as the port does: IMP-DRAW-5's."""
    records = records_of("imperium", SimpleNamespace(draw=_if_able_order_refused_on_its_first), ("draw",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("imperium", records) == ["IMP-DRAW-5"]


def _cost_taken_off(request: Any, rulings: Any, /) -> Any:
    """IMP-PAY-1 misread: the cost taken off the holding, not the payment handed over (the 54th zoo's imp-08)."""
    result = imperium.pay_cost(request, rulings)
    held, cost = request.tokens, request.cost
    left = replace(
        held,
        coins=held.coins - cost.coins,
        military=held.military - cost.military,
        influence=held.influence - cost.influence,
    )
    return replace(result, tokens=left)


def test_the_cost_taken_off_the_holding_fails_the_clause_owning_the_subtraction() -> None:
    """Every payment that differs from its cost leaves the wrong tokens, over the conversion, resource and surplus
    rules' checks: the holding less the cost is IMP-PAY-1's subtraction misread."""
    records = records_of("imperium", SimpleNamespace(pay_cost=_cost_taken_off), ("pay_cost",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3
    failing = _failed_rules("imperium", records)
    assert "IMP-PAY-1" in failing and len(failing) <= 2, failing


def _power_names_folded(value: Any) -> Any:
    """HIS-POWER-1 misread: every power's name folded to lower case before it is checked (`England` taken as
    `england`), in every list of powers (the 54th zoo's his-06)."""
    if isinstance(value, tuple):
        return tuple(_power_names_folded(item) for item in value)  # pyright: ignore[reportUnknownVariableType, reportUnknownArgumentType]
    if not hasattr(value, "__dataclass_fields__"):
        return value
    changed = {name: _power_names_folded(getattr(value, name)) for name in value.__dataclass_fields__}
    if isinstance(changed.get("power"), str):
        changed["power"] = changed["power"].lower()
    return replace(value, **changed)


def test_a_check_never_made_shown_on_one_list_is_blamed_so_where_another_list_is_refused_past() -> None:
    """Power names folded: `England` accepted in a victory's totals (a vector shows it alone) and, in a phase's cards,
    refused past on the play's fault behind it, as an order invariant draws it. The run shows the check never made on
    a list of powers, so the refusal past it in another list is that check's (HIS-POWER-1), not the rule the refusal
    cites, which the invariant does not involve."""

    def call(name: str) -> Any:
        def folded(request: Any, rulings: Any, /) -> Any:
            return getattr(his, name)(_power_names_folded(request), rulings)

        return folded

    target = SimpleNamespace(**{op.name: call(op.name) for op in game("his").operations})
    records = records_of("his", target)
    assert _failed_rules("his", records) == ["HIS-POWER-1"]
    refused = next(loaded for loaded in load_game(game("his")) if loaded.case.id == "his-phase-with-refused-play")
    renamed = replace(refused.request.cards[0], power=refused.request.cards[0].power.capitalize())
    faulty: Any = replace(refused.request, cards=(renamed, *refused.request.cards[1:]))
    with pytest.raises(InvalidState) as due:
        his.run_phase(faulty, refused.rulings)
    with pytest.raises(IllegalAction) as given:
        target.run_phase(faulty, refused.rulings)
    record = CheckRecord(
        "test_run_phase_refuses_the_earliest_fault",
        "his",
        "invariant",
        ("HIS-POWER-1", "HIS-VP-3", "HIS-BONUS-7"),
        Verdict.FAILED.value,
        "refused for another fault",
        operation="run_phase",
        request=wire_form(faulty),
        rulings=wire_form(refused.rulings),
        expected={"error": {"kind": "InvalidState", "field": due.value.field}},
        got={"error": {"kind": "IllegalAction", "rule": given.value.rule}},
    )
    assert due.value.field == "cards[0].power" and given.value.rule == "HIS-PLAY-1"
    assert blamed_rule(record, [*records, record]) == "HIS-POWER-1"


def test_a_required_draw_refused_on_its_orders_is_never_the_if_able_clause() -> None:
    """Vectors of IMP-DRAW-4 and IMP-DRAW-5 both refuse ``shuffles``; a legal required draw refused there is the
    orders' clause or the step that misdrew, never the clause of draws if able (whichever the vectors' vote favours)."""
    records = records_of("imperium", SimpleNamespace(draw=_drawn_up_to_the_count), ("draw",))
    refused = [r for r in records if r.outcome == "failed" and "error" not in r.expected and "error" in (r.got or {})]
    on_orders = [r for r in refused if r.got["error"]["field"] == "shuffles" and r.request["mode"] == "required"]
    assert on_orders and "IMP-DRAW-5" not in {blamed_rule(r, records) for r in on_orders}


def test_a_field_holding_a_name_the_vocabulary_defines_is_not_the_one_clause_writing_it_too() -> None:
    """`fame` is a suit the spec's vocabulary lists, and IMP-RULING-2 the one clause that writes it too. A suit refused
    out of order (checked before a repeat due first: the PHP audit's flip of ``check_collapse``) is the order's and its
    field's, never the ruling's, which ``check_collapse`` does not read."""
    loaded = _imperium_case("imp-collapse-repeat-before-suit")
    request = json_value(loaded.case.input)
    suit = next(at for at, card in enumerate(request["unrest_pile"]) if card["suit"] != "unrest")
    assert request["unrest_pile"][suit]["suit"] == "fame"
    record = CheckRecord(
        f"{loaded.path.name}::{loaded.case.id}",
        "imperium",
        "vector",
        tuple(loaded.case.rules),
        Verdict.FAILED.value,
        "refused for another field",
        operation=loaded.operation,
        request=request,
        rulings=json_value(loaded.case.rulings),
        expected={"error": {"kind": "InvalidState", "field": loaded.case.error.field if loaded.case.error else ""}},
        got={"error": {"kind": "InvalidState", "field": f"unrest_pile[{suit}].suit"}},
    )
    assert blamed_rule(record, [record]) == "IMP-STATE-1"


def _order_before_signs(region: Any, players: Any, path: str) -> None:
    """SOE-GAME-6 misread: a region's values checked highest first before each is checked for its sign (the PHP
    audit's flip; runs as ``validation.validate_region``)."""
    values = region.values
    if region.name == "":
        raise refuse(f"{path}.name", region.name, "a region's name is not empty", "SOE-GAME-6")
    if len(values) not in (2, 3):
        raise refuse(f"{path}.values", values, "a region lists 2 or 3 values", "SOE-GAME-6")
    if any(values[k] < values[k + 1] for k in range(len(values) - 1)):
        raise refuse(f"{path}.values", values, "values are listed highest first", "SOE-GAME-6")
    for k, value in enumerate(values):
        if value < 0:
            raise refuse(f"{path}.values[{k}]", value, "a value is never negative", "SOE-GAME-6")
    validate_presences(region.control, players, f"{path}.control", by_players=True)
    if len(players) >= 4 and len(region.non_player_control) > 0:
        raise refuse(f"{path}.non_player_control", len(region.non_player_control), "no majors", "SOE-GAME-8")
    validate_presences(region.non_player_control, players, f"{path}.non_player_control", by_players=False)


def test_two_checks_of_one_clause_swapped_fail_that_clause_not_one_a_longer_move_passes() -> None:
    """The sign of each value and their order are both SOE-GAME-6's, in a function whose docstring spans a range: the
    swap of the two misreads that clause's order. Moving the sign check further, past SOE-GAME-8's, answers alike on
    these requests, and was the only move counted: an invariant over every fault named SOE-GAME-8 for it."""
    misread = _misread(soe_validation.validate_region, _order_before_signs)
    records = records_of("soe", SimpleNamespace(**{op.name: misread(op.name) for op in game("soe").operations}))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed
    every_fault = ("SOE-GAME-6", "SOE-GAME-1", "SOE-GAME-7", "SOE-GAME-8", "SOE-GAME-9")  # as the refusals invariant
    drawn = [
        replace(r, nodeid=f"test_refuses_each_fault::{r.nodeid}", kind="invariant", rules=every_fault) for r in failed
    ]
    assert {blamed_rule(r, [*records, *drawn]) for r in drawn} == {"SOE-GAME-6"}


def _discard_kept_after_shuffle(player: Any, shuffles: Any, used: int) -> Any:
    """IMP-DRAW-4 misread: the discard pile becomes the draw pile but is never emptied (the 55th zoo's imp-05; runs as
    ``drawing.new_draw_pile``)."""
    if not player.discard_pile:
        return player, used
    if used >= len(shuffles):
        raise InvalidState("shuffles", [list(o) for o in shuffles], "too few shuffle orders", "IMP-DRAW-4")
    order = shuffles[used]
    if Counter(order) != Counter(card.name for card in player.discard_pile):
        raise InvalidState(f"shuffles[{used}]", list(order), "not an order of the discard pile", "IMP-DRAW-4")
    by_name = {card.name: card for card in player.discard_pile}
    return replace(player, draw_pile=tuple(by_name[name] for name in order)), used + 1


def test_a_change_left_out_of_a_new_value_fails_the_clause_of_its_step_not_each_draw_rule() -> None:
    """A discard pile kept after it became the draw pile shows in every shuffling draw, whichever rule (a ruling, the
    nation card) its check is primary to: the one step making the new piles (IMP-DRAW-4), one field's change left out.
    A short draw due to be refused goes on over the kept pile instead: an input accepted, its refusal's rule."""
    records = _misread_records(
        "imperium", imperium_drawing.new_draw_pile, _discard_kept_after_shuffle, "draw", imperium
    )
    assert _primaries_failed(records) >= 3
    assert _failed_rules("imperium", records) == ["IMP-DRAW-4", "IMP-RULING-7"]


def _last_entry_only(power: Any, bonuses: Any) -> Any:
    """HIS-BONUS-10 misread: a kind's line shows its last entry's VP, not their sum (the 55th zoo's his-07; runs as
    ``bonus.bonus_lines``)."""
    lines: list[ScoreLine] = []
    for kind in BonusKind:
        earned = [b.vp for b in bonuses if b.power == power and b.kind == kind]
        if earned:
            lines.append(ScoreLine(kind.value, earned[-1]))
    return tuple(lines)


def test_a_total_taken_as_its_last_term_fails_the_clause_of_the_sum() -> None:
    """A kind earned twice (two war winners, two voyages) shows one entry's VP, in every check of every kind's rule
    that earns a kind twice: the line's sum (HIS-BONUS-10) is the one misread."""
    records = _misread_records("his", his_bonus.bonus_lines, _last_entry_only, "bonus_vp", his)
    assert _primaries_failed(records) >= 2
    assert _failed_rules("his", records) == ["HIS-BONUS-10"]


def _missing_order_named_as_the_player(name: str) -> Any:
    """SOE-MAINT-5 misread: a player who must tax without an order refused on that empire's ``player``, not on
    ``orders`` (the 55th zoo's soe-05)."""

    def operation(request: Any, rulings: Any, /) -> Any:
        try:
            return getattr(soe, name)(request, rulings)
        except InvalidState as refused:
            if refused.field != "orders":
                raise
            at = next(i for i, e in enumerate(request.empires) if e.player == refused.value)
            raise InvalidState(f"empires[{at}].player", refused.value, "no order", "SOE-MAINT-5") from None

    return operation


def test_a_due_refusal_named_on_a_field_of_another_rule_fails_the_checks_rule_not_that_fields() -> None:
    """The refusal comes where it is due, on a legal player name: the run shows nothing else of the names' rule
    (SOE-GAME-2) wrong, so each check fails the rule of the refusal due, its field's (SOE-MAINT-5, in ``end_war``
    too, whose vectors are primary to SOE-SEQ-4)."""
    operations = ("pay_maintenance", "end_war")
    target = SimpleNamespace(**{name: _missing_order_named_as_the_player(name) for name in operations})
    records = records_of("soe", target, operations)
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("soe", records) == ["SOE-MAINT-5"]


def test_marker_income_at_another_rate_is_the_marker_clause() -> None:
    """Each marker paid the taxation's yield (2 gold) beside the population: another multiple of the markers is
    SOE-INCOME-2's, the population's own gold right."""
    request = {
        "empires": [{"player": "a", "gold": 1, "population": 3}, {"player": "b", "gold": 0, "population": 2}],
        "regions": [{"name": "Baltic", "control": [{"holder": "a", "markers": 2}, {"holder": "b", "markers": 1}]}],
    }
    got = {"empires": [{"player": "a", "gold": 1 + 3 + 2 * 2}, {"player": "b", "gold": 0 + 2 + 2 * 1}]}
    paths = ("$.empires[0].gold", "$.empires[1].gold")
    assert soe_blame._income(request, got, paths) == "SOE-INCOME-2"  # pyright: ignore[reportPrivateUsage]


def _base_vp_recorded(request: Any, rulings: Any, /) -> Any:
    """HIS-WIN-9 misread: the turn's history record holds the cards' base VP, not the sheets' totals (the 55th zoo's
    his-06); the sheets and the outcome right."""
    result = his.run_phase(request, rulings)
    *done, last = result.history
    bases = {card.power: card.base_vp for card in request.cards}
    totals = tuple(PowerVp(t.power, bases.get(t.power, 0)) for t in last.totals)
    return replace(result, history=(*done, replace(last, totals=totals)))


def test_the_appended_record_alone_wrong_fails_the_history_clause() -> None:
    """Only the record the phase appends differs, in every phase vector, whatever it pins (a victory, a play, the
    sheet): the clause saying what that record holds (HIS-WIN-9)."""
    records = records_of("his", SimpleNamespace(run_phase=_base_vp_recorded), ("run_phase",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3
    assert _failed_rules("his", records) == ["HIS-WIN-9"]


def _rulings_after_the_request(request: Any, rulings: Any, /) -> Any:
    """HIS-RULING-2 misread: ``determine_victory`` checks its request before the rulings (the 55th zoo's his-08; runs
    as ``victory.determine_victory``)."""
    validate_turn(request.turn)
    validate_totals(request.totals, "totals", "HIS-VP-1")
    validate_history(request.history, request.turn)
    validate_rulings(rulings)
    return his_victory.outcome(request.turn, his_victory.as_totals(request.totals), request.history, rulings)


def test_the_rulings_checked_after_the_request_fail_the_rulings_clauses_not_the_victory_ones() -> None:
    """The rulings checked late refuse a bad turn before a bad first turn or margin: the check moved is the one the
    spec states first (HIS-RULING-2, which the reference's rulings line names), and a request check moved up past it
    answers alike and misreads the clause that line names, so the first turn's vector (HIS-RULING-1) fails it too;
    never the victory clauses the function states."""
    misread = _misread(his_victory.determine_victory, _rulings_after_the_request, his)
    records = records_of("his", SimpleNamespace(determine_victory=misread("determine_victory")), ("determine_victory",))
    assert any(r.primary_rule == "HIS-RULING-1" for r in records if r.outcome == "failed")
    assert _failed_rules("his", records) == ["HIS-RULING-2"]


def _effects_checked_as_they_come(request: Any, rulings: Any, /) -> Any:
    """IMP-COLLAPSE-2 misread: each effect is checked just before it is carried out, so a fault behind the collapse is
    never read (the 55th zoo's imp-07)."""
    checked = replace(request, effects=())
    imperium_collapse.validate_action_request(checked)
    for index, effect in enumerate(request.effects):
        imperium_collapse.validate_effect(effect, f"effects[{index}]")
        done = imperium.resolve_action(replace(checked, effects=request.effects[: index + 1]), rulings)
        if done.collapsed:
            return done
    return imperium.resolve_action(request, rulings)


def test_a_fault_left_unread_behind_the_collapse_fails_the_clause_checking_every_effect_first() -> None:
    """A later effect's fault answered by the game collapsing before it: the answer shows the effect never checked
    because the collapse came first (IMP-COLLAPSE-2), not a token count's rule (IMP-STATE-2), which the run refuses
    where nothing collapses."""
    records = records_of("imperium", SimpleNamespace(resolve_action=_effects_checked_as_they_come), ("resolve_action",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("imperium", records) == ["IMP-COLLAPSE-2"]


def _gain_tokens_unchecked(effect: Any, path: str) -> None:
    """IMP-STATE-2 misread: a gain's tokens never checked for negative counts (runs as ``collapse.validate_effect``)."""
    validate_count(effect.count, f"{path}.count")
    if effect.kind is EffectKind.TAKE_UNREST:
        validate_tokens(effect.tokens, f"{path}.tokens")
    if effect.kind is EffectKind.TAKE_UNREST and effect.tokens != type(effect.tokens)():
        raise InvalidState(f"{path}.tokens", effect.tokens, "taking unrest gains no tokens", "IMP-COLLAPSE-2")
    if effect.kind is EffectKind.GAIN and effect.count != 0:
        raise InvalidState(f"{path}.count", effect.count, "a gain takes no unrest cards", "IMP-COLLAPSE-2")


def test_a_check_missing_altogether_is_not_one_left_unread_behind_the_collapse() -> None:
    """A gain's negative coins accepted behind a collapse as where nothing collapses: the run never shows the refusal
    made, so the check is missing (IMP-STATE-2), not skipped by the collapse (IMP-COLLAPSE-2)."""
    misread = _misread(imperium_collapse.validate_effect, _gain_tokens_unchecked, imperium)
    records = records_of("imperium", SimpleNamespace(resolve_action=misread("resolve_action")), ("resolve_action",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("imperium", records) == ["IMP-STATE-2"]


def _recorded_before_the_play(request: Any, rulings: Any, /) -> Any:
    """HIS-PLAY-2 misread: the turn's history record holds the totals before the play, the sheets and the outcome
    after it (the 55th reader's h5)."""
    result = his.run_phase(request, rulings)
    if request.play is None:
        return result
    before = his.run_phase(replace(request, play=None), rulings).history[-1]
    return replace(result, history=(*result.history[:-1], before))


def test_the_record_holding_the_totals_before_the_play_fails_the_plays_clause() -> None:
    """Only the appended record differs, as the phase without its play writes it: HIS-PLAY-2 asks for the totals
    after the play there, which HIS-WIN-9's record otherwise holds."""
    records = records_of("his", SimpleNamespace(run_phase=_recorded_before_the_play), ("run_phase",))
    assert any(r.outcome == "failed" for r in records)
    assert _failed_rules("his", records) == ["HIS-PLAY-2"]


def test_one_marker_shows_no_rate_where_the_gain_falls_short() -> None:
    """With one marker any gain is a multiple of it: less than is due (a population cut short, say) shows no rate."""
    request = {
        "empires": [{"player": "a", "gold": 0, "population": 4}],
        "regions": [{"name": "Baltic", "control": [{"holder": "a", "markers": 1}]}],
    }
    got = {"empires": [{"player": "a", "gold": 3}]}
    assert soe_blame._income(request, got, ("$.empires[0].gold",)) != "SOE-INCOME-2"  # pyright: ignore[reportPrivateUsage]


def _lone_leader_only(values: Any, group: Any, unfriendly: bool, rulings: Any) -> Any:
    """SOE-SCORE-5 misread: only a lone entrant at 1st takes its place's value; one lower is valued as a tie (the 51st
    zoo's soe-01; runs as ``scoring.group_value``)."""
    if len(group.entrants) == 1 and group.place == 1:
        return place_value(values, group.place)
    if unfriendly:
        return bump_down(values, group, rulings)
    return share_friendly_tie(values, group, rulings)


def test_a_lone_entrant_bumped_as_a_tie_fails_the_lone_entrants_clause() -> None:
    """A lone entrant past 1st, bumped as a tie of one, fails SOE-SCORE-5 beside the rules of the vectors whose
    answers other readings give too (a tie slid down whole answers alike below a tie: regions print 3 values at
    most, so a group slid past the tie lands on a place worth nothing, as one left out of the ranking would)."""
    misread = _misread(scoring.group_value, _lone_leader_only)
    records = records_of("soe", SimpleNamespace(score_region=misread("score_region")), ("score_region",))
    assert _failed_rules("soe", records) == ["SOE-RULING-5", "SOE-SCORE-2", "SOE-SCORE-5"]


def _turn_left_unsaid_at_the_limit(request: Any, rulings: Any, /) -> Any:
    """HIS-WIN-7 misread: a tie at the time limit that the history breaks reported with ``tie_broken_at_turn`` null
    (the 56th zoo's his-01); the winner right."""
    outcome = his.determine_victory(request, rulings)
    return replace(outcome, tie_broken_at_turn=None) if outcome.victory is Victory.TIME_LIMIT else outcome


def test_the_turn_that_broke_a_tie_at_the_time_limit_left_unsaid_fails_the_time_limit_clause() -> None:
    """Only ``tie_broken_at_turn`` differs, the winner right: the clause of the victory states the field (HIS-WIN-7 at
    the limit), not the ruling whose vector the tie-break is (HIS-RULING-4)."""
    records = records_of(
        "his", SimpleNamespace(determine_victory=_turn_left_unsaid_at_the_limit), ("determine_victory",)
    )
    assert any(r.primary_rule == "HIS-RULING-4" for r in records if r.outcome == "failed")
    assert _failed_rules("his", records) == ["HIS-WIN-7"]


def _history_after_the_play(request: Any, rulings: Any, /) -> Any:
    """HIS-WIN-9 misread: the play checked before the history (the 56th zoo's his-07; runs as
    ``phase.validate_phase``)."""
    validate_rulings(rulings)
    validate_turn(request.turn)
    validate_cards(request.cards)
    validate_board(request.board, rulings)
    check_bonuses(request.bonuses, rulings)
    if request.play is not None:
        validate_bonus(request.play, "play", rulings)
        check_claim(request.play, "play", rulings)
        if request.play.kind not in PLAYABLE:
            raise IllegalAction("HIS-PLAY-1", f"{request.play.kind} cannot be played during this phase")
        check_bonuses((*request.bonuses, request.play), rulings)
    validate_history(request.history, request.turn)


def test_a_check_moved_up_past_one_that_names_its_place_fails_that_clause() -> None:
    """The history's line says it comes before the play (HIS-WIN-9): the play block moved up past it, however far,
    misreads that clause, not the play's (HIS-PLAY-1) nor the rule the play's refusal cites."""
    misread = _misread(his_phase.validate_phase, _history_after_the_play, his)
    records = records_of("his", SimpleNamespace(run_phase=misread("run_phase")), ("run_phase",))
    assert _failed_rules("his", records) == ["HIS-WIN-9"]


def _lone_winner_bare(request: Any, rulings: Any, /) -> Any:
    """IMP-COLLAPSE-5 misread: a lone winner written as its name, not a list of one (the 56th zoo's imp-07)."""
    outcome = imperium.determine_winner(request, rulings)
    answer: dict[str, Any] = json_value(outcome)
    return {**answer, "winners": outcome.winners[0]} if len(outcome.winners) == 1 else answer


def test_a_lone_winner_named_bare_fails_the_clause_saying_winners_is_a_list() -> None:
    records = records_of("imperium", SimpleNamespace(determine_winner=_lone_winner_bare), ("determine_winner",))
    assert _primaries_failed(records) >= 3
    assert _failed_rules("imperium", records) == ["IMP-COLLAPSE-5"]


def _unknown_card_judged_in_play(request: Any, rulings: Any, /) -> Any:
    """IMP-EXHAUST-4 misread: whether the card is in play is asked before whether the player owns it, so a card the
    player does not own is refused as one not in play (the 56th zoo's imp-02); the player checked first, as due."""
    validate_player(request.player, "player")
    if request.card not in {card.name for card in request.player.play_area}:
        raise IllegalAction("IMP-EXHAUST-4", f"{request.card} is not in play")
    return imperium.use_exhaust_ability(request, rulings)


def test_an_unknown_card_refused_as_one_not_in_play_fails_the_clause_stating_their_order() -> None:
    """The spec's Order of checks: IMP-EXHAUST-4 states the order of `use_exhaust_ability`, an unknown card first as
    InvalidState; a check due that refusal and primary to another rule (the earliest fault's invariant lists
    IMP-STATE-1 first) fails the clause of the order too."""
    records = records_of("imperium", SimpleNamespace(use_exhaust_ability=_unknown_card_judged_in_play))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and _failed_rules("imperium", records) == ["IMP-EXHAUST-4"]
    elsewhere = replace(failed[0], rules=("IMP-STATE-1", "IMP-EXHAUST-4"), primary="IMP-STATE-1")
    assert elsewhere.primary_rule == "IMP-STATE-1" and blamed_rule(elsewhere, records) == "IMP-EXHAUST-4"


def _upkeep_off_the_treasury_alone(empire: Any, rulings: Any) -> Any:
    """SOE-MAINT-7 misread: the upkeep taken off the treasury alone, floored at 0, the taxations' yield kept whole (the
    56th zoo's soe-01; runs as ``maintenance.pay_for_units``)."""
    cost = maintenance_cost(empire)
    taxations = taxations_needed(empire.gold, cost, rulings.gold_per_taxation)
    return replace(empire, gold=max(0, empire.gold - cost) + taxation_yield(taxations, rulings.gold_per_taxation))


def test_the_yield_kept_whole_beside_a_floored_treasury_fails_the_clause_of_the_new_gold() -> None:
    """Each empire short of its upkeep ends with its taxations' yield alone, over the taxation, yield and ruling
    vectors alike: SOE-MAINT-7's new gold, whatever rule each check is primary to."""
    records = _misread_records("soe", maintenance.pay_for_units, _upkeep_off_the_treasury_alone, "pay_maintenance", soe)
    assert _primaries_failed(records) >= 3
    assert _failed_rules("soe", records) == ["SOE-MAINT-7"]


_UNREST_PENALTY = sys.modules[penalty_candidates.__module__].unrest_penalty


def _below_the_highest_loses_four(_: Any, __: Any) -> Callable[[Any, Any, Any], int]:
    """SOE-UNREST-4 misread: every candidate below the highest loses 4 where there is a second highest, not only those
    on it (the 56th zoo's soe-04; read as ``end_game.unrest_penalty``)."""

    def penalty(empire: Any, empires: Any, rulings: Any) -> int:
        due = _UNREST_PENALTY(empire, empires, rulings)
        candidates = penalty_candidates(empires, rulings)
        second = second_highest_unrest(candidates, rulings)
        below = due == 0 and empire in candidates and len(empires) >= SECOND_PENALISED_FROM
        return SECOND_PENALTY if below and second is not None and empire.unrest <= second else due

    return penalty


def test_exactly_the_second_highest_read_as_at_most_it_fails_the_second_penalty_clause() -> None:
    """Places, VP and the end of the last war all follow the wrong penalties: the one step giving 4 to the second
    highest total (SOE-UNREST-4), where it gives them to every total up to it."""
    module = sys.modules[penalty_candidates.__module__]
    end_game = _port_with(module, "unrest_penalty", _below_the_highest_loses_four, soe.end_game)
    records = records_of("soe", SimpleNamespace(end_game=end_game), ("end_game",))
    assert _primaries_failed(records) >= 3
    assert _failed_rules("soe", records) == ["SOE-UNREST-4"]


def _upkeep_per_kind(empire: Any) -> Any:
    """SOE-MAINT-1 misread: 1 gold for each kind of unit held, not for each unit (the 56th zoo's soe-02; runs as
    ``maintenance.maintenance_cost``)."""
    return GOLD_PER_UNIT * (int(bool(empire.armies)) + int(bool(empire.navies)) + int(bool(empire.forts)))


def test_units_counted_by_kind_fail_the_upkeep_clause_not_each_taxation_rule() -> None:
    """Too many draws refused, gold left over, a taxation's yield wrong: every maintenance check the upkeep reaches
    fails, and the one step counting the units (SOE-MAINT-1) read as the kinds held explains them."""
    records = _misread_records("soe", maintenance.maintenance_cost, _upkeep_per_kind, "pay_maintenance", soe)
    assert _primaries_failed(records) >= 3
    assert "SOE-MAINT-1" in _failed_rules("soe", records) and len(_failed_rules("soe", records)) <= 2


def _revolution_kept_among_candidates(request: EndGameRequest, rulings: SoeRulings, /) -> Standings:
    """SOE-UNREST-2 misread in a port shaped otherwise than the reference (the Nim audit's flip-14): the candidates'
    bound of 20 unrest dropped, and every player's penalty worked out before one in revolution is given 0 VP, so its
    penalty shows and the others' shift below it."""

    def candidates(empires: Any, rulings: SoeRulings) -> Any:
        return tuple(e for e in empires if e.unrest > 0 or rulings.zero_unrest_penalised)

    def assessed(empire: Any, empires: Any, rulings: SoeRulings) -> Any:
        penalty = soe_end_game.unrest_penalty(empire, empires, rulings)
        out = soe_end_game.in_revolution(empire)
        vp = 0 if out else soe_end_game.vp_after_penalty(empire.vp, penalty, rulings)
        return soe_end_game.Standing(empire.player, empire.unrest, penalty, vp, revolution=out, place=None)

    with (
        mock.patch.object(soe_end_game, "penalty_candidates", candidates),
        mock.patch.object(soe_end_game, "assess_unrest", assessed),
    ):
        return soe.end_game(request, rulings)


def test_players_in_revolution_kept_among_the_candidates_fail_the_candidates_clause() -> None:
    """Their penalty shown, the others' shifted below it: the standings fail SOE-UNREST-2, the clause bounding the
    candidates, not the rule of each standing's check (the worked examples', the places', the second penalty's)."""
    records = records_of("soe", SimpleNamespace(end_game=_revolution_kept_among_candidates), ("end_game",))
    assert _primaries_failed(records) >= 5
    failed = _failed_rules("soe", records)
    assert "SOE-UNREST-2" in failed and len(failed) <= 3, failed


def _region_test_on_the_card(card: Any, rulings: Any) -> Any:
    """IMP-RULING-2 misread: the replacement card itself compared with the suits, never its suit (the 56th zoo's
    imp-08; runs as ``market.gets_unrest``): every replacement gets unrest under ``non_region``, none under
    ``region_only``."""
    if rulings.unrest_under is UnrestUnder.NON_REGION:
        return card not in {Suit.REGION}
    return card is Suit.REGION if rulings.unrest_under is UnrestUnder.REGION_ONLY else True


def test_a_ruling_misplayed_at_every_value_fails_the_rulings_clause() -> None:
    """Under the default the answers are ``all``'s, under ``region_only`` nobody's: either alone would be a rule's, both
    show the ruling's own test misread (IMP-RULING-2), whatever market rule each check is primary to."""
    records = _misread_records(
        "imperium", imperium_market.gets_unrest, _region_test_on_the_card, "acquire_market_card", imperium
    )
    assert _primaries_failed(records) >= 3
    assert _failed_rules("imperium", records) == ["IMP-RULING-2"]


def _turn_never_reported(request: Any, rulings: Any, /) -> Any:
    """HIS-WIN-3 misread: the tie-break that standard victories and the time limit share never reports the turn
    that broke the tie (the 56th round's second reader's ``h1_break_tie_turn_never_reported``)."""
    outcome = his.determine_victory(request, rulings)
    return replace(outcome, tie_broken_at_turn=None)


def test_the_turn_left_unsaid_by_every_tie_break_fails_the_tie_break_clause_not_the_time_limits() -> None:
    """Standard victories' ties show the turn left unsaid as well as the time limit's: the run votes for the clause
    of the tie-break both share (HIS-WIN-3), where a time limit alone showing it is HIS-WIN-7's."""
    records = records_of("his", SimpleNamespace(determine_victory=_turn_never_reported), ("determine_victory",))
    assert any(r.primary_rule == "HIS-RULING-4" for r in records if r.outcome == "failed")
    assert _failed_rules("his", records) == ["HIS-WIN-3"]


# The 57th zoo's readings, and the second round of Perl audits' flips, each with the step that names its clause.


def _base_with_the_special_vp(request: Any, rulings: Any, /) -> Any:
    """HIS-VP-1 misread: the sheet's base keeps a running sum, base plus special VP, the total still right (the 57th
    zoo's his-03)."""
    sheet = his.score_power(request, rulings)
    return replace(sheet, base=sheet.base + sum(line.vp for line in sheet.special))


def test_a_sheets_base_shown_with_other_vp_added_fails_the_clause_of_the_sheet() -> None:
    """Every line and total right, only ``base`` shown otherwise than given: HIS-VP-1, whatever rule each sheet's
    check is primary to."""
    records = records_of("his", SimpleNamespace(score_power=_base_with_the_special_vp), ("score_power",))
    assert _primaries_failed(records) >= 2
    assert _failed_rules("his", records) == ["HIS-VP-1"]


def _single_cards_before_claims(bonuses: Any, rulings: Any) -> None:
    """The order of ``bonuses`` misread: single cards checked once before any entry's claim (the 57th zoo's his-08;
    runs as ``bonus.check_bonuses``)."""
    validate_bonuses(bonuses, rulings)
    check_once(bonuses, "bonuses")
    for i, bonus in enumerate(bonuses):
        check_debate(bonus, f"bonuses[{i}]")
        check_earner(bonus, f"bonuses[{i}]", rulings)


def test_a_pair_of_checks_no_clause_orders_swapped_fails_each_requests_fault_due_first() -> None:
    """No clause states that claims come before single cards (HIS-VP-3 orders only the possible entries before the
    claims), so each two-fault vector fails the clause of the fault due first: HIS-BONUS-6 for a non-Ottoman Julia
    Gonzaga, HIS-BONUS-3 for the Papacy's exploration, never HIS-VP-3."""
    records = _misread_records("his", his_bonus.check_bonuses, _single_cards_before_claims, "bonus_vp", his)
    assert _failed_rules("his", records) == ["HIS-BONUS-3", "HIS-BONUS-6"]


def _second_only_when_alone_below(candidates: Any, rulings: SoeRulings) -> Any:
    """SOE-UNREST-4 misread: a second highest found only where a single total lies below the highest (a JavaScript
    ``Math.max(below)`` given the list: NaN for two or more; the 59th zoo's soe-07; runs as
    ``end_game.second_highest_unrest``)."""
    highest = highest_unrest(candidates)
    below = tuple(e.unrest for e in candidates if highest is not None and e.unrest < highest)
    shared_highest = sum(1 for e in candidates if e.unrest == highest) >= 2
    if rulings.second_unrest is SecondUnrest.NEXT_PLACE and shared_highest:
        return None
    return below[0] if len(below) == 1 else None


def test_the_second_penalty_left_out_beside_two_lower_totals_fails_the_clause_of_the_four() -> None:
    """Lone seconds and tied seconds given no 4 wherever two totals lie below the highest, every 7 right: the clause
    saying who loses the 4 (SOE-UNREST-4), not SOE-UNREST-5's ties or each standing list's own rule."""
    misread = _misread(second_highest_unrest, _second_only_when_alone_below)
    records = records_of("soe", SimpleNamespace(end_game=misread("end_game")), ("end_game",))
    failed = [r for r in records if r.outcome == "failed"]
    assert len({r.primary_rule for r in failed}) >= 3
    assert "SOE-UNREST-4" in _failed_rules("soe", records)
    assert len(_failed_rules("soe", records)) <= 3


def test_a_tie_on_0_spared_is_left_to_the_run_between_the_zero_ruling_and_the_tie_clauses() -> None:
    """Under ``zero_unrest_penalised`` true, two players on 0 tied for the second highest given no 4, the 7 right:
    0 read as never penalised (SOE-RULING-8), or the tie spared (SOE-UNREST-5), or the 4 lost beside two lower
    totals (SOE-UNREST-4): the step names all three and the run tells which (the 59th zoo's soe-07 run again)."""
    from rulespec.conformance.invariants.soe.standings_blame import standings

    def standing(player: str, unrest: int, penalty: int) -> dict[str, Any]:
        return {"player": player, "unrest": unrest, "penalty": penalty, "vp": -penalty, "revolution": False}

    empires = [{"player": p} for p in ("a", "b", "c")]
    due = [standing("a", 0, 4), standing("b", 0, 4), standing("c", 1, 7)]
    given = [standing("a", 0, 0), standing("b", 0, 0), standing("c", 1, 7)]
    found = standings(empires, due, given, {"zero_unrest_penalised": True})
    assert found == ("SOE-RULING-8", "SOE-UNREST-5", "SOE-UNREST-4")


def _three_player_ties_spared(empire: Any, empires: Any, rulings: Any) -> int:
    """SOE-UNREST-5 misread: with 3 players a tie costs nobody anything, as with 2 (the 57th zoo's soe-07; runs as
    ``end_game.unrest_penalty``)."""
    candidates = penalty_candidates(empires, rulings)
    if empire not in candidates:
        return 0
    tied = sum(1 for e in candidates if e.unrest == empire.unrest) > 1
    if len(empires) == 3 and tied:
        return 0
    highest = highest_unrest(candidates)
    if len(empires) < SECOND_PENALISED_FROM:
        alone = sum(1 for e in candidates if e.unrest == highest) == 1
        return HIGHEST_PENALTY if empire.unrest == highest and alone else 0
    if empire.unrest == highest:
        return HIGHEST_PENALTY
    return SECOND_PENALTY if empire.unrest == second_highest_unrest(candidates, rulings) else 0


def test_ties_spared_among_three_players_fail_the_clause_of_ties() -> None:
    """Every tie of 3 players (none on 0 unrest) given nothing, every lone penalty right: SOE-UNREST-5 (ties lose the
    full value), not the clause of the 7 or the 4; a tie on 0 stays SOE-RULING-8's."""
    records = _misread_records("soe", _UNREST_PENALTY, _three_player_ties_spared, "end_game", soe)
    assert "SOE-UNREST-5" in _failed_rules("soe", records)
    assert not {"SOE-UNREST-3", "SOE-UNREST-4"} & set(_failed_rules("soe", records))


def _value_from_the_end(values: Any, place: int) -> int:
    """SOE-SCORE-4 misread: a region's values read lowest first, place n worth the n-th from the end (the 57th zoo's
    soe-01; runs as ``scoring.place_value``)."""
    return values[-place] if place <= len(values) else 0


def test_a_list_read_from_its_other_end_fails_the_clause_reading_it() -> None:
    """The n-th value read as the n-th from the end (``values[-n]`` for ``values[n - 1]``) fails SOE-SCORE-4, and the
    awards' steps at most one more, not the 18 rules whose vectors score a region."""
    records = _misread_records("soe", scoring.place_value, _value_from_the_end, "score_region", soe)
    failed = _failed_rules("soe", records)
    assert _primaries_failed(records) >= 5
    assert "SOE-SCORE-4" in failed and len(failed) <= 2


def _population_per_region(request: Any, rulings: Any, /) -> Any:
    """SOE-INCOME-1 misread: the population paid once per region given (the 57th zoo's soe-02)."""
    answer = soe.collect_income(request, rulings)
    extra = max(0, len(request.regions) - 1)
    paid = tuple(replace(e, gold=e.gold + extra * a.population) for e, a in zip(answer.empires, request.empires))
    return replace(answer, empires=paid)


def test_the_population_paid_once_per_region_fails_the_clause_of_the_population() -> None:
    records = records_of("soe", SimpleNamespace(collect_income=_population_per_region), ("collect_income",))
    assert _primaries_failed(records) >= 2
    assert _failed_rules("soe", records) == ["SOE-INCOME-1"]


def _income_per_region(empires: Any, regions: Any) -> tuple[Any, ...]:
    """SOE-INCOME-1 misread in every operation that earns income: the population paid once per region given (runs as
    ``income.earn_income``, so ``end_war`` earns it so too)."""
    return tuple(
        gain_marker_income(replace(e, gold=e.gold + e.population * max(1, len(regions))), regions) for e in empires
    )


def test_a_composite_refused_on_the_state_its_one_wrong_step_left_fails_that_steps_clause() -> None:
    """``end_war`` counting the draws a treasury needs on an income paid once per region refuses legal wars and answers
    refusals due otherwise: those fail SOE-INCOME-1, as ``collect_income``'s own checks do, where every other step's
    operation passed; not SOE-MAINT-5 for the draws refused, nor SOE-SEQ-4 or SOE-MAINT-2 for the refusals due."""
    misread = _misread(soe_income.earn_income, _income_per_region, soe)
    target = SimpleNamespace(**{operation.name: misread(operation.name) for operation in game("soe").operations})
    records = records_of("soe", target)
    refused = [r for r in records if r.operation == "end_war" and r.outcome == "failed" and "error" in (r.got or {})]
    assert refused
    assert _failed_rules("soe", records) == ["SOE-INCOME-1"]
    # a step not offered yet is no evidence against the one the run shows wrong
    del target.clean_up
    assert _failed_rules("soe", records_of("soe", target)) == ["SOE-INCOME-1"]


def _income_held_to_the_map(request: Any, rulings: Any, /) -> Any:
    """SOE-INCOME-3 misread: ``collect_income`` checks its regions as the whole map's 11 (the 66th and 67th zoos'
    natural soe-01; runs as ``income.collect_income``)."""
    validate_rulings(rulings)
    validate_empires(request.empires)
    validate_regions(request.regions, tuple(e.player for e in request.empires), whole_map=True)
    return Empires(soe_income.earn_income(request.empires, request.regions))


def test_a_check_one_clause_binds_elsewhere_made_in_an_operation_another_clause_frees_fails_that_clause() -> None:
    """Holding ``collect_income`` to the map's 11 regions fits two misreadings alike: SOE-GAME-9's count read without
    its condition, and ``collect_income`` asking for the whole map. SOE-GAME-9 names only the operations scoring the
    whole map; SOE-INCOME-3 names ``collect_income`` and says it is not held to the count: that clause fails."""
    misread = _misread(soe_income.collect_income, _income_held_to_the_map, soe)
    records = records_of("soe", SimpleNamespace(collect_income=misread("collect_income")), ("collect_income",))
    assert _primaries_failed(records) >= 3
    assert _failed_rules("soe", records) == ["SOE-INCOME-3"]


def _markers_but_the_last_region(player: Any, regions: Any) -> Any:
    """SOE-INCOME-3 misread: the markers summed by a loop run to ``regions.length - 1`` (a user's own engine of the
    sixty-seventh session), so the last region given never counts (runs as ``income.markers_on_the_map``)."""
    return sum(p.markers for region in tuple(regions)[:-1] for p in region.control if p.holder == player)


def test_a_walk_over_the_regions_ended_one_short_fails_the_clause_counting_every_region() -> None:
    """The one misreading answering so walks the regions of a comprehension one short, and the game's suite reads the
    gold as the markers of a walk one region short: SOE-INCOME-3 ("every region given counts") fails, in
    ``end_war``'s checks too; where a player's markers all lie in the last region, its gold shows no more than the
    markers left out, the suite's SOE-INCOME-2."""
    misread = _misread(soe_income.markers_on_the_map, _markers_but_the_last_region, soe)
    names = ("collect_income", "end_war")
    records = records_of("soe", SimpleNamespace(**{name: misread(name) for name in names}), names)
    assert _primaries_failed(records) >= 3
    wars = {blamed_rule(r, records) for r in records if r.operation == "end_war" and r.outcome == "failed"}
    assert wars == {"SOE-INCOME-3"}  # the walk's clause in the composite too
    assert _failed_rules("soe", records) == ["SOE-INCOME-2", "SOE-INCOME-3"]


def _empires_before_rulings(request: Any, rulings: Any, /) -> Any:
    """SOE-RULING-9 misread: ``grow_population``, which pays no taxes, checks its empires before the rulings (the 57th
    zoo's soe-06)."""
    soe_validation.validate_empires(request.empires)
    return soe.grow_population(request, rulings)


def test_the_rulings_checked_after_the_request_fail_the_clause_of_a_ruling_checked_first() -> None:
    """Each ruling's clause says every operation checks it first; the comment on the rulings' line names both, and
    each vector's fault due first tells which: SOE-RULING-9 for ``gold_per_taxation``, SOE-RULING-10 for
    ``unrest_tokens``, as many of one as of the other."""
    records = records_of("soe", SimpleNamespace(grow_population=_empires_before_rulings), ("grow_population",))
    assert _failed_rules("soe", records) == ["SOE-RULING-10", "SOE-RULING-9"]


def _short_draw_undone(request: Any, rulings: Any, /) -> Any:
    """IMP-RULING-7 misread: a required draw ending short under ``stop`` undone, the player answered as given (the
    57th zoo's imp-03)."""
    answer = imperium.draw(request, rulings)
    short = request.mode is DrawMode.REQUIRED and len(answer.drawn) < request.count
    return replace(answer, player=request.player, drawn=(), shuffles=0) if short else answer


def test_a_short_draw_undone_under_stop_fails_the_ruling() -> None:
    """Where the draw drew some cards before it ended short, the answer shows the draw undone: IMP-RULING-7 (a draw
    that drew none answers as one asked for none would, and stays its check's, two others at most)."""
    records = records_of("imperium", SimpleNamespace(draw=_short_draw_undone), ("draw",))
    failed = _failed_rules("imperium", records)
    assert _primaries_failed(records) >= 3
    assert "IMP-RULING-7" in failed and len(failed) <= 3


def _card_before_the_state(request: Any, rulings: Any, /) -> Any:
    """The order of ``acquire_market_card`` misread: the card looked for in the market before the state is checked
    (the 57th zoo's imp-06, whose empty unrest pile was checked only where a card slides)."""
    imperium_market.slot_of(request)
    return imperium.acquire_market_card(request, rulings)


def test_a_check_moved_past_a_step_calling_several_clauses_checks_fails_each_fault_due_first() -> None:
    """The checks a step makes through the helpers it calls, however deep, are its own: the state's checks moved after
    the market's are no single clause's order, so each vector fails the fault due first (IMP-STATE-4's empty pile),
    never IMP-MARKET-1."""
    records = records_of("imperium", SimpleNamespace(acquire_market_card=_card_before_the_state))
    failed = _failed_rules("imperium", records)
    assert "IMP-STATE-4" in failed and "IMP-MARKET-1" not in failed


def _cards_against_the_players(request: Any, rulings: Any, /) -> Any:
    """IMP-COLLAPSE-3 misread: a card named like a player refused as a card in two places (the 57th zoo's imp-08)."""
    players = {p.name for p in request.players}
    for i, player in enumerate(request.players):
        for j, card in enumerate(player.hand):
            if card.name in players:
                raise InvalidState(f"players[{i}].hand[{j}].name", card.name, "a card in two places", "IMP-STATE-1")
    return imperium.determine_winner(request, rulings)


def test_a_card_named_like_a_player_refused_fails_the_clause_ruling_it_legal() -> None:
    records = records_of("imperium", SimpleNamespace(determine_winner=_cards_against_the_players))
    assert _failed_rules("imperium", records) == ["IMP-COLLAPSE-3"]


def _sides_typed_as_powers(request: Any, rulings: Any, /) -> Any:
    """HIS-BONUS-1 misread: the debater's sides typed with the Protestant power's name, so the side ``protestant`` is
    refused (the 50th zoo's his-07)."""
    for i, bonus in enumerate(request.bonuses):
        if bonus.kind in ("burned_debater", "disgraced_debater") and bonus.debater == "protestant":
            raise InvalidState(f"bonuses[{i}].debater", bonus.debater, "a side is protestants or papal", "HIS-BONUS-1")
    return his.bonus_vp(request, rulings)


def test_an_entrys_field_refused_fails_the_clause_its_kinds_vectors_name() -> None:
    """A burned debater's legal side refused: ``bonuses[].debater`` is refused by the vectors of several kinds' clauses,
    those of a burned debater's entries naming HIS-BONUS-1 (``fields.kind_rules``)."""
    records = records_of("his", SimpleNamespace(bonus_vp=_sides_typed_as_powers), ("bonus_vp",))
    assert _failed_rules("his", records) == ["HIS-BONUS-1"]


def _blank_language_refused(request: Any, rulings: Any, /) -> Any:
    """HIS-RULING-7 misread: a Bible language checked as a non-empty name once trimmed, so under ``open`` a language
    of blanks is refused (the 48th zoo's his-05)."""
    for i, bonus in enumerate(request.bonuses):
        if bonus.kind == "bible_translation" and isinstance(bonus.language, str) and not bonus.language.strip():
            raise InvalidState(f"bonuses[{i}].language", bonus.language, "a language is named", "HIS-BONUS-9")
    return his.bonus_vp(request, rulings)


def test_a_language_written_refused_under_open_tracks_fails_the_ruling_that_makes_it_one() -> None:
    """Under ``track_limits`` ``open`` any string but the empty one is a language (HIS-RULING-7), though the reference
    cites HIS-BONUS-9 refusing a language outside the published three: the clause ruling it legal, not the field's."""
    records = records_of("his", SimpleNamespace(bonus_vp=_blank_language_refused), ("bonus_vp",))
    assert _failed_rules("his", records) == ["HIS-RULING-7"]
