"""Every check that refuses an impossible input with ``InvalidState`` (SOE-GAME-*).

Each check names the offending field by its JSON path into the request, in the
order the spec lists them, so the first fault found is the one reported. Nothing
here repairs a value: a check passes or raises.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.reference.errors import InvalidState
from rulespec.reference.struggle_of_empires.model import (
    Board,
    Empire,
    MaintenanceOrder,
    PlayerName,
    Presence,
    Region,
    RegionName,
)
from rulespec.reference.struggle_of_empires.rulings import Rulings

MIN_PLAYERS = 2  # SOE-GAME-1
MAX_PLAYERS = 7  # SOE-GAME-1
VP_REGIONS = 11  # SOE-GAME-9
MAX_POPULATION = 9  # SOE-GAME-4
LAST_WAR = 3  # SOE-GAME-10
LAST_PHASE = 5  # SOE-GAME-10


def refuse(field: str, value: object, reason: str, rule: str) -> InvalidState:
    """The ``InvalidState`` for an input that breaks the clause ``rule`` (SOE-GAME-1, SOE-GAME-6, ...): a function
    so each check stays one line."""
    return InvalidState(field, value, reason, rule)


def validate_rulings(rulings: Rulings) -> None:
    """SOE-RULING-9, SOE-RULING-10: the taxation yield and the bag's token values are possible."""
    tokens = rulings.unrest_tokens
    # taxation must yield gold, or a shortfall could never be covered
    if rulings.gold_per_taxation < 1:
        raise refuse("rulings.gold_per_taxation", rulings.gold_per_taxation, "must be at least 1", "SOE-RULING-9")
    # the bag holds at least one kind of token
    if len(tokens) == 0:
        raise refuse("rulings.unrest_tokens", tokens, "must list at least one value", "SOE-RULING-10")
    # each token value is listed once
    if len(set(tokens)) != len(tokens):
        raise refuse("rulings.unrest_tokens", tokens, "values must be distinct", "SOE-RULING-10")
    # unrest is never taken away by a draw
    if any(token < 0 for token in tokens):
        raise refuse("rulings.unrest_tokens", tokens, "values must be at least 0", "SOE-RULING-10")


def validate_players(players: Sequence[PlayerName], path: str) -> None:
    """SOE-GAME-1, SOE-GAME-2: 2 to 7 players, each with a non-empty name of its own."""
    # the game is for 2 to 7 players
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise refuse(path, len(players), "a game has 2 to 7 players", "SOE-GAME-1")
    for i, player in enumerate(players):
        # a player has a name
        if player == "":
            raise refuse(f"{path}[{i}]", player, "a player's name is not empty", "SOE-GAME-2")
        # no two players share a name
        if player in players[:i]:
            raise refuse(f"{path}[{i}]", player, "a player's name is used once", "SOE-GAME-2")


def validate_empire(empire: Empire, path: str) -> None:
    """SOE-GAME-3, SOE-GAME-4, SOE-GAME-5: tracks and unit counts an empire can have."""
    # the treasury is never in debt
    if empire.gold < 0:
        raise refuse(f"{path}.gold", empire.gold, "gold is never negative", "SOE-GAME-3")
    # the population track runs from 0 to 9
    if not 0 <= empire.population <= MAX_POPULATION:
        raise refuse(f"{path}.population", empire.population, "population is 0 to 9", "SOE-GAME-4")
    # unrest, VP and units are counts
    for name in ("unrest", "vp", "armies", "navies", "forts"):
        value: int = getattr(empire, name)
        if value < 0:
            raise refuse(f"{path}.{name}", value, f"{name} is never negative", "SOE-GAME-5")


def validate_empires(empires: Sequence[Empire]) -> None:
    """SOE-GAME-1 to SOE-GAME-5 over ``empires``: one empire per player."""
    # the game is for 2 to 7 players
    if not MIN_PLAYERS <= len(empires) <= MAX_PLAYERS:
        raise refuse("empires", len(empires), "a game has 2 to 7 players", "SOE-GAME-1")
    for i, empire in enumerate(empires):
        # a player has a name
        if empire.player == "":
            raise refuse(f"empires[{i}].player", empire.player, "a player's name is not empty", "SOE-GAME-2")
        # no two empires belong to the same player
        if empire.player in (e.player for e in empires[:i]):
            raise refuse(f"empires[{i}].player", empire.player, "a player's name is used once", "SOE-GAME-2")
        validate_empire(empire, f"empires[{i}]")


def validate_presences(
    presences: Sequence[Presence], players: Sequence[PlayerName], path: str, by_players: bool
) -> None:
    """SOE-GAME-7, SOE-GAME-8: one line per holder, markers counted, holders on the right side."""
    for j, presence in enumerate(presences):
        # player markers belong to players; non-player majors are not players
        if by_players and presence.holder not in players:
            raise refuse(f"{path}[{j}].holder", presence.holder, "not a player of this game", "SOE-GAME-7")
        if not by_players and (presence.holder == "" or presence.holder in players):
            raise refuse(
                f"{path}[{j}].holder", presence.holder, "a non-player major is named and is no player", "SOE-GAME-8"
            )
        # each holder is listed once per region
        if presence.holder in (p.holder for p in presences[:j]):
            raise refuse(f"{path}[{j}].holder", presence.holder, "a holder is listed once per region", "SOE-GAME-7")
        # markers are a count
        if presence.markers < 0:
            raise refuse(f"{path}[{j}].markers", presence.markers, "markers are never negative", "SOE-GAME-7")


