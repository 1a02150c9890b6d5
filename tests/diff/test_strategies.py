"""Every operation of every game is searched with a strategy made for it, whose draws mostly pass validation."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.conformance.harness.diff.answers import ask
from rulespec.conformance.harness.diff.sides import parse_side
from rulespec.conformance.harness.diff.strategies import offered_strategy, rulings_strategy
from rulespec.conformance.harness.games import REGISTRY, game

OPERATIONS = [(key, op.name) for key in sorted(REGISTRY) for op in game(key).operations]


@pytest.mark.parametrize(("key", "operation"), OPERATIONS)
def test_no_operation_falls_back_to_drawing_from_its_type(key: str, operation: str) -> None:
    assert offered_strategy(game(key), operation) is not None, (
        f"{key}.{operation}: add {operation}_requests() to conformance/strategies/{key}_requests.py"
    )


@pytest.mark.parametrize(("key", "operation"), OPERATIONS)
def test_most_draws_pass_validation(key: str, operation: str) -> None:
    chosen = game(key)
    reference = parse_side(chosen, "ref")
    requests = offered_strategy(chosen, operation)
    assert requests is not None
    answers: Counter[str] = Counter()

    @settings(
        max_examples=100,
        database=None,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(data=st.data())
    def draw(data: st.DataObject) -> None:
        rulings = data.draw(rulings_strategy(chosen))
        answers[ask(reference, operation, data.draw(requests(rulings)), rulings).kind] += 1

    draw()
    assert answers["result"] > sum(answers.values()) / 2, f"{key}.{operation}: {dict(answers)}"
