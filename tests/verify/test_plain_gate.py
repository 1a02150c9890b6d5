"""Plain pytest is gated as rulespec verify is: not-implemented or failed checks end it non-zero."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rulespec import SUITE_ROOT
from tests import REPO_ROOT

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
    reference = plain_pytest(tmp_path, "conformance/vectors/soe/grow_population.json", "--game", "soe")
    assert reference.returncode == 0 and "rulespec gate: PASSED (6 passed)" in reference.stdout
