"""Region scoring: rank the control markers in each VP region and award its printed values."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeAlias

from rulespec.reference.errors import InvalidState as InvalidState  # named by the contract's raises: line
from rulespec.reference.struggle_of_empires.model import (
    Award,
    ControlMarkers,
    Empire,
    Empires,
    PlayerName,
    Region,
    RegionRequest,
    RegionScore,
    ScoringRequest,
    VictoryPoints,
)
from rulespec.reference.struggle_of_empires.rulings import (
    NonPlayerRank,
    Rounding,
    Rulings,
    TieShare,
    UnfriendlyScope,
    UnfriendlyTie,
)

# named by the contracts, which CrossHair evaluates in this module
from rulespec.reference.struggle_of_empires.validation import MAX_PLAYERS as MAX_PLAYERS
from rulespec.reference.struggle_of_empires.validation import VP_REGIONS as VP_REGIONS
from rulespec.reference.struggle_of_empires.validation import (
    validate_empires,
    validate_players,
    validate_region,
    validate_regions,
    validate_rulings,
)

Place: TypeAlias = int  # 1 is first place

FRIENDLY_TIES_FROM = 4  # with 4 to 7 players ties are friendly (SOE-SCORE-6)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A holder that takes part in a region's ranking: a player, or a non-player major."""

    holder: str
    markers: ControlMarkers
    is_player: bool


@dataclass(frozen=True, slots=True)
class PlaceGroup:
    """Entrants with equal markers: together they cover places ``place`` .. ``place + len(entrants) - 1``."""

    place: Place
    entrants: tuple[Entrant, ...]


def player_markers(player: PlayerName, region: Region) -> ControlMarkers:
    """SOE-SCORE-2: a player's control markers in the region (0 when none are listed)."""
    return sum(p.markers for p in region.control if p.holder == player)


def region_entrants(players: Sequence[PlayerName], region: Region, rulings: Rulings) -> tuple[Entrant, ...]:
    """SOE-SCORE-2, SOE-RULING-4, SOE-RULING-6: who is ranked in the region."""
    ranked_players = tuple(
        Entrant(player, player_markers(player, region), is_player=True)
        for player in players
        if rulings.markerless_scores or player_markers(player, region) >= 1
    )
    if rulings.non_player_rank is NonPlayerRank.IGNORED:
        return ranked_players
    majors = tuple(Entrant(p.holder, p.markers, is_player=False) for p in region.non_player_control if p.markers >= 1)
    return ranked_players + majors


def rank_entrants(entrants: Sequence[Entrant]) -> tuple[PlaceGroup, ...]:
    """SOE-SCORE-3: group equal markers, most markers first; each group starts after the places above it."""
    groups: list[PlaceGroup] = []
    place: Place = 1
    for markers in sorted({e.markers for e in entrants}, reverse=True):
        group = tuple(e for e in entrants if e.markers == markers)
        groups.append(PlaceGroup(place, group))
        place += len(group)
    return tuple(groups)


def place_value(values: Sequence[VictoryPoints], place: Place) -> VictoryPoints:
    """SOE-SCORE-4: the value printed for a place; places beyond the printed values are worth 0.

    pre: place >= 1
    post: __return__ == (values[place - 1] if place <= len(values) else 0)
    """
    return values[place - 1] if place <= len(values) else 0


def ties_are_unfriendly(player_count: int, region: Region, rulings: Rulings) -> bool:
    """SOE-SCORE-6, SOE-SCORE-7, SOE-RULING-5: whether a tie in this region is unfriendly."""
    if player_count >= FRIENDLY_TIES_FROM:
        return False
    if rulings.unfriendly_scope is UnfriendlyScope.GAME:
        return True
    return any(p.markers >= 1 for p in region.non_player_control)  # SOE-RULING-5


