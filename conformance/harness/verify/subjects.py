"""The implementation under test for each game: ``--impl`` or ``--cmd``, each in a process of its own over the wire.

An ``--impl`` is served by ``wire/serve.py`` in a process of its own, a ``--cmd`` is its own process;
without either, the reference answers in this process. An invariant sees its game's subject as the
game's Protocol (``CheckedSubject``), and every call it sends is kept for its failure's record.
"""

from __future__ import annotations

import shlex
import sys
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.subject import NotImplementedOp, Subject, python_subject
from rulespec.conformance.harness.vectors import LoadedCase
from rulespec.conformance.harness.verify.breaker import Breaker, GuardedSubject
from rulespec.conformance.harness.verify.options import VerifyOptions
from rulespec.conformance.harness.verify.saved_failures import SentCall
from rulespec.conformance.harness.wire.faults import WireFault
from rulespec.conformance.harness.wire.messages import Started
from rulespec.conformance.harness.wire.session import WireSession
from rulespec.conformance.harness.wire.subject import ProcessSubject

# a process started before the run to check it (a --cmd's handshake, an --impl loaded and checked), handed to the
# run rather than started again (a slow start-up paid once): by command and case timeout, in the process that checked it
_KEPT: dict[tuple[str, float], WireSession] = {}


def keep(session: WireSession) -> None:
    """Keep a started session for the run of its command (``Subjects`` takes it), in place of one kept before."""
    older = _KEPT.pop((session.command, session.timeout), None)
    if older is not None and older is not session:
        older.close()
    _KEPT[(session.command, session.timeout)] = session


def kept(command: str, timeout: float) -> WireSession | None:
    """The session kept for this command, if one is."""
    return _KEPT.get((command, timeout))


def release_kept() -> None:
    """Stop every kept session the run did not take (it never began: a usage error, an interruption)."""
    while _KEPT:
        _, session = _KEPT.popitem()
        session.close()


def served_command(key: str, impl: str) -> str:
    """The command that serves ``--impl`` over the wire, in a process of its own (wire/serve.py)."""
    return shlex.join([sys.executable, "-m", "rulespec.conformance.harness.wire.serve", "--game", key, "--impl", impl])


def _session(cmd: str, timeout: float, label: str | None, repeat: bool, offered: Started | None) -> WireSession:
    """The command's process: the one kept since the preflight checked it; else a new one, its handshake asked at
    once, or, in a pytest-xdist worker ``offered`` its controller's, when first needed."""
    handed = _KEPT.pop((cmd, timeout), None)
    if handed is not None:
        return handed
    try:
        session = WireSession(cmd, timeout, repeat=repeat)
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from exc
    if offered is not None:
        session.begin(offered)
        return session
    try:
        session.started()
    except WireFault as fault:
        session.close()
        named = f"--impl {label}" if label else f"--cmd {cmd!r}"
        raise pytest.UsageError(f"{named}: {fault}") from fault
    return session


