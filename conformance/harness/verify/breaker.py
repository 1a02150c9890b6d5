"""The circuit breaker: a faulting implementation costs a bounded time, per check and per run.

Hypothesis shrinks a failing example by running the test again and again; when the failure is
a fault (a timeout, a crash, a protocol error) each try may cost a timeout and a restart, and a
hung implementation would keep a run going for hours. So after ``PER_CHECK`` faults in one check
the check stops as an *error* at once, and after ``--max-faults`` faults in the run every later
check is an *error* without calling the implementation at all.

``CircuitOpen`` is a BaseException on purpose: Hypothesis catches ``Exception`` (and shrinks
through it) but lets other BaseExceptions through at once, as pytest's own outcomes do.
"""

from __future__ import annotations

from typing import Any

from rulespec.conformance.harness.subject import ImplementationError, Subject

PER_CHECK = 3  # faults in one check before it stops: the first, and two tries of Hypothesis to shrink it
DEFAULT_MAX_FAULTS = 6  # faults in a run (per process with -n) before every later check is an error unrun


class CircuitOpen(BaseException):
    """A check stopped by the breaker: counted as an error of the implementation, never shrunk through."""


class Breaker:
    """Counts the implementation's faults in the current check and in the run."""

    def __init__(self, max_faults: int = DEFAULT_MAX_FAULTS) -> None:
        self.max_faults = max_faults
        self.run_faults = 0
        self._check_faults = 0
        self._first: str | None = None

        self.in_check = False  # only a check's own calls count: not a replay to save a failure, not a fixture

    def new_check(self) -> None:
        self._check_faults = 0
        self._first = None

    def guard(self) -> None:
        """Before a call: refuse it once the run has had too many faults."""
        if self.run_faults >= self.max_faults:
            raise CircuitOpen(
                f"not run: the implementation has faulted {self.run_faults} times in this run (--max-faults "
                f"{self.max_faults}), so every later check is an error without calling it"
            )

    def fault(self, error: ImplementationError) -> None:
        """After a faulting call: count it; stop the check (CircuitOpen) when it has faulted too often."""
        self.run_faults += 1
        self._check_faults += 1
        if self._first is None:
            self._first = str(error)
        if self._check_faults >= PER_CHECK:
            raise CircuitOpen(
                f"{self._first}\n  (the check stopped after {self._check_faults} faults; not shrunk further)"
            ) from error
        self.guard()


class GuardedSubject:
    """A subject whose faults go through the breaker; everything else passes as it is."""

    def __init__(self, subject: Subject, breaker: Breaker) -> None:
        self.subject = subject
        self.breaker = breaker
        self._offered: dict[str, bool] = {}  # asked once: after the breaker opens, nothing restarts a process

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
        try:
            if self.supports(operation):  # one not offered is not implemented, whatever the breaker says
                self.breaker.guard()
            return self.subject.call(operation, request, rulings)
        except ImplementationError as error:
            self.breaker.fault(error)
            raise

    def close(self) -> None:
        self.subject.close()
