"""``rulespec rules``, ``rulespec explain``, ``--version``, defaults in help, and coverage counting as verify does."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from rulespec.conformance.harness.cli import main, parser
from rulespec.conformance.harness.coverage.command import game_coverage
from rulespec.conformance.harness.games import all_games, game
from rulespec.conformance.harness.gate.stamp import stamp_now
from rulespec.conformance.harness.records import CheckRecord, write_report
from rulespec.conformance.harness.rules import clause_text
from rulespec.conformance.harness.rules.clause_text import prose
from rulespec.conformance.harness.spec import read_clauses


def _run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str]:
    code = main(list(arguments))
    return code, capsys.readouterr().out


def test_rules_lists_every_clause_of_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "rules", "--game", "his")
    ids = [clause.id for clause in read_clauses(game("his").spec_path)]
    assert code == 0 and all(rule in out for rule in ids)
    assert "SOE-" not in out


def test_a_rule_is_printed_with_its_clause_its_rulings_and_its_checks(capsys: pytest.CaptureFixture[str]) -> None:
    clause = next(c for c in read_clauses(game("soe").spec_path) if c.id == "SOE-SCORE-6")
    code, out = _run(capsys, "rules", "soe-score-6")  # any case
    flat = " ".join(out.split())
    assert code == 0 and flat.startswith(f"SOE-SCORE-6 — {clause.title}")
    assert " ".join(clause.text.split())[:80] in flat
    rulings = re.search(r"rulings: (.*?) vector cases", flat)
    assert rulings and "SOE-RULING-1" in rulings.group(1)  # the tie-share ruling bears on ties
    assert re.search(r"vector cases \((\d+)\)", flat) and re.search(r"invariants \((\d+)\)", flat)


def test_coverage_credits_an_invariant_as_verify_does() -> None:
    """SOE-GAME-3 is named by invariants through a constant (rules(*EMPIRES)): coverage must count them, as verify."""
    row = next(r for r in game_coverage(game("soe")).rows if r.rule == "SOE-GAME-3")
    assert len(row.invariants) >= 6 and any("test_refusals.py::" in name for name in row.invariants)


def test_explain_says_what_a_vector_asserts_and_how_it_went(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    node = "conformance/vectors/soe/grow_population.json::soe-pop-stops-at-nine"
    write_report(report, [CheckRecord(node, "soe", "vector", ("SOE-POP-2",), "failed", "result differs at $.empires")])
    code, out = _run(capsys, "explain", "soe-pop-stops-at-nine", "--report-json", str(report))
    flat = " ".join(out.split())
    assert code == 0 and "vector case of soe grow_population" in flat and "asserts:" in flat
    assert "SOE-POP-2 —" in flat and "last outcome" in flat and "failed: result differs at $.empires" in flat


def test_explain_an_invariant_by_its_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out = _run(
        capsys, "explain", "test_three_wars", "--game", "soe", "--report-json", str(tmp_path / "none.json")
    )
    assert code == 0 and "invariant of soe" in out and "SOE-SEQ-1 —" in out and "no report at" in out


def test_explain_never_breaks_a_check_id_when_piped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    long = "test_the_game_goes_on_exactly_when_nobody_won_before_turn_nine"
    code, out = _run(capsys, "explain", long, "--game", "his", "--report-json", str(tmp_path / "none.json"))
    nodeid = f"conformance/invariants/his/test_victory.py::{long}"
    assert code == 0 and any(nodeid in line for line in out.splitlines()), out


def test_version_and_defaults_in_help() -> None:
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown), pytest.raises(SystemExit):
        parser().parse_args(["--version"])
    stamp = stamp_now(all_games(), "ci", None)  # what an expectations file records of the suite it was written against
    assert shown.getvalue().strip() == f"rulespec {version('rulespec')} (suite {stamp.suite}, rules {stamp.rules})"
    helped = io.StringIO()
    with contextlib.redirect_stdout(helped), pytest.raises(SystemExit):
        parser().parse_args(["verify", "--help"])
    text = " ".join(helped.getvalue().split())
    assert "(default: dev)" in text and "(default: 5.0)" in text


def test_the_plugins_old_report_option_still_works_and_says_it_is_deprecated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "old.json"
    arguments = ["conformance/vectors/his/score_power.json", "-p", "no:cacheprovider", "--game", "his"]
    code = pytest.main([*arguments, f"--rulespec-report={report}"])
    out = capsys.readouterr().out
    assert code == pytest.ExitCode.OK and json.loads(report.read_text(encoding="utf-8"))
    assert "--rulespec-report is deprecated: use --report-json" in out


def test_every_command_names_the_game_the_same_way() -> None:
    top = parser()
    chooser: Any = next(a for a in top._actions if a.dest == "command")  # pyright: ignore[reportPrivateUsage]
    commands: dict[str, argparse.ArgumentParser] = dict(chooser.choices)
    for name in ("verify", "expectations", "typecheck", "symbolic", "coverage", "review", "diff", "rules", "plugged"):
        action = next(a for a in commands[name]._actions if "--game" in a.option_strings)  # pyright: ignore[reportPrivateUsage]
        assert action.metavar == "KEY" and "soe" in (action.help or ""), name


def test_a_clause_is_shown_as_paragraphs_and_items_for_the_terminal_to_wrap() -> None:
    text = "It cannot\nfall below 0.\n\n- **Gap.** The seeds\n  say nothing.\n- **Default: `1`.**\n1. first\n| a | b |"
    assert (
        prose(text)
        == "It cannot fall below 0.\n\n- **Gap.** The seeds say nothing.\n- **Default: `1`.**\n1. first\n| a | b |"
    )


def test_a_clause_s_table_is_drawn_and_a_track_too_wide_for_the_terminal_is_turned(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out = _run(capsys, "rules", "HIS-SPECIAL-7")  # sixteen boxes of the track, two scores each
    lines = out.splitlines()
    assert code == 0 and max(len(line) for line in lines) <= 80, out
    assert "| --- |" not in out and not any(line.startswith("| ") for line in lines), out
    boxes = [line.split("│")[1:4] for line in lines if line.startswith("│")]
    assert [cell.strip() for cell in boxes[0]] == ["0–3", "15", "0"], out  # one box a line: its two scores beside it
    assert len(boxes) == 15 and "The two numbers always add up to 15." in out  # and the prose after the table


def test_a_table_that_fits_keeps_its_columns() -> None:
    [before, table, after] = clause_text.parts("Scores:\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\nThat is all.")
    assert (before, table, after) == ("Scores:", [["a", "b"], ["1", "2"]], "That is all.")
    drawn = clause_text.drawn([["a", "b"], ["1", "2"]], 80)
    assert [column.header for column in drawn.columns] == ["a", "b"]
