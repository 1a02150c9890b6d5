"""Hypothesis strategies for Struggle of Empires: valid requests, and requests with one fault.

The valid strategies build small, possible states (2 to 7 players, 11 regions only where
an operation scores the whole map) from composable pieces: names, empires, regions,
boards, maintenance orders whose unrest draws match exactly the taxations the rulings
require. The faulty strategies take a valid request and push one field out of range,
returning it with the JSON path (or rule ID) it must be refused on.

No strategy filters: dependent values (draws from the bag, a name not yet used) are
drawn with ``st.data()``-style composition, so generation never discards examples.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Generic, Literal, TypeVar

from hypothesis import strategies as st

from conformance.harness.rulings import alternatives
from reference.struggle_of_empires.model import (
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
from reference.struggle_of_empires.rulings import Rulings

RequestT = TypeVar("RequestT")

MIN_PLAYERS = 2
MAX_PLAYERS = 7
VP_REGIONS = 11
MAX_POPULATION = 9
NON_PLAYERS_UP_TO = 3  # non-player majors only in 2- and 3-player games
NOBODY = "Nobody"  # a name no strategy gives a player (players are lower case)
NON_PLAYER_MAJORS = ("Austria", "Prussia", "Russia", "Spain", "Ottomans")
NOT_A_TOKEN = 99  # never among the alternatives' unrest token values


# --- names ----------------------------------------------------------------------------


def player_names() -> st.SearchStrategy[PlayerName]:
    """A player's name: 1 to 5 lower-case letters (never a non-player major's name)."""
    return st.text(alphabet="abcdefgh", min_size=1, max_size=5)


def players(min_size: int = MIN_PLAYERS, max_size: int = MAX_PLAYERS) -> st.SearchStrategy[tuple[PlayerName, ...]]:
    """The players of a game: ``min_size`` to ``max_size`` distinct names (2 to 7 by default)."""
    return st.lists(player_names(), min_size=min_size, max_size=max_size, unique=True).map(tuple)


def region_names(count: int) -> st.SearchStrategy[tuple[RegionName, ...]]:
    """``count`` distinct region names, each 1 to 4 capital letters."""
    return st.lists(st.text(alphabet="KLMNOPQRST", min_size=1, max_size=4), min_size=count, max_size=count, unique=True).map(tuple)


# --- empires --------------------------------------------------------------------------


def empire_states() -> st.SearchStrategy[Empire]:
    """An empire's tracks and units, its player not yet named: gold 0–15, population 0–9, unrest 0–30, VP 0–40, 0–5 of each unit."""
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


def empires(min_size: int = MIN_PLAYERS, max_size: int = MAX_PLAYERS) -> st.SearchStrategy[tuple[Empire, ...]]:
    """The empires of a game of ``min_size`` to ``max_size`` players (2 to 7 by default), distinctly named."""
    pairs = st.lists(st.tuples(player_names(), empire_states()), min_size=min_size, max_size=max_size, unique_by=lambda pair: pair[0])
    return pairs.map(lambda ps: tuple(replace(state, player=name) for name, state in ps))


# --- regions --------------------------------------------------------------------------


def region_values() -> st.SearchStrategy[tuple[int, ...]]:
    """A region's printed VP values: 2 or 3 values from 0 to 10, highest first (equal values allowed)."""
    return st.lists(st.integers(0, 10), min_size=2, max_size=3).map(lambda vs: tuple(sorted(vs, reverse=True)))


Lines = tuple[tuple[int, int], ...]  # (index of a holder, markers), each holder at most once


@lru_cache(maxsize=None)
def _lines(holders: int, max_markers: int) -> st.SearchStrategy[Lines]:
    """Control lines for some of ``holders`` holders, by index, in any order (cached: built once per size)."""
    line = st.tuples(st.integers(0, holders - 1), st.integers(0, max_markers))
    return st.lists(line, max_size=holders, unique_by=lambda entry: entry[0]).map(tuple)


