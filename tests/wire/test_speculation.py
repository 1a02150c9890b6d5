"""Invariants over a process are pipelined by speculation, and their verdicts are those of asking one by one.

``verify/speculation.py``: while an invariant runs, each call is answered by the reference and sent
down the pipe; its replies are compared when the check ends, and a check whose replies differ is
run again asking one call at a time.
"""

from __future__ import annotations

import json
import shlex
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.verify import speculation
from rulespec.conformance.harness.verify.subjects import served_command
from rulespec.conformance.harness.wire.session import WireSession
from rulespec.conformance.harness.wire.subject import ProcessSubject
from rulespec.reference.errors import InvalidState
from rulespec.reference.struggle_of_empires.model import RegionRequest
from rulespec.reference.struggle_of_empires.rulings import Rounding
from tests import REPO_ROOT

SOE = game("soe")
CANARY = "tests.canaries.soe:PooledTieRoundedUp"  # rounds a pooled friendly tie up: SOE-RULING-2


def _pooled_tie() -> tuple[RegionRequest, Any]:
    """A vector case of SOE-RULING-2 whose pooled tie leaves a fraction: the canary's rounding up answers it wrongly."""
    score = SOE.reference_call("score_region")
    for loaded in load_game(SOE):
        if "SOE-RULING-2" in loaded.case.rules and loaded.operation == "score_region" and loaded.case.error is None:
            request, rulings = loaded.request, loaded.rulings
            if score(request, rulings) != score(request, replace(rulings, rounding=Rounding.UP)):
                return request, rulings
    raise AssertionError("no vector case of SOE-RULING-2 leaves a fraction to round")


def _subject(impl: str) -> ProcessSubject:
    return ProcessSubject(SOE, WireSession(served_command("soe", impl), repeat=False), impl)


def test_a_check_that_agrees_with_the_reference_settles() -> None:
    subject = _subject("tests.canaries.soe:Stepwise")
    request, rulings = _pooled_tie()
    try:
        subject.speculate()
        answered = subject.call("score_region", request, rulings)
        with pytest.raises(InvalidState):
            subject.call("score_region", RegionRequest((*request.players, request.players[0]), request.region), rulings)
        assert answered == SOE.reference_call("score_region")(request, rulings)
        assert subject.settle()
    finally:
        subject.close()


def test_a_check_whose_process_answers_otherwise_does_not_settle_and_its_rerun_hears_the_process() -> None:
    subject = _subject(CANARY)
    request, rulings = _pooled_tie()
    reference = SOE.reference_call("score_region")(request, rulings)
    try:
        subject.speculate()
        assert subject.call("score_region", request, rulings) == reference  # told the reference's answer at once
        assert not subject.settle()
        assert subject.call("score_region", request, rulings) != reference  # the rerun: the process's own
    finally:
        subject.close()


def _records(report: Path) -> list[tuple[str, ...]]:
    checks = json.loads(report.read_text(encoding="utf-8"))["checks"]
    keys = ("nodeid", "outcome", "primary", "request", "got", "expected", "differences")
    return sorted(tuple(str(check.get(key)) for key in keys) for check in checks)


def _never(_item: pytest.Function) -> None:
    return None


def test_a_failing_implementation_gets_the_same_records_speculated_or_asked_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = ["verify", "--game", "soe", "--impl", CANARY, "--rule", "SOE-RULING-2", "--profile", "ci", "-n", "0"]
    assert main([*options, "--report-json", str(tmp_path / "speculated.json")]) == 1
    monkeypatch.setattr(speculation, "_speculating", _never)
    assert main([*options, "--report-json", str(tmp_path / "one-by-one.json")]) == 1
    speculated, one_by_one = _records(tmp_path / "speculated.json"), _records(tmp_path / "one-by-one.json")
    assert any(record[1] == "failed" and "test_" in record[0] for record in speculated), "an invariant fails"
    assert speculated == one_by_one


@pytest.mark.acceptance
def test_an_invariants_calls_reach_the_process_before_its_first_reply(tmp_path: Path) -> None:
    counted = tmp_path / "counted"
    adapter = shlex.join(
        [sys.executable, str(REPO_ROOT / "tests" / "fakes" / "counting_adapter.py"), "soe", str(counted)]
    )
    options = ("--game", "soe", "--cmd", adapter, "--rule", "SOE-SCORE-2", "--profile", "ci", "-n", "0")
    assert main(["verify", *options, "--", "-k", "not json"]) == 0
    most = [int(line) for line in counted.read_text(encoding="utf-8").split()]
    assert max(most) > 2, f"requests held before a reply, per process: {most}"
