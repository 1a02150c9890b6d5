"""The values of Imperium: Classics that the exhaust, play, draw, market, payment and collapse rules read and write.

Every value is immutable and carries only what the rules consult. Piles list their top
card first. The types say the shape only: whether a value can occur in the game is a
rule (IMP-STATE-*), checked by ``rulespec.reference.imperium.validation`` and refused with
``InvalidState``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeAlias

CardName: TypeAlias = str
PlayerName: TypeAlias = str
Score: TypeAlias = int


class Suit(StrEnum):
    """The kind of card, shown by its colour; the market refill reads it (IMP-MARKET-5)."""

    REGION = "region"
    TRIBUTARY = "tributary"
    FAME = "fame"
    NATION = "nation"
    DEVELOPMENT = "development"
    UNREST = "unrest"
    BASIC = "basic"


class ExhaustAbility(StrEnum):
    """Whether a card has an exhaust ability, and when it may be used (IMP-EXHAUST-3)."""

    NONE = "none"
    ON_ACTIVATION = "on_activation"  # the usual kind: own turn, while activating
    ANY_TIME = "any_time"  # the card says otherwise


class NationSide(StrEnum):
    """The side the nation card shows; only the barbarian side carries the red symbol (IMP-PLAY-2)."""

    BARBARIAN = "barbarian"
    EMPIRE = "empire"


class Timing(StrEnum):
    """When an exhaust ability is asked for (IMP-EXHAUST-3)."""

    OWN_ACTIVATION = "own_activation"
    OWN_TURN = "own_turn"  # own turn, but not while activating
    OTHER_TURN = "other_turn"


class Zone(StrEnum):
    """A player's five zones: the ones unrest is counted in (IMP-COLLAPSE-3)."""

    HAND = "hand"
    PLAY_AREA = "play_area"
    DRAW_PILE = "draw_pile"
    DISCARD_PILE = "discard_pile"
    HISTORY = "history"


class DrawMode(StrEnum):
    REQUIRED = "required"  # an empty pile triggers the shuffle procedure (IMP-DRAW-2)
    IF_ABLE = "if_able"  # an empty pile ends the draw (IMP-DRAW-5)


class EffectKind(StrEnum):
    TAKE_UNREST = "take_unrest"  # `count` cards from the unrest pile, one at a time, into `zone`
    GAIN = "gain"  # `tokens` added to the player's tokens


class Decider(StrEnum):  # IMP-COLLAPSE-5: when each is given
    """What settled the winner (IMP-COLLAPSE-3 to IMP-COLLAPSE-5)."""

    UNREST = "unrest"
    SCORE = "score"
    SHARED = "shared"
    TURN_ORDER = "turn_order"


@dataclass(frozen=True, slots=True)
class Card:
    name: CardName
    suit: Suit = Suit.BASIC
    barbarian: bool = False  # carries the red symbol
    exhaust: ExhaustAbility = ExhaustAbility.NONE


@dataclass(frozen=True, slots=True)
class Tokens:
    coins: int = 0
    military: int = 0
    influence: int = 0
    resources: int = 0
    progress: int = 0


@dataclass(frozen=True, slots=True)
class Cost:
    coins: int = 0
    military: int = 0
    influence: int = 0


@dataclass(frozen=True, slots=True)
class Player:
    """One player's cards, nation card, markers and tokens.

    ``action_markers`` is every action marker the player owns; ``markers_on_nation_card``
    of them are ready, and one lies on each card named in ``exhausted`` (IMP-STATE-3).
    """

    name: PlayerName
    nation_side: NationSide
    action_markers: int
    markers_on_nation_card: int
    hand: tuple[Card, ...] = ()
    play_area: tuple[Card, ...] = ()
    draw_pile: tuple[Card, ...] = ()
    discard_pile: tuple[Card, ...] = ()
    history: tuple[Card, ...] = ()
    nation_deck: tuple[Card, ...] = ()
    exhausted: tuple[CardName, ...] = ()
    tokens: Tokens = field(default_factory=Tokens)


@dataclass(frozen=True, slots=True)
class MarketSlot:
    """One market position: its card (None once emptied), the tokens on it, the unrest card under it."""

    card: Card | None
    coins: int = 0
    actions: int = 0
    influence: int = 0
    unrest: Card | None = None


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of an action (IMP-COLLAPSE-2): fields other than its kind's are left at their defaults."""

    kind: EffectKind
    count: int = 0
    zone: Zone = Zone.DISCARD_PILE
    tokens: Tokens = field(default_factory=Tokens)


# --- operation requests and results -------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExhaustRequest:
    player: Player
    card: CardName
    timing: Timing


@dataclass(frozen=True, slots=True)
class PlayRequest:
    player: Player
    card: CardName


@dataclass(frozen=True, slots=True)
class DrawRequest:
    """``shuffles``: the new draw pile's order for each shuffle the draw carries out, top first."""

    player: Player
    count: int
    mode: DrawMode
    shuffles: tuple[tuple[CardName, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class DrawResult:
    player: Player
    drawn: tuple[CardName, ...]
    shuffles: int  # how many times the shuffle procedure ran


@dataclass(frozen=True, slots=True)
class AcquireRequest:
    player: Player
    market: tuple[MarketSlot, ...]
    market_deck: tuple[Card, ...]
    unrest_pile: tuple[Card, ...]
    card: CardName


@dataclass(frozen=True, slots=True)
class AcquireResult:
    player: Player
    market: tuple[MarketSlot, ...]
    market_deck: tuple[Card, ...]
    unrest_pile: tuple[Card, ...]
    collapsed: bool
    collapse_card: CardName | None


@dataclass(frozen=True, slots=True)
class PaymentRequest:
    tokens: Tokens  # what the player holds
    cost: Cost
    payment: Tokens  # what the player hands over


@dataclass(frozen=True, slots=True)
class PaymentResult:
    tokens: Tokens  # what the player holds afterwards
    surplus: int  # value handed over beyond the cost, lost (IMP-PAY-5)


@dataclass(frozen=True, slots=True)
class CheapestRequest:
    tokens: Tokens
    cost: Cost


@dataclass(frozen=True, slots=True)
class Payments:
    payments: tuple[Tokens, ...]
    surplus: int | None  # None when nothing covers the cost


@dataclass(frozen=True, slots=True)
class ActionRequest:
    player: Player
    unrest_pile: tuple[Card, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ActionResult:
    player: Player
    unrest_pile: tuple[Card, ...]
    effects_done: int
    collapsed: bool
    collapse_card: CardName | None


@dataclass(frozen=True, slots=True)
class CollapseRequest:
    unrest_pile: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Collapse:
    collapsed: bool


@dataclass(frozen=True, slots=True)
class WinnerRequest:
    """``players`` in turn order; ``scores`` one per player, in the same order (IMP-COLLAPSE-4)."""

    players: tuple[Player, ...]
    scores: tuple[Score, ...]
    collapse_card: CardName | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    unrest: tuple[int, ...]  # per player, in the request's order
    winners: tuple[PlayerName, ...]
    decided_by: Decider
