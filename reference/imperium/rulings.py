"""Where the seed leaves room, the ruling that settles it: one typed, switchable value.

Each field is one gap named in spec/imperium-classics.md (its ``IMP-RULING-*`` ID is the field's ``clause``).
The default is the spec's ruling; every alternative is implemented. ``alternatives`` lists them for fields
that are not enums.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class NationCardOnShuffle(StrEnum):
    """Where the nation deck's top card goes in the shuffle procedure's first step."""

    DISCARD_PILE = "discard_pile"  # shuffled into the new draw pile
    HAND = "hand"


class UnrestUnder(StrEnum):
    """Which replacement cards get an unrest card slid under them."""

    NON_REGION = "non_region"
    REGION_ONLY = "region_only"
    ALL = "all"


class LastUnrest(StrEnum):
    """Whether the card that emptied the unrest pile counts against the player holding it."""

    COUNTS = "counts"
    IGNORED = "ignored"


class Surplus(StrEnum):
    """Whether a payment may hand over a token the cost does not need."""

    REFUSED = "refused"
    FORFEITED = "forfeited"


class FullTie(StrEnum):
    """Who wins when players tie on unrest and on score."""

    SHARED = "shared"
    LATER_IN_TURN_ORDER = "later_in_turn_order"


class ShortDraw(StrEnum):
    """A required draw after which nothing is left to shuffle."""

    STOP = "stop"  # draw what there is
    REFUSE = "refuse"


class AcquiredCardTo(StrEnum):
    HAND = "hand"
    DISCARD_PILE = "discard_pile"


class EmptyMarketDeck(StrEnum):
    LEAVE_EMPTY = "leave_empty"
    REFUSE = "refuse"


@dataclass(frozen=True, slots=True)
class Rulings:
    nation_card_on_shuffle: NationCardOnShuffle = field(
        default=NationCardOnShuffle.DISCARD_PILE, metadata={"clause": "IMP-RULING-1"}
    )
    unrest_under: UnrestUnder = field(default=UnrestUnder.NON_REGION, metadata={"clause": "IMP-RULING-2"})
    last_unrest: LastUnrest = field(default=LastUnrest.COUNTS, metadata={"clause": "IMP-RULING-3"})
    surplus: Surplus = field(default=Surplus.REFUSED, metadata={"clause": "IMP-RULING-4"})
    full_tie: FullTie = field(default=FullTie.SHARED, metadata={"clause": "IMP-RULING-5"})
    hand_limit: int | None = field(default=None, metadata={"clause": "IMP-RULING-6", "alternatives": (None, 5)})
    short_draw: ShortDraw = field(default=ShortDraw.STOP, metadata={"clause": "IMP-RULING-7"})
    acquired_card_to: AcquiredCardTo = field(default=AcquiredCardTo.HAND, metadata={"clause": "IMP-RULING-8"})
    empty_market_deck: EmptyMarketDeck = field(default=EmptyMarketDeck.LEAVE_EMPTY, metadata={"clause": "IMP-RULING-9"})


DEFAULT = Rulings()
