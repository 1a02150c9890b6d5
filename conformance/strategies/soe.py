"""Hypothesis strategies for Struggle of Empires: valid requests, and requests with one fault.

The valid strategies build small, possible states (2 to 7 players, 11 regions only where
an operation scores the whole map) from composable pieces: names, empires, regions,
boards, maintenance orders whose unrest draws match exactly the taxations the rulings
require. Requests with one fault are in ``rulespec.conformance.strategies.soe_faults``.

No strategy filters: dependent values (draws from the bag, a name not yet used) are
drawn with ``st.data()``-style composition, so generation never discards examples.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import TypeVar

from hypothesis import strategies as st

from rulespec.conformance.harness.rulings import drawn
from rulespec.reference.struggle_of_empires.model import (
    Board,
    CleanUpRequest,
    Empire,
    EndGameRequest,
    GrandAlliance,
    IncomeRequest,
    LocalAlliance,
    MaintenanceOrder,
    MaintenanceRequest,
    PlayerName,
    PopulationRequest,
    Presence,
    Region,
    RegionName,
    RegionRequest,
    ScoringRequest,
    Tile,
    WarEndRequest,
)
from rulespec.reference.struggle_of_empires.rulings import Rulings

RequestT = TypeVar("RequestT")

MIN_PLAYERS = 2
MAX_PLAYERS = 7
VP_REGIONS = 11
MAX_POPULATION = 9
NON_PLAYERS_UP_TO = 3  # non-player majors only in 2- and 3-player games
NOBODY = "Nobody"  # a name no strategy gives a player (players are lower case)
NON_PLAYER_MAJORS = ("Austria", "Prussia", "Russia", "Spain", "Ottomans")
NOT_A_TOKEN = 99  # never among the alternatives' unrest token values
# Region names to draw from: 1 to 4 capitals, more than the 11 of a whole map (never "Z", the
# name a fault gives a 12th region).
REGION_NAMES = ("K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "KL", "MNO", "PQRS", "TK")


# --- names ----------------------------------------------------------------------------


@cache  # one strategy object per arguments: Hypothesis validates every new one it draws from
def player_names() -> st.SearchStrategy[PlayerName]:
    """A player's name: 1 to 5 lower-case letters (never a non-player major's name), or a name a map keyed by names
    may reorder or lose (``2`` and ``10`` listed first by a JavaScript object, ``__proto__`` dropped by it)."""
    return st.text(alphabet="abcdefgh", min_size=1, max_size=5) | st.sampled_from(("2", "10", "__proto__"))


@cache
def players(min_size: int = MIN_PLAYERS, max_size: int = MAX_PLAYERS) -> st.SearchStrategy[tuple[PlayerName, ...]]:
    """The players of a game: ``min_size`` to ``max_size`` distinct names (2 to 7 by default)."""
    return st.lists(player_names(), min_size=min_size, max_size=max_size, unique=True).map(tuple)


# --- empires --------------------------------------------------------------------------


@cache
def empire_states() -> st.SearchStrategy[Empire]:
    """An empire's tracks and units, its player not yet named: gold 0–15, population 0–9, unrest 0–30,
    VP 0–40, 0–5 of each unit."""
    return st.builds(
        Empire,
        player=st.just(""),
        gold=st.integers(0, 15),
        population=st.integers(0, MAX_POPULATION),
        unrest=st.integers(0, 30),
        vp=st.integers(0, 40),
        armies=st.integers(0, 5),
        navies=st.integers(0, 5),
        forts=st.integers(0, 5),
    )


def _named(names: Sequence[PlayerName], states: Sequence[Empire]) -> tuple[Empire, ...]:
    return tuple(replace(state, player=name) for name, state in zip(names, states, strict=True))


def empires_of(names: Sequence[PlayerName]) -> st.SearchStrategy[tuple[Empire, ...]]:
    """One possible empire per name, in the names' order."""
    return st.lists(empire_states(), min_size=len(names), max_size=len(names)).map(lambda states: _named(names, states))


@cache
def empires(min_size: int = MIN_PLAYERS, max_size: int = MAX_PLAYERS) -> st.SearchStrategy[tuple[Empire, ...]]:
    """The empires of a game of ``min_size`` to ``max_size`` players (2 to 7 by default), distinctly named."""
    pairs = st.lists(
        st.tuples(player_names(), empire_states()), min_size=min_size, max_size=max_size, unique_by=lambda pair: pair[0]
    )
    return pairs.map(lambda ps: tuple(replace(state, player=name) for name, state in ps))


