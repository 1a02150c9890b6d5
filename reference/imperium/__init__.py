"""Imperium: Classics: exhaust abilities, red cards, drawing, the market, payment and collapse.

One function per operation, ``operation(request, rulings, /) -> result``: each checks its
request first (``InvalidState``), refuses what the rules forbid (``IllegalAction``), and
returns new values, never mutating its input. Docstrings name the clauses of
spec/imperium-classics.md and carry PEP 316 contracts for CrossHair.
"""

from __future__ import annotations

from reference.errors import IllegalAction as IllegalAction  # named by the contracts' raises: lines
from reference.errors import InvalidState as InvalidState
from reference.imperium.cheapest import cheapest
from reference.imperium.collapse import is_collapsed, resolve
from reference.imperium.draw import draw as draw_cards
from reference.imperium.exhaust import exhaust
from reference.imperium.market import acquire
from reference.imperium.model import (
    AcquireRequest,
    AcquireResult,
    ActionRequest,
    ActionResult,
    CheapestRequest,
    Collapse,
    CollapseRequest,
    DrawRequest,
    DrawResult,
    ExhaustRequest,
    Outcome,
    PaymentRequest,
    PaymentResult,
    Payments,
    Player,
    PlayRequest,
    WinnerRequest,
)
from reference.imperium.payment import pay
from reference.imperium.play import play
from reference.imperium.rulings import DEFAULT, Rulings
from reference.imperium.winner import winner

__all__ = [
    "DEFAULT",
    "Rulings",
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


def use_exhaust_ability(request: ExhaustRequest, rulings: Rulings, /) -> Player:
    """Use a card's exhaust ability: IMP-EXHAUST-1 to IMP-EXHAUST-4, IMP-PLAY-3, IMP-STATE-1 to IMP-STATE-3.

    raises: InvalidState, IllegalAction
    post: __return__.markers_on_nation_card == request.player.markers_on_nation_card - 1
    post: __return__.exhausted == request.player.exhausted + (request.card,)
    """
    return exhaust(request)


def play_card(request: PlayRequest, rulings: Rulings, /) -> Player:
    """Play a card from the hand: IMP-PLAY-1, IMP-PLAY-2, IMP-STATE-1 to IMP-STATE-3.

    raises: InvalidState, IllegalAction
    post: len(__return__.hand) == len(request.player.hand) - 1
    post: __return__.play_area[-1].name == request.card
    """
    return play(request)


def draw(request: DrawRequest, rulings: Rulings, /) -> DrawResult:
    """Draw cards: IMP-DRAW-1 to IMP-DRAW-5, IMP-RULING-1, IMP-RULING-6, IMP-RULING-7.

    raises: InvalidState, IllegalAction
    post: len(__return__.drawn) <= request.count
    post: request.mode != "if_able" or __return__.shuffles == 0
    post: request.mode != "if_able" or len(__return__.drawn) == min(request.count, len(request.player.draw_pile))
    """
    return draw_cards(request, rulings)


def acquire_market_card(request: AcquireRequest, rulings: Rulings, /) -> AcquireResult:
    """Acquire a market card: IMP-MARKET-1 to IMP-MARKET-5, IMP-COLLAPSE-1, IMP-RULING-2, -8, -9, IMP-STATE-*.

    raises: InvalidState, IllegalAction
    post: len(__return__.market) == len(request.market)
    post: __return__.collapsed == (len(__return__.unrest_pile) == 0)
    post: len(__return__.unrest_pile) >= len(request.unrest_pile) - 1
    """
    return acquire(request, rulings)


def pay_cost(request: PaymentRequest, rulings: Rulings, /) -> PaymentResult:
    """Pay a cost: IMP-PAY-1 to IMP-PAY-4, IMP-RULING-4, IMP-STATE-2.

    raises: InvalidState, IllegalAction
    post: __return__.surplus >= 0
    post: __return__.tokens.coins == request.tokens.coins - request.payment.coins
    post: __return__.tokens.resources == request.tokens.resources - request.payment.resources
    """
    return pay(request, rulings)


def cheapest_payments(request: CheapestRequest, rulings: Rulings, /) -> Payments:
    """The legal payments that waste least: IMP-PAY-5 (with IMP-PAY-1 to IMP-PAY-4), IMP-STATE-2.

    raises: InvalidState
    post: (__return__.surplus is None) == (len(__return__.payments) == 0)
    post: all(p.coins <= request.tokens.coins and p.resources <= request.tokens.resources for p in __return__.payments)
    """
    return cheapest(request)


def resolve_action(request: ActionRequest, rulings: Rulings, /) -> ActionResult:
    """Carry out an action's effects, ending at collapse: IMP-COLLAPSE-1, IMP-COLLAPSE-2, IMP-STATE-*.

    raises: InvalidState
    post: __return__.collapsed == (len(__return__.unrest_pile) == 0)
    post: __return__.effects_done <= len(request.effects)
    post: __return__.collapsed or __return__.effects_done == len(request.effects)
    """
    return resolve(request)


def check_collapse(request: CollapseRequest, rulings: Rulings, /) -> Collapse:
    """Whether the game has collapsed: IMP-COLLAPSE-1, IMP-STATE-1, IMP-STATE-4.

    raises: InvalidState
    post: __return__.collapsed == (len(request.unrest_pile) == 0)
    """
    return is_collapsed(request)


def determine_winner(request: WinnerRequest, rulings: Rulings, /) -> Outcome:
    """The winner: IMP-COLLAPSE-3 to IMP-COLLAPSE-5, IMP-RULING-3, IMP-RULING-5, IMP-STATE-1 to IMP-STATE-3.

    raises: InvalidState
    post: len(__return__.unrest) == len(request.players)
    post: len(__return__.winners) >= 1
    """
    return winner(request, rulings)
