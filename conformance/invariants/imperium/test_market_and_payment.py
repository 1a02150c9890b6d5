"""Acquiring and paying: every card, token and marker is accounted for; no change is ever given."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec.reference.imperium as reference
from rulespec.conformance.harness.games.imperium import Imperium
from rulespec.conformance.invariants.imperium.outcomes import (
    Relevance,
    accepted,
    agrees,
    either,
    fixture_safe,
    outcome,
    refused_under,
    scoped,
)
from rulespec.conformance.strategies import imperium as imp
from rulespec.conformance.strategies import imperium_requests
from rulespec.reference.imperium.model import (
    AcquireRequest,
    AcquireResult,
    Card,
    CheapestRequest,
    MarketSlot,
    PaymentRequest,
    Tokens,
)
from rulespec.reference.imperium.rulings import Rulings

# half the payments at the edges diff searches: exact, one token over, one short (spare influence among them)
PAYMENTS = st.one_of(imp.payment_requests(), imperium_requests.payment_requests())


def market_cards(market: tuple[MarketSlot, ...]) -> tuple[Card, ...]:
    return tuple(c for slot in market for c in (slot.card, slot.unrest) if c is not None)


def all_cards(state: AcquireRequest | AcquireResult) -> Counter[str]:
    held = imp.everything(state.player) + market_cards(state.market) + state.market_deck + state.unrest_pile
    return Counter(card.name for card in held)


def market_tokens(market: tuple[MarketSlot, ...]) -> tuple[int, int, int]:
    return sum(s.coins for s in market), sum(s.influence for s in market), sum(s.actions for s in market)


@pytest.mark.rules("IMP-MARKET-1", "IMP-MARKET-2", "IMP-MARKET-3", "IMP-MARKET-4", "IMP-MARKET-5", "IMP-STATE-1")
@fixture_safe
@given(request=imp.acquire_requests(), rulings=imp.rulings())
def test_acquire_conserves_cards_tokens_and_markers(
    imperium: Imperium, request: AcquireRequest, rulings: Rulings
) -> None:
    """Nothing appears or vanishes: cards, coins, influence and action tokens only change hands."""
    kind, result = outcome(imperium.acquire_market_card, request, rulings)
    if kind != "result":
        assert (kind, result) in (("IllegalAction", "IMP-RULING-9"),)
        return
    assert all_cards(result) == all_cards(request)
    coins, influence, actions = market_tokens(request.market)
    left = market_tokens(result.market)
    before, after = request.player, result.player
    assert after.tokens.coins + left[0] == before.tokens.coins + coins
    assert after.tokens.influence + left[1] == before.tokens.influence + influence
    assert after.action_markers + left[2] == before.action_markers + actions
    assert after.action_markers - after.markers_on_nation_card == before.action_markers - before.markers_on_nation_card


@pytest.mark.rules("IMP-MARKET-3")
@fixture_safe
@given(request=imp.acquire_requests(), rulings=imp.rulings())
def test_unrest_under_the_bought_card_goes_to_the_hand(
    imperium: Imperium, request: AcquireRequest, rulings: Rulings
) -> None:
    """The unrest card under the acquired card ends in the acquirer's hand, not in the market."""
    slot = next(s for s in request.market if s.card is not None and s.card.name == request.card)
    kind, result = outcome(imperium.acquire_market_card, request, rulings)
    if kind == "result" and slot.unrest is not None:
        assert slot.unrest in result.player.hand
        assert slot.unrest not in market_cards(result.market)


def slid(request: AcquireRequest, result: AcquireResult) -> bool:
    """Whether the refill slid an unrest card under the replacement."""
    return len(result.unrest_pile) < len(request.unrest_pile)


ACQUIRE_RULES = [
    scoped("IMP-MARKET-1", accepted()),
    scoped("IMP-MARKET-4", accepted(lambda request, _: bool(request.market_deck))),
    scoped("IMP-MARKET-5", accepted(lambda request, _: bool(request.market_deck))),
    scoped("IMP-COLLAPSE-1", accepted(lambda _, result: result.collapsed)),
    scoped("IMP-RULING-2", accepted(slid)),
    scoped("IMP-RULING-8", accepted()),
    scoped("IMP-RULING-9", either(refused_under("IMP-RULING-9"), accepted(lambda request, _: not request.market_deck))),
]


@pytest.mark.parametrize("relevant", ACQUIRE_RULES)
@fixture_safe
@given(request=imp.acquire_requests(), rulings=imp.rulings())
def test_acquire_agrees_with_the_rules(
    imperium: Imperium, relevant: Relevance, request: AcquireRequest, rulings: Rulings
) -> None:
    """Differential: the acquisition, refill, slide and collapse match the reference."""
    agrees(imperium.acquire_market_card, reference.acquire_market_card, request, rulings, relevant)


@pytest.mark.rules("IMP-PAY-3", "IMP-PAY-1")
@fixture_safe
@given(request=PAYMENTS, rulings=imp.rulings())
def test_payment_gives_no_change(imperium: Imperium, request: PaymentRequest, rulings: Rulings) -> None:
    """After any accepted payment the player holds exactly their tokens less the payment."""
    kind, result = outcome(imperium.pay_cost, request, rulings)
    if kind == "result":
        held, paid = request.tokens, request.payment
        assert result.tokens == Tokens(
            held.coins - paid.coins,
            held.military - paid.military,
            held.influence - paid.influence,
            held.resources - paid.resources,
            held.progress - paid.progress,
        )


def spends_influence_as_military(request: PaymentRequest) -> bool:
    return request.payment.influence > request.cost.influence


def spends_resources(request: PaymentRequest) -> bool:
    return request.payment.resources > 0


def plain(request: PaymentRequest) -> bool:
    """A payment that uses neither conversion."""
    return not spends_influence_as_military(request) and not spends_resources(request)


# Each payment is judged under the rule that decides it: the conversion it uses, else the plain rules.
PAY_RULES = [
    scoped("IMP-PAY-2", lambda request, _: spends_influence_as_military(request) and not spends_resources(request)),
    scoped("IMP-PAY-3", lambda request, _: spends_resources(request)),
    scoped(
        "IMP-PAY-4",
        either(refused_under("IMP-PAY-4"), lambda request, expected: plain(request) and expected[0] == "result"),
    ),
    scoped("IMP-RULING-4", either(refused_under("IMP-RULING-4"), lambda request, _: plain(request))),
]


@pytest.mark.parametrize("relevant", PAY_RULES)
@fixture_safe
@given(request=PAYMENTS, rulings=imp.rulings())
def test_payment_agrees_with_the_rules(
    imperium: Imperium, relevant: Relevance, request: PaymentRequest, rulings: Rulings
) -> None:
    """Differential: the subject accepts and refuses payments exactly as the reference does."""
    agrees(imperium.pay_cost, reference.pay_cost, request, rulings, relevant)


@pytest.mark.rules("IMP-PAY-5", "IMP-PAY-4")
@fixture_safe
@given(request=imp.cheapest_requests(), rulings=imp.rulings())
def test_cheapest_payments_are_accepted_and_least(
    imperium: Imperium, request: CheapestRequest, rulings: Rulings
) -> None:
    """Each cheapest payment is one pay_cost accepts, with the surplus claimed; and they match the reference."""
    kind, found = outcome(imperium.cheapest_payments, request, rulings)
    assert (kind, found) == outcome(reference.cheapest_payments, request, rulings)
    for payment in found.payments:
        paid = reference.pay_cost(PaymentRequest(request.tokens, request.cost, payment), rulings)
        assert paid.surplus == found.surplus
