"""Where the seed leaves room, the ruling that settles it: one typed, switchable value.

Each field is one gap named in spec/here-i-stand.md (its ``HIS-RULING-*`` ID is the field's ``clause``). The
default is the spec's ruling; every alternative is implemented. ``alternatives`` lists them for fields that
are not enums. HIS-RULING-8 has no field: its alternative lies outside this phase.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class UnbrokenTie(StrEnum):
    """What a standard victory does when the history cannot separate the leaders."""

    SHARED = "shared"  # the game ends; the tied powers share the victory
    PLAY_ON = "play_on"  # nobody wins this turn; the game goes on


class TimeLimitTie(StrEnum):
    """How a tie for the most VP at the end of turn 9 is settled."""

    HISTORY = "history"  # back through the history, as for a standard victory
    SHARED = "shared"  # the tied powers share the victory at once


class CopernicusVp(StrEnum):
    SEED = "seed"  # always 2 VP, as the seed says
    MARKER = "marker"  # the marker's value, 1 or 2


class BonusEarners(StrEnum):
    """Who may earn voyage and Bible translation VP."""

    PUBLISHED = "published"  # voyages: England, France, Habsburgs; Bible: Protestants
    ANY = "any"  # any power


class TrackLimits(StrEnum):
    """Whether the published sizes of tracks and counters bound the input."""

    PUBLISHED = "published"
    OPEN = "open"


class SpacesInUnrest(StrEnum):
    """Whether Protestant spaces in unrest move the Protestant spaces marker."""

    EXCLUDED = "excluded"  # the marker counts only the spaces not in unrest
    COUNTED = "counted"  # every space under Protestant influence counts, in unrest or not


@dataclass(frozen=True, slots=True)
class Rulings:
    # a house rule may set any other turn of the game (HIS-RULING-1) or any margin of 1 VP or more (HIS-RULING-2)
    domination_first_turn: int = field(
        default=4, metadata={"clause": "HIS-RULING-1", "alternatives": (4, 5), "at_least": 1, "at_most": 9}
    )
    domination_margin: int = field(
        default=5, metadata={"clause": "HIS-RULING-2", "alternatives": (5, 8), "at_least": 1}
    )
    unbroken_tie: UnbrokenTie = field(default=UnbrokenTie.SHARED, metadata={"clause": "HIS-RULING-3"})
    time_limit_tie: TimeLimitTie = field(default=TimeLimitTie.HISTORY, metadata={"clause": "HIS-RULING-4"})
    copernicus_vp: CopernicusVp = field(default=CopernicusVp.SEED, metadata={"clause": "HIS-RULING-5"})
    bonus_earners: BonusEarners = field(default=BonusEarners.PUBLISHED, metadata={"clause": "HIS-RULING-6"})
    track_limits: TrackLimits = field(default=TrackLimits.PUBLISHED, metadata={"clause": "HIS-RULING-7"})
    spaces_in_unrest: SpacesInUnrest = field(default=SpacesInUnrest.EXCLUDED, metadata={"clause": "HIS-RULING-9"})


DEFAULT = Rulings()