def _presences(holders: Sequence[str], lines: Lines) -> tuple[Presence, ...]:
    return tuple(Presence(holders[i], markers) for i, markers in lines)


def presences(holders: Sequence[str], max_markers: int = 4) -> st.SearchStrategy[tuple[Presence, ...]]:
    """Control lines for a subset of ``holders`` (each at most once, any order), 0 to ``max_markers`` markers each."""
    named = tuple(holders)
    return _lines(len(named), max_markers).map(lambda lines: _presences(named, lines)) if named else st.just(())


RegionParts = tuple[RegionName, tuple[int, ...], Lines, Lines]


@lru_cache(maxsize=None)
def _region_parts(players: int, min_size: int, max_size: int) -> st.SearchStrategy[list[RegionParts]]:
    """Names, values and control lines of ``min_size`` to ``max_size`` distinct regions of a ``players``-player game."""
    majors = _lines(len(NON_PLAYER_MAJORS), 3) if players <= NON_PLAYERS_UP_TO else st.just(())
    parts = st.tuples(st.text(alphabet="KLMNOPQRST", min_size=1, max_size=4), region_values(), _lines(players, 4), majors)
    return st.lists(parts, min_size=min_size, max_size=max_size, unique_by=lambda part: part[0])


def _region(players: Sequence[PlayerName], parts: RegionParts) -> Region:
    name, values, control, majors = parts
    return Region(name, values, _presences(players, control), _presences(NON_PLAYER_MAJORS, majors))


def region(players_: Sequence[PlayerName], name: RegionName) -> st.SearchStrategy[Region]:
    """A possible region ``name``: its values, players' markers, and non-player majors' with 2 or 3 players."""
    named = tuple(players_)
    return _region_parts(len(named), 1, 1).map(lambda parts: _region(named, (name,) + parts[0][1:]))


def regions(players_: Sequence[PlayerName], min_size: int = 0, max_size: int = 4) -> st.SearchStrategy[tuple[Region, ...]]:
    """``min_size`` to ``max_size`` distinct regions for the players (11 and 11 for the whole map)."""
    named = tuple(players_)
    return _region_parts(len(named), min_size, max_size).map(lambda all_parts: tuple(_region(named, p) for p in all_parts))


def whole_map(players_: Sequence[PlayerName]) -> st.SearchStrategy[tuple[Region, ...]]:
    """The 11 VP regions, distinct, for the players."""
    return regions(players_, VP_REGIONS, VP_REGIONS)


# --- the board ------------------------------------------------------------------------


def boards(
    players_: Sequence[PlayerName], wars: st.SearchStrategy[int] = st.integers(1, 3), region_pool: Sequence[RegionName] = ("K", "L", "M")
) -> st.SearchStrategy[Board]:
    """A possible board: war from ``wars``, phase 1–5, 0–3 local and grand alliance markers and tiles of the players."""
    owner = st.sampled_from(tuple(players_))
    where = st.one_of(st.none(), st.sampled_from(tuple(region_pool)))
    return st.builds(
        Board,
        war=wars,
        phase=st.integers(1, 5),
        local_alliances=st.lists(st.builds(LocalAlliance, owner, where), max_size=3).map(tuple),
        grand_alliances=st.lists(st.builds(GrandAlliance, st.sampled_from(("North", "South", "East")), st.one_of(st.none(), owner)), max_size=3).map(tuple),
        tiles=st.lists(st.builds(Tile, st.sampled_from(("Fleet", "Bank", "Fort")), owner, st.booleans()), max_size=3).map(tuple),
        neutral_markers=st.lists(st.sampled_from(tuple(region_pool)), max_size=3).map(tuple),
    )


def neutral_seedings(names: Sequence[RegionName], war: int) -> st.SearchStrategy[tuple[RegionName, ...]]:
    """Distinct names among ``names`` to seed after war 1 or 2; none after the 3rd (SOE-END-2)."""
    if war == 3 or not names:
        return st.just(())
    return st.lists(st.sampled_from(tuple(names)), unique=True, max_size=3).map(tuple)


# --- rulings ---------------------------------------------------------------------------


