"""The values of Struggle of Empires that the end-of-war and end-of-game rules read and write.

Every value is immutable and carries only what the rules consult; what can be derived
(markers on the map, a game's player count) is derived, never stored twice. The types
say the shape only: whether a value is possible in the game is a rule, checked by
``rulespec.reference.struggle_of_empires.validation`` and refused with ``InvalidState``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

PlayerName: TypeAlias = str
RegionName: TypeAlias = str
Gold: TypeAlias = int
Population: TypeAlias = int
Unrest: TypeAlias = int
VictoryPoints: TypeAlias = int
ControlMarkers: TypeAlias = int
UnrestToken: TypeAlias = int
War: TypeAlias = int
Phase: TypeAlias = int


@dataclass(frozen=True, slots=True)
class Empire:
    """One player's treasury, tracks and units on the map."""

    player: PlayerName
    gold: Gold
    population: Population
    unrest: Unrest
    vp: VictoryPoints
    armies: int
    navies: int
    forts: int


@dataclass(frozen=True, slots=True)
class Presence:
    """How many control markers one holder has in one region."""

    holder: str
    markers: ControlMarkers


@dataclass(frozen=True, slots=True)
class Region:
    """A victory point region: its printed values, highest first, and who controls what there.

    ``non_player_control`` holds the markers of major powers that no player plays
    (2- and 3-player games only).
    """

    name: RegionName
    values: tuple[VictoryPoints, ...]
    control: tuple[Presence, ...]
    non_player_control: tuple[Presence, ...]


@dataclass(frozen=True, slots=True)
class LocalAlliance:
    """A local alliance marker: in ``region`` on the map, or with its owner when ``region`` is None."""

    owner: PlayerName
    region: RegionName | None


@dataclass(frozen=True, slots=True)
class GrandAlliance:
    """A grand alliance marker: held by ``holder``, or set aside for the next auction when None."""

    name: str
    holder: PlayerName | None


@dataclass(frozen=True, slots=True)
class Tile:
    """A player's tile: ``flipped`` once used, until clean-up restores its ready side."""

    name: str
    owner: PlayerName
    flipped: bool


@dataclass(frozen=True, slots=True)
class Board:
    """The markers that clean-up resets: war and phase markers, alliances, tiles, neutral markers."""

    war: War
    phase: Phase
    local_alliances: tuple[LocalAlliance, ...]
    grand_alliances: tuple[GrandAlliance, ...]
    tiles: tuple[Tile, ...]
    neutral_markers: tuple[RegionName, ...]


@dataclass(frozen=True, slots=True)
class MaintenanceOrder:
    """What one player brings to maintenance.

    ``unrest_draws`` are the unrest tokens this player will draw from the bag, in
    order, one per taxation: the draw is an explicit input, never hidden randomness.
    ``disband`` is a request to remove units instead of paying for them.
    """

    player: PlayerName
    unrest_draws: tuple[UnrestToken, ...]
    disband: int


@dataclass(frozen=True, slots=True)
class Award:
    player: PlayerName
    vp: VictoryPoints


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line in the final result; ``place`` is None for a player out of the game."""

    player: PlayerName
    unrest: Unrest
    penalty: VictoryPoints
    vp: VictoryPoints
    revolution: bool
    place: int | None


# --- operation requests and results -------------------------------------------------


@dataclass(frozen=True, slots=True)
class IncomeRequest:
    empires: tuple[Empire, ...]
    regions: tuple[Region, ...]


@dataclass(frozen=True, slots=True)
class RegionRequest:
    players: tuple[PlayerName, ...]
    region: Region


@dataclass(frozen=True, slots=True)
class RegionScore:
    """Each player's VP from one region, in the order of the request's players."""

    region: RegionName
    awards: tuple[Award, ...]


@dataclass(frozen=True, slots=True)
class ScoringRequest:
    empires: tuple[Empire, ...]
    regions: tuple[Region, ...]


@dataclass(frozen=True, slots=True)
class MaintenanceRequest:
    empires: tuple[Empire, ...]
    orders: tuple[MaintenanceOrder, ...]


@dataclass(frozen=True, slots=True)
class PopulationRequest:
    empires: tuple[Empire, ...]


@dataclass(frozen=True, slots=True)
class Empires:
    """The empires after a step, in the order they were given."""

    empires: tuple[Empire, ...]


@dataclass(frozen=True, slots=True)
class CleanUpRequest:
    players: tuple[PlayerName, ...]
    board: Board
    neutral_seeding: tuple[RegionName, ...]


@dataclass(frozen=True, slots=True)
class EndGameRequest:
    empires: tuple[Empire, ...]


@dataclass(frozen=True, slots=True)
class Standings:
    """The final result, one line per empire in the order they were given."""

    standings: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class WarEndRequest:
    """Everything the end of a war needs: the state, the unrest draws, the neutral markers to seed."""

    empires: tuple[Empire, ...]
    regions: tuple[Region, ...]
    board: Board
    orders: tuple[MaintenanceOrder, ...]
    neutral_seeding: tuple[RegionName, ...]


@dataclass(frozen=True, slots=True)
class WarEndResult:
    """The state after the war; ``standings`` is set only when the 3rd war ended the game."""

    empires: tuple[Empire, ...]
    board: Board
    standings: tuple[Standing, ...] | None
