"""A process begun ahead (``WireSession.begin``, as a pytest-xdist worker begins its own): it starts at once, and is
asked its handshake only when it is first asked something, what another process of its command offered standing in
for it until then; and a ``--cmd`` started before the run's modules load (``verify/early.py``)."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.verify import early
from rulespec.conformance.harness.verify.preflight import check_handshake
from rulespec.conformance.harness.verify.subjects import kept, release_kept
from rulespec.conformance.harness.vocabulary import DEFAULT_TIMEOUT
from rulespec.conformance.harness.wire.messages import Implementation, Started
from rulespec.conformance.harness.wire.process import LineProcess
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


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["verify", "--game", "soe", "--cmd", "node impl.js"], "node impl.js"),
        (["expectations", "--write", "x.toml", "--cmd=node impl.js"], "node impl.js"),
        (["verify", "--cmd", "node a.js", "--cmd", "node b.js"], None),  # several: each is named and run in turn
        (["verify", "--cmd", "node a.js", "--impl", "pkg:Impl"], None),
        (["verify", "--cmd", "node a.js", "--help"], None),
        (["diff", "--cmd", "node a.js"], None),
        (["verify", "--game", "soe", "--", "--cmd", "node a.js"], None),  # pytest's, after --
        (["verify", "--cmd"], None),
    ],
)
def test_only_a_plain_verify_or_expectations_command_line_starts_its_cmd_early(
    argv: list[str], command: str | None
) -> None:
    assert early.command_of(argv) == command


def test_the_process_started_early_is_the_one_the_handshake_asks_and_the_run_keeps(tmp_path: Path) -> None:
    log = tmp_path / "log"
    command = shlex.join([sys.executable, "-c", _NOTING, str(log)])
    early.start(["verify", "--game", "soe", "--cmd", command])
    try:
        _noted(log, "up")  # running before anything asked for it
        assert check_handshake(command, DEFAULT_TIMEOUT).implementation.name == "own"
        assert early.take(command) is None  # taken by the handshake's session
        held = kept(command, DEFAULT_TIMEOUT)
        assert held is not None
    finally:
        release_kept()
        early.release()
    assert _noted(log, "stop") == ["up", "start", "stop"]  # one process: the early one, asked, then stopped


def test_a_process_started_early_is_ended_when_the_command_line_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "log"
    command = shlex.join([sys.executable, "-c", _NOTING, str(log)])
    started: list[LineProcess] = []

    def noted(argv: list[str]) -> LineProcess:
        started.append(LineProcess(argv))
        return started[-1]

    monkeypatch.setattr(early, "LineProcess", noted)
    assert main(["verify", "--game", "soe", "--cmd", command, "--rule", "SOE-NOPE-1"]) == 2
    [process] = started  # started before the parser refused the rule
    assert process.exit_status() is not None  # and ended with the run
    assert "start" not in (log.read_text(encoding="utf-8").split() if log.exists() else [])  # never asked