def rulings() -> st.SearchStrategy[Rulings]:
    """Any reading of the rules: every field drawn from its alternatives (``alternatives(Rulings)``)."""
    return st.builds(Rulings, **{name: st.sampled_from(values) for name, values in alternatives(Rulings).items()})


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


def draws(count: int, rulings_: Rulings) -> st.SearchStrategy[tuple[int, ...]]:
    """``count`` unrest tokens drawn from the bag the rulings describe."""
    return st.lists(st.sampled_from(rulings_.unrest_tokens), min_size=count, max_size=count).map(tuple)


def maintenance_orders(empires_: Sequence[Empire], rulings_: Rulings, golds: Sequence[int] | None = None) -> st.SearchStrategy[tuple[MaintenanceOrder, ...]]:
    """One order per player who must tax (draws = taxations needed, disband 0); others may bring an empty one.

    ``golds`` is the gold each empire holds when it pays (its own gold when None); the
    orders come in any order.
    """
    held = tuple(golds) if golds is not None else tuple(e.gold for e in empires_)
    needed = tuple(taxations_needed(g, e, rulings_.gold_per_taxation) for g, e in zip(held, empires_))

    def order(e: Empire, n: int) -> st.SearchStrategy[tuple[MaintenanceOrder, ...]]:
        one = draws(n, rulings_).map(lambda d: (MaintenanceOrder(e.player, d, 0),))
        return one if n > 0 else st.one_of(st.just(()), one)

    every = st.tuples(*(order(e, n) for e, n in zip(empires_, needed)))
    return every.map(lambda parts: tuple(o for part in parts for o in part)).flatmap(lambda os: st.permutations(os).map(tuple))


# --- each operation's request ------------------------------------------------------------


def _players_of(empires_: Sequence[Empire]) -> tuple[PlayerName, ...]:
    return tuple(e.player for e in empires_)


def income_requests() -> st.SearchStrategy[IncomeRequest]:
    """``collect_income``: a game's empires and 0 to 4 regions with their markers."""
    return empires().flatmap(lambda es: regions(_players_of(es)).map(lambda rs: IncomeRequest(es, rs)))


def region_requests(min_players: int = MIN_PLAYERS, max_players: int = MAX_PLAYERS) -> st.SearchStrategy[RegionRequest]:
    """``score_region``: the players and one region (non-player majors with 2 or 3 players)."""
    return players(min_players, max_players).flatmap(
        lambda ps: regions(ps, 1, 1).map(lambda rs: RegionRequest(ps, rs[0]))
    )


def scoring_requests(min_players: int = MIN_PLAYERS, max_players: int = MAX_PLAYERS) -> st.SearchStrategy[ScoringRequest]:
    """``score_regions``: a game's empires and the 11 VP regions."""
    return empires(min_players, max_players).flatmap(lambda es: whole_map(_players_of(es)).map(lambda rs: ScoringRequest(es, rs)))


def maintenance_requests(rulings_: Rulings) -> st.SearchStrategy[MaintenanceRequest]:
    """``pay_maintenance``: a game's empires and orders whose draws match the taxations under ``rulings_``."""
    return empires().flatmap(lambda es: st.builds(MaintenanceRequest, st.just(es), maintenance_orders(es, rulings_)))


def maintenance_cases() -> st.SearchStrategy[tuple[MaintenanceRequest, Rulings]]:
    """A maintenance request with the rulings its draws were counted under."""
    return rulings().flatmap(lambda r: maintenance_requests(r).map(lambda q: (q, r)))


def population_requests() -> st.SearchStrategy[PopulationRequest]:
    """``grow_population``: a game's empires."""
    return st.builds(PopulationRequest, empires())


def clean_up_requests(wars: st.SearchStrategy[int] = st.integers(1, 3)) -> st.SearchStrategy[CleanUpRequest]:
    """``clean_up``: the players, a board on a war from ``wars`` and a seeding allowed after that war."""
    return players().flatmap(
        lambda ps: boards(ps, wars).flatmap(
            lambda b: st.builds(CleanUpRequest, st.just(ps), st.just(b), neutral_seedings(("K", "L", "M", "N"), b.war))
        )
    )


