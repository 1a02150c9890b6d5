"""Hypothesis strategies for Struggle of Empires requests with exactly one fault.

Each takes a valid request from ``rulespec.conformance.strategies.soe`` and pushes one field out
of range, returning it with the JSON path (or rule ID) the rules must refuse it on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Generic, Literal, TypeVar

from hypothesis import strategies as st

from rulespec.conformance.strategies.soe import (
    MAX_PLAYERS,
    NOBODY,
    NON_PLAYERS_UP_TO,
    NOT_A_TOKEN,
    RequestT,
    clean_up_requests,
    end_game_requests,
    gold_after_income,
    income_requests,
    maintenance_orders,
    maintenance_requests,
    population_requests,
    region_requests,
    rulings,
    scoring_requests,
    war_end_requests,
)
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

MapRequestT = TypeVar("MapRequestT", IncomeRequest, ScoringRequest)

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


EMPIRE_FAULTS = (
    "one player",
    "eight players",
    "empty name",
    "repeated name",
    "gold",
    "unrest",
    "vp",
    "armies",
    "navies",
    "forts",
    "population",
)


@st.composite
def faulty_empires(draw: st.DrawFn, empires_: tuple[Empire, ...]) -> tuple[tuple[Empire, ...], str, str]:
    """``empires_`` with one fault (SOE-GAME-1 to 5): 1 or 8 players, an empty or repeated name, a count
    out of range."""
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
        (
            players_ + tuple(f"extra{k}" for k in range(MAX_PLAYERS + 1 - len(players_))),
            "players",
            "a game of 8 players",
        ),
        (players_[:i] + ("",) + players_[i + 1 :], f"players[{i}]", "an empty name"),
    ]
    if i > 0:
        choices.append(
            (
                players_[:i] + (players_[draw(st.integers(0, i - 1))],) + players_[i + 1 :],
                f"players[{i}]",
                "a repeated name",
            )
        )
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
        (
            replace(r, values=tuple(-1 if m == k else v for m, v in enumerate(r.values))),
            f"{path}.values[{k}]",
            "a negative value",
        ),
        (replace(r, values=(low, low + 1)), f"{path}.values", "values lowest first"),
        (
            replace(r, control=r.control + (Presence(NOBODY, 1),)),
            f"{path}.control[{n}].holder",
            "markers of a non-player",
        ),
    ]
    if absent:
        choices.append(
            (
                replace(r, control=r.control + (Presence(absent[0], -1),)),
                f"{path}.control[{n}].markers",
                "negative markers",
            )
        )
    if r.control:
        choices.append(
            (replace(r, control=r.control + (r.control[0],)), f"{path}.control[{n}].holder", "a holder listed twice")
        )
    if len(players_) > NON_PLAYERS_UP_TO:
        choices.append(
            (
                replace(r, non_player_control=(Presence("Austria", 1),)),
                f"{path}.non_player_control",
                "a non-player major with 4+ players",
            )
        )
    else:
        n = len(r.non_player_control)
        choices.append(
            (
                replace(r, non_player_control=r.non_player_control + (Presence(players_[0], 1),)),
                f"{path}.non_player_control[{n}].holder",
                "a player as a non-player major",
            )
        )
        choices.append(
            (
                replace(r, non_player_control=r.non_player_control + (Presence("", 1),)),
                f"{path}.non_player_control[{n}].holder",
                "an unnamed non-player major",
            )
        )
        choices.append(
            (
                replace(r, non_player_control=r.non_player_control + (Presence("Venice", -1),)),
                f"{path}.non_player_control[{n}].markers",
                "negative non-player markers",
            )
        )
    return draw(st.sampled_from(choices))


@st.composite
def faulty_regions(
    draw: st.DrawFn, regions_: tuple[Region, ...], players_: tuple[PlayerName, ...], whole: bool
) -> tuple[tuple[Region, ...], str, str]:
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
            choices.append(
                lambda: (
                    regions_[:i] + (replace(regions_[i], name=regions_[j].name),) + regions_[i + 1 :],
                    f"regions[{i}].name",
                    "a repeated region",
                )
            )
    else:
        choices.append(lambda: ((Region("", (3, 1), (), ()),), "regions[0].name", "an unnamed region"))
    return draw(st.sampled_from(choices))()


@st.composite
def faulty_board(draw: st.DrawFn, board: Board, players_: tuple[PlayerName, ...]) -> tuple[Board, str, str]:
    """``board`` with one fault (SOE-GAME-10): a marker off its track, or a marker of a non-player."""
    choices: list[tuple[Board, str, str]] = [
        (replace(board, war=draw(st.sampled_from((0, 4)))), "board.war", "war marker off the track"),
        (replace(board, phase=draw(st.sampled_from((0, 6)))), "board.phase", "phase marker off the track"),
        (
            replace(board, local_alliances=board.local_alliances + (LocalAlliance(NOBODY, None),)),
            f"board.local_alliances[{len(board.local_alliances)}].owner",
            "a local alliance of a non-player",
        ),
        (
            replace(board, grand_alliances=board.grand_alliances + (GrandAlliance("West", NOBODY),)),
            f"board.grand_alliances[{len(board.grand_alliances)}].holder",
            "a grand alliance held by a non-player",
        ),
        (
            replace(board, tiles=board.tiles + (Tile("Bank", NOBODY, False),)),
            f"board.tiles[{len(board.tiles)}].owner",
            "a tile of a non-player",
        ),
    ]
    return draw(st.sampled_from(choices))


@st.composite
def faulty_seeding(
    draw: st.DrawFn, seeding: tuple[RegionName, ...], war: int, names: tuple[RegionName, ...] | None
) -> tuple[tuple[RegionName, ...], str, str]:
    """A neutral seeding with one fault (SOE-CLEAN-7, SOE-END-2); ``names`` are the known regions, if any."""
    if war == 3:
        return ((names or ("K",))[0],), "neutral_seeding", "a seeding after the 3rd war"
    first = (names or ("K",))[0]
    n = len(seeding)
    choices: list[tuple[tuple[RegionName, ...], str, str]] = [
        (seeding + ("",), f"neutral_seeding[{n}]", "an unnamed region")
    ]
    choices.append(((first, first), "neutral_seeding[1]", "a region seeded twice"))
    if names is not None:
        choices.append((seeding + ("Z" * 5,), f"neutral_seeding[{n}]", "a region not on the map"))
    return draw(st.sampled_from(choices))


@cache  # one strategy object: Hypothesis validates every new one it draws from
@st.composite
def faulty_rulings(draw: st.DrawFn) -> tuple[Rulings, str, str]:
    """Rulings with one impossible field (SOE-RULING-9, 10): no taxation yield, or a bag that cannot be."""
    base = draw(rulings())
    choices: list[tuple[Rulings, str, str]] = [
        (
            replace(base, gold_per_taxation=draw(st.integers(-2, 0))),
            "rulings.gold_per_taxation",
            "taxation yields no gold",
        ),
        (replace(base, unrest_tokens=()), "rulings.unrest_tokens", "an empty bag"),
        (replace(base, unrest_tokens=(1, 1, 2)), "rulings.unrest_tokens", "a token value listed twice"),
        (replace(base, unrest_tokens=(-1, 1)), "rulings.unrest_tokens", "a negative token"),
    ]
    return draw(st.sampled_from(choices))


def _with_bad_rulings(draw: st.DrawFn, request: RequestT) -> Faulty[RequestT]:
    bad, path, words = draw(faulty_rulings())
    return Faulty(request, bad, "InvalidState", path, words)


def _faulty_map_request(draw: st.DrawFn, request: MapRequestT, whole: bool) -> Faulty[MapRequestT]:
    """One fault in the rulings, the empires or the regions of a request over the map."""
    rulings_ = draw(rulings())
    ps = tuple(e.player for e in request.empires)
    part = draw(st.sampled_from(("rulings", "empires", "regions")))
    if part == "rulings":
        return _with_bad_rulings(draw, request)
    if part == "empires":
        es, path, words = draw(faulty_empires(request.empires))
        return Faulty(replace(request, empires=es), rulings_, "InvalidState", path, words)
    rs, path, words = draw(faulty_regions(request.regions, ps, whole=whole))
    return Faulty(replace(request, regions=rs), rulings_, "InvalidState", path, words)


@st.composite
def faulty_income_requests(draw: st.DrawFn) -> Faulty[IncomeRequest]:
    """``collect_income`` with one fault in the rulings, the empires or the regions."""
    return _faulty_map_request(draw, draw(income_requests()), whole=False)


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
    return _faulty_map_request(draw, draw(scoring_requests(max_players=4)), whole=True)


@st.composite
def faulty_orders(
    draw: st.DrawFn, empires_: tuple[Empire, ...], golds: tuple[int, ...], rulings_: Rulings
) -> tuple[tuple[MaintenanceOrder, ...], str, str, Literal["InvalidState", "IllegalAction"]]:
    """Orders for ``empires_`` (holding ``golds`` when they pay) with one fault (SOE-MAINT-2, 5, 6, 8).

    The first empire is made to need at least one taxation by the caller, so a draw can be
    broken, removed or added.
    """
    orders = list(draw(maintenance_orders(empires_, rulings_, golds)))
    taxer = next(i for i, o in enumerate(orders) if o.player == empires_[0].player)
    bag = rulings_.unrest_tokens  # no token: a value between two of the bag's (a gap in it), or none near it
    stray = draw(st.sampled_from([v for v in range(min(bag), max(bag)) if v not in bag] + [NOT_A_TOKEN]))
    n = len(orders)
    own = orders[taxer]
    choices: list[tuple[tuple[MaintenanceOrder, ...], str, str, Literal["InvalidState", "IllegalAction"]]] = [
        (
            tuple(orders) + (MaintenanceOrder(NOBODY, (), 0),),
            f"orders[{n}].player",
            "an order of a non-player",
            "InvalidState",
        ),
        (tuple(orders) + (own,), f"orders[{n}].player", "a second order of one player", "InvalidState"),
        (
            tuple(replace(o, disband=-1) if k == taxer else o for k, o in enumerate(orders)),
            f"orders[{taxer}].disband",
            "a negative disband",
            "InvalidState",
        ),
        (
            tuple(
                replace(o, unrest_draws=(stray,) + o.unrest_draws[1:]) if k == taxer else o
                for k, o in enumerate(orders)
            ),
            f"orders[{taxer}].unrest_draws[0]",
            "a token not in the bag",
            "InvalidState",
        ),
        (
            tuple(replace(o, unrest_draws=o.unrest_draws[1:]) if k == taxer else o for k, o in enumerate(orders)),
            f"orders[{taxer}].unrest_draws",
            "one draw too few",
            "InvalidState",
        ),
        (
            tuple(
                replace(o, unrest_draws=o.unrest_draws + o.unrest_draws[:1]) if k == taxer else o
                for k, o in enumerate(orders)
            ),
            f"orders[{taxer}].unrest_draws",
            "one draw too many",
            "InvalidState",
        ),
        (
            tuple(o for k, o in enumerate(orders) if k != taxer),
            "orders",
            "no order from a player who must tax",
            "InvalidState",
        ),
        (
            tuple(replace(o, disband=1) if k == taxer else o for k, o in enumerate(orders)),
            "SOE-MAINT-2",
            "disbanding instead of paying",
            "IllegalAction",
        ),
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


def _in_rulings_or_empires(
    draw: st.DrawFn, request: RequestT, empires: tuple[Empire, ...], rebuild: Callable[[tuple[Empire, ...]], RequestT]
) -> Faulty[RequestT]:
    """One fault in the rulings or in the empires of a request that holds nothing else."""
    rulings_ = draw(rulings())
    if draw(st.booleans()):
        return _with_bad_rulings(draw, request)
    es, path, words = draw(faulty_empires(empires))
    return Faulty(rebuild(es), rulings_, "InvalidState", path, words)


@st.composite
def faulty_population_requests(draw: st.DrawFn) -> Faulty[PopulationRequest]:
    """``grow_population`` with one fault in the rulings or the empires."""
    request = draw(population_requests())
    return _in_rulings_or_empires(draw, request, request.empires, PopulationRequest)


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
    request = draw(end_game_requests())
    return _in_rulings_or_empires(draw, request, request.empires, EndGameRequest)


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
