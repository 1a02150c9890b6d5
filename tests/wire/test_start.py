"""A process begun ahead (``WireSession.begin``, as a pytest-xdist worker begins its own): it starts at once, and is
asked its handshake only when it is first asked something, what another process of its command offered standing in
for it until then."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.wire.messages import Implementation, Started
from rulespec.conformance.harness.wire.session import WireSession
from rulespec.conformance.harness.wire.subject import ProcessSubject
from rulespec.reference.struggle_of_empires.model import EndGameRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings

# notes each message's type in the file it is given, "up" first; answers every run with an empty standing
_NOTING = """
import json, sys
log = open(sys.argv[1], "a", buffering=1)
log.write("up\\n")
for line in sys.stdin:
    message = json.loads(line)
    log.write(message["type"] + "\\n")
    if message["type"] == "stop":
        break
    if message["type"] == "start":
        started = {"protocol": 1, "implementation": {"name": "own", "version": "2"}, "games": {"soe": ["end_game"]}}
        print(json.dumps({"type": "started", **started}), flush=True)
    else:
        print(json.dumps({"type": "result", "id": message["id"], "output": {"standings": []}}), flush=True)
"""

OFFERED = Started(1, Implementation("controller's", "1"), {"soe": ("end_game",)})


def _noted(log: Path, seen: str, within: float = 10.0) -> list[str]:
    """The types noted once ``seen`` is among them (the process writes them as it reads)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        noted = log.read_text(encoding="utf-8").split() if log.exists() else []
        if seen in noted:
            return noted
        time.sleep(0.01)
    raise AssertionError(f"{seen!r} never noted: {log.read_text(encoding='utf-8') if log.exists() else ''!r}")


def test_a_begun_process_runs_at_once_and_is_asked_its_handshake_only_when_first_asked(tmp_path: Path) -> None:
    log = tmp_path / "log"
    session = WireSession(shlex.join([sys.executable, "-c", _NOTING, str(log)]))
    session.begin(OFFERED)
    assert session.offer() == OFFERED  # told before any handshake of its own
    assert _noted(log, "up") == ["up"]  # started, and asked nothing
    subject = ProcessSubject(game("soe"), session)
    assert subject.call("end_game", EndGameRequest(()), Rulings()).standings == ()
    assert session.offer().implementation.name == "own"  # its own handshake, once asked
    assert session.close() == []
    assert _noted(log, "stop") == ["up", "start", "run", "run", "stop"]  # each request asked twice


def test_a_begun_process_never_asked_anything_is_ended_without_a_fault(tmp_path: Path) -> None:
    log = tmp_path / "log"
    session = WireSession(shlex.join([sys.executable, "-c", _NOTING, str(log)]))
    session.begin(OFFERED)
    _noted(log, "up")
    assert session.close() == []
    assert log.read_text(encoding="utf-8").split() == ["up"]  # killed, never told anything