def end_game_requests(min_players: int = MIN_PLAYERS, max_players: int = MAX_PLAYERS) -> st.SearchStrategy[EndGameRequest]:
    """``end_game``: a game's empires (unrest 0–30, so revolutions happen)."""
    return st.builds(EndGameRequest, empires(min_players, max_players))


def war_end_requests(rulings_: Rulings, wars: st.SearchStrategy[int] = st.integers(1, 3), max_players: int = 5) -> st.SearchStrategy[WarEndRequest]:
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


# --- requests with one fault ----------------------------------------------------------------


@dataclass(frozen=True)
class Faulty(Generic[RequestT]):
    """A request with exactly one fault, and how it must be refused.

    ``refusal`` is the error kind; ``where`` is the JSON path an ``InvalidState`` names
    (``empires[1].population``, ``rulings.gold_per_taxation``) or the rule ID an
    ``IllegalAction`` names; ``fault`` says in words what was broken.
    """

    request: RequestT
    rulings: Rulings
    refusal: Literal["InvalidState", "IllegalAction"]
    where: str
    fault: str


EMPIRE_FAULTS = ("one player", "eight players", "empty name", "repeated name", "gold", "unrest", "vp", "armies", "navies", "forts", "population")


@st.composite
def faulty_empires(draw: st.DrawFn, empires_: tuple[Empire, ...]) -> tuple[tuple[Empire, ...], str, str]:
    """``empires_`` with one fault (SOE-GAME-1 to 5): 1 or 8 players, an empty or repeated name, a count out of range."""
    i = draw(st.integers(0, len(empires_) - 1))
    fault = draw(st.sampled_from(EMPIRE_FAULTS if i > 0 else tuple(f for f in EMPIRE_FAULTS if f != "repeated name")))
    if fault == "one player":
        return empires_[:1], "empires", "a game of 1 player"
    if fault == "eight players":
        extra = tuple(replace(empires_[0], player=f"extra{k}") for k in range(MAX_PLAYERS + 1 - len(empires_)))
        return empires_ + extra, "empires", "a game of 8 players"
    if fault == "empty name":
        broken = replace(empires_[i], player="")
    elif fault == "repeated name":
        broken = replace(empires_[i], player=empires_[draw(st.integers(0, i - 1))].player)
    elif fault == "population":
        broken = replace(empires_[i], population=draw(st.sampled_from((-1, 10, 12))))
    else:
        negative: dict[str, Any] = {fault: draw(st.integers(-5, -1))}
        broken = replace(empires_[i], **negative)
    path = f"empires[{i}].player" if fault.endswith("name") else f"empires[{i}].{fault}"
    return empires_[:i] + (broken,) + empires_[i + 1 :], path, fault


@st.composite
def faulty_players(draw: st.DrawFn, players_: tuple[PlayerName, ...]) -> tuple[tuple[PlayerName, ...], str, str]:
    """``players_`` with one fault (SOE-GAME-1, 2): 1 or 8 players, an empty or repeated name."""
    i = draw(st.integers(0, len(players_) - 1))
    choices: list[tuple[tuple[PlayerName, ...], str, str]] = [
        (players_[:1], "players", "a game of 1 player"),
        (players_ + tuple(f"extra{k}" for k in range(MAX_PLAYERS + 1 - len(players_))), "players", "a game of 8 players"),
        (players_[:i] + ("",) + players_[i + 1 :], f"players[{i}]", "an empty name"),
    ]
    if i > 0:
        choices.append((players_[:i] + (players_[draw(st.integers(0, i - 1))],) + players_[i + 1 :], f"players[{i}]", "a repeated name"))
    return draw(st.sampled_from(choices))


