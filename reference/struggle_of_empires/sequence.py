"""The end of a war as one sequence of the rule steps, in the order the sequence ruling gives."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rulespec.reference.errors import IllegalAction as IllegalAction  # named by the contract's raises: line
from rulespec.reference.errors import InvalidState as InvalidState
from rulespec.reference.struggle_of_empires.clean_up import clean_up_board
from rulespec.reference.struggle_of_empires.end_game import rank_players
from rulespec.reference.struggle_of_empires.income import earn_income
from rulespec.reference.struggle_of_empires.maintenance import check_unrest_draws, maintain_units, refuse_disbanding
from rulespec.reference.struggle_of_empires.model import Board, Empire, WarEndRequest, WarEndResult
from rulespec.reference.struggle_of_empires.population import raise_population
from rulespec.reference.struggle_of_empires.rulings import Rulings, WarEndSequence
from rulespec.reference.struggle_of_empires.scoring import add_region_awards
from rulespec.reference.struggle_of_empires.validation import (
    LAST_WAR,
    validate_board,
    validate_empires,
    validate_neutral_seeding,
    validate_orders,
    validate_regions,
    validate_rulings,
)

# named by the contracts, which CrossHair evaluates in this module
from rulespec.reference.struggle_of_empires.validation import MAX_PLAYERS as MAX_PLAYERS
from rulespec.reference.struggle_of_empires.validation import MAX_POPULATION as MAX_POPULATION
from rulespec.reference.struggle_of_empires.validation import VP_REGIONS as VP_REGIONS


@dataclass(frozen=True, slots=True)
class WarState:
    """What the end-of-war steps pass from one to the next."""

    empires: tuple[Empire, ...]
    board: Board


Step = Callable[[WarState, WarEndRequest, Rulings], WarState]


def income_step(state: WarState, request: WarEndRequest, rulings: Rulings) -> WarState:
    """SOE-INCOME-*: income from population, then from the markers on the map."""
    return WarState(earn_income(state.empires, request.regions), state.board)


def maintenance_step(state: WarState, request: WarEndRequest, rulings: Rulings) -> WarState:
    """SOE-MAINT-*: units paid for, with taxation and unrest draws when short."""
    return WarState(maintain_units(state.empires, request.orders, rulings), state.board)


def population_step(state: WarState, request: WarEndRequest, rulings: Rulings) -> WarState:
    """SOE-POP-*: population +5, up to 9."""
    return WarState(tuple(raise_population(e) for e in state.empires), state.board)  # SOE-POP-2: each its own


def scoring_step(state: WarState, request: WarEndRequest, rulings: Rulings) -> WarState:
    """SOE-SCORE-*: the 11 VP regions scored onto the empires."""
    return WarState(add_region_awards(state.empires, request.regions, rulings), state.board)


def clean_up_step(state: WarState, request: WarEndRequest, rulings: Rulings) -> WarState:
    """SOE-CLEAN-*, SOE-END-2: the board cleaned up for the next war (unchanged after the 3rd)."""
    return WarState(state.empires, clean_up_board(state.board, request.neutral_seeding))


STEPS: dict[WarEndSequence, tuple[Step, ...]] = {
    WarEndSequence.PUBLISHED: (income_step, maintenance_step, population_step, scoring_step, clean_up_step),
    WarEndSequence.SEED_TELLING: (income_step, scoring_step, clean_up_step, maintenance_step, population_step),
}


def validate_war_end_request(request: WarEndRequest, rulings: Rulings) -> None:
    """SOE-GAME-*, SOE-CLEAN-7, SOE-END-2, SOE-MAINT-2, SOE-MAINT-5, SOE-SEQ-4: the whole request, before any step."""
    players = tuple(e.player for e in request.empires)
    validate_rulings(rulings)  # SOE-RULING-9, SOE-RULING-10: every ruling before the request
    validate_empires(request.empires)
    validate_regions(request.regions, players, whole_map=True)
    validate_board(request.board, players)
    validate_orders(request.orders, players, rulings)
    validate_neutral_seeding(request.neutral_seeding, request.board.war, tuple(r.name for r in request.regions))
    # the draws are counted against the gold held once income is in, in either sequence
    check_unrest_draws(earn_income(request.empires, request.regions), request.orders, rulings)
    refuse_disbanding(request.orders)  # SOE-MAINT-2: after every InvalidState check


def end_war(request: WarEndRequest, rulings: Rulings, /) -> WarEndResult:
    """SOE-SEQ-1 to SOE-SEQ-5, SOE-END-1: the whole end of a war, and of the game after the 3rd.

    pre: len(request.empires) <= MAX_PLAYERS
    pre: len(request.regions) == VP_REGIONS
    raises: InvalidState, IllegalAction
    post: tuple(e.player for e in __return__.empires) == tuple(e.player for e in request.empires)
    post: all(0 <= e.population <= MAX_POPULATION and e.gold >= 0 for e in __return__.empires)
    post: (__return__.standings is None) == (request.board.war != LAST_WAR)
    post: request.board.war != LAST_WAR or __return__.board == request.board
    """
    validate_war_end_request(request, rulings)
    state = WarState(request.empires, request.board)
    for step in STEPS[rulings.sequence]:
        state = step(state, request, rulings)
    standings = rank_players(state.empires, rulings) if request.board.war == LAST_WAR else None
    return WarEndResult(state.empires, state.board, standings)
