"""Imperium: Classics: exhaust abilities, red cards, drawing, the market, payment and collapse, as pure rule functions.

Each operation takes a request and the rulings, checks the whole request first (``InvalidState``),
refuses what the rules forbid (``IllegalAction``) and returns new values, never mutating its input;
see spec/imperium-classics.md for the clauses they implement.
"""

from __future__ import annotations

from rulespec.reference.imperium.cheapest import cheapest_payments
from rulespec.reference.imperium.collapse import check_collapse, resolve_action
from rulespec.reference.imperium.drawing import draw
from rulespec.reference.imperium.exhaust import use_exhaust_ability
from rulespec.reference.imperium.market import acquire_market_card
from rulespec.reference.imperium.payment import pay_cost
from rulespec.reference.imperium.play import play_card
from rulespec.reference.imperium.winner import determine_winner

__all__ = [
    "acquire_market_card",
    "check_collapse",
    "cheapest_payments",
    "determine_winner",
    "draw",
    "pay_cost",
    "play_card",
    "resolve_action",
    "use_exhaust_ability",
]