@st.composite
def faulty_region(draw: st.DrawFn, r: Region, players_: tuple[PlayerName, ...], path: str) -> tuple[Region, str, str]:
    """Region ``r`` at ``path`` with one fault (SOE-GAME-6 to 8)."""
    k = draw(st.integers(0, len(r.values) - 1))
    low = r.values[-1]
    absent = tuple(p for p in players_ if p not in (c.holder for c in r.control))
    n = len(r.control)
    choices: list[tuple[Region, str, str]] = [
        (replace(r, name=""), f"{path}.name", "an empty name"),
        (replace(r, values=r.values[:1]), f"{path}.values", "one printed value"),
        (replace(r, values=(r.values + (low, low, low))[:4]), f"{path}.values", "four printed values"),
        (replace(r, values=tuple(-1 if m == k else v for m, v in enumerate(r.values))), f"{path}.values[{k}]", "a negative value"),
        (replace(r, values=(low, low + 1)), f"{path}.values", "values lowest first"),
        (replace(r, control=r.control + (Presence(NOBODY, 1),)), f"{path}.control[{n}].holder", "markers of a non-player"),
    ]
    if absent:
        choices.append((replace(r, control=r.control + (Presence(absent[0], -1),)), f"{path}.control[{n}].markers", "negative markers"))
    if r.control:
        choices.append((replace(r, control=r.control + (r.control[0],)), f"{path}.control[{n}].holder", "a holder listed twice"))
    if len(players_) > NON_PLAYERS_UP_TO:
        choices.append((replace(r, non_player_control=(Presence("Austria", 1),)), f"{path}.non_player_control", "a non-player major with 4+ players"))
    else:
        n = len(r.non_player_control)
        choices.append((replace(r, non_player_control=r.non_player_control + (Presence(players_[0], 1),)), f"{path}.non_player_control[{n}].holder", "a player as a non-player major"))
        choices.append((replace(r, non_player_control=r.non_player_control + (Presence("", 1),)), f"{path}.non_player_control[{n}].holder", "an unnamed non-player major"))
        choices.append((replace(r, non_player_control=r.non_player_control + (Presence("Venice", -1),)), f"{path}.non_player_control[{n}].markers", "negative non-player markers"))
    return draw(st.sampled_from(choices))


@st.composite
def faulty_regions(draw: st.DrawFn, regions_: tuple[Region, ...], players_: tuple[PlayerName, ...], whole: bool) -> tuple[tuple[Region, ...], str, str]:
    """``regions_`` with one fault: one region broken, a name repeated, or (whole map) not 11 of them."""
    choices: list[Callable[[], tuple[tuple[Region, ...], str, str]]] = []
    if whole:
        choices.append(lambda: (regions_[:-1], "regions", "10 regions"))
        choices.append(lambda: (regions_ + (replace(regions_[0], name="Z"),), "regions", "12 regions"))
    if regions_:
        i = draw(st.integers(0, len(regions_) - 1))

        def broken() -> tuple[tuple[Region, ...], str, str]:
            bad, path, fault = draw(faulty_region(regions_[i], players_, f"regions[{i}]"))
            return regions_[:i] + (bad,) + regions_[i + 1 :], path, fault

        choices.append(broken)
        if i > 0:
            j = draw(st.integers(0, i - 1))
            choices.append(lambda: (regions_[:i] + (replace(regions_[i], name=regions_[j].name),) + regions_[i + 1 :], f"regions[{i}].name", "a repeated region"))
    else:
        choices.append(lambda: ((Region("", (3, 1), (), ()),), "regions[0].name", "an unnamed region"))
    return draw(st.sampled_from(choices))()


