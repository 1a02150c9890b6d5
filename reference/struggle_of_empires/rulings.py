"""Where the seeds leave room, the ruling that settles it: one typed, switchable value.

Each field is one gap named in spec/struggle-of-empires.md (its ``SOE-RULING-*`` ID is the field's
``clause``). The default is the spec's ruling; every alternative is implemented. ``alternatives`` lists them
for fields that are not enums, so tools can try every reading of the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class TieShare(StrEnum):
    """How friendly-tied players share a region's points."""

    POOL = "pool"  # add the values of the places the tie covers, divide equally
    FULL = "full"  # each tied player takes the value of the place they tie for


class Rounding(StrEnum):
    DOWN = "down"
    UP = "up"


class UnfriendlyTie(StrEnum):
    """What "bumped down" gives players in an unfriendly tie."""

    NEXT_PLACE = "next_place"  # each takes the value of the place just below the one tied for
    BELOW_TIE = "below_tie"  # each takes the value of the first place below the whole tie
    NOTHING = "nothing"  # tied players score nothing


class NonPlayerRank(StrEnum):
    """Whether a non-player major's markers take a place in a region's ranking."""

    OCCUPIES = "occupies"  # it ranks like a player and takes a place, scoring nothing
    IGNORED = "ignored"  # it takes no place; it only makes ties unfriendly


class UnfriendlyScope(StrEnum):
    """Where ties are unfriendly in 2- and 3-player games."""

    GAME = "game"  # every tie in every region
    REGION = "region"  # only in regions where a non-player major has markers


class SecondUnrest(StrEnum):
    """Who has the "second highest" unrest when the highest is tied."""

    NEXT_VALUE = "next_value"  # the next distinct total below the highest
    NEXT_PLACE = "next_place"  # by place: a tie for highest fills second place too, so nobody is second


class VpFloor(StrEnum):
    NONE = "none"  # penalties may take VP below 0
    ZERO = "zero"  # penalties stop at 0


class FinalTie(StrEnum):
    SHARED = "shared"  # equal VP share the place
    LESS_UNREST = "less_unrest"  # equal VP: less unrest ranks higher, then shared


class WarEndSequence(StrEnum):
    """The order of the end-of-war steps."""

    PUBLISHED = "published"  # income, maintenance, population, scoring, clean-up
    SEED_TELLING = "seed_telling"  # income, scoring, clean-up, maintenance, population


@dataclass(frozen=True, slots=True)
class Rulings:
    tie_share: TieShare = field(default=TieShare.POOL, metadata={"clause": "SOE-RULING-1"})
    rounding: Rounding = field(default=Rounding.DOWN, metadata={"clause": "SOE-RULING-2"})
    unfriendly_tie: UnfriendlyTie = field(default=UnfriendlyTie.NEXT_PLACE, metadata={"clause": "SOE-RULING-3"})
    non_player_rank: NonPlayerRank = field(default=NonPlayerRank.OCCUPIES, metadata={"clause": "SOE-RULING-4"})
    unfriendly_scope: UnfriendlyScope = field(default=UnfriendlyScope.GAME, metadata={"clause": "SOE-RULING-5"})
    markerless_scores: bool = field(default=False, metadata={"clause": "SOE-RULING-6", "alternatives": (False, True)})
    second_unrest: SecondUnrest = field(default=SecondUnrest.NEXT_VALUE, metadata={"clause": "SOE-RULING-7"})
    zero_unrest_penalised: bool = field(
        default=False, metadata={"clause": "SOE-RULING-8", "alternatives": (False, True)}
    )
    gold_per_taxation: int = field(
        default=1, metadata={"clause": "SOE-RULING-9", "alternatives": (1, 2, 3), "at_least": 1}
    )
    unrest_tokens: tuple[int, ...] = field(
        default=(1, 2, 3),
        metadata={"clause": "SOE-RULING-10", "alternatives": ((1, 2, 3), (0, 1, 2, 3)), "values_at_least": 0},
    )
    vp_floor: VpFloor = field(default=VpFloor.NONE, metadata={"clause": "SOE-RULING-11"})
    final_tie: FinalTie = field(default=FinalTie.SHARED, metadata={"clause": "SOE-RULING-12"})
    sequence: WarEndSequence = field(default=WarEndSequence.PUBLISHED, metadata={"clause": "SOE-RULING-13"})


DEFAULT = Rulings()
