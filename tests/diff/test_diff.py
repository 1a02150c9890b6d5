"""``rulespec diff``: it finds what a rule change changes, writes it as a usable vector, and finds nothing
where nothing changed.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.diff.command import DEFAULT_BUDGET, vector_case, write_case
from rulespec.conformance.harness.diff.explore import explore
from rulespec.conformance.harness.diff.sides import parse_side, parse_switches
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.subject import python_subject
from rulespec.conformance.harness.vectors import load_file
from rulespec.conformance.harness.verdict import Outcome, run_case
from rulespec.reference.struggle_of_empires.rulings import Rounding, TieShare
from tests import REPO_ROOT

SOE = game("soe")


def test_two_readings_of_friendly_ties_differ_and_the_difference_becomes_a_vector(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["diff", "ref", "ref[tie_share=full]", "--game", "soe", "--operation", "score_region", "--write", str(tmp_path)]
    )
    printed = capsys.readouterr().out
    assert code == 1, printed
    assert "score_region: DIFFERS" in printed
    cases = load_file(SOE, tmp_path / "score_region.json")  # the vector loader accepts it as it is
    assert len(cases) == 1
    loaded = cases[0]
    assert loaded.rulings.tie_share is TieShare.POOL  # side A's rulings, in full
    assert "SOE-RULING-1" in loaded.case.rules and "SOE-SCORE-6" in loaded.case.rules
    verdict = run_case(python_subject(SOE, None), loaded)
    assert verdict.outcome == Outcome.PASSED, verdict.detail
    # and it tells the two readings apart: under tie_share=full the same case fails
    full = dataclasses.replace(loaded, rulings=dataclasses.replace(loaded.rulings, tie_share=TieShare.FULL))
    assert run_case(python_subject(SOE, None), full).outcome == Outcome.FAILED


def test_writing_the_same_difference_twice_keeps_one_case(tmp_path: Path) -> None:
    # one search, its difference written twice: two searches may shrink to two inputs (shrinking is bounded
    # in time, so a loaded machine stops it elsewhere), and two inputs are two differences, not the same one
    a, b = parse_side(SOE, "ref"), parse_side(SOE, "ref[tie_share=full]")
    found = explore(SOE, "score_region", a, b, DEFAULT_BUDGET, max_differences=1)
    case = vector_case(SOE, found.differences[0], a, b)
    assert case is not None
    path = write_case(SOE, "score_region", case, tmp_path)
    first = path.read_text(encoding="utf-8")
    write_case(SOE, "score_region", case, tmp_path)
    assert path.read_text(encoding="utf-8") == first
    document = json.loads(first)
    assert len(document["cases"]) == 1
    assert re.fullmatch(r"soe-score-region-[0-9a-f]{12}", document["cases"][0]["id"])  # the one ID scheme


def test_the_reference_against_itself_differs_nowhere(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["diff", "ref", "ref", "--game", "soe", "--operation", "score_region", "--max-examples", "60"])
    assert code == 0, capsys.readouterr().out


def test_a_ruling_that_leaves_an_operation_alone_finds_no_difference() -> None:
    code = main(
        [
            "diff",
            "ref",
            "ref[final_tie=less_unrest]",
            "--game",
            "soe",
            "--operation",
            "grow_population",
            "--max-examples",
            "40",
        ]
    )
    assert code == 0


def test_a_canary_is_told_from_the_reference() -> None:
    code = main(
        [
            "diff",
            "ref",
            "impl:tests.canaries.soe:PopulationReachesTen",
            "--game",
            "soe",
            "--operation",
            "grow_population",
        ]
    )
    assert code == 1


def test_the_reference_at_head_answers_as_the_working_tree_on_an_unchanged_operation() -> None:
    side = parse_side(SOE, "git:HEAD")
    try:
        assert side.subject.supports("grow_population")
        assert "git:HEAD (" in side.subject.label
    finally:
        side.subject.close()
    code = main(["diff", "ref", "git:HEAD", "--game", "soe", "--operation", "grow_population", "--max-examples", "30"])
    assert code == 0


def test_an_implementation_over_the_wire_is_a_side() -> None:
    command = f"cmd:python {REPO_ROOT / 'examples' / 'soe-python' / 'impl.py'}"
    code = main(["diff", "ref", command, "--game", "soe", "--operation", "grow_population", "--max-examples", "20"])
    assert code == 0


@pytest.mark.parametrize(
    "side",
    [
        "ref[no_such_ruling=1]",
        "ref[tie_share=half]",
        "nonsense",
        "git:no-such-revision-here",
        "impl:no_such_module_xyz:Impl",
    ],
)
def test_a_side_that_cannot_be_named_is_a_usage_error(side: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["diff", "ref", side, "--game", "soe", "--operation", "grow_population"])
    assert code == 2
    assert "rulespec diff:" in capsys.readouterr().err


def test_switches_are_typed_and_lists_keep_their_commas() -> None:
    switches = parse_switches(SOE, "tie_share=full,rounding=up,unrest_tokens=[0,1,2,3],markerless_scores=true")
    assert switches == {
        "tie_share": TieShare.FULL,
        "rounding": Rounding.UP,
        "unrest_tokens": (0, 1, 2, 3),
        "markerless_scores": True,
    }


def test_a_difference_reads_whole_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code = main(["diff", "ref", "ref[tie_share=full]", "--game", "soe", "--operation", "score_region"])
    printed = capsys.readouterr().out
    assert code == 1, printed
    shown = printed.split("  input: ", 1)[1].split("\n  rulings A: ", 1)[0]
    assert json.loads(shown)["region"], shown  # wrapped between JSON items, nothing cut: it parses whole
    body = [line for line in printed.splitlines() if line.startswith("  ")]
    assert body and max(len(line) for line in body) <= 80, printed