@st.composite
def faulty_board(draw: st.DrawFn, board: Board, players_: tuple[PlayerName, ...]) -> tuple[Board, str, str]:
    """``board`` with one fault (SOE-GAME-10): a marker off its track, or a marker of a non-player."""
    choices: list[tuple[Board, str, str]] = [
        (replace(board, war=draw(st.sampled_from((0, 4)))), "board.war", "war marker off the track"),
        (replace(board, phase=draw(st.sampled_from((0, 6)))), "board.phase", "phase marker off the track"),
        (replace(board, local_alliances=board.local_alliances + (LocalAlliance(NOBODY, None),)), f"board.local_alliances[{len(board.local_alliances)}].owner", "a local alliance of a non-player"),
        (replace(board, grand_alliances=board.grand_alliances + (GrandAlliance("West", NOBODY),)), f"board.grand_alliances[{len(board.grand_alliances)}].holder", "a grand alliance held by a non-player"),
        (replace(board, tiles=board.tiles + (Tile("Bank", NOBODY, False),)), f"board.tiles[{len(board.tiles)}].owner", "a tile of a non-player"),
    ]
    return draw(st.sampled_from(choices))


@st.composite
def faulty_seeding(draw: st.DrawFn, seeding: tuple[RegionName, ...], war: int, names: tuple[RegionName, ...] | None) -> tuple[tuple[RegionName, ...], str, str]:
    """A neutral seeding with one fault (SOE-CLEAN-7, SOE-END-2); ``names`` are the known regions, if any."""
    if war == 3:
        return ((names or ("K",))[0],), "neutral_seeding", "a seeding after the 3rd war"
    first = (names or ("K",))[0]
    n = len(seeding)
    choices: list[tuple[tuple[RegionName, ...], str, str]] = [(seeding + ("",), f"neutral_seeding[{n}]", "an unnamed region")]
    choices.append(((first, first), "neutral_seeding[1]", "a region seeded twice"))
    if names is not None:
        choices.append((seeding + ("Z" * 5,), f"neutral_seeding[{n}]", "a region not on the map"))
    return draw(st.sampled_from(choices))


@st.composite
def faulty_rulings(draw: st.DrawFn) -> tuple[Rulings, str, str]:
    """Rulings with one impossible field (SOE-RULING-9, 10): no taxation yield, or a bag that cannot be."""
    base = draw(rulings())
    choices: list[tuple[Rulings, str, str]] = [
        (replace(base, gold_per_taxation=draw(st.integers(-2, 0))), "rulings.gold_per_taxation", "taxation yields no gold"),
        (replace(base, unrest_tokens=()), "rulings.unrest_tokens", "an empty bag"),
        (replace(base, unrest_tokens=(1, 1, 2)), "rulings.unrest_tokens", "a token value listed twice"),
        (replace(base, unrest_tokens=(-1, 1)), "rulings.unrest_tokens", "a negative token"),
    ]
    return draw(st.sampled_from(choices))


def _with_bad_rulings(draw: st.DrawFn, request: RequestT) -> Faulty[RequestT]:
    bad, path, words = draw(faulty_rulings())
    return Faulty(request, bad, "InvalidState", path, words)


@st.composite
def faulty_income_requests(draw: st.DrawFn) -> Faulty[IncomeRequest]:
    """``collect_income`` with one fault in the rulings, the empires or the regions."""
    request, rulings_ = draw(income_requests()), draw(rulings())
    ps = tuple(e.player for e in request.empires)
    part = draw(st.sampled_from(("rulings", "empires", "regions")))
    if part == "rulings":
        return _with_bad_rulings(draw, request)
    if part == "empires":
        es, path, words = draw(faulty_empires(request.empires))
        return Faulty(replace(request, empires=es), rulings_, "InvalidState", path, words)
    rs, path, words = draw(faulty_regions(request.regions, ps, whole=False))
    return Faulty(replace(request, regions=rs), rulings_, "InvalidState", path, words)


@st.composite
def faulty_region_requests(draw: st.DrawFn) -> Faulty[RegionRequest]:
    """``score_region`` with one fault in the rulings, the players or the region."""
    request, rulings_ = draw(region_requests()), draw(rulings())
    part = draw(st.sampled_from(("rulings", "players", "region")))
    if part == "rulings":
        return _with_bad_rulings(draw, request)
    if part == "players":
        ps, path, words = draw(faulty_players(request.players))
        return Faulty(replace(request, players=ps), rulings_, "InvalidState", path, words)
    r, path, words = draw(faulty_region(request.region, request.players, "region"))
    return Faulty(replace(request, region=r), rulings_, "InvalidState", path, words)


