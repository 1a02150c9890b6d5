"""Plain pytest is gated as rulespec verify is: not-implemented or failed checks end it non-zero."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulespec import SUITE_ROOT
from tests import REPO_ROOT

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

STARTER = "tests.fakes.soe_starter:SoeRules"  # grow_population alone, and it checks nothing


def plain_pytest(tmp_path: Path, vectors: str, *options: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", str(SUITE_ROOT / vectors), *options]
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    return subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False, env=env, timeout=600)


def test_half_an_engine_ends_non_zero_with_the_gates_reasons(tmp_path: Path) -> None:
    missing = plain_pytest(tmp_path, "conformance/vectors/soe/clean_up.json", "--game", "soe", "--impl", STARTER)
    assert missing.returncode == 1, missing.stdout[-2000:]
    assert "rulespec gate: FAILED" in missing.stdout and "not implemented" in missing.stdout
    failing = plain_pytest(tmp_path, "conformance/vectors/soe/grow_population.json", "--game", "soe", "--impl", STARTER)
    assert failing.returncode == 1 and "unexpected failure" in failing.stdout


def test_known_gaps_and_failures_pass_the_gate_and_the_reference_passes_it(tmp_path: Path) -> None:
    known = tmp_path / "known.toml"
    known.write_text('[[not_implemented]]\noperation = "clean_up"\nreason = "comes in 2.0"\n', encoding="utf-8")
    gaps = plain_pytest(
        tmp_path,
        "conformance/vectors/soe/clean_up.json",
        "--game",
        "soe",
        "--impl",
        STARTER,
        "--expectations",
        str(known),
    )
    assert gaps.returncode == 0, gaps.stdout[-2000:]
    assert "rulespec gate: PASSED" in gaps.stdout
    growth = "conformance/vectors/soe/grow_population.json"
    reference = plain_pytest(tmp_path, growth, "--game", "soe")
    cases = len(json.loads((SUITE_ROOT / growth).read_text(encoding="utf-8"))["cases"])
    assert reference.returncode == 0 and f"rulespec gate: PASSED ({cases} passed)" in reference.stdout


def test_a_passing_gate_over_known_failures_ends_zero_and_another_failure_still_ends_it_one(tmp_path: Path) -> None:
    vectors = "conformance/vectors/soe/grow_population.json"
    first = plain_pytest(tmp_path, vectors, "--game", "soe", "--impl", STARTER, "--report-json", "report.json")
    failed = [r for r in json.loads((tmp_path / "report.json").read_text())["checks"] if r["outcome"] == "failed"]
    assert first.returncode == 1 and failed, first.stdout[-2000:]
    entries = "".join(f'[[known_failures]]\ncheck = "{r["nodeid"]}"\nreason = "issue 1"\n\n' for r in failed)
    (tmp_path / "known.toml").write_text(entries, encoding="utf-8")
    known = plain_pytest(tmp_path, vectors, "--game", "soe", "--impl", STARTER, "--expectations", "known.toml")
    assert known.returncode == 0, known.stdout[-2000:]
    assert "rulespec gate: PASSED" in known.stdout and f"{len(failed)} failed" in known.stdout
    # a failing test that is no check of the suite is pytest's to judge: the run still ends 1
    (tmp_path / "test_mine.py").write_text("def test_mine() -> None:\n    assert False\n", encoding="utf-8")
    mine = plain_pytest(
        tmp_path,
        vectors,
        str(tmp_path / "test_mine.py"),
        "--game",
        "soe",
        "--impl",
        STARTER,
        "--expectations",
        "known.toml",
    )
    assert mine.returncode == 1 and "rulespec gate: PASSED" in mine.stdout, mine.stdout[-2000:]
