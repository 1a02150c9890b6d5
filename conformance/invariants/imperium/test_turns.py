"""A state machine over random turns: draw, play, exhaust, acquire, pay and take unrest, until collapse.

Across every step: no card appears or vanishes, tokens and action markers are conserved
(counting what was paid out and gained), and the game has ended exactly when the unrest
pile is empty, after which nothing that needs the pile is accepted.

Each check names its rules. The same machine runs in several tests, each failing only on
the checks of its own rules and setting aside (``assume``) a run that broke another, so a
subject that breaks one rule is reported on that rule and not on every rule the machine sees.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import assume, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,  # pyright: ignore[reportUnknownVariableType]
)

from rulespec.conformance.harness.games.imperium import Imperium
from rulespec.conformance.invariants.imperium.outcomes import outcome
from rulespec.conformance.strategies import imperium as imp
from rulespec.reference.imperium.model import (
    AcquireRequest,
    ActionRequest,
    Card,
    Cost,
    DrawMode,
    DrawRequest,
    Effect,
    EffectKind,
    ExhaustRequest,
    MarketSlot,
    NationSide,
    PaymentRequest,
    Player,
    PlayRequest,
    Timing,
    Tokens,
)
from rulespec.reference.imperium.rulings import Rulings

TOKEN_KINDS = ("coins", "military", "influence", "resources", "progress")


def plus(a: Tokens, b: Tokens, sign: int = 1) -> Tokens:
    return Tokens(*(getattr(a, k) + sign * getattr(b, k) for k in TOKEN_KINDS))


class ImperiumTurns(RuleBasedStateMachine):
    """One player's turns against the market and the unrest pile, driven through ``subject``."""

    def __init__(self, subject: Imperium, focus: frozenset[str]) -> None:
        super().__init__()
        self.subject = subject
        self.focus = focus  # the rules whose checks fail the test
        self.rulings = Rulings()
        self.player = Player("ann", NationSide.BARBARIAN, 0, 0)
        self.market: tuple[MarketSlot, ...] = ()
        self.deck: tuple[Card, ...] = ()
        self.pile: tuple[Card, ...] = ()
        self.collapsed = False
        self.cards: Counter[str] = Counter()
        self.tokens = Tokens()  # player's and market's tokens, plus what left by payment, less what effects gave
        self.markers = 0  # the player's action markers plus the action tokens on the market

    # --- bookkeeping -------------------------------------------------------------------

    def check(self, rules: tuple[str, ...], holds: bool, what: object) -> None:
        """Fail on a broken check of a focused rule; set the run aside when another rule broke."""
        if holds:
            return
        assert self.focus.isdisjoint(rules), f"{', '.join(rules)}: {what}"
        assume(False)

    def all_cards(self) -> Counter[str]:
        market = tuple(c for s in self.market for c in (s.card, s.unrest) if c is not None)
        return Counter(card.name for card in imp.everything(self.player) + market + self.deck + self.pile)

    def market_tokens(self) -> Tokens:
        return Tokens(coins=sum(s.coins for s in self.market), influence=sum(s.influence for s in self.market))

    def counted_tokens(self) -> Tokens:
        return plus(self.player.tokens, self.market_tokens())

    def counted_markers(self) -> int:
        return self.player.action_markers + sum(s.actions for s in self.market)

    @initialize(
        player=imp.players(),
        market=imp.markets(),
        deck=st.lists(imp.cards(imp.MARKET_SUITS), max_size=5).map(lambda cs: imp.named(cs, "deck")),
        pile=imp.unrest_pile(most=6),
        rulings=imp.rulings(),
    )
    def set_up(
        self,
        player: Player,
        market: tuple[MarketSlot, ...],
        deck: tuple[Card, ...],
        pile: tuple[Card, ...],
        rulings: Rulings,
    ) -> None:
        self.player, self.market, self.deck, self.pile, self.rulings = player, market, deck, pile, rulings
        self.cards = self.all_cards()
        self.tokens = self.counted_tokens()
        self.markers = self.counted_markers()

    # --- the rules -----------------------------------------------------------------------

    @precondition(lambda self: not self.collapsed)
    @rule(data=st.data(), wanted=st.integers(0, 6), mode=st.sampled_from(tuple(DrawMode)))
    def draw(self, data: st.DataObject, wanted: int, mode: DrawMode) -> None:
        shuffles: tuple[tuple[str, ...], ...] = ()
        if mode is DrawMode.REQUIRED:
            shuffles = imp.shuffle_orders(self.player, wanted, self.rulings, lambda n: data.draw(st.permutations(n)))
        kind, result = outcome(self.subject.draw, DrawRequest(self.player, wanted, mode, shuffles), self.rulings)
        if kind != "result":
            refused = kind == "IllegalAction" and result in ("IMP-RULING-6", "IMP-RULING-7")
            self.check(("IMP-DRAW-2",), refused, (kind, result))
            return
        if mode is DrawMode.IF_ABLE:
            # IMP-DRAW-5: no shuffle, so the discard pile and nation deck stay as they were.
            before, after = self.player, result.player
            untouched = (after.discard_pile, after.nation_deck) == (before.discard_pile, before.nation_deck)
            self.check(("IMP-DRAW-5",), result.shuffles == 0 and untouched, "draw if able shuffled")
        self.player = result.player

    @precondition(lambda self: not self.collapsed and bool(self.player.hand))
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        card = data.draw(st.sampled_from(self.player.hand))
        kind, result = outcome(self.subject.play_card, PlayRequest(self.player, card.name), self.rulings)
        if card.barbarian and self.player.nation_side is NationSide.EMPIRE:
            self.check(("IMP-PLAY-2",), (kind, result) == ("IllegalAction", "IMP-PLAY-2"), f"{card.name} played")
            return
        self.check(("IMP-PLAY-1", "IMP-PLAY-2"), kind == "result", (kind, result))
        self.player = result

    @precondition(lambda self: not self.collapsed and bool(self.player.play_area))
    @rule(data=st.data(), timing=st.sampled_from(tuple(Timing)))
    def exhaust(self, data: st.DataObject, timing: Timing) -> None:
        card = data.draw(st.sampled_from(self.player.play_area))
        kind, result = outcome(
            self.subject.use_exhaust_ability, ExhaustRequest(self.player, card.name, timing), self.rulings
        )
        if kind != "result":
            self.check(("IMP-EXHAUST-4",), kind == "IllegalAction" and str(result).startswith("IMP-EXHAUST-"), result)
            return
        moved = result.markers_on_nation_card == self.player.markers_on_nation_card - 1
        self.check(("IMP-EXHAUST-1",), moved, "no ready marker moved")
        self.player = result

    @precondition(lambda self: not self.collapsed)
    @rule()
    def ready_markers(self) -> None:
        """End of a turn (outside the seed): the exhaust markers go back to the nation card."""
        p = self.player
        self.player = replace(p, markers_on_nation_card=p.markers_on_nation_card + len(p.exhausted), exhausted=())

    @precondition(lambda self: not self.collapsed and self.player.nation_side is NationSide.BARBARIAN)
    @rule()
    def become_an_empire(self) -> None:
        self.player = replace(self.player, nation_side=NationSide.EMPIRE)

    @precondition(lambda self: not self.collapsed and any(s.card is not None for s in self.market))
    @rule(data=st.data())
    def acquire(self, data: st.DataObject) -> None:
        slot = data.draw(st.sampled_from([s for s in self.market if s.card is not None]))
        assert slot.card is not None
        request = AcquireRequest(self.player, self.market, self.deck, self.pile, slot.card.name)
        kind, result = outcome(self.subject.acquire_market_card, request, self.rulings)
        if kind != "result":
            self.check(("IMP-MARKET-1",), (kind, result) == ("IllegalAction", "IMP-RULING-9"), (kind, result))
            return
        if slot.unrest is not None:
            self.check(("IMP-MARKET-3",), slot.unrest in result.player.hand, f"{slot.unrest.name} not in the hand")
        self.check(("IMP-COLLAPSE-1",), result.collapsed == (not result.unrest_pile), "collapsed flag")
        self.player, self.market, self.deck, self.pile = (
            result.player,
            result.market,
            result.market_deck,
            result.unrest_pile,
        )
        self.collapsed = result.collapsed

    @precondition(lambda self: not self.collapsed)
    @rule(data=st.data(), cost=imp.costs(3))
    def pay(self, data: st.DataObject, cost: Cost) -> None:
        held = self.player.tokens
        payment = Tokens(*(data.draw(st.integers(0, getattr(held, k))) for k in TOKEN_KINDS))
        kind, result = outcome(self.subject.pay_cost, PaymentRequest(held, cost, payment), self.rulings)
        if kind != "result":
            self.check(("IMP-PAY-4",), kind == "IllegalAction" and result in ("IMP-PAY-4", "IMP-RULING-4"), result)
            return
        self.check(("IMP-PAY-3", "IMP-PAY-1"), result.tokens == plus(held, payment, -1), "change was given")
        self.player = replace(self.player, tokens=result.tokens)
        self.tokens = plus(self.tokens, payment, -1)

    @precondition(lambda self: not self.collapsed)
    @rule(effects=st.lists(imp.effects(), max_size=3))
    def take_unrest(self, effects: list[Effect]) -> None:
        request = ActionRequest(self.player, self.pile, tuple(effects))
        kind, result = outcome(self.subject.resolve_action, request, self.rulings)
        self.check(("IMP-COLLAPSE-2",), kind == "result", (kind, result))
        left, gained = len(self.pile), Tokens()
        for effect in effects:
            if effect.kind is EffectKind.GAIN:
                gained = plus(gained, effect.tokens)
            elif effect.count >= left:
                left = 0
                break  # IMP-COLLAPSE-2: the rest of the action never happens
            else:
                left -= effect.count
        self.check(("IMP-COLLAPSE-2",), len(result.unrest_pile) == left, "unrest taken after collapse")
        self.check(
            ("IMP-COLLAPSE-2",), result.player.tokens == plus(self.player.tokens, gained), "gains after collapse"
        )
        self.check(("IMP-COLLAPSE-1",), result.collapsed == (left == 0), "collapsed flag")
        self.player, self.pile, self.collapsed = result.player, result.unrest_pile, result.collapsed
        self.tokens = plus(self.tokens, gained)

    @precondition(lambda self: self.collapsed)
    @rule()
    def nothing_after_collapse(self) -> None:
        """Once the pile is empty the game is over: an action needing the pile is refused."""
        request = ActionRequest(self.player, self.pile, ())
        refused = outcome(self.subject.resolve_action, request, self.rulings) == ("InvalidState", "unrest_pile")
        self.check(("IMP-STATE-4", "IMP-COLLAPSE-1"), refused, "an action after collapse")

    # --- what must always hold ---------------------------------------------------------------

    @invariant()
    def no_card_appears_or_vanishes(self) -> None:
        self.check(("IMP-STATE-1",), self.all_cards() == self.cards, self.all_cards() - self.cards)

    @invariant()
    def tokens_are_conserved(self) -> None:
        self.check(("IMP-MARKET-2", "IMP-PAY-1"), self.counted_tokens() == self.tokens, self.counted_tokens())

    @invariant()
    def action_markers_are_conserved(self) -> None:
        self.check(("IMP-MARKET-2", "IMP-EXHAUST-1"), self.counted_markers() == self.markers, self.counted_markers())
        p = self.player
        paid_for = p.markers_on_nation_card >= 0 and p.markers_on_nation_card + len(p.exhausted) <= p.action_markers
        self.check(("IMP-STATE-3", "IMP-EXHAUST-1"), paid_for, "an exhaust marker no action marker paid for")

    @invariant()
    def the_game_ends_exactly_when_the_pile_empties(self) -> None:
        self.check(("IMP-COLLAPSE-1",), self.collapsed == (len(self.pile) == 0), "collapse and pile out of step")


