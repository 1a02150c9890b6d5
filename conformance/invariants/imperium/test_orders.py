"""A request broken at two or more steps of the spec's Order of checks is refused on the earliest.

One fault alone cannot tell one order of checks from another: these draw several, each at a different step of a
row of the table (``strategies.imperium_orders``, which reads the order from the spec), under any rulings.
"""

from __future__ import annotations

import pytest
from hypothesis import given

from rulespec.conformance.harness.games.imperium import Imperium
from rulespec.conformance.invariants.imperium.outcomes import fixture_safe
from rulespec.conformance.invariants.refusals import assert_refused
from rulespec.conformance.strategies import imperium as imp
from rulespec.conformance.strategies import imperium_orders
from rulespec.conformance.strategies.faults import Faults
from rulespec.reference.imperium.model import ActionRequest, ExhaustRequest, PaymentRequest
from rulespec.reference.imperium.rulings import Rulings


@pytest.mark.rules("IMP-STATE-3", "IMP-STATE-1", "IMP-STATE-2")
@fixture_safe
@given(case=imperium_orders.player_faults(), rulings=imp.rulings())
def test_a_player_is_refused_on_its_earliest_fault(
    imperium: Imperium, case: Faults[ExhaustRequest], rulings: Rulings
) -> None:
    assert_refused(lambda: imperium.use_exhaust_ability(case.request, rulings), case)


# IMP-EXHAUST-4 states the order: IMP-EXHAUST-4, -2, -3, -1, after the player (IMP-STATE-*)
@pytest.mark.rules("IMP-EXHAUST-4", "IMP-EXHAUST-2", "IMP-EXHAUST-3", "IMP-EXHAUST-1", "IMP-STATE-2")
@fixture_safe
@given(case=imperium_orders.exhaust_faults(), rulings=imp.rulings())
def test_exhaust_refuses_the_earliest_fault(imperium: Imperium, case: Faults[ExhaustRequest], rulings: Rulings) -> None:
    assert_refused(lambda: imperium.use_exhaust_ability(case.request, rulings), case)


@pytest.mark.rules("IMP-PAY-1", "IMP-PAY-4", "IMP-STATE-2")
@fixture_safe
@given(case=imperium_orders.pay_cost_faults(), rulings=imp.rulings())
def test_pay_cost_refuses_the_earliest_fault(
    imperium: Imperium, case: Faults[PaymentRequest], rulings: Rulings
) -> None:
    assert_refused(lambda: imperium.pay_cost(case.request, rulings), case)


# the row of `resolve_action`: the player, the unrest pile (names, suits, emptiness), then each effect in order
@pytest.mark.rules("IMP-STATE-2", "IMP-STATE-1", "IMP-STATE-3", "IMP-STATE-4", "IMP-COLLAPSE-2")
@fixture_safe
@given(case=imperium_orders.resolve_action_faults(), rulings=imp.rulings())
def test_resolve_action_refuses_the_earliest_fault(
    imperium: Imperium, case: Faults[ActionRequest], rulings: Rulings
) -> None:
    assert_refused(lambda: imperium.resolve_action(case.request, rulings), case)


@pytest.mark.rules("IMP-COLLAPSE-2", "IMP-STATE-2")
@fixture_safe
@given(case=imperium_orders.collapse_first(), rulings=imp.rulings())
def test_every_effect_is_checked_before_the_first_is_carried_out(
    imperium: Imperium, case: Faults[ActionRequest], rulings: Rulings
) -> None:
    assert_refused(lambda: imperium.resolve_action(case.request, rulings), case)