@st.composite
def faulty_scoring_requests(draw: st.DrawFn) -> Faulty[ScoringRequest]:
    """``score_regions`` with one fault in the rulings, the empires or the 11 regions."""
    request, rulings_ = draw(scoring_requests(max_players=4)), draw(rulings())
    ps = tuple(e.player for e in request.empires)
    part = draw(st.sampled_from(("rulings", "empires", "regions")))
    if part == "rulings":
        return _with_bad_rulings(draw, request)
    if part == "empires":
        es, path, words = draw(faulty_empires(request.empires))
        return Faulty(replace(request, empires=es), rulings_, "InvalidState", path, words)
    rs, path, words = draw(faulty_regions(request.regions, ps, whole=True))
    return Faulty(replace(request, regions=rs), rulings_, "InvalidState", path, words)


@st.composite
def faulty_orders(draw: st.DrawFn, empires_: tuple[Empire, ...], golds: tuple[int, ...], rulings_: Rulings) -> tuple[tuple[MaintenanceOrder, ...], str, str, Literal["InvalidState", "IllegalAction"]]:
    """Orders for ``empires_`` (holding ``golds`` when they pay) with one fault (SOE-MAINT-2, 5, 6, 8).

    The first empire is made to need at least one taxation by the caller, so a draw can be
    broken, removed or added.
    """
    orders = list(draw(maintenance_orders(empires_, rulings_, golds)))
    taxer = next(i for i, o in enumerate(orders) if o.player == empires_[0].player)
    n = len(orders)
    own = orders[taxer]
    choices: list[tuple[tuple[MaintenanceOrder, ...], str, str, Literal["InvalidState", "IllegalAction"]]] = [
        (tuple(orders) + (MaintenanceOrder(NOBODY, (), 0),), f"orders[{n}].player", "an order of a non-player", "InvalidState"),
        (tuple(orders) + (own,), f"orders[{n}].player", "a second order of one player", "InvalidState"),
        (tuple(replace(o, disband=-1) if k == taxer else o for k, o in enumerate(orders)), f"orders[{taxer}].disband", "a negative disband", "InvalidState"),
        (tuple(replace(o, unrest_draws=(NOT_A_TOKEN,) + o.unrest_draws[1:]) if k == taxer else o for k, o in enumerate(orders)), f"orders[{taxer}].unrest_draws[0]", "a token not in the bag", "InvalidState"),
        (tuple(replace(o, unrest_draws=o.unrest_draws[1:]) if k == taxer else o for k, o in enumerate(orders)), f"orders[{taxer}].unrest_draws", "one draw too few", "InvalidState"),
        (tuple(replace(o, unrest_draws=o.unrest_draws + o.unrest_draws[:1]) if k == taxer else o for k, o in enumerate(orders)), f"orders[{taxer}].unrest_draws", "one draw too many", "InvalidState"),
        (tuple(o for k, o in enumerate(orders) if k != taxer), "orders", "no order from a player who must tax", "InvalidState"),
        (tuple(replace(o, disband=1) if k == taxer else o for k, o in enumerate(orders)), "SOE-MAINT-2", "disbanding instead of paying", "IllegalAction"),
    ]
    return draw(st.sampled_from(choices))


def must_tax(e: Empire, gold_held: int) -> Empire:
    """``e`` with no gold of its own and one army more than the rest of ``gold_held`` pays for: it must tax."""
    return replace(e, gold=0, armies=gold_held - e.gold + 1)


@st.composite
def faulty_maintenance_requests(draw: st.DrawFn) -> Faulty[MaintenanceRequest]:
    """``pay_maintenance`` with one fault in the rulings, the empires or the orders (disbanding: ``IllegalAction``)."""
    rulings_ = draw(rulings())
    request = draw(maintenance_requests(rulings_))
    part = draw(st.sampled_from(("rulings", "empires", "orders")))
    if part == "rulings":
        return _with_bad_rulings(draw, request)
    if part == "empires":
        es, path, words = draw(faulty_empires(request.empires))
        return Faulty(replace(request, empires=es), rulings_, "InvalidState", path, words)
    es = (must_tax(request.empires[0], request.empires[0].gold),) + request.empires[1:]
    orders, where, words, kind = draw(faulty_orders(es, tuple(e.gold for e in es), rulings_))
    return Faulty(MaintenanceRequest(es, orders), rulings_, kind, where, words)