def validate_region(region: Region, players: Sequence[PlayerName], path: str) -> None:
    """SOE-GAME-6 to SOE-GAME-8: a region's printed values and who holds markers there."""
    values = region.values
    # a region is named
    if region.name == "":
        raise refuse(f"{path}.name", region.name, "a region's name is not empty", "SOE-GAME-6")
    # two or three values are printed
    if len(values) not in (2, 3):
        raise refuse(f"{path}.values", values, "a region lists 2 or 3 values", "SOE-GAME-6")
    for k, value in enumerate(values):
        # a printed value is never negative
        if value < 0:
            raise refuse(f"{path}.values[{k}]", value, "a value is never negative", "SOE-GAME-6")
    # values are listed highest first
    if any(values[k] < values[k + 1] for k in range(len(values) - 1)):
        raise refuse(f"{path}.values", values, "values are listed highest first", "SOE-GAME-6")
    validate_presences(region.control, players, f"{path}.control", by_players=True)
    # non-player majors are only on the map with 2 or 3 players
    if len(players) >= 4 and len(region.non_player_control) > 0:  # SOE-GAME-8: checked after control
        raise refuse(
            f"{path}.non_player_control",
            len(region.non_player_control),
            "no non-player majors with 4 or more players",
            "SOE-GAME-8",
        )
    validate_presences(region.non_player_control, players, f"{path}.non_player_control", by_players=False)


def validate_regions(regions: Sequence[Region], players: Sequence[PlayerName], whole_map: bool) -> None:
    """SOE-GAME-6 to SOE-GAME-9: each region possible, none twice, all 11 when the whole map is needed."""
    # scoring needs the whole map: the 11 VP regions
    if whole_map and len(regions) != VP_REGIONS:
        raise refuse("regions", len(regions), "the map has 11 VP regions", "SOE-GAME-9")
    for i, region in enumerate(regions):
        validate_region(region, players, f"regions[{i}]")
        # a region is listed once
        if region.name in (r.name for r in regions[:i]):  # SOE-GAME-9: after the region's own checks
            raise refuse(f"regions[{i}].name", region.name, "a region is listed once", "SOE-GAME-9")


def validate_board(board: Board, players: Sequence[PlayerName]) -> None:
    """SOE-GAME-10: the war and phase markers are on their tracks; markers belong to players."""
    # there are three wars
    if not 1 <= board.war <= LAST_WAR:
        raise refuse("board.war", board.war, "the war marker is on war 1 to 3", "SOE-GAME-10")
    # a war has five phases
    if not 1 <= board.phase <= LAST_PHASE:
        raise refuse("board.phase", board.phase, "the phase marker is on phase 1 to 5", "SOE-GAME-10")
    for i, local in enumerate(board.local_alliances):
        # a local alliance marker is some player's
        if local.owner not in players:
            raise refuse(f"board.local_alliances[{i}].owner", local.owner, "not a player of this game", "SOE-GAME-10")
    for i, grand in enumerate(board.grand_alliances):
        # a grand alliance marker is held by a player or set aside
        if grand.holder is not None and grand.holder not in players:
            raise refuse(f"board.grand_alliances[{i}].holder", grand.holder, "not a player of this game", "SOE-GAME-10")
    for i, tile in enumerate(board.tiles):
        # a tile is some player's
        if tile.owner not in players:
            raise refuse(f"board.tiles[{i}].owner", tile.owner, "not a player of this game", "SOE-GAME-10")


def validate_neutral_seeding(seeding: Sequence[RegionName], war: int, regions: Sequence[RegionName] | None) -> None:
    """SOE-CLEAN-7, SOE-END-2: the neutral markers to seed name distinct regions, and none after the 3rd war."""
    # the game is over after the 3rd war: nothing is seeded
    if war == LAST_WAR and len(seeding) > 0:
        raise refuse("neutral_seeding", seeding, "nothing is seeded after the 3rd war", "SOE-END-2")
    for i, name in enumerate(seeding):
        # a seeded region is named
        if name == "":
            raise refuse(f"neutral_seeding[{i}]", name, "a region's name is not empty", "SOE-CLEAN-7")
        # a region is seeded once
        if name in seeding[:i]:
            raise refuse(f"neutral_seeding[{i}]", name, "a region is seeded once", "SOE-CLEAN-7")
        # when the map is known, only its regions are seeded
        if regions is not None and name not in regions:
            raise refuse(f"neutral_seeding[{i}]", name, "not one of the game's regions", "SOE-CLEAN-7")


def validate_orders(orders: Sequence[MaintenanceOrder], players: Sequence[PlayerName], rulings: Rulings) -> None:
    """SOE-MAINT-6, SOE-MAINT-8: at most one order per player, draws that the bag can hold."""
    for i, order in enumerate(orders):
        # an order is some player's
        if order.player not in players:
            raise refuse(f"orders[{i}].player", order.player, "not a player of this game", "SOE-MAINT-8")
        # a player brings one order
        if order.player in (o.player for o in orders[:i]):
            raise refuse(f"orders[{i}].player", order.player, "a player has one order", "SOE-MAINT-8")
        # a disband request counts units
        if order.disband < 0:
            raise refuse(f"orders[{i}].disband", order.disband, "disband is never negative", "SOE-MAINT-8")
        for j, token in enumerate(order.unrest_draws):
            # only tokens in the bag can be drawn
            if token not in rulings.unrest_tokens:
                raise refuse(f"orders[{i}].unrest_draws[{j}]", token, "not a token of the unrest bag", "SOE-MAINT-6")
