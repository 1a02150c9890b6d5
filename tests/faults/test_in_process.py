"""Each hostile ``--impl`` of the catalogue is an error of its case, bounded; a run with one never exits 0."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from rulespec.conformance.harness.verify.subjects import served_command
from rulespec.conformance.harness.wire.session import WireSession
from rulespec.conformance.harness.wire.subject import ProcessSubject
from tests import rulespec
from tests.faults.catalogue import IN_PROCESS, PASS, Attack
from tests.faults.test_wire import BOUND, outcome
from tests.wire.test_faults import SOE


@pytest.mark.parametrize("attack", IN_PROCESS, ids=[attack.name for attack in IN_PROCESS])
def test_in_process_attack_is_an_error_of_its_case(attack: Attack) -> None:
    began = time.monotonic()
    impl = f"tests.faults.hostile_impl:{attack.name}"
    session = WireSession(served_command("soe", impl), timeout=1.0, repeat=False)
    found = outcome(ProcessSubject(SOE, session, impl), calls=2)
    ended = session.close()
    assert ended == [], ended
    if attack.expected == PASS:
        assert found == PASS, found
    else:
        assert found.startswith(f"{attack.expected}: "), found
        assert "\x1b" not in found
    assert time.monotonic() - began < BOUND


def verify(*arguments: str) -> tuple[subprocess.CompletedProcess[str], float]:
    began = time.monotonic()
    environment = os.environ | {"NO_COLOR": "1", "COLUMNS": "200"}
    ran = rulespec("verify", "--game", "soe", "--profile", "canary", *arguments, env=environment, timeout=300)
    return ran, time.monotonic() - began


def test_an_implementation_that_exits_the_interpreter_fails_the_run() -> None:
    """Once a false pass: ``os._exit(0)`` ended the whole run with status 0 and no output."""
    ran, _ = verify("--rule", "SOE-POP-1", "--case-timeout", "2", "--impl", "tests.faults.hostile_impl:ExitsQuietly")
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "gate: FAILED" in ran.stdout
    assert "0 passed, 0 failed, 0 not implemented" in ran.stdout
    assert "Traceback" not in ran.stderr


def test_the_breaker_bounds_a_silent_process() -> None:
    """A process that never replies: each check stops after a few faults, the run after --max-faults."""
    hostile = f"{sys.executable} tests/faults/hostile_wire.py silent"
    ran, took = verify(
        "--rule", "SOE-POP-1", "--rule", "SOE-END-1", "--case-timeout", "0.5", "--max-faults", "4", "--cmd", hostile
    )
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "--max-faults 4" in ran.stdout  # the checks after the fourth fault were errors without a call
    assert "not shrunk further" in ran.stdout or "--max-faults 4" in ran.stdout
    assert took < 120, took