@st.composite
def faulty_population_requests(draw: st.DrawFn) -> Faulty[PopulationRequest]:
    """``grow_population`` with one fault in the rulings or the empires."""
    request, rulings_ = draw(population_requests()), draw(rulings())
    if draw(st.booleans()):
        return _with_bad_rulings(draw, request)
    es, path, words = draw(faulty_empires(request.empires))
    return Faulty(PopulationRequest(es), rulings_, "InvalidState", path, words)


@st.composite
def faulty_clean_up_requests(draw: st.DrawFn) -> Faulty[CleanUpRequest]:
    """``clean_up`` with one fault in the rulings, the players, the board or the neutral seeding."""
    request, rulings_ = draw(clean_up_requests()), draw(rulings())
    part = draw(st.sampled_from(("rulings", "players", "board", "seeding")))
    if part == "rulings":
        return _with_bad_rulings(draw, request)
    if part == "players":
        ps, path, words = draw(faulty_players(request.players))
        return Faulty(replace(request, players=ps), rulings_, "InvalidState", path, words)
    if part == "board":
        b, path, words = draw(faulty_board(request.board, request.players))
        return Faulty(replace(request, board=b), rulings_, "InvalidState", path, words)
    seeding, path, words = draw(faulty_seeding(request.neutral_seeding, request.board.war, None))
    return Faulty(replace(request, neutral_seeding=seeding), rulings_, "InvalidState", path, words)


@st.composite
def faulty_end_game_requests(draw: st.DrawFn) -> Faulty[EndGameRequest]:
    """``end_game`` with one fault in the rulings or the empires."""
    request, rulings_ = draw(end_game_requests()), draw(rulings())
    if draw(st.booleans()):
        return _with_bad_rulings(draw, request)
    es, path, words = draw(faulty_empires(request.empires))
    return Faulty(EndGameRequest(es), rulings_, "InvalidState", path, words)


@st.composite
def faulty_war_end_requests(draw: st.DrawFn) -> Faulty[WarEndRequest]:
    """``end_war`` with one fault: rulings, empires, regions, board, orders (draws after income) or seeding."""
    rulings_ = draw(rulings())
    request = draw(war_end_requests(rulings_, max_players=4))
    ps = tuple(e.player for e in request.empires)
    names = tuple(r.name for r in request.regions)
    part = draw(st.sampled_from(("rulings", "empires", "regions", "board", "orders", "seeding")))
    if part == "rulings":
        return _with_bad_rulings(draw, request)
    if part == "empires":
        es, path, words = draw(faulty_empires(request.empires))
        return Faulty(replace(request, empires=es), rulings_, "InvalidState", path, words)
    if part == "regions":
        rs, path, words = draw(faulty_regions(request.regions, ps, whole=True))
        return Faulty(replace(request, regions=rs), rulings_, "InvalidState", path, words)
    if part == "board":
        b, path, words = draw(faulty_board(request.board, ps))
        return Faulty(replace(request, board=b), rulings_, "InvalidState", path, words)
    if part == "seeding":
        seeding, path, words = draw(faulty_seeding(request.neutral_seeding, request.board.war, names))
        return Faulty(replace(request, neutral_seeding=seeding), rulings_, "InvalidState", path, words)
    first = request.empires[0]
    es = (must_tax(first, gold_after_income(first, request.regions)),) + request.empires[1:]
    golds = tuple(gold_after_income(e, request.regions) for e in es)
    orders, where, words, kind = draw(faulty_orders(es, golds, rulings_))
    return Faulty(replace(request, empires=es, orders=orders), rulings_, kind, where, words)

