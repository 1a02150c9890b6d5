"""Whether a check's exception is a fault of the implementation (an error) or a rules failure.

Hypothesis wraps what it found in exception groups, nested when it found several distinct
failures or a failure while explaining another; a fault anywhere inside is the check's fault.
"""

from __future__ import annotations

from collections.abc import Iterator

from conformance.harness.subject import ImplementationError
from conformance.harness.verify.breaker import CircuitOpen

FAULTS: tuple[type[BaseException], ...] = (ImplementationError, CircuitOpen)


def leaves(error: BaseException) -> Iterator[BaseException]:
    """The exceptions inside ``error``, groups unwrapped at every depth."""
    if isinstance(error, BaseExceptionGroup):
        for inner in error.exceptions:  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
            yield from leaves(inner)  # pyright: ignore[reportUnknownArgumentType]
    else:
        yield error


def is_fault(error: BaseException) -> bool:
    """True when any exception inside ``error`` (or the one it was raised from) is a fault of the implementation."""
    return any(isinstance(leaf, FAULTS) or isinstance(leaf.__cause__, FAULTS) for leaf in leaves(error))
