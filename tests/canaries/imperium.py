"""Imperium: Classics canaries: each answers as the reference does except for one rule it breaks.

``rulespec verify --game imperium --impl tests.canaries.imperium:<Name>`` must fail on the
rules in ``caught_on``; ``tests/canaries/test_canaries.py`` checks that it does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import rulespec.reference.imperium as imperium
from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.imperium import validation
from rulespec.reference.imperium.model import (
    AcquireRequest,
    AcquireResult,
    ActionRequest,
    ActionResult,
    Collapse,
    CollapseRequest,
    DrawMode,
    DrawRequest,
    DrawResult,
    EffectKind,
    ExhaustRequest,
    NationSide,
    PaymentRequest,
    PaymentResult,
    Player,
    PlayRequest,
    Timing,
    Tokens,
)
from rulespec.reference.imperium.payment import TOKEN_TYPES, covers, of_kind
from rulespec.reference.imperium.rulings import Rulings, Surplus, UnrestUnder
from tests.canaries import Canary, Delegate


class Canaries(Delegate):
    reference = imperium


class RedCardsOnEmpireSide(Canaries):
    """Plays red cards whatever the nation card shows."""

    def play_card(self, request: PlayRequest, rulings: Rulings, /) -> Player:
        barbarian = replace(request.player, nation_side=NationSide.BARBARIAN)
        played = imperium.play_card(replace(request, player=barbarian), rulings)
        return replace(played, nation_side=request.player.nation_side)


class ReshuffleOnDrawIfAble(Canaries):
    """A "draw if able" from a short pile shuffles the discard pile in (in its current order) and goes on."""

    def draw(self, request: DrawRequest, rulings: Rulings, /) -> DrawResult:
        player = request.player
        if request.mode is DrawMode.IF_ABLE and len(player.draw_pile) < request.count and player.discard_pile:
            merged = replace(player, draw_pile=player.draw_pile + player.discard_pile, discard_pile=())
            result = imperium.draw(replace(request, player=merged), rulings)
            return replace(result, shuffles=1)
        return imperium.draw(request, rulings)


class ChangeForResources(Canaries):
    """Gives change in coins when resources overshoot a coin cost."""

    def pay_cost(self, request: PaymentRequest, rulings: Rulings, /) -> PaymentResult:
        paid = imperium.pay_cost(request, rulings)
        over = request.payment.coins + 2 * request.payment.resources - request.cost.coins
        if request.payment.resources and over > 0:
            change = min(over, 2 * request.payment.resources)
            return PaymentResult(replace(paid.tokens, coins=paid.tokens.coins + change), paid.surplus - change)
        return paid


class MilitaryPaysCoins(Canaries):
    """Lets military tokens pay coins one for one, a conversion the rules do not allow."""

    def pay_cost(self, request: PaymentRequest, rulings: Rulings, /) -> PaymentResult:
        payment, cost = request.payment, request.cost
        short = cost.coins - payment.coins - 2 * payment.resources
        if short > 0 and payment.military - cost.military >= short:
            eased = replace(cost, coins=cost.coins - short, military=cost.military + short)
            return imperium.pay_cost(replace(request, cost=eased), rulings)
        return imperium.pay_cost(request, rulings)


class SurplusInfluenceAccepted(Canaries):
    """Under ``surplus = refused``, takes back no spare influence: only coins, military and resources are checked."""

    def pay_cost(self, request: PaymentRequest, rulings: Rulings, /) -> PaymentResult:
        try:
            return imperium.pay_cost(request, rulings)
        except IllegalAction as refused:
            paid = request.payment
            spare = [
                kind
                for kind in TOKEN_TYPES
                if kind != "influence"
                and of_kind(paid, kind) > 0
                and covers(replace(paid, **{kind: of_kind(paid, kind) - 1}), request.cost)
            ]
            if refused.rule != "IMP-RULING-4" or spare:
                raise
            return imperium.pay_cost(request, replace(rulings, surplus=Surplus.FORFEITED))


class UnrestLeftInMarket(Canaries):
    """Leaves the unrest card under a bought card in the market, under the replacement."""

    def acquire_market_card(self, request: AcquireRequest, rulings: Rulings, /) -> AcquireResult:
        found = [i for i, s in enumerate(request.market) if s.card is not None and s.card.name == request.card]
        if not found or request.market[found[0]].unrest is None:
            return imperium.acquire_market_card(request, rulings)
        index = found[0]
        left = request.market[index].unrest
        stripped = request.market[:index] + (replace(request.market[index], unrest=None),) + request.market[index + 1 :]
        result = imperium.acquire_market_card(replace(request, market=stripped), rulings)
        slid = result.market[index].unrest
        pile = ((slid,) if slid is not None else ()) + result.unrest_pile
        market = result.market[:index] + (replace(result.market[index], unrest=left),) + result.market[index + 1 :]
        return replace(result, market=market, unrest_pile=pile, collapsed=not pile, collapse_card=None)


class NoUnrestUnderReplacements(Canaries):
    """Never slides an unrest card under a replacement."""

    def acquire_market_card(self, request: AcquireRequest, rulings: Rulings, /) -> AcquireResult:
        result = imperium.acquire_market_card(request, rulings)
        index = next(i for i, s in enumerate(request.market) if s.card is not None and s.card.name == request.card)
        slid = result.market[index].unrest
        if slid is None:
            return result
        market = result.market[:index] + (replace(result.market[index], unrest=None),) + result.market[index + 1 :]
        return replace(
            result, market=market, unrest_pile=(slid,) + result.unrest_pile, collapsed=False, collapse_card=None
        )


class FinishActionAfterCollapse(Canaries):
    """After the unrest pile empties, still carries out the gains left in the action."""

    def resolve_action(self, request: ActionRequest, rulings: Rulings, /) -> ActionResult:
        result = imperium.resolve_action(request, rulings)
        if not result.collapsed:
            return result
        player = result.player
        for effect in request.effects[result.effects_done + 1 :]:
            if effect.kind is EffectKind.GAIN:
                t, held = effect.tokens, player.tokens
                player = replace(
                    player,
                    tokens=Tokens(
                        held.coins + t.coins,
                        held.military + t.military,
                        held.influence + t.influence,
                        held.resources + t.resources,
                        held.progress + t.progress,
                    ),
                )
        return replace(result, player=player, effects_done=len(request.effects))


class ExhaustTwice(Canaries):
    """Uses an exhaust ability again while the card already holds an exhaust marker."""

    def use_exhaust_ability(self, request: ExhaustRequest, rulings: Rulings, /) -> Player:
        if request.card not in request.player.exhausted:
            return imperium.use_exhaust_ability(request, rulings)
        others = tuple(name for name in request.player.exhausted if name != request.card)
        player = replace(request.player, exhausted=others)
        return imperium.use_exhaust_ability(replace(request, player=player), rulings)


class ExhaustOutsideActivation(Canaries):
    """Uses any exhaust ability at any time, as if every card said so."""

    def use_exhaust_ability(self, request: ExhaustRequest, rulings: Rulings, /) -> Player:
        return imperium.use_exhaust_ability(replace(request, timing=Timing.OWN_ACTIVATION), rulings)


class ShuffleWithoutNationCard(Canaries):
    """Skips the first step of the shuffle procedure: the nation card never moves."""

    def draw(self, request: DrawRequest, rulings: Rulings, /) -> DrawResult:
        nation = {card.name for card in request.player.nation_deck}
        orders = tuple(o for o in (tuple(n for n in order if n not in nation) for order in request.shuffles) if o)
        hidden = replace(request, player=replace(request.player, nation_deck=()), shuffles=orders)
        result = imperium.draw(hidden, rulings)
        return replace(result, player=replace(result.player, nation_deck=request.player.nation_deck))


class CollapseOneCardEarly(Canaries):
    """Declares collapse while one unrest card is still in the pile."""

    def check_collapse(self, request: CollapseRequest, rulings: Rulings, /) -> Collapse:
        imperium.check_collapse(request, rulings)
        return Collapse(collapsed=len(request.unrest_pile) <= 1)


# --- the blind bug zoo of the Java audit (docs/audits/imperium-java-2026-12-02.md), each bug as the audit tells it ---


class MarkersRefusedWhenEqual(Canaries):
    """B2: the marker sum of IMP-STATE-3 refused when equal (``>=`` for ``>``): ready plus exhaust markers equal to
    the markers owned, the everyday state, is refused naming ``exhausted``, where the sum is checked."""

    def __getattr__(self, operation: str) -> Any:
        answer: Callable[..., Any] = getattr(imperium, operation)

        def checked(request: Any, rulings: Rulings, /) -> Any:
            one: Player | None = getattr(request, "player", None)
            many: tuple[Player, ...] = getattr(request, "players", ())
            players = [(one, "player")] if one is not None else []
            players += [(p, f"players[{i}]") for i, p in enumerate(many)]
            for player, path in players:
                validation.validate_player(player, path)  # the checks before the sum, as the reference has them
                if player.markers_on_nation_card + len(player.exhausted) >= player.action_markers:
                    raise InvalidState(f"{path}.exhausted", list(player.exhausted), "too many markers", "IMP-STATE-3")
            return answer(request, rulings)

        return checked


class AllReadAsNonRegion(Canaries):
    """B8: ``unrest_under`` ``all`` read as ``non_region``: a region card replacing a bought card gets no unrest."""

    def acquire_market_card(self, request: AcquireRequest, rulings: Rulings, /) -> AcquireResult:
        if rulings.unrest_under is UnrestUnder.ALL:
            rulings = replace(rulings, unrest_under=UnrestUnder.NON_REGION)
        return imperium.acquire_market_card(request, rulings)


class ShufflesCountOrdersUsed(Canaries):
    """B10: ``shuffles`` counts only the runs of the shuffle procedure that found a discard pile (the orders used),
    not a run that moved nothing."""

    def draw(self, request: DrawRequest, rulings: Rulings, /) -> DrawResult:
        result = imperium.draw(request, rulings)
        return replace(result, shuffles=len(request.shuffles))


# the canaries without their bugs: a correct implementation plugged in the same way (bench/targets.py)
CORRECT = "Canaries"

CANARIES = (
    Canary("RedCardsOnEmpireSide", "plays a red card while the nation card shows the empire side", ("IMP-PLAY-2",)),
    Canary("ReshuffleOnDrawIfAble", "reshuffles the discard pile on a draw if able", ("IMP-DRAW-5",)),
    Canary("ChangeForResources", "gives change for a resource token", ("IMP-PAY-3",)),
    Canary("MilitaryPaysCoins", "lets military pay coins", ("IMP-PAY-4",)),
    Canary("SurplusInfluenceAccepted", "accepts spare influence under surplus = refused", ("IMP-RULING-4",)),
    Canary("UnrestLeftInMarket", "leaves the unrest under a bought card in the market", ("IMP-MARKET-3",)),
    Canary("NoUnrestUnderReplacements", "never slides unrest under a replacement", ("IMP-MARKET-5",)),
    Canary("FinishActionAfterCollapse", "finishes the current action after collapse", ("IMP-COLLAPSE-2",)),
    Canary("ExhaustTwice", "uses an exhaust ability again while the card holds a marker", ("IMP-EXHAUST-2",)),
    Canary("ExhaustOutsideActivation", "uses exhaust abilities outside the own activation", ("IMP-EXHAUST-3",)),
    Canary("ShuffleWithoutNationCard", "shuffles without moving the nation card first", ("IMP-DRAW-3",)),
    Canary("CollapseOneCardEarly", "collapses with one unrest card still in the pile", ("IMP-COLLAPSE-1",)),
    Canary("MarkersRefusedWhenEqual", "refuses ready and exhaust markers equal to those owned", ("IMP-STATE-3",)),
    Canary("AllReadAsNonRegion", "reads unrest_under all as non_region", ("IMP-RULING-2",)),
    Canary("ShufflesCountOrdersUsed", "counts only the shuffles that found a discard pile", ("IMP-DRAW-4",)),
)