# --- regions --------------------------------------------------------------------------


def region_values() -> st.SearchStrategy[tuple[int, ...]]:
    """A region's printed VP values: 2 or 3 values from 0 to 10, highest first (equal values allowed)."""
    return st.lists(st.integers(0, 10), min_size=2, max_size=3).map(lambda vs: tuple(sorted(vs, reverse=True)))


Lines = tuple[tuple[int, int], ...]  # (index of a holder, markers), each holder at most once


@cache
def _lines(holders: int, max_markers: int) -> st.SearchStrategy[Lines]:
    """Control lines for some of ``holders`` holders, by index, in any order (cached: built once per size).

    The holders' order is one permutation and the lines are its first few: distinct holders without the
    retries a unique list makes on a repeated index. With the region names below, this halved the cost
    of drawing a whole map (7.1 to 3.4 ms per example, 5 players). Shrinks towards fewer lines, the
    holders in their own order, 0 markers.
    """
    orders, counts, markers = st.permutations(range(holders)), st.integers(0, holders), st.integers(0, max_markers)

    @st.composite
    def build(draw: st.DrawFn) -> Lines:
        order = draw(orders)
        return tuple((holder, draw(markers)) for holder in order[: draw(counts)])

    return build()


def _presences(holders: Sequence[str], lines: Lines) -> tuple[Presence, ...]:
    return tuple(Presence(holders[i], markers) for i, markers in lines)


def presences(holders: Sequence[str], max_markers: int = 4) -> st.SearchStrategy[tuple[Presence, ...]]:
    """Control lines for a subset of ``holders`` (each at most once, any order), 0 to ``max_markers`` markers each."""
    named = tuple(holders)
    return _lines(len(named), max_markers).map(lambda lines: _presences(named, lines)) if named else st.just(())


RegionParts = tuple[RegionName, tuple[int, ...], Lines, Lines]


@cache
def _region_parts(players: int, min_size: int, max_size: int) -> st.SearchStrategy[list[RegionParts]]:
    """Names, values and control lines of ``min_size`` to ``max_size`` distinct regions of a ``players``-player game.

    The names are the first few of a permutation of ``REGION_NAMES``: distinct without retries.
    """
    majors = _lines(len(NON_PLAYER_MAJORS), 3) if players <= NON_PLAYERS_UP_TO else st.just(())
    part = st.tuples(region_values(), _lines(players, 4), majors)
    names, counts = st.permutations(REGION_NAMES), st.integers(min_size, max_size)

    @st.composite
    def build(draw: st.DrawFn) -> list[RegionParts]:
        chosen = draw(names)[: draw(counts)]
        return [(name, *draw(part)) for name in chosen]

    return build()


def _region(players: Sequence[PlayerName], parts: RegionParts) -> Region:
    name, values, control, majors = parts
    return Region(name, values, _presences(players, control), _presences(NON_PLAYER_MAJORS, majors))


def region(players_: Sequence[PlayerName], name: RegionName) -> st.SearchStrategy[Region]:
    """A possible region ``name``: its values, players' markers, and non-player majors' with 2 or 3 players."""
    named = tuple(players_)
    return _region_parts(len(named), 1, 1).map(lambda parts: _region(named, (name,) + parts[0][1:]))


def regions(
    players_: Sequence[PlayerName], min_size: int = 0, max_size: int = 4
) -> st.SearchStrategy[tuple[Region, ...]]:
    """``min_size`` to ``max_size`` distinct regions for the players (11 and 11 for the whole map)."""
    named = tuple(players_)
    return _region_parts(len(named), min_size, max_size).map(
        lambda all_parts: tuple(_region(named, p) for p in all_parts)
    )


def whole_map(players_: Sequence[PlayerName]) -> st.SearchStrategy[tuple[Region, ...]]:
    """The 11 VP regions, distinct, for the players."""
    return regions(players_, VP_REGIONS, VP_REGIONS)


# --- the board ------------------------------------------------------------------------


