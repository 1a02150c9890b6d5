"""A whole game: three wars of generated actions, each ended by ``end_war``, then nothing more.

The state machine plays a game on the implementation under test. Between wars the
players' actions move control markers, units and gold by generated amounts; each war
ends with ``end_war``, its unrest draws counted after income as the rules require. After
every step: population on its track, gold never negative, unrest and VP never lower than
before, the war marker on the war being fought. The 3rd war ends the game with standings,
and a 4th is refused.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from rulespec.conformance.harness.games.soe import StruggleOfEmpires
from rulespec.conformance.invariants.soe.support import subject_settings
from rulespec.conformance.strategies import soe as soe_strategies
from rulespec.reference.errors import InvalidState
from rulespec.reference.struggle_of_empires.model import Board, Empire, Presence, Region, WarEndRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings

LAST_WAR = 3
WAR_RULES = (
    "SOE-SEQ-1",
    "SOE-SEQ-5",
    "SOE-END-1",
    "SOE-END-2",
    "SOE-CLEAN-4",
    "SOE-POP-2",
    "SOE-GAME-3",
    "SOE-GAME-10",
    "SOE-MAINT-6",
    "SOE-MAINT-7",
    "SOE-SCORE-1",
)


class ThreeWars(RuleBasedStateMachine):
    """The three wars of one game, played on ``soe``."""

    def __init__(self, soe: StruggleOfEmpires) -> None:
        super().__init__()
        self.soe = soe
        self.rulings = Rulings()
        self.empires: tuple[Empire, ...] = ()
        self.regions: tuple[Region, ...] = ()
        self.board = Board(1, 1, (), (), (), ())
        self.wars_ended = 0
        self.over = False
        self.lowest_unrest: dict[str, int] = {}
        self.lowest_vp: dict[str, int] = {}

    @initialize(rulings=soe_strategies.rulings(), empires=soe_strategies.empires(max_size=5), data=st.data())
    def set_up(self, rulings: Rulings, empires: tuple[Empire, ...], data: st.DataObject) -> None:
        players = tuple(e.player for e in empires)
        self.rulings, self.empires = rulings, empires
        self.regions = data.draw(soe_strategies.whole_map(players), label="the 11 regions")
        names = tuple(r.name for r in self.regions)
        self.board = data.draw(soe_strategies.boards(players, st.just(1), names), label="board")
        self.remember()

    def remember(self) -> None:
        self.lowest_unrest = {e.player: e.unrest for e in self.empires}
        self.lowest_vp = {e.player: e.vp for e in self.empires}

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def take_actions(self, data: st.DataObject) -> None:
        """A war's actions: a player's markers in a region, units and gold move by generated amounts."""
        i = data.draw(st.integers(0, len(self.empires) - 1), label="player")
        empire = self.empires[i]
        k = data.draw(st.integers(0, len(self.regions) - 1), label="region")
        region = self.regions[k]
        markers = next((p.markers for p in region.control if p.holder == empire.player), 0)
        new_markers = markers + data.draw(st.integers(-markers, 3), label="markers change")
        control = tuple(p for p in region.control if p.holder != empire.player) + (
            Presence(empire.player, new_markers),
        )
        self.regions = self.regions[:k] + (replace(region, control=control),) + self.regions[k + 1 :]
        moved = replace(
            empire,
            armies=empire.armies + data.draw(st.integers(-empire.armies, 3), label="armies change"),
            navies=empire.navies + data.draw(st.integers(-empire.navies, 2), label="navies change"),
            forts=empire.forts + data.draw(st.integers(-empire.forts, 2), label="forts change"),
            gold=empire.gold + data.draw(st.integers(-empire.gold, 5), label="gold change"),
        )
        self.empires = self.empires[:i] + (moved,) + self.empires[i + 1 :]

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def end_the_war(self, data: st.DataObject) -> None:
        """The war ends: draws for the taxations the gold after income needs, a seeding, then ``end_war``."""
        names = tuple(r.name for r in self.regions)
        golds = tuple(soe_strategies.gold_after_income(e, self.regions) for e in self.empires)
        orders = data.draw(soe_strategies.maintenance_orders(self.empires, self.rulings, golds), label="orders")
        seeding = data.draw(soe_strategies.neutral_seedings(names, self.board.war), label="neutral seeding")
        request = WarEndRequest(self.empires, self.regions, self.board, orders, seeding)
        result = self.soe.end_war(request, self.rulings)
        war = self.board.war
        assert tuple(e.player for e in result.empires) == tuple(e.player for e in self.empires), "empires out of order"
        if war < LAST_WAR:
            assert result.board.war == war + 1, f"after war {war} the war marker is on {result.board.war}"
            assert result.standings is None, f"standings after war {war}: the game is not over"
        else:
            assert result.board == self.board, "the board changed after the 3rd war"
            assert result.standings is not None, "the 3rd war ended without standings"
            assert tuple(s.player for s in result.standings) == tuple(e.player for e in result.empires)
            assert all((s.place is None) == s.revolution for s in result.standings), (
                "a place for a player out, or none for one in"
            )
            self.over = True
        self.empires, self.board = result.empires, result.board
        self.wars_ended += 1

    @precondition(lambda self: self.over)
    @rule()
    def no_fourth_war(self) -> None:
        """After the 3rd war there is no 4th: a board on war 4 is refused."""
        request = WarEndRequest(self.empires, self.regions, replace(self.board, war=LAST_WAR + 1), (), ())
        try:
            self.soe.end_war(request, self.rulings)
        except InvalidState as refused:
            assert refused.field == "board.war", f"a 4th war refused on {refused.field}, not board.war"
        else:
            raise AssertionError("a 4th war was accepted")

    @invariant()
    def population_on_its_track(self) -> None:
        assert all(0 <= e.population <= 9 for e in self.empires), [e.population for e in self.empires]

    @invariant()
    def gold_never_negative(self) -> None:
        assert all(e.gold >= 0 for e in self.empires), [e.gold for e in self.empires]

    @invariant()
    def unrest_and_vp_never_fall(self) -> None:
        for e in self.empires:
            assert e.unrest >= self.lowest_unrest.get(e.player, 0), f"{e.player}'s unrest fell to {e.unrest}"
            assert e.vp >= self.lowest_vp.get(e.player, 0), f"{e.player}'s VP fell to {e.vp} before the end"
        self.remember()

    @invariant()
    def war_marker_on_the_war_fought(self) -> None:
        if self.empires:
            assert self.board.war == min(LAST_WAR, 1 + self.wars_ended), (
                f"{self.wars_ended} wars ended, marker on {self.board.war}"
            )
            assert self.over == (self.wars_ended >= LAST_WAR)


def played_on(soe: StruggleOfEmpires) -> type[ThreeWars]:
    """``ThreeWars`` bound to the implementation under test (Hypothesis makes a fresh machine per example)."""

    class ThreeWarsOnTheSubject(ThreeWars):
        def __init__(self) -> None:
            super().__init__(soe)

    return ThreeWarsOnTheSubject


@pytest.mark.rules(*WAR_RULES)
def test_three_wars(soe: StruggleOfEmpires) -> None:
    run_state_machine_as_test(played_on(soe), settings=settings(subject_settings(), stateful_step_count=12))