def run_turns(subject: Imperium, *rules: str) -> None:
    # The subject lives on the instance: Hypothesis scans class attributes for rules.
    class Turns(ImperiumTurns):
        def __init__(self) -> None:
            super().__init__(subject, frozenset(rules))

    # A run is 30 steps, so a quarter of the profile's examples searches as widely as the other tests.
    examples: int = getattr(settings(), "max_examples")  # the loaded profile's; its stub type is partly unknown
    budget = settings(max_examples=max(10, examples // 4), stateful_step_count=30)
    run_state_machine_as_test(Turns, settings=budget)


@pytest.mark.rules("IMP-STATE-1")
def test_turns_make_and_lose_no_card(imperium: Imperium) -> None:
    """Over random turns, every card stays in exactly one place: none appears, none vanishes."""
    run_turns(imperium, "IMP-STATE-1")


@pytest.mark.rules("IMP-MARKET-2", "IMP-PAY-1", "IMP-PAY-3")
def test_turns_conserve_tokens(imperium: Imperium) -> None:
    """Over random turns, tokens only change hands, leave by payment (never with change) or come from effects."""
    run_turns(imperium, "IMP-MARKET-2", "IMP-PAY-1", "IMP-PAY-3")


@pytest.mark.rules("IMP-STATE-3", "IMP-EXHAUST-1")
def test_turns_conserve_action_markers(imperium: Imperium) -> None:
    """Over random turns, every action marker is ready, on an exhausted card, or spent: none is made or lost."""
    run_turns(imperium, "IMP-STATE-3", "IMP-EXHAUST-1")


@pytest.mark.rules("IMP-COLLAPSE-1", "IMP-COLLAPSE-2", "IMP-STATE-4")
def test_turns_end_exactly_when_the_unrest_pile_empties(imperium: Imperium) -> None:
    """The game ends at the step that empties the unrest pile, mid-action, and not a step earlier or later."""
    run_turns(imperium, "IMP-COLLAPSE-1", "IMP-COLLAPSE-2", "IMP-STATE-4")


@pytest.mark.rules("IMP-PLAY-2")
def test_turns_keep_red_cards_for_the_red_symbol(imperium: Imperium) -> None:
    """Over random turns, a red card is refused whenever the nation card shows the empire side, and only then."""
    run_turns(imperium, "IMP-PLAY-2")


@pytest.mark.rules("IMP-DRAW-5", "IMP-DRAW-2")
def test_turns_never_shuffle_on_draw_if_able(imperium: Imperium) -> None:
    """Over random turns, draw if able leaves the discard pile and the nation deck alone."""
    run_turns(imperium, "IMP-DRAW-2", "IMP-DRAW-5")


@pytest.mark.rules("IMP-MARKET-3", "IMP-MARKET-1")
def test_turns_hand_bought_unrest_to_the_buyer(imperium: Imperium) -> None:
    """Over random turns, the unrest card under a bought card always ends in the buyer's hand."""
    run_turns(imperium, "IMP-MARKET-1", "IMP-MARKET-3")


@pytest.mark.rules("IMP-EXHAUST-4", "IMP-PAY-4")
def test_turns_refuse_only_under_the_rules(imperium: Imperium) -> None:
    """Over random turns, exhausting and paying are refused only under their own rules."""
    run_turns(imperium, "IMP-EXHAUST-4", "IMP-PAY-4")
