"""Invariants over a process are pipelined by speculation, and their verdicts are those of asking one by one.

``verify/speculation.py``: while an invariant runs, each call is answered by the reference and sent
down the pipe; its replies are compared when the check ends, and a check whose replies differ is
run again asking one call at a time.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import time
import weakref
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.verify.subjects import served_command
from rulespec.conformance.harness.wire.session import CHUNK_LINES, WireSession
from rulespec.conformance.harness.wire.subject import ProcessSubject
from rulespec.reference.errors import InvalidState
from rulespec.reference.here_i_stand.model import BonusVpRequest
from rulespec.reference.here_i_stand.rulings import Rulings as HisRulings
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


def test_a_guessed_refusal_is_kept_without_its_exception() -> None:
    """Until the replies are compared, a refusal the reference guessed is kept as a check reads it, never as the
    exception: its traceback would hold the check's frames, and Hypothesis's data for the example, alive meanwhile
    (measured over Here I Stand in one process: 0.49 s of full collections over the wire, 0.35 s in-process, 0.36 s
    over the wire once it was kept so)."""
    subject = _subject("tests.canaries.soe:Stepwise")
    request, rulings = _pooled_tie()
    try:
        subject.speculate()
        with pytest.raises(InvalidState) as raised:
            subject.call("score_region", RegionRequest((*request.players, request.players[0]), request.region), rulings)
        refusal = weakref.ref(raised.value)
        del raised
        assert refusal() is None  # nothing the speculation keeps holds it
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


def test_a_reply_later_than_the_timeout_after_its_request_was_written_does_not_settle() -> None:
    slow = served_command("his", "tests.fakes.misbehaving_his:SlowFirst")  # its first answer takes 1.3 s
    subject = ProcessSubject(game("his"), WireSession(slow, timeout=1.0, repeat=False))
    try:
        subject.speculate()
        for _ in range(CHUNK_LINES):  # one chunk, written at once
            subject.call("bonus_vp", BonusVpRequest("ottomans", ()), HisRulings())
        time.sleep(2.0)  # the check's own work meanwhile: every reply is waiting when it is read
        assert not subject.settle()
    finally:
        subject.close()


def _records(report: Path) -> list[tuple[str, ...]]:
    checks = json.loads(report.read_text(encoding="utf-8"))["checks"]
    keys = ("nodeid", "outcome", "primary", "request", "got", "expected", "differences", "detail")
    # a request's ID counts the lines the session sent: the exact run's follow its speculation's
    return sorted(tuple(re.sub(r"request \d+", "request N", str(check.get(key))) for key in keys) for check in checks)


_ONE_BY_ONE = """
import sys
from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.verify import speculation
speculation._speculating = lambda item: None  # every check asks one call at a time
sys.exit(main(sys.argv[1:]))
"""


def _both_ways(tmp_path: Path, options: list[str]) -> list[tuple[str, ...]]:
    """The records of ``verify`` speculated, after checking they equal those of asking one by one. Each run is a
    process of its own, as a user's is: the invariants' modules are imported under the run's own profile."""
    ours, theirs = (
        (options[: options.index("--")], options[options.index("--") :]) if "--" in options else (options, [])
    )
    for name, way in (("speculated", ["-m", "rulespec.conformance.harness.cli"]), ("one-by-one", ["-c", _ONE_BY_ONE])):
        report = ["--report-json", str(tmp_path / f"{name}.json")]
        subprocess.run([sys.executable, *way, *ours, *report, *theirs], cwd=REPO_ROOT, capture_output=True, check=False)
    speculated = _records(tmp_path / "speculated.json")
    assert speculated == _records(tmp_path / "one-by-one.json")
    return speculated


@pytest.mark.acceptance  # whole verify runs, two per test: nox -s acceptance (CI)
def test_a_failing_implementation_gets_the_same_records_speculated_or_asked_one_by_one(tmp_path: Path) -> None:
    options = ["verify", "--game", "soe", "--impl", CANARY, "--rule", "SOE-RULING-2", "--profile", "ci", "-n", "0"]
    records = _both_ways(tmp_path, options)
    assert any(record[1] == "failed" and "test_" in record[0] for record in records), "an invariant fails"


@pytest.mark.acceptance
@pytest.mark.parametrize(
    ("impl", "outcome", "fault"),
    [
        # every call reaches the process, a repeated request too; its wrong answer fails the rule it breaks
        ("SecondTimeWrong", "failed", "non-determinism: answered "),
        ("FifthSaysSomething", "error", "stderr"),  # a fault read in a stream is never pinned: the exact run meets it
        ("SlowFirst", "error", "timeout"),  # late is late, however long the stream waited to be read
    ],
)
def test_a_misbehaving_process_gets_the_same_records_speculated_or_asked_one_by_one(
    tmp_path: Path, impl: str, outcome: str, fault: str
) -> None:
    options = ["verify", "--game", "his", "--impl", f"tests.fakes.misbehaving_his:{impl}", "--rule", "HIS-BONUS-10"]
    options += ["--profile", "ci", "--case-timeout", "1", "-n", "0", "--", "-k", "order_of_bonuses"]
    records = _both_ways(tmp_path, options)
    assert [record[1] for record in records] == [outcome], records
    assert fault in records[0][-1], records[0][-1]


@pytest.mark.acceptance
def test_an_invariants_calls_reach_the_process_before_its_first_reply(tmp_path: Path) -> None:
    counted = tmp_path / "counted"
    adapter = shlex.join(
        [sys.executable, str(REPO_ROOT / "tests" / "fakes" / "counting_adapter.py"), "soe", str(counted)]
    )
    options = ("--game", "soe", "--cmd", adapter, "--rule", "SOE-SCORE-2", "--profile", "ci", "-n", "0")
    # a process of its own, as a user's run is: the invariants' modules imported under the ci profile
    verify = [sys.executable, "-m", "rulespec.conformance.harness.cli", "verify", *options, "--", "-k", "not json"]
    assert subprocess.run(verify, cwd=REPO_ROOT, capture_output=True, check=False).returncode == 0
    most = [int(line) for line in counted.read_text(encoding="utf-8").split()]
    assert max(most) > 2, f"requests held before a reply, per process: {most}"
