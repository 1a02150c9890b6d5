"""Judging a result: equal JSON passes, and a value of another JSON kind is a difference even when Python
calls it equal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulespec.conformance.harness.subject import ImplementationError
from rulespec.conformance.harness.vectors import Case, ErrorKind, ExpectedError, LoadedCase
from rulespec.conformance.harness.verdict import Outcome, describe, judge_refusal, judge_result, run_case
from rulespec.reference.errors import InvalidState


def _expecting(output: dict[str, Any]) -> LoadedCase:
    case = Case(id="c", description="", rules=("X-1",), input={}, output=output)
    return LoadedCase("soe", "op", case, Path("v.json"), 0, None, None)


@pytest.mark.parametrize(
    ("expected", "actual"),
    [
        ({"a": 1, "b": [1, 2]}, {"b": [1, 2], "a": 1}),  # key order is not a difference
        ({"a": (1, 2)}, {"a": [1, 2]}),  # a tuple is the array a vector holds
        ({"a": 0.0}, {"a": -0.0}),  # different text, the same number of the same kind
    ],
)
def test_the_same_values_pass(expected: dict[str, Any], actual: dict[str, Any]) -> None:
    assert judge_result(_expecting(expected), actual).outcome == Outcome.PASSED


@pytest.mark.parametrize(
    ("expected", "actual", "where"),
    [
        ({"a": 1}, {"a": 1.0}, "$.a: expected 1, got 1.0"),
        ({"a": 1}, {"a": True}, "$.a: expected 1, got true"),
        ({"a": [1, 2]}, {"a": [1]}, "$.a: expected 2 items, got 1"),
        ({"a": 1, "b": 2}, {"a": 1}, "$.b: missing (expected 2)"),
        ({"a": 1}, {"a": 1, "c": 3}, "$.c: unexpected (got 3)"),
        ({"a": {"b": [0, {"c": "x"}]}}, {"a": {"b": [0, {"c": "y"}]}}, '$.a.b[1].c: expected "x", got "y"'),
        # every differing path, not just the first
        (
            {"winner": "england", "turn": 6},
            {"winner": "habsburgs", "turn": None},
            '$.turn: expected 6, got null; $.winner: expected "england", got "habsburgs"',
        ),
    ],
)
def test_a_difference_fails_at_its_path(expected: dict[str, Any], actual: dict[str, Any], where: str) -> None:
    verdict = judge_result(_expecting(expected), actual)
    assert verdict.outcome == Outcome.FAILED
    assert verdict.detail == f"result differs at {where}"


def test_a_failure_carries_both_answers_and_every_path() -> None:
    verdict = judge_result(_expecting({"winner": "england", "awards": [1, 2]}), {"winner": "papacy", "awards": [1]})
    assert verdict.expected == {"winner": "england", "awards": [1, 2]}
    assert verdict.got == {"winner": "papacy", "awards": [1]}
    assert [difference.path for difference in verdict.differences] == ["$.awards", "$.winner"]


def test_a_refusal_on_another_field_differs_at_that_field_alone() -> None:
    case = Case(
        id="c",
        description="",
        rules=("X-1",),
        input={},
        error=ExpectedError(ErrorKind.INVALID_STATE, field="market[1].card.name"),
    )
    loaded = LoadedCase("imperium", "op", case, Path("v.json"), 0, None, None)
    verdict = judge_refusal(loaded, InvalidState("market[1].card", "gaul", "this card already lies elsewhere", "X-1"))
    assert verdict.expected == {"error": {"kind": "InvalidState", "field": "market[1].card.name"}}
    assert verdict.got == {"error": {"kind": "InvalidState", "field": "market[1].card"}}
    assert [describe(d) for d in verdict.differences] == [
        '$.error.field: expected "market[1].card.name", got "market[1].card"'
    ]


class _Answering:
    """A subject whose one answer its result type refuses: ``read_anyway`` holds it as given."""

    label = "fake"

    def __init__(self, given: dict[str, Any]) -> None:
        self.given = given

    def supports(self, operation: str) -> bool:
        return True

    def call(self, operation: str, request: object, rulings: object) -> Any:
        fault = ImplementationError("wrong type: output is not a Result: Expected `int`")
        fault.read_anyway = (self.given,)
        raise fault

    def close(self) -> None:
        return None


@pytest.mark.parametrize(
    ("given", "outcome"),
    [
        ({"vp": None}, Outcome.FAILED),  # a null for the 4 due: a wrong answer, whatever its type
        ({"vp": 4.5}, Outcome.FAILED),  # another value
        ({"vp": 4.0}, Outcome.ERROR),  # the value due in another form: the shape's fault alone
        ({"vp": "4"}, Outcome.ERROR),
        ({"vp": None, "extra": 1}, Outcome.ERROR),  # a key the expectation lacks: the shape, not a value
        ({"vp": 4, "tied": None}, Outcome.ERROR),  # a list as null: the wire's form (an empty list is [])
    ],
)
def test_an_output_its_type_refuses_is_judged_as_given_only_where_a_value_departs(
    given: dict[str, Any], outcome: Outcome
) -> None:
    verdict = run_case(_Answering(given), _expecting({"vp": 4, "tied": []} if "tied" in given else {"vp": 4}))
    assert verdict.outcome == outcome, verdict
    if outcome == Outcome.FAILED:
        assert verdict.detail.endswith("(and wrong type: output is not a Result: Expected `int`)"), verdict.detail


def test_a_list_holding_something_sent_as_null_is_a_value_lost() -> None:
    """``null`` for ``[]`` is the wire's form alone; for a list holding powers it loses them: judged as given."""
    verdict = run_case(_Answering({"vp": 4, "tied": None}), _expecting({"vp": 4, "tied": ["england", "france"]}))
    assert verdict.outcome == Outcome.FAILED, verdict