class Subjects:
    """The subject under test for each game, made on first use and closed at the end.

    ``--impl`` names one Python implementation of one game, served in a process of its own so
    ``--case-timeout`` bounds every call and an exit or a crash is an error of that case;
    ``--cmd`` one process, which says in its handshake which games and operations it offers.
    A bad ``--cmd`` or ``--impl`` (no such program or module, no handshake) is a usage error
    before any check runs. The reference itself runs in this process: it is the rules.
    Every subject's faults go through one circuit breaker (verify/breaker.py).
    """

    def __init__(self, options: VerifyOptions, offered: Started | None = None) -> None:
        impl, cmd, games, timeout = options.impl, options.cmd, options.games, options.case_timeout
        self.breaker = Breaker(options.max_faults, timeout)
        self._made: dict[str, Subject] = {}
        self._guarded: dict[str, GuardedSubject] = {}
        self._ahead: dict[str, dict[str, list[tuple[str, object, object]]]] = {}  # batch -> game -> calls
        if cmd is not None:
            self._made.update(self._start(cmd, games, timeout, offered=offered))
        elif impl is not None:
            served = served_command(games[0], impl)
            self._made.update(self._start(served, games, timeout, label=impl, repeat=False, offered=offered))

    @staticmethod
    def _start(
        cmd: str,
        games: tuple[str, ...],
        timeout: float,
        label: str | None = None,
        repeat: bool = True,
        offered: Started | None = None,
    ) -> dict[str, Subject]:
        """The subjects of the command's process (``_session``), one per game."""
        session = _session(cmd, timeout, label, repeat, offered)
        return {key: ProcessSubject(game(key), session, label) for key in games}

    def offered(self) -> Started | None:
        """What the implementation's process offers (handed to the workers, which ``begin`` theirs), if one runs."""
        sessions = [made.session for made in self._made.values() if isinstance(made, ProcessSubject)]
        return sessions[0].offer() if sessions else None

    def startup_output(self) -> list[str]:
        """What each implementation wrote while it started (a banner, warnings, logging), inert: never a check's."""
        sessions = {id(made.session): made for made in self._made.values() if isinstance(made, ProcessSubject)}
        return [
            f"start-up output of {made.label} (not a check's):\n{made.session.startup_output}"
            for made in sessions.values()
            if made.session.startup_output
        ]

    def send_ahead(self, batches: Mapping[str, Sequence[LoadedCase]]) -> None:
        """Over a process, each batch of vector cases is sent ahead in one stream (pipelined) when a case of it is
        first run (``get(key, batch)``)."""
        for batch, cases in batches.items():
            for loaded in cases:
                calls = self._ahead.setdefault(batch, {}).setdefault(loaded.game, [])
                calls.append((loaded.operation, loaded.request, loaded.rulings))

    def get(self, key: str, batch: str | None = None) -> Subject:
        """Game ``key``'s subject; with ``batch``, the vector cases of that batch not yet sent ahead are sent now."""
        if key not in self._made:
            self._made[key] = python_subject(game(key), None)
        subject = self._made[key]
        for played, calls in self._ahead.pop(batch, {}).items() if batch is not None else ():
            ahead = self._made.get(played)
            if isinstance(ahead, ProcessSubject) and not self.breaker.open:  # an open breaker starts nothing
                ahead.prefetch(calls)
        if key not in self._guarded:
            self._guarded[key] = GuardedSubject(subject, self.breaker)
        return self._guarded[key]

    def process(self, key: str) -> ProcessSubject | None:
        """The process answering game ``key``, if a process does."""
        made = self._made.get(key)
        return made if isinstance(made, ProcessSubject) else None

    def played(self, key: str) -> dict[str, tuple[Any, ...]]:
        """The rulings the process answering ``key`` says it plays (its ``started``); none for the reference."""
        subject = self._made.get(key)
        return subject.session.offer().played(key) if isinstance(subject, ProcessSubject) else {}

    def close(self) -> list[str]:
        """Stop every subject; the faults of their ending (an unclean stop, a process left running)."""
        ended: list[str] = []
        for subject in self._made.values():
            if isinstance(subject, ProcessSubject):
                ended += [str(fault) for fault in subject.session.close()]
            else:
                subject.close()
        return ended


SUBJECTS = pytest.StashKey[Subjects]()


def is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


class CheckedSubject:
    """A subject seen through attribute calls, as a game's Protocol; a missing operation skips the test."""

    def __init__(self, subject: Subject, key: str = "", calls: deque[SentCall] | None = None) -> None:
        self._subject = subject
        self._key = key
        self._calls = calls  # what the test sent, for --save-failures

    def __repr__(self) -> str:
        # shown for the fixture's argument in a failing example, where Hypothesis prints every argument
        return (
            f"<the {game(self._key).title} implementation under test>"
            if self._key
            else "<the implementation under test>"
        )

    def __getattr__(self, operation: str) -> Callable[[object, object], Any]:
        if operation.startswith("_"):
            # not an operation: Hypothesis asks for _repr_pretty_ when it prints a failing example
            raise AttributeError(operation)
        subject = self._subject
        key, calls = self._key, self._calls

        def call(request: object, rulings: object) -> Any:
            if calls is not None:
                calls.append(SentCall(key, operation, request, rulings))
            try:
                return subject.call(operation, request, rulings)
            except NotImplementedOp as exc:
                pytest.skip(str(exc))

        return call
