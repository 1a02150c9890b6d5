"""``rulespec verify --save-failures DIR``: every failing check becomes a vector the suite can load and keep."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.spec import clause_hashes
from rulespec.conformance.harness.subject import python_subject
from rulespec.conformance.harness.vectors import case_id, load_file, load_game
from rulespec.conformance.harness.verdict import Outcome, run_case
from rulespec.conformance.harness.verify.saved_failures import write_saved
from tests import REPO_ROOT, rulespec

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

CANARY = "tests.canaries.his:TotalLeavesOutBonus"  # leaves the bonus VP out of a power's total (HIS-VP-1)
# a few vectors and two invariants of the rule it breaks, so the run stays short
CHECKS = "score_power or test_a_total_is_base_plus_its_lines"


def _verify(*options: str) -> subprocess.CompletedProcess[str]:
    return rulespec("verify", "--game", "his", "--profile", "ci", *options)


def test_a_canarys_failures_are_saved_as_vectors_it_fails_and_the_reference_passes(tmp_path: Path) -> None:
    saved = tmp_path / "saved"
    # -n 2: the saved cases are made in xdist workers and must reach the controller that writes them
    done = _verify("--impl", CANARY, "--save-failures", str(saved), "-n", "2", "--", "-k", CHECKS)
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]
    his = game("his")
    files = sorted(path for path in saved.glob("his/*.json") if not path.name.endswith(".suite.json"))
    assert files, f"no vector written under {saved}\n{done.stdout[-2000:]}"
    # failing suite vectors are named by their IDs, not copied under new ones
    suite = {case.case.id for case in load_game(his)}
    referred = json.loads((saved / "his" / "score_power.suite.json").read_text(encoding="utf-8"))
    assert referred["suite_cases"] and set(referred["suite_cases"]) <= suite
    canary = python_subject(his, CANARY)
    reference = python_subject(his, None)
    hashes = clause_hashes(his)
    from_invariants = 0
    for path in files:
        for loaded in load_file(his, path):
            case = loaded.case
            assert case.id == case_id("his", loaded.operation, case.input, case.rulings)
            assert case.clauses == {rule: hashes[rule] for rule in case.rules}, "a saved case arrives stamped"
            assert run_case(canary, loaded).outcome == Outcome.FAILED, f"{case.id} does not catch the canary"
            assert run_case(reference, loaded).outcome == Outcome.PASSED, f"{case.id} fails the reference"
            from_invariants += "conformance/invariants/" in case.description
    assert from_invariants == sum(len(load_file(his, path)) for path in files), "only invariants are saved as new cases"
    assert from_invariants, "no failing invariant was saved as its shrunk request"

    # runnable from the user's own folder with plain pytest, the IDs of the suite's cases kept
    rerun = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "his", "--game", "his", "--impl", CANARY],
        cwd=saved,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
    )
    assert rerun.returncode == 1, rerun.stdout[-3000:] + rerun.stderr[-2000:]
    failed = [line.split(" - ")[0] for line in rerun.stdout.splitlines() if line.startswith("FAILED")]
    assert any(line.endswith(f"::{referred['suite_cases'][0]}") for line in failed), rerun.stdout[-3000:]
    assert len(failed) == len(referred["suite_cases"]) + from_invariants


def test_saving_twice_merges_by_id_and_keeps_the_suites_style(tmp_path: Path) -> None:
    case: dict[str, Any] = {
        "id": "his-score-power-000000000000",
        "description": "d",
        "rules": ["HIS-VP-1"],
        "input": {},
        "output": {},
    }
    other = {**case, "id": "his-score-power-111111111111"}
    write_saved(tmp_path, [("his", "score_power", case)])
    write_saved(tmp_path, [("his", "score_power", {**case, "description": "again"}), ("his", "score_power", other)])
    path = tmp_path / "his" / "score_power.json"
    text = path.read_text(encoding="utf-8")
    document = json.loads(text)
    assert [c["id"] for c in document["cases"]] == [case["id"], other["id"]]
    assert document["cases"][0]["description"] == "again"
    assert text == json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def test_the_content_id_hashes_input_and_rulings_canonically() -> None:
    one = case_id("soe", "score_region", {"a": 1, "b": [1, 2]}, {"tie_share": "pool"})
    same = case_id("soe", "score_region", {"b": [1, 2], "a": 1}, {"tie_share": "pool"})
    other_ruling = case_id("soe", "score_region", {"a": 1, "b": [1, 2]}, {"tie_share": "split"})
    assert one == same != other_ruling
    assert one.startswith("soe-score-region-") and len(one.rsplit("-", 1)[1]) == 12
