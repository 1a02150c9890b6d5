"""Blame exact: a one-bug engine fails the rule it breaks, not every rule of the checks its bug reaches.

Each fake below is the reference with one bug, run over the game's own vectors as ``verify`` runs them
(``run_case``), its records made as the recorder makes them, then tallied.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import rulespec.reference.here_i_stand as his
import rulespec.reference.struggle_of_empires as soe
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.per_rule import FAILED, IMPLICATED, blamed_rule, tally
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.subject import PythonSubject
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.verdict import Outcome, run_case
from rulespec.conformance.harness.wire.encoding import wire_form
from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.here_i_stand.model import PhaseRequest, PhaseResult, PowerScore, ScoreLine
from rulespec.reference.struggle_of_empires.model import EndGameRequest, RegionRequest, RegionScore, Standings
from rulespec.reference.struggle_of_empires.rulings import Rulings as SoeRulings
from rulespec.reference.struggle_of_empires.rulings import UnfriendlyTie


def records_of(key: str, target: object, operations: tuple[str, ...] | None = None) -> list[CheckRecord]:
    subject = PythonSubject(game(key), target, "fake")
    found: list[CheckRecord] = []
    for loaded in load_game(game(key)):
        if operations is not None and loaded.operation not in operations:
            continue
        verdict = run_case(subject, loaded)
        found.append(
            CheckRecord(
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
        )
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
    records = [r for r in records_of("his", target, ("run_phase",)) if r.outcome == Outcome.FAILED.value]
    assert records and all(r.primary_rule != "HIS-SPECIAL-2" for r in records)
    assert {blamed_rule(r) for r in records} == {"HIS-SPECIAL-2"}
    statuses = {t.rule: t.status for t in tally([game("his")], records).tallies}
    assert statuses["HIS-SPECIAL-2"] == FAILED and statuses["HIS-VP-1"] == IMPLICATED


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
    records = [r for r in records_of("soe", target, ("score_region",)) if r.outcome == Outcome.FAILED.value]
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


def test_a_penalty_of_a_wrong_amount_fails_its_rule_in_every_standings_list_it_spreads_to() -> None:
    target = SimpleNamespace(end_game=_second_highest_loses_three)
    records = [r for r in records_of("soe", target, ("end_game",)) if r.outcome == Outcome.FAILED.value]
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
