"""Differential search: inputs on which two sides (implementations, rulings, revisions) answer differently.

For each operation, Hypothesis draws rulings and a request from the game's strategies,
asks both sides, and compares their answers as the suite does: results as JSON,
refusals by kind and field (InvalidState) or rule (IllegalAction). The search does not
stop at a difference: it spends its whole budget, sorting what it finds into groups
(``groups``), then shrinks each group to its own minimal input. Written as a vector, a
difference expects side A's answer under the rulings side A was asked under.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from conformance.harness.diff.groups import Group, group_of
from conformance.harness.diff.sides import Side
from conformance.harness.subject import ImplementationError, NotImplementedOp
from conformance.harness.vectors import ErrorKind, ExpectedError
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

    def said(self) -> str | None:
        """The refusal as a group names it (``IllegalAction HIS-BONUS-3``); None for any other answer."""
        if self.error is None:
            return None
        return f"{self.error.kind} {self.error.field or self.error.rule}"

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
    """Side's answer to the request under ``rulings`` (already switched for this side)."""
    try:
        result = side.subject.call(operation, request, rulings)
    except NotImplementedOp as exc:
        return Answer("not implemented", detail=str(exc))
    except ImplementationError as exc:
        return Answer("error", detail=str(exc))
    except RuleError as exc:
        return Answer("refused", error=refusal(exc), detail=getattr(exc, "reason", str(exc)))
    return Answer("result", output=as_json(result))


@dataclass(frozen=True)
class Difference:
    """An input on which the sides disagree, with both answers and the group it falls in."""

    operation: str
    request: Any
    rulings_a: Any  # the rulings side A answered under (a written vector carries these)
    rulings_b: Any  # the rulings side B answered under: A's, with B's switches
    a: Answer
    b: Answer

    @property
    def group(self) -> Group:
        a, b = self.a, self.b
        return group_of(self.operation, a.kind, a.said() or a.kind, b.kind, b.said() or b.kind, a.output, b.output)


def compare(a: Side, b: Side, operation: str, request: object, drawn: object) -> Difference | None:
    """Ask both sides under the drawn rulings (each with its own switches); the difference, if any."""
    rulings_a, rulings_b = a.rulings_for(drawn), b.rulings_for(drawn)
    one = ask(a, operation, request, rulings_a)
    two = ask(b, operation, request, rulings_b)
    return None if one.matches(two) else Difference(operation, request, rulings_a, rulings_b, one, two)
