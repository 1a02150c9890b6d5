"""``rulespec diff`` finds every difference: grouped, each shrunk, written so it replays, and known ones set aside."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.diff.answers import differing_paths, general, group_of
from rulespec.conformance.harness.diff.command import DEFAULT_BUDGET, vector_case, write_case
from rulespec.conformance.harness.diff.explore import explore
from rulespec.conformance.harness.diff.sides import parse_side
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.subject import python_subject
from rulespec.conformance.harness.vectors import load_file
from rulespec.conformance.harness.verdict import Outcome, run_case

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

HIS = game("his")
TWO_BUGS = "impl:tests.diff.two_bugs:TwoScoringBugs"


def test_paths_of_a_difference_name_where_two_results_part() -> None:
    one = {"scores": [{"total": 3, "lines": [1]}, {"total": 4, "lines": [1]}], "winner": "a"}
    two = {"scores": [{"total": 3, "lines": [1, 2]}, {"total": 5, "lines": [1]}], "winner": "a"}
    assert differing_paths(one, two) == {"scores[0].lines", "scores[1].total"}
    assert general("history[3].totals[0].vp") == "history[*].totals[*].vp"
    group = group_of("op", "result", "result", "result", "result", one, two)
    assert group.what == "output scores[*].lines, scores[*].total"
    refused = group_of("op", "refused", "InvalidState bonuses[2].vp", "result", "result", None, one)
    assert refused.what == "InvalidState bonuses[*].vp vs result"


def test_two_bugs_in_two_operations_are_both_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "diff",
            "ref",
            TWO_BUGS,
            "--game",
            "his",
            "--operation",
            "special_vp",
            "--operation",
            "bonus_vp",
            "--write",
            str(tmp_path),
        ]
    )
    printed = capsys.readouterr().out
    assert code == 1, printed
    assert "diff special_vp: DIFFERS in output lines[source=electorates].vp, total" in printed, printed
    assert "diff bonus_vp: DIFFERS in output lines[source=war_winner].vp, total" in printed, printed
    assert {path.name for path in tmp_path.iterdir()} == {"special_vp.json", "bonus_vp.json"}


def test_every_group_of_one_operation_is_shown_not_only_the_first(capsys: pytest.CaptureFixture[str]) -> None:
    # open tracks (HIS-RULING-7) accept counts the published ones refuse: each track past its end is its own group
    code = main(["diff", "ref", "ref[track_limits=open]", "--game", "his", "--operation", "special_vp"])
    printed = capsys.readouterr().out
    assert code == 1
    groups = [line for line in printed.splitlines() if ": DIFFERS in " in line]
    assert len(groups) >= 2, printed  # chateaux, St. Peter's, piracy, English spaces past their published ends
    assert len({line.split(" DIFFERS in ")[1].split(" (")[0] for line in groups}) == len(groups)


def test_max_differences_stops_at_that_many_groups(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "diff",
            "ref",
            "ref[track_limits=open]",
            "--game",
            "his",
            "--operation",
            "special_vp",
            "--max-differences",
            "1",
        ]
    )
    printed = capsys.readouterr().out
    assert code == 1
    assert sum(": DIFFERS in " in line for line in printed.splitlines()) == 1, printed


def test_known_differences_are_set_aside_and_the_next_is_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = ["diff", "ref", TWO_BUGS, "--game", "his", "--operation", "special_vp", "--write", str(tmp_path)]
    assert main(first) == 1
    capsys.readouterr()
    again = [
        "diff",
        "ref",
        TWO_BUGS,
        "--game",
        "his",
        "--operation",
        "special_vp",
        "--exclude",
        str(tmp_path / "special_vp.json"),
    ]
    code = main(again)
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "set aside 1 group " in printed and "known differences set aside" in printed, printed


def test_an_expectations_file_sets_aside_what_its_checks_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a real suite case of HIS-SPECIAL-2 that the canary fails: its difference is known
    stamp = {"games": ["his"], "suite": "-", "rules": "-", "profile": "dev"}
    expectations = {
        "stamp": stamp,
        "known_failures": [{"rule": "HIS-SPECIAL-2", "reason": "electorates in unrest counted"}],
    }
    path = tmp_path / "expectations.json"
    path.write_text(json.dumps(expectations), encoding="utf-8")
    main(
        [
            "diff",
            "ref",
            TWO_BUGS,
            "--game",
            "his",
            "--operation",
            "special_vp",
            "--exclude",
            str(path),
            "--max-examples",
            "50",
        ]
    )
    printed = capsys.readouterr().out
    assert "exclude:" in printed and "special_vp: output lines[source=electorates].vp, total" in printed, printed


def test_an_exclusion_file_that_is_neither_vectors_nor_expectations_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nonsense.json"
    path.write_text('{"neither": 1}', encoding="utf-8")
    assert main(["diff", "ref", "ref", "--game", "his", "--exclude", str(path)]) == 2
    assert "--exclude" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("key", "a", "b", "operation"),
    [
        ("his", "ref[domination_first_turn=5]", "ref", "determine_victory"),  # side A switched: the case
        ("soe", "ref", "ref[tie_share=full]", "score_region"),
        ("imperium", "ref", "ref[surplus=forfeited]", "pay_cost"),
    ],
)
def test_written_vectors_replay_against_side_a_and_side_b_fails_them(
    key: str, a: str, b: str, operation: str, tmp_path: Path
) -> None:
    chosen = game(key)
    side_a, side_b = parse_side(chosen, a), parse_side(chosen, b)
    found = explore(chosen, operation, side_a, side_b, DEFAULT_BUDGET)
    assert found.differences
    asked_b: dict[str, object] = {}
    for difference in found.differences:
        written = vector_case(chosen, difference, side_a, side_b)
        assert written is not None
        write_case(chosen, operation, written, tmp_path)
        asked_b[written["id"]] = difference.rulings_b
    reference = python_subject(chosen, None)
    for case in load_file(chosen, tmp_path / f"{operation}.json"):
        verdict = run_case(reference, case)  # the reference under the recorded rulings is side A
        assert verdict.outcome == Outcome.PASSED, f"{case.case.id}: {verdict.detail}"
        as_b = dataclasses.replace(case, rulings=asked_b[case.case.id])  # side B, under the rulings B answered under
        assert run_case(reference, as_b).outcome == Outcome.FAILED, case.case.id
