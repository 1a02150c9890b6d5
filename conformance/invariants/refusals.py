"""A refusal as the rules must give it: the error kind and the field (``InvalidState``) or rule (``IllegalAction``)
a case names, for the invariants of every game that send requests at fault on purpose."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rulespec.reference.errors import IllegalAction, InvalidState, RuleError


class Expected(Protocol):
    """A case at fault: how it must be refused (``refusal``, ``where``) and what was broken, in words."""

    @property
    def refusal(self) -> str: ...
    @property
    def where(self) -> str: ...
    @property
    def fault(self) -> str: ...


def refusal_of(call: Callable[[], object]) -> RuleError | None:
    """The rules' refusal ``call`` raised, or None when it answered."""
    try:
        call()
    except RuleError as refused:
        return refused
    return None


def describe(refused: RuleError | None) -> str:
    if isinstance(refused, InvalidState):
        return f"InvalidState on {refused.field}"
    if isinstance(refused, IllegalAction):
        return f"IllegalAction naming {refused.rule}"
    return "no refusal"


def assert_refused(call: Callable[[], object], case: Expected) -> None:
    """``call`` refuses ``case`` with the error kind and the field (or rule) the case names."""
    refused = refusal_of(call)
    expected = f"{case.refusal} {'on' if case.refusal == 'InvalidState' else 'naming'} {case.where}"
    message = f"{case.fault}: expected {expected}, got {describe(refused)}"
    if case.refusal == "InvalidState":
        assert isinstance(refused, InvalidState) and refused.field == case.where, message
    else:
        assert isinstance(refused, IllegalAction) and refused.rule == case.where, message
