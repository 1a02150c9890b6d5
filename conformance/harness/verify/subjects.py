"""The implementation under test for each game, from ``--impl`` (in-process) or ``--cmd`` (a process over the wire)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from conformance.harness.games import REGISTRY, game
from conformance.harness.subject import Subject, python_subject
from conformance.harness.vectors import LoadedCase
from conformance.harness.wire.faults import WireFault
from conformance.harness.wire.session import DEFAULT_TIMEOUT, WireSession
from conformance.harness.wire.subject import ProcessSubject, process_subjects


def selected_games(config: pytest.Config) -> tuple[str, ...]:
    chosen: list[str] | None = config.getoption("--game")
    games = tuple(chosen) if chosen else tuple(sorted(REGISTRY))
    for key in games:
        game(key)  # an unknown key is refused with the known ones
    return games


class Subjects:
    """The subject under test for each game, made on first use and closed at the end.

    ``--impl`` names one Python implementation of one game; ``--cmd`` one process, which
    says in its handshake which games and operations it offers. A bad ``--cmd`` (no such
    program, no handshake) is a usage error before any check runs.
    """

    def __init__(
        self, impl: str | None, games: tuple[str, ...], cmd: str | None = None, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        if impl is not None and cmd is not None:
            raise pytest.UsageError(f"--impl {impl} and --cmd {cmd!r}: name the implementation one way, not both")
        if impl is not None and len(games) != 1:
            raise pytest.UsageError(f"--impl {impl} implements one game: name it with --game ({', '.join(games)})")
        if timeout <= 0:
            raise pytest.UsageError(f"--case-timeout {timeout}: must be more than 0 seconds")
        self.impl = impl
        self._made: dict[str, Subject] = {}
        self._ahead: dict[str, list[tuple[str, object, object]]] = {}
        if cmd is not None:
            self._made.update(self._start(cmd, games, timeout))

    @staticmethod
    def _start(cmd: str, games: tuple[str, ...], timeout: float) -> dict[str, Subject]:
        try:
            session = WireSession(cmd, timeout)
            session.started()
        except ValueError as exc:
            raise pytest.UsageError(str(exc)) from exc
        except WireFault as fault:
            raise pytest.UsageError(f"--cmd {cmd!r}: {fault}") from fault
        return dict(process_subjects([game(key) for key in games], session).items())

    def send_ahead(self, cases: Sequence[LoadedCase]) -> None:
        """Over --cmd, these vector cases are sent ahead in one stream (pipelined) when their game is first used."""
        for loaded in cases:
            self._ahead.setdefault(loaded.game, []).append((loaded.operation, loaded.request, loaded.rulings))

    def get(self, key: str) -> Subject:
        if key not in self._made:
            try:
                self._made[key] = python_subject(game(key), self.impl)
            except ValueError as exc:
                raise pytest.UsageError(str(exc)) from exc
        subject = self._made[key]
        ahead = self._ahead.pop(key, None)
        if ahead and isinstance(subject, ProcessSubject):
            subject.prefetch(ahead)
        return subject

    def close(self) -> None:
        for subject in self._made.values():
            subject.close()


SUBJECTS = pytest.StashKey[Subjects]()


def is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")

