"""What an operation answered, as one comparable value: a result, or the refusal and what it names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from rulespec.reference.errors import IllegalAction, InvalidState

# The fixture is a stateless view of the subject, so sharing it across examples is safe.
fixture_safe = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])

Outcome = tuple[str, Any]


def outcome(call: Callable[[Any, Any], Any], request: object, rulings: object) -> Outcome:
    """``("result", value)``, ``("InvalidState", field)`` or ``("IllegalAction", rule)``."""
    try:
        return ("result", call(request, rulings))
    except InvalidState as refusal:
        return ("InvalidState", refusal.field)
    except IllegalAction as refusal:
        return ("IllegalAction", refusal.rule)


Relevance = Callable[[Any, Outcome], bool]


def refused_under(rule: str) -> Relevance:
    """The reference refuses the request under ``rule``."""
    return lambda _request, expected: expected == ("IllegalAction", rule)


def accepted(when: Callable[[Any, Any], bool] = lambda _request, _result: True) -> Relevance:
    """The reference accepts the request, and ``when(request, result)`` holds."""
    return lambda request, expected: expected[0] == "result" and when(request, expected[1])


def either(*tests: Relevance) -> Relevance:
    return lambda request, expected: any(test(request, expected) for test in tests)


def agrees(
    subject: Callable[[Any, Any], Any],
    oracle: Callable[[Any, Any], Any],
    request: object,
    rulings: object,
    relevant: Relevance,
) -> None:
    """Differential check, scoped to one rule: where the reference's answer turns on it, the subject's is the same.

    Scoping keeps a verdict on the rule that decided the case: a subject that wrongly
    refuses a second exhaust is reported under IMP-EXHAUST-2, not under every exhaust rule.
    """
    expected = outcome(oracle, request, rulings)
    if relevant(request, expected):
        assert outcome(subject, request, rulings) == expected


def scoped(rule: str, relevant: Relevance) -> Any:
    """One parametrisation of a differential test, tagged with the rule it checks."""
    return pytest.param(relevant, marks=pytest.mark.rules(rule), id=rule)