def boards(
    players_: Sequence[PlayerName],
    wars: st.SearchStrategy[int] = st.integers(1, 3),
    region_pool: Sequence[RegionName] = ("K", "L", "M"),
) -> st.SearchStrategy[Board]:
    """A possible board: war from ``wars``, phase 1–5, 0–3 local and grand alliance markers and tiles of the players."""
    owner = st.sampled_from(tuple(players_))
    where = st.one_of(st.none(), st.sampled_from(tuple(region_pool)))
    return st.builds(
        Board,
        war=wars,
        phase=st.integers(1, 5),
        local_alliances=st.lists(st.builds(LocalAlliance, owner, where), max_size=3).map(tuple),
        grand_alliances=st.lists(
            st.builds(GrandAlliance, st.sampled_from(("North", "South", "East")), st.one_of(st.none(), owner)),
            max_size=3,
        ).map(tuple),
        tiles=st.lists(
            st.builds(Tile, st.sampled_from(("Fleet", "Bank", "Fort")), owner, st.booleans()), max_size=3
        ).map(tuple),
        neutral_markers=st.lists(st.sampled_from(tuple(region_pool)), max_size=3).map(tuple),
    )


def neutral_seedings(names: Sequence[RegionName], war: int) -> st.SearchStrategy[tuple[RegionName, ...]]:
    """Distinct names among ``names`` to seed after war 1 or 2; none after the 3rd (SOE-END-2)."""
    if war == 3 or not names:
        return st.just(())
    return st.lists(st.sampled_from(tuple(names)), unique=True, max_size=3).map(tuple)


# --- rulings ---------------------------------------------------------------------------


@cache
def rulings() -> st.SearchStrategy[Rulings]:
    """Any reading of the rules: every field drawn from its alternatives, a declared ruling only at its values."""
    strategy: st.SearchStrategy[Rulings] = drawn(Rulings)
    return strategy


# --- maintenance ------------------------------------------------------------------------


def markers_on_the_map(player: PlayerName, regions_: Sequence[Region]) -> int:
    """SOE-INCOME-3 as the strategies count it: the player's control markers over the regions."""
    return sum(p.markers for r in regions_ for p in r.control if p.holder == player)


def gold_after_income(e: Empire, regions_: Sequence[Region]) -> int:
    """SOE-INCOME-1 to 4: the gold an empire holds once income is in."""
    return e.gold + e.population + markers_on_the_map(e.player, regions_)


