"""The circuit breaker: a faulting implementation costs a bounded time, per check and per run.

It bounds time, not honesty. Only a fault that cost time counts: a timeout, a crash, anything that
broke the conversation and restarted the process (``ImplementationError.costly``), charged with the
seconds it cost: the wait that ended in it and the restart's handshake after it, whenever that comes (a
process keeps the account, ``take_cost``; a subject without one is charged its faulting call's time).
An ``errored`` or ``refused`` answer, however many, is the outcome of its own check and never stops another.

Hypothesis shrinks a failing example by running the test again and again; when each try costs a
timeout and a restart, a hung implementation would keep a run going for hours. So after ``PER_CHECK``
costly faults in one check the check stops as an *error* at once, and once the run's costly faults
number ``--max-faults`` or have cost ``--max-faults`` x ``--case-timeout`` seconds, the breaker opens:
every later check is an *error* without calling the implementation, naming the fault that opened it; and
nothing starts the process again (not a batch sent ahead, not the replay of a failing call, not a question of
what it offers).

``CircuitOpen`` is a BaseException on purpose: Hypothesis catches ``Exception`` (and shrinks
through it) but lets other BaseExceptions through at once, as pytest's own outcomes do.
"""

from __future__ import annotations

import time
from typing import Any, Protocol, runtime_checkable

from rulespec.conformance.harness.subject import ImplementationError, Subject
from rulespec.conformance.harness.vocabulary import DEFAULT_TIMEOUT

PER_CHECK = 3  # costly faults in one check before it stops: the first, and two tries of Hypothesis to shrink it
DEFAULT_MAX_FAULTS = 6  # costly faults in a run (per process with -n) before every later check is an error unrun


@runtime_checkable
class KeepsCost(Protocol):
    """A subject that keeps the account of what its faults cost (a process: wire/subject.py)."""

    def take_cost(self) -> float: ...


class CircuitOpen(BaseException):
    """A check stopped by the breaker: counted as an error of the implementation, never shrunk through."""


def _headline(error: ImplementationError) -> str:
    """The fault in one line: its first, and its last when it has more (a crash's stderr ends with the reason)."""
    lines = error.reason().strip().splitlines()
    return lines[0] if len(lines) == 1 else f"{lines[0]} ... {lines[-1].strip()}"


class Breaker:
    """Counts the implementation's costly faults, and the seconds they took, in the current check and in the run."""

    def __init__(self, max_faults: int = DEFAULT_MAX_FAULTS, case_timeout: float = DEFAULT_TIMEOUT) -> None:
        self.max_faults = max_faults
        self.budget = max_faults * case_timeout  # seconds the run's faults may cost
        self.run_faults = 0
        self.spent = 0.0
        self.opened_by: str | None = None  # the fault that opened the breaker, named in every check it stops
        self._check_faults = 0
        self._first: str | None = None

        self.in_check = False  # only a check's own calls count: not a replay to save a failure, not a fixture

    def new_check(self) -> None:
        self._check_faults = 0
        self._first = None

    @property
    def open(self) -> bool:
        return self.opened_by is not None

    @property
    def check_faulted(self) -> bool:
        """Whether the current check met a fault that cost time (asking its calls again would cost it again)."""
        return self._check_faults > 0

    def spend(self, seconds: float) -> None:
        """Charge seconds that faults cost without a fault of this call (a restart's handshake after one)."""
        self.spent += seconds

    def guard(self) -> None:
        """Before a call: refuse it once the breaker is open."""
        if self.opened_by is not None:
            raise CircuitOpen(
                f"not run: the circuit breaker is open (--max-faults {self.max_faults}), so this check is an error "
                f"without calling the implementation; it opened on: {self.opened_by}"
            )

    def fault(self, error: ImplementationError, seconds: float = 0.0) -> None:
        """After a faulting call whose faults cost ``seconds``: count it if it cost time; CircuitOpen once too much."""
        self.spent += seconds
        if not error.costly:
            return  # an honest answer (errored, refused, out of shape): the outcome of its own check alone
        self.run_faults += 1
        self._check_faults += 1
        if self._first is None:
            self._first = error.reason()
        if self.opened_by is None and (self.run_faults >= self.max_faults or self.spent >= self.budget):
            self.opened_by = _headline(error)
            raise CircuitOpen(
                f"{error.reason()}\n  (this fault opened the circuit breaker: {self.run_faults} faults that cost time, "
                f"{self.spent:.1f} s, in this run (--max-faults {self.max_faults}); every later check is an error "
                "without calling the implementation)"
            ) from error
        if self._check_faults >= PER_CHECK:
            raise CircuitOpen(
                f"{self._first}\n  (the check stopped after {self._check_faults} faults; not shrunk further)"
            ) from error


class GuardedSubject:
    """A subject whose faults go through the breaker; everything else passes as it is."""

    def __init__(self, subject: Subject, breaker: Breaker) -> None:
        self.subject = subject
        self.breaker = breaker
        self._offered: dict[str, bool] = {}  # asked once: after the breaker opens, nothing restarts a process
        # asked once too: isinstance against a Protocol reads every member, about 30 us a call
        self._account = subject if isinstance(subject, KeepsCost) else None

    @property
    def label(self) -> str:
        return self.subject.label

    def supports(self, operation: str) -> bool:
        if operation not in self._offered:
            self._offered[operation] = self.subject.supports(operation)
        return self._offered[operation]

    def call(self, operation: str, request: object, rulings: object) -> Any:
        if not self.breaker.in_check:
            return self.subject.call(operation, request, rulings)
        began = time.monotonic()
        try:
            if self.supports(operation):  # one not offered is not implemented, whatever the breaker says
                self.breaker.guard()
            return self.subject.call(operation, request, rulings)
        except ImplementationError as error:
            self.breaker.fault(error, self._cost(began, error.costly))
            raise
        finally:  # a call that did not fault may still have paid a restart's handshake: charged too
            self.breaker.spend(self._cost(began, costly=False))

    def _cost(self, began: float, costly: bool) -> float:
        """What this call's faults cost: the process's account, else the call's time when it faulted costly."""
        if self._account is not None:
            return self._account.take_cost()
        return time.monotonic() - began if costly else 0.0

    def close(self) -> None:
        self.subject.close()
