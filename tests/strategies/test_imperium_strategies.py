"""The Imperium strategies make what they promise: valid inputs are never refused as impossible.

If a strategy produced an impossible state, the invariants would test refusals instead of
rules; these tests keep the strategies honest against the reference's own checks.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec.reference.imperium as reference
from rulespec.conformance.strategies import imperium as imp
from rulespec.conformance.strategies import imperium_requests
from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.imperium.model import (
    AcquireRequest,
    ActionRequest,
    CheapestRequest,
    DrawRequest,
    ExhaustRequest,
    PaymentRequest,
    Player,
    PlayRequest,
    WinnerRequest,
)
from rulespec.reference.imperium.rulings import Rulings
from rulespec.reference.imperium.validation import validate_player


@given(player=imp.players())
def test_players_are_valid(player: Player) -> None:
    validate_player(player, "player")


@given(request=imperium_requests.exhaust_requests(), rulings=imp.rulings())
def test_exhaust_requests_are_never_impossible(request: ExhaustRequest, rulings: Rulings) -> None:
    try:
        reference.use_exhaust_ability(request, rulings)
    except IllegalAction:
        pass


@given(request=imp.play_requests(), rulings=imp.rulings())
def test_play_requests_are_never_impossible(request: PlayRequest, rulings: Rulings) -> None:
    try:
        reference.play_card(request, rulings)
    except IllegalAction:
        pass


@given(data=st.data(), rulings=imp.rulings())
def test_draw_requests_carry_exactly_the_orders_they_use(data: st.DataObject, rulings: Rulings) -> None:
    request: DrawRequest = data.draw(imp.draw_requests(rulings))
    try:
        reference.draw(request, rulings)
    except IllegalAction as refusal:
        assert refusal.rule in ("IMP-RULING-6", "IMP-RULING-7")


@given(request=imp.acquire_requests(), rulings=imp.rulings())
def test_acquire_requests_are_never_impossible(request: AcquireRequest, rulings: Rulings) -> None:
    try:
        reference.acquire_market_card(request, rulings)
    except IllegalAction as refusal:
        assert refusal.rule == "IMP-RULING-9"


@given(request=imp.payment_requests(), rulings=imp.rulings())
def test_payment_requests_are_never_impossible(request: PaymentRequest, rulings: Rulings) -> None:
    try:
        reference.pay_cost(request, rulings)
    except IllegalAction as refusal:
        assert refusal.rule in ("IMP-PAY-4", "IMP-RULING-4")


@given(request=imp.cheapest_requests(), rulings=imp.rulings())
def test_cheapest_requests_are_valid(request: CheapestRequest, rulings: Rulings) -> None:
    reference.cheapest_payments(request, rulings)


@given(request=imp.action_requests(), rulings=imp.rulings())
def test_action_requests_are_valid(request: ActionRequest, rulings: Rulings) -> None:
    reference.resolve_action(request, rulings)


@given(request=imp.winner_requests(), rulings=imp.rulings())
def test_winner_requests_are_valid(request: WinnerRequest, rulings: Rulings) -> None:
    reference.determine_winner(request, rulings)


@given(broken=imp.invalid_players(), rulings=imp.rulings())
def test_invalid_players_are_refused_where_they_say(broken: tuple[Player, str], rulings: Rulings) -> None:
    player, field = broken
    with pytest.raises(InvalidState) as refusal:
        reference.play_card(PlayRequest(player, player.hand[0].name), rulings)
    assert refusal.value.field == f"player.{field}"
