"""The values of Here I Stand that the Victory Determination Phase reads and writes.

The types say the shape only. Powers, bonus kinds, debater sides and languages travel
as plain strings, so that a request naming an unknown one reaches the rules and is
refused there with ``InvalidState`` naming the field (HIS-POWER-1), instead of failing
to decode. The enums below give the names the rules accept.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

PowerName: TypeAlias = str
Turn: TypeAlias = int
VictoryPoints: TypeAlias = int


class Power(StrEnum):
    """The six powers, in the order of impulses: every result lists them so (HIS-POWER-1)."""

    OTTOMANS = "ottomans"
    HABSBURGS = "habsburgs"
    ENGLAND = "england"
    FRANCE = "france"
    PAPACY = "papacy"
    PROTESTANTS = "protestants"


POWERS: tuple[Power, ...] = tuple(Power)


class BonusKind(StrEnum):
    """The seed's kinds of bonus VP, in the order of the score sheet (HIS-BONUS-10)."""

    BURNED_DEBATER = "burned_debater"
    DISGRACED_DEBATER = "disgraced_debater"
    EXPLORATION = "exploration"
    CONQUEST = "conquest"
    COPERNICUS = "copernicus"
    SERVETUS = "servetus"
    JULIA_GONZAGA = "julia_gonzaga"
    WAR_WINNER = "war_winner"
    MASTER_OF_ITALY = "master_of_italy"
    BIBLE_TRANSLATION = "bible_translation"


class DebaterSide(StrEnum):
    PROTESTANT = "protestant"
    PAPAL = "papal"


class SpecialSource(StrEnum):
    """The lines of special VP on the score sheet (HIS-SPECIAL-9)."""

    PIRACY = "piracy"
    ELECTORATES = "electorates"
    HEIR = "heir"
    ENGLISH_PROTESTANT_SPACES = "english_protestant_spaces"
    CHATEAUX = "chateaux"
    ST_PETERS = "st_peters"
    PROTESTANT_SPACES = "protestant_spaces"


class Victory(StrEnum):
    STANDARD = "standard"
    DOMINATION = "domination"
    TIME_LIMIT = "time_limit"
    NONE = "none"


# --- the state the phase reads ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PowerCard:
    """A power's base VP, read off its power card (HIS-VP-2)."""

    power: PowerName
    base_vp: VictoryPoints


@dataclass(frozen=True, slots=True)
class Board:
    """The tracks and facts that special VP read (HIS-SPECIAL-1 to HIS-SPECIAL-8)."""

    piracy_vp: int
    schmalkaldic_league: bool
    habsburg_electorates: int
    habsburg_electorates_in_unrest: int
    edward_vi_born: bool
    elizabeth_i_born: bool
    english_spaces_protestant: int
    chateaux: int
    st_peters: int
    protestant_spaces: int
    protestant_spaces_in_unrest: int


@dataclass(frozen=True, slots=True)
class Bonus:
    """One bonus earned so far in the game (HIS-BONUS-1 to HIS-BONUS-9).

    ``vp`` is the printed value, or a debater's rating. ``debater`` is set only for the
    debater kinds, ``language`` only for a Bible translation, ``tyrrhenian_piracy`` only
    for Julia Gonzaga.
    """

    kind: str
    power: PowerName
    vp: VictoryPoints
    debater: str | None = None
    language: str | None = None
    tyrrhenian_piracy: bool | None = None


@dataclass(frozen=True, slots=True)
class PowerVp:
    power: PowerName
    vp: VictoryPoints


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """The six totals at the end of one completed turn (HIS-WIN-9)."""

    turn: Turn
    totals: tuple[PowerVp, ...]


# --- results ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a score sheet: where the VP come from, and how many."""

    source: str
    vp: VictoryPoints


@dataclass(frozen=True, slots=True)
class SpecialVp:
    power: PowerName
    lines: tuple[ScoreLine, ...]
    total: VictoryPoints


@dataclass(frozen=True, slots=True)
class BonusVp:
    power: PowerName
    lines: tuple[ScoreLine, ...]
    total: VictoryPoints


@dataclass(frozen=True, slots=True)
class PowerScore:
    """A power's score sheet: base + special + bonus = total (HIS-VP-1)."""

    power: PowerName
    base: VictoryPoints
    special: tuple[ScoreLine, ...]
    bonus: tuple[ScoreLine, ...]
    total: VictoryPoints


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the phase decides (HIS-WIN-1).

    ``winner`` is None when nobody wins, or when a tie could not be broken: then ``tied``
    names the tied powers. ``next_turn`` is None once the game is over.
    """

    victory: Victory
    winner: PowerName | None
    tied: tuple[PowerName, ...]
    tie_broken_at_turn: Turn | None
    game_over: bool
    next_turn: Turn | None


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """Whether a Copernicus or Servetus play in mid-phase is allowed (HIS-PLAY-1, HIS-PLAY-2)."""

    allowed: bool
    before: Outcome
    after: Outcome


@dataclass(frozen=True, slots=True)
class PhaseResult:
    scores: tuple[PowerScore, ...]
    outcome: Outcome
    history: tuple[TurnRecord, ...]


# --- requests ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpecialVpRequest:
    power: PowerName
    board: Board


@dataclass(frozen=True, slots=True)
class BonusVpRequest:
    """``bonuses`` holds every bonus of the game (each is checked); the result is ``power``'s."""

    power: PowerName
    bonuses: tuple[Bonus, ...]


@dataclass(frozen=True, slots=True)
class ScoreRequest:
    power: PowerName
    base_vp: VictoryPoints
    board: Board
    bonuses: tuple[Bonus, ...]


@dataclass(frozen=True, slots=True)
class VictoryRequest:
    turn: Turn
    totals: tuple[PowerVp, ...]
    history: tuple[TurnRecord, ...]


@dataclass(frozen=True, slots=True)
class PhaseRequest:
    """The whole phase; ``play`` is a Copernicus or Servetus played in the middle of it, if any."""

    turn: Turn
    cards: tuple[PowerCard, ...]
    board: Board
    bonuses: tuple[Bonus, ...]
    history: tuple[TurnRecord, ...]
    play: Bonus | None = None
