"""Each hostile wire process of the catalogue ends bounded, named as its fault, with no process of its group left."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from rulespec.conformance.harness.subject import ImplementationError
from rulespec.conformance.harness.wire.descendants import descendants
from rulespec.conformance.harness.wire.faults import Fault
from rulespec.conformance.harness.wire.process import STDERR_KEPT, LineProcess
from rulespec.conformance.harness.wire.session import WireSession
from rulespec.conformance.harness.wire.subject import ProcessSubject
from tests.faults.catalogue import PASS, WIRE, Attack
from tests.wire.test_faults import FAULTY, SOE

HOSTILE = Path(__file__).parent / "hostile_wire.py"
BOUND = 10.0  # seconds for one attack, on a loaded machine; each takes about 1 s idle


def outcome(subject: ProcessSubject, calls: int = 8) -> str:
    """The fault of the first call that faults (its kind's value), or PASS when all answer."""
    for _ in range(calls):
        try:
            subject.call("grow_population", FAULTY.request, FAULTY.rulings)
        except ImplementationError as error:
            return str(error)
    return PASS


@pytest.mark.parametrize("attack", WIRE, ids=[attack.name for attack in WIRE])
def test_wire_attack_is_named_and_bounded(attack: Attack) -> None:
    began = time.monotonic()
    session = WireSession(f"{sys.executable} {HOSTILE} {attack.name}", timeout=2.0)
    subject = ProcessSubject(SOE, session)
    try:
        session.started()
    except ImplementationError as error:
        found, group = str(error), None
    else:
        group = session.pid
        found = outcome(subject)
    ended = [str(fault) for fault in session.close()]
    said = found if found != PASS or not ended else ended[0]
    if attack.expected == PASS:
        assert said == PASS, said
    else:
        assert said.startswith(f"{attack.expected}: "), said
        assert "\x1b" not in said and "\x07" not in said  # inert in a terminal
    assert time.monotonic() - began < BOUND
    if group is not None:
        assert descendants(group, f"{os.getpid()}-") == [], f"processes of {attack.name} survived"


def test_a_crash_keeps_the_end_of_its_stderr_and_no_more() -> None:
    """200 MB of stderr before a crash: its last 64 KiB are kept, the reason with them, and how much went before."""
    session = WireSession(f"{sys.executable} {HOSTILE} stderr-flood", timeout=10.0)
    found = outcome(ProcessSubject(SOE, session), calls=1)
    session.close()
    assert found.startswith(f"{Fault.CRASH.value}: "), found[:300]
    assert "RuntimeError: the reason, at the very end" in found
    assert "bytes before these" in found
    assert len(found) < 80_000


def test_stdout_after_stop_is_kept_to_its_start() -> None:
    """100 MB on stdout after 'stop': shown cut, and never held whole (the harness's memory stays its own)."""
    flood = "import sys; sys.stdin.readline(); sys.stdout.buffer.write(b'goodbye ' * 12_500_000)"
    process = LineProcess([sys.executable, "-c", flood])
    status, out, _ = process.stop(b'{"type":"stop"}\n')
    assert status == 0 and out.startswith(b"goodbye ") and len(out) <= STDERR_KEPT, (status, len(out))
