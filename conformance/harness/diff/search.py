"""Differential search: inputs on which two sides (implementations, rulings, revisions) answer differently.

For each operation, Hypothesis draws rulings and a request from the game's strategies,
asks both sides, and compares their answers as the suite does: results as JSON,
refusals by kind and field (InvalidState) or rule (IllegalAction). The first difference
is shrunk to a minimal input, and is written as a vector whose expectation is side A's
answer, so a rule change is regression-tested by adding what was found.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec
from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as fixed_seed
from hypothesis import strategies as st

from conformance.harness.diff.sides import Side
from conformance.harness.diff.strategies import request_strategy, rulings_strategy
from conformance.harness.games import Game
from conformance.harness.subject import ImplementationError, NotImplementedOp
from conformance.harness.vector_format import ErrorKind, ExpectedError
from reference.errors import IllegalAction, InvalidState, RuleError


def as_json(value: object) -> Any:
    """A typed value as the JSON the suite reads and writes (arrays, never tuples)."""
    return msgspec.json.decode(msgspec.json.encode(value))


@dataclass(frozen=True)
class Answer:
    """What one side said: a result, a refusal, an error, or that it lacks the operation."""

    kind: str  # "result", "refused", "error", "not implemented"
    output: Any = None  # the result as JSON
    error: ExpectedError | None = None  # the refusal, as a vector would expect it
    detail: str = ""

    def matches(self, other: Answer) -> bool:
        """Equal as the suite judges: same result, or a refusal of the same kind on the same field/rule."""
        if self.kind != other.kind:
            return False
        if self.kind == "result":
            return bool(self.output == other.output)
        if self.kind == "refused":
            return self.error == other.error
        return True  # two errors, or two gaps, say nothing about the rules

    def shown(self) -> str:
        if self.kind == "result":
            return msgspec.json.encode(self.output).decode()
        if self.error is not None:
            return f"{self.error.kind} on {self.error.field or self.error.rule} ({self.detail})"
        return f"{self.kind}: {self.detail}"


def refusal(error: RuleError) -> ExpectedError:
    if isinstance(error, InvalidState):
        return ExpectedError(ErrorKind.INVALID_STATE, field=error.field)
    if isinstance(error, IllegalAction):
        return ExpectedError(ErrorKind.ILLEGAL_ACTION, rule=error.rule)
    raise TypeError(f"{type(error).__name__} is neither InvalidState nor IllegalAction")


def ask(side: Side, operation: str, request: object, rulings: object) -> Answer:
    try:
        result = side.subject.call(operation, request, side.rulings_for(rulings))
    except NotImplementedOp as exc:
        return Answer("not implemented", detail=str(exc))
    except ImplementationError as exc:
        return Answer("error", detail=str(exc))
    except RuleError as exc:
        return Answer("refused", error=refusal(exc), detail=getattr(exc, "reason", str(exc)))
    return Answer("result", output=as_json(result))


@dataclass(frozen=True)
class Difference:
    """A minimal input on which the sides disagree, with both answers."""

    operation: str
    request: Any
    rulings: Any  # the rulings side A was asked under (side B swaps in its own switches)
    a: Answer
    b: Answer


class _Differs(Exception):
    def __init__(self, difference: Difference) -> None:
        super().__init__(f"{difference.a.shown()} != {difference.b.shown()}")
        self.difference = difference


def search(game: Game, operation: str, a: Side, b: Side, max_examples: int, seed: int | None = None) -> Difference | None:
    """Hypothesis over the operation's strategies; the shrunk first difference, or None within the budget."""
    rulings = rulings_strategy(game)
    requests: Callable[[Any], st.SearchStrategy[Any]] = request_strategy(game, operation)

    @settings(
        max_examples=max_examples,
        database=None,
        deadline=None,
        derandomize=seed is None,
        phases=(Phase.generate, Phase.shrink),
        verbosity=Verbosity.quiet,
        report_multiple_bugs=False,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(data=st.data())
    def probe(data: st.DataObject) -> None:
        chosen = data.draw(rulings, label="rulings")
        request = data.draw(requests(chosen), label="request")
        one = ask(a, operation, request, chosen)
        two = ask(b, operation, request, chosen)
        if not one.matches(two):
            raise _Differs(Difference(operation, request, chosen, one, two))

    if seed is not None:
        probe = fixed_seed(seed)(probe)
    try:
        probe()
    except _Differs as found:
        return found.difference
    return None
