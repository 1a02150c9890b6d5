"""The implementation under test for each game, from ``--impl`` (in-process) or ``--cmd`` (a process over the wire)."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence

import pytest

from conformance.harness.games import REGISTRY, game
from conformance.harness.subject import Subject, python_subject
from conformance.harness.vectors import LoadedCase
from conformance.harness.verify.breaker import DEFAULT_MAX_FAULTS, Breaker, GuardedSubject
from conformance.harness.wire.faults import WireFault
from conformance.harness.wire.session import DEFAULT_TIMEOUT, WireSession
from conformance.harness.wire.subject import ProcessSubject


def selected_games(config: pytest.Config) -> tuple[str, ...]:
    chosen: list[str] | None = config.getoption("--game")
    games = tuple(chosen) if chosen else tuple(sorted(REGISTRY))
    for key in games:
        game(key)  # an unknown key is refused with the known ones
    return games


def served_command(key: str, impl: str) -> str:
    """The command that serves ``--impl`` over the wire, in a process of its own (wire/serve.py)."""
    return shlex.join([sys.executable, "-m", "conformance.harness.wire.serve", "--game", key, "--impl", impl])


class Subjects:
    """The subject under test for each game, made on first use and closed at the end.

    ``--impl`` names one Python implementation of one game, served in a process of its own so
    ``--case-timeout`` bounds every call and an exit or a crash is an error of that case;
    ``--cmd`` one process, which says in its handshake which games and operations it offers.
    A bad ``--cmd`` or ``--impl`` (no such program or module, no handshake) is a usage error
    before any check runs. The reference itself runs in this process: it is the rules.
    Every subject's faults go through one circuit breaker (verify/breaker.py).
    """

    def __init__(
        self,
        impl: str | None,
        games: tuple[str, ...],
        cmd: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        max_faults: int = DEFAULT_MAX_FAULTS,
    ) -> None:
        if impl is not None and cmd is not None:
            raise pytest.UsageError(f"--impl {impl} and --cmd {cmd!r}: name the implementation one way, not both")
        if impl is not None and len(games) != 1:
            raise pytest.UsageError(f"--impl {impl} implements one game: name it with --game ({', '.join(games)})")
        if timeout <= 0:
            raise pytest.UsageError(f"--case-timeout {timeout}: must be more than 0 seconds")
        if max_faults <= 0:
            raise pytest.UsageError(f"--max-faults {max_faults}: must be 1 or more")
        self.impl = impl
        self.breaker = Breaker(max_faults)
        self._made: dict[str, Subject] = {}
        self._guarded: dict[str, GuardedSubject] = {}
        self._ahead: dict[str, list[tuple[str, object, object]]] = {}
        if cmd is not None:
            self._made.update(self._start(cmd, games, timeout))
        elif impl is not None:
            self._made.update(self._start(served_command(games[0], impl), games, timeout, label=impl, repeat=False))

    @staticmethod
    def _start(
        cmd: str, games: tuple[str, ...], timeout: float, label: str | None = None, repeat: bool = True
    ) -> dict[str, Subject]:
        named = f"--impl {label}" if label else f"--cmd {cmd!r}"
        try:
            session = WireSession(cmd, timeout, repeat=repeat)
        except ValueError as exc:
            raise pytest.UsageError(str(exc)) from exc
        try:
            session.started()
        except WireFault as fault:
            session.close()
            raise pytest.UsageError(f"{named}: {fault}") from fault
        return {key: ProcessSubject(game(key), session, label) for key in games}

    def send_ahead(self, cases: Sequence[LoadedCase]) -> None:
        """Over a process, these vector cases are sent ahead in one stream (pipelined) when their game is first used."""
        for loaded in cases:
            self._ahead.setdefault(loaded.game, []).append((loaded.operation, loaded.request, loaded.rulings))

    def get(self, key: str) -> Subject:
        if key not in self._made:
            self._made[key] = python_subject(game(key), None)
        subject = self._made[key]
        ahead = self._ahead.pop(key, None)
        if ahead and isinstance(subject, ProcessSubject):
            subject.prefetch(ahead)
        if key not in self._guarded:
            self._guarded[key] = GuardedSubject(subject, self.breaker)
        return self._guarded[key]

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