def divide_pool(pool: VictoryPoints, size: int, rounding: Rounding) -> VictoryPoints:
    """SOE-SCORE-6, SOE-RULING-2: a pool of VP divided among ``size`` tied players, rounded per the ruling.

    pre: pool >= 0 and size >= 1
    post: rounding is not Rounding.DOWN or __return__ * size <= pool < (__return__ + 1) * size
    post: rounding is not Rounding.UP or (__return__ - 1) * size < pool <= __return__ * size
    """
    if rounding is Rounding.UP:
        return -(-pool // size)
    return pool // size


def share_friendly_tie(values: Sequence[VictoryPoints], group: PlaceGroup, rulings: Rulings) -> VictoryPoints:
    """SOE-SCORE-6, SOE-RULING-1, SOE-RULING-2: what each player in a friendly tie scores."""
    if rulings.tie_share is TieShare.FULL:
        return place_value(values, group.place)
    size = len(group.entrants)
    pool = sum(place_value(values, group.place + k) for k in range(size))
    return divide_pool(pool, size, rulings.rounding)


def bump_down(values: Sequence[VictoryPoints], group: PlaceGroup, rulings: Rulings) -> VictoryPoints:
    """SOE-SCORE-8, SOE-RULING-3: what each player in an unfriendly tie scores."""
    if rulings.unfriendly_tie is UnfriendlyTie.NEXT_PLACE:
        return place_value(values, group.place + 1)
    if rulings.unfriendly_tie is UnfriendlyTie.BELOW_TIE:
        return place_value(values, group.place + len(group.entrants))
    return 0


def group_value(
    values: Sequence[VictoryPoints], group: PlaceGroup, unfriendly: bool, rulings: Rulings
) -> VictoryPoints:
    """SOE-SCORE-5 to SOE-SCORE-8: what each player of one place group scores."""
    if len(group.entrants) == 1:  # SOE-SCORE-5: a lone entrant is no tie
        return place_value(values, group.place)
    if unfriendly:  # SOE-SCORE-8
        return bump_down(values, group, rulings)
    return share_friendly_tie(values, group, rulings)  # SOE-SCORE-6


def award_places(players: Sequence[PlayerName], region: Region, rulings: Rulings) -> tuple[Award, ...]:
    """SOE-SCORE-2 to SOE-SCORE-10: each player's VP from one region, in the players' order."""
    unfriendly = ties_are_unfriendly(len(players), region, rulings)
    scored: dict[PlayerName, VictoryPoints] = {}
    for group in rank_entrants(region_entrants(players, region, rulings)):
        value = group_value(region.values, group, unfriendly, rulings)
        # non-player majors take their place but never score (SOE-SCORE-9)
        scored.update({e.holder: value for e in group.entrants if e.is_player})
    return tuple(Award(player, scored.get(player, 0)) for player in players)


def score_region(request: RegionRequest, rulings: Rulings, /) -> RegionScore:
    """SOE-SCORE-2 to SOE-SCORE-10: one region's VP to the players.

    pre: len(request.players) <= MAX_PLAYERS
    pre: len(request.region.control) <= MAX_PLAYERS
    raises: InvalidState
    post: __return__.region == request.region.name
    post: tuple(a.player for a in __return__.awards) == tuple(request.players)
    post: all(0 <= a.vp <= request.region.values[0] for a in __return__.awards)
    """
    validate_rulings(rulings)  # SOE-RULING-9, SOE-RULING-10: every ruling before the request
    validate_players(request.players, "players")
    validate_region(request.region, request.players, "region")
    return RegionScore(request.region.name, award_places(request.players, request.region, rulings))


def add_region_awards(empires: Sequence[Empire], regions: Sequence[Region], rulings: Rulings) -> tuple[Empire, ...]:
    """SOE-SCORE-1: each empire's VP grows by its awards from every region."""
    players = tuple(e.player for e in empires)
    gained: dict[PlayerName, VictoryPoints] = {player: 0 for player in players}
    for region in regions:
        for award in award_places(players, region, rulings):
            gained[award.player] += award.vp
    return tuple(replace(e, vp=e.vp + gained[e.player]) for e in empires)


def score_regions(request: ScoringRequest, rulings: Rulings, /) -> Empires:
    """SOE-SCORE-1 to SOE-SCORE-10: all 11 VP regions scored onto the empires' VP.

    pre: len(request.empires) <= MAX_PLAYERS
    pre: len(request.regions) == VP_REGIONS
    raises: InvalidState
    post: len(__return__.empires) == len(request.empires)
    post: all(a.player == b.player and a.vp >= b.vp for a, b in zip(__return__.empires, request.empires))
    post: all(a.gold == b.gold and a.unrest == b.unrest for a, b in zip(__return__.empires, request.empires))
    """
    validate_rulings(rulings)  # SOE-RULING-9, SOE-RULING-10: every ruling before the request
    validate_empires(request.empires)
    validate_regions(request.regions, tuple(e.player for e in request.empires), whole_map=True)
    return Empires(add_region_awards(request.empires, request.regions, rulings))