def taxations_needed(gold: int, e: Empire, gold_per_taxation: int) -> int:
    """SOE-MAINT-1, SOE-MAINT-3: the least number of taxations covering the upkeep of the units."""
    shortfall = max(0, e.armies + e.navies + e.forts - gold)
    return -(-shortfall // gold_per_taxation)


@cache
def draws(count: int, rulings_: Rulings) -> st.SearchStrategy[tuple[int, ...]]:
    """``count`` unrest tokens drawn from the bag the rulings describe."""
    return st.lists(st.sampled_from(rulings_.unrest_tokens), min_size=count, max_size=count).map(tuple)


_EMPTY_ORDER = st.booleans()  # whether a player who need not tax brings an order with no draws anyway


@cache
def _orderings(count: int) -> st.SearchStrategy[tuple[int, ...]]:
    """An order for ``count`` things, as indices (built once per count)."""
    return st.permutations(range(count)).map(tuple)


def maintenance_orders(
    empires_: Sequence[Empire], rulings_: Rulings, golds: Sequence[int] | None = None
) -> st.SearchStrategy[tuple[MaintenanceOrder, ...]]:
    """One order per player who must tax (draws = taxations needed, disband 0); others may bring an empty one.

    ``golds`` is the gold each empire holds when it pays (its own gold when None); the
    orders come in any order. The strategies it draws from are built once per count and rulings
    (Hypothesis validates each new strategy object on its first draw).
    """
    held = tuple(golds) if golds is not None else tuple(e.gold for e in empires_)
    needed = tuple(taxations_needed(g, e, rulings_.gold_per_taxation) for g, e in zip(held, empires_))

    @st.composite
    def build(draw: st.DrawFn) -> tuple[MaintenanceOrder, ...]:
        orders = [
            MaintenanceOrder(e.player, draw(draws(n, rulings_)), 0)
            for e, n in zip(empires_, needed)
            if n > 0 or draw(_EMPTY_ORDER)
        ]
        return tuple(orders[i] for i in draw(_orderings(len(orders))))

    return build()


# --- each operation's request ------------------------------------------------------------


def _players_of(empires_: Sequence[Empire]) -> tuple[PlayerName, ...]:
    return tuple(e.player for e in empires_)


@cache
def income_requests() -> st.SearchStrategy[IncomeRequest]:
    """``collect_income``: a game's empires and 0 to 4 regions with their markers."""
    return empires().flatmap(lambda es: regions(_players_of(es)).map(lambda rs: IncomeRequest(es, rs)))


@cache
def region_requests(min_players: int = MIN_PLAYERS, max_players: int = MAX_PLAYERS) -> st.SearchStrategy[RegionRequest]:
    """``score_region``: the players and one region (non-player majors with 2 or 3 players)."""
    return players(min_players, max_players).flatmap(
        lambda ps: regions(ps, 1, 1).map(lambda rs: RegionRequest(ps, rs[0]))
    )


@cache
def scoring_requests(
    min_players: int = MIN_PLAYERS, max_players: int = MAX_PLAYERS
) -> st.SearchStrategy[ScoringRequest]:
    """``score_regions``: a game's empires and the 11 VP regions."""
    return empires(min_players, max_players).flatmap(
        lambda es: whole_map(_players_of(es)).map(lambda rs: ScoringRequest(es, rs))
    )


@cache  # one per rulings: drawn afresh for each rulings a case draws
def maintenance_requests(rulings_: Rulings) -> st.SearchStrategy[MaintenanceRequest]:
    """``pay_maintenance``: a game's empires and orders whose draws match the taxations under ``rulings_``."""

    @st.composite
    def build(draw: st.DrawFn) -> MaintenanceRequest:
        es = draw(empires())
        return MaintenanceRequest(es, draw(maintenance_orders(es, rulings_)))

    return build()


def maintenance_cases() -> st.SearchStrategy[tuple[MaintenanceRequest, Rulings]]:
    """A maintenance request with the rulings its draws were counted under."""
    return rulings().flatmap(lambda r: maintenance_requests(r).map(lambda q: (q, r)))


@cache
def population_requests() -> st.SearchStrategy[PopulationRequest]:
    """``grow_population``: a game's empires."""
    return st.builds(PopulationRequest, empires())


@cache
def clean_up_requests(wars: st.SearchStrategy[int] = st.integers(1, 3)) -> st.SearchStrategy[CleanUpRequest]:
    """``clean_up``: the players, a board on a war from ``wars`` and a seeding allowed after that war."""
    return players().flatmap(
        lambda ps: boards(ps, wars).flatmap(
            lambda b: st.builds(CleanUpRequest, st.just(ps), st.just(b), neutral_seedings(("K", "L", "M", "N"), b.war))
        )
    )


@cache
def end_game_requests(
    min_players: int = MIN_PLAYERS, max_players: int = MAX_PLAYERS
) -> st.SearchStrategy[EndGameRequest]:
    """``end_game``: a game's empires (unrest 0–30, so revolutions happen)."""
    return st.builds(EndGameRequest, empires(min_players, max_players))


@cache
def war_end_requests(
    rulings_: Rulings, wars: st.SearchStrategy[int] = st.integers(1, 3), max_players: int = 5
) -> st.SearchStrategy[WarEndRequest]:
    """``end_war``: empires, the 11 regions, a board, draws counted after income, a seeding of those regions."""

    @st.composite
    def build(draw: st.DrawFn) -> WarEndRequest:
        es = draw(empires(MIN_PLAYERS, max_players))
        ps = _players_of(es)
        rs = draw(whole_map(ps))
        names = tuple(r.name for r in rs)
        board = draw(boards(ps, wars, names))
        golds = tuple(gold_after_income(e, rs) for e in es)
        orders = draw(maintenance_orders(es, rulings_, golds))
        return WarEndRequest(es, rs, board, orders, draw(neutral_seedings(names, board.war)))

    return build()


def war_end_cases(wars: st.SearchStrategy[int] = st.integers(1, 3)) -> st.SearchStrategy[tuple[WarEndRequest, Rulings]]:
    """An end-of-war request with the rulings its draws were counted under."""
    return rulings().flatmap(lambda r: war_end_requests(r, wars).map(lambda q: (q, r)))
