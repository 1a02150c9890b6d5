"""Population, income and maintenance: the tracks and the treasury after each step."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec.conformance.harness.games.soe import StruggleOfEmpires
from rulespec.conformance.invariants.soe.support import subject_settings
from rulespec.conformance.strategies import soe as soe_strategies
from rulespec.reference.struggle_of_empires.model import (
    IncomeRequest,
    MaintenanceRequest,
    PopulationRequest,
)
from rulespec.reference.struggle_of_empires.rulings import Rulings

MaintenanceCase = tuple[MaintenanceRequest, Rulings]


@pytest.mark.rules("SOE-POP-1", "SOE-POP-2")
@subject_settings()
@given(request=soe_strategies.population_requests(), rulings=soe_strategies.rulings())
def test_population_grows_by_five_and_stays_on_the_track(
    soe: StruggleOfEmpires, request: PopulationRequest, rulings: Rulings
) -> None:
    grown = soe.grow_population(request, rulings).empires
    assert [e.player for e in grown] == [e.player for e in request.empires]
    for before, after in zip(request.empires, grown):
        assert 0 <= after.population <= 9, (
            f"SOE-POP-2: {after.player}: population {after.population} is off the 0–9 track"
        )
        assert after.population == min(9, before.population + 5), f"{before.population} + 5 gave {after.population}"
        assert replace(after, population=before.population) == before, "population growth changed another field"


@pytest.mark.rules("SOE-INCOME-1", "SOE-INCOME-2", "SOE-INCOME-3", "SOE-INCOME-4")
@subject_settings()
@given(request=soe_strategies.income_requests(), rulings=soe_strategies.rulings())
def test_income_is_population_plus_markers_on_the_map(
    soe: StruggleOfEmpires, request: IncomeRequest, rulings: Rulings
) -> None:
    paid = soe.collect_income(request, rulings).empires
    assert [e.player for e in paid] == [e.player for e in request.empires]
    for before, after in zip(request.empires, paid):
        markers = soe_strategies.markers_on_the_map(before.player, request.regions)
        assert after.gold == before.gold + before.population + markers, (
            f"{before.player}: gold {before.gold} + population {before.population} + markers {markers} "
            f"gave {after.gold}"
        )
        assert replace(after, gold=before.gold) == before, "income changed something besides gold"


@pytest.mark.rules("SOE-INCOME-3", "SOE-INCOME-4")
@subject_settings()
@given(request=soe_strategies.income_requests(), rulings=soe_strategies.rulings(), data=st.data())
def test_income_ignores_the_order_of_the_players(
    soe: StruggleOfEmpires, request: IncomeRequest, rulings: Rulings, data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(request.empires).map(tuple), label="empires reordered")
    straight = {e.player: e for e in soe.collect_income(request, rulings).empires}
    reordered = soe.collect_income(replace(request, empires=shuffled), rulings).empires
    assert [e.player for e in reordered] == [e.player for e in shuffled], "results not in the order of the empires"
    assert all(straight[e.player] == e for e in reordered), "an empire's income depends on the players' order"


def _draws_of(request: MaintenanceRequest, player: str) -> tuple[int, ...]:
    return next((o.unrest_draws for o in request.orders if o.player == player), ())


@pytest.mark.rules("SOE-MAINT-1", "SOE-MAINT-3", "SOE-MAINT-4", "SOE-MAINT-5", "SOE-MAINT-7")
@subject_settings()
@given(case=soe_strategies.maintenance_cases())
def test_maintenance_pays_the_upkeep_with_exactly_the_taxations_needed(
    soe: StruggleOfEmpires, case: MaintenanceCase
) -> None:
    request, rulings = case
    paid = soe.pay_maintenance(request, rulings).empires
    assert [e.player for e in paid] == [e.player for e in request.empires]
    for before, after in zip(request.empires, paid):
        cost = before.armies + before.navies + before.forts
        taxations = len(_draws_of(request, before.player))
        assert after.gold >= 0, f"{before.player}: gold {after.gold} after maintenance"
        expected = before.gold + taxations * rulings.gold_per_taxation - cost
        assert after.gold == expected, (
            f"{before.player}: gold {before.gold}, upkeep {cost}, "
            f"{taxations} taxation(s) of {rulings.gold_per_taxation} "
            f"should leave {expected}, left {after.gold}"
        )


@pytest.mark.rules("SOE-MAINT-6", "SOE-MAINT-5")
@subject_settings()
@given(case=soe_strategies.maintenance_cases())
def test_each_drawn_token_adds_its_unrest(soe: StruggleOfEmpires, case: MaintenanceCase) -> None:
    request, rulings = case
    paid = soe.pay_maintenance(request, rulings).empires
    for before, after in zip(request.empires, paid):
        drawn = _draws_of(request, before.player)
        assert after.unrest == before.unrest + sum(drawn), (
            f"{before.player}: unrest {before.unrest} + draws {drawn} gave {after.unrest}"
        )


@pytest.mark.rules("SOE-MAINT-7", "SOE-MAINT-2")
@subject_settings()
@given(case=soe_strategies.maintenance_cases())
def test_maintenance_never_changes_units(soe: StruggleOfEmpires, case: MaintenanceCase) -> None:
    request, rulings = case
    paid = soe.pay_maintenance(request, rulings).empires
    for before, after in zip(request.empires, paid):
        assert (after.armies, after.navies, after.forts) == (before.armies, before.navies, before.forts), (
            "units changed"
        )
        assert replace(after, gold=before.gold, unrest=before.unrest) == before, (
            "maintenance changed more than gold and unrest"
        )


@pytest.mark.rules("SOE-MAINT-1", "SOE-MAINT-8")
@subject_settings()
@given(case=soe_strategies.maintenance_cases(), data=st.data())
def test_maintenance_ignores_the_order_of_the_players(
    soe: StruggleOfEmpires, case: MaintenanceCase, data: st.DataObject
) -> None:
    request, rulings = case
    shuffled = data.draw(st.permutations(request.empires).map(tuple), label="empires reordered")
    straight = {e.player: e for e in soe.pay_maintenance(request, rulings).empires}
    reordered = soe.pay_maintenance(replace(request, empires=shuffled), rulings).empires
    assert [e.player for e in reordered] == [e.player for e in shuffled], "results not in the order of the empires"
    assert all(straight[e.player] == e for e in reordered), "an empire's maintenance depends on the players' order"
