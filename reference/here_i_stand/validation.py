"""Every check that refuses an impossible input with ``InvalidState``.

Each check names the offending field by its JSON path into the request and the clause
it rests on; the first fault found is the one reported. Nothing here repairs a value.
What the rules forbid of a possible input (``IllegalAction``) lives with its rule, in
``bonus.py`` and ``play.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.reference.errors import InvalidState
from rulespec.reference.here_i_stand.model import (
    POWERS,
    Board,
    Bonus,
    BonusKind,
    DebaterSide,
    Power,
    PowerCard,
    PowerVp,
    TurnRecord,
)
from rulespec.reference.here_i_stand.rulings import CopernicusVp, Rulings, SpacesInUnrest, TrackLimits

FIRST_TURN = 1  # HIS-WIN-10
LAST_TURN = 9  # HIS-WIN-7
ELECTORATES = 6  # HIS-SPECIAL-2: on the map, whatever HIS-RULING-7 says
RELIGIOUS_VICTORY_SPACES = 50  # the marker never reaches it in this phase (HIS-SPECIAL-8)

# HIS-RULING-7, published: the sizes the notes and the map give
PIRACY_VP_MAX = 10  # HIS-SPECIAL-1
ST_PETERS_MAX = 5  # HIS-SPECIAL-6
CHATEAUX_MAX = 6  # HIS-SPECIAL-5
ENGLISH_HOME_SPACES = 12  # HIS-SPECIAL-4
DEBATER_RATING_MAX = 4  # HIS-BONUS-1, HIS-BONUS-2
VOYAGE_VP_MAX = 3  # HIS-BONUS-3, HIS-BONUS-4
MARKER_VP_MAX = 2  # HIS-BONUS-7, HIS-BONUS-8
BIBLE_LANGUAGES = ("english", "french", "german")

POWER_NAMES = frozenset(p.value for p in Power)
KIND_NAMES = frozenset(k.value for k in BonusKind)
SIDE_NAMES = frozenset(s.value for s in DebaterSide)


def refuse(field: str, value: object, reason: str, rule: str) -> InvalidState:
    """The ``InvalidState`` for an input that breaks the clause ``rule`` (HIS-POWER-1, HIS-VP-2, ...): a function so
    each check stays one line."""
    return InvalidState(field, value, reason, rule)


def validate_rulings(rulings: Rulings) -> None:
    """HIS-RULING-1, HIS-RULING-2: the domination settings are possible."""
    # domination can only start on a turn of the game
    if not FIRST_TURN <= rulings.domination_first_turn <= LAST_TURN:
        raise refuse("rulings.domination_first_turn", rulings.domination_first_turn, "must be 1 to 9", "HIS-RULING-1")
    # a lead of 0 would make every leader dominate
    if rulings.domination_margin < 1:
        raise refuse("rulings.domination_margin", rulings.domination_margin, "must be at least 1", "HIS-RULING-2")


def validate_turn(turn: int, path: str = "turn") -> None:
    """HIS-WIN-10: the game lasts nine turns."""
    if not FIRST_TURN <= turn <= LAST_TURN:
        raise refuse(path, turn, "a turn is 1 to 9", "HIS-WIN-10")


def validate_power(power: str, path: str) -> Power:
    """HIS-POWER-1: one of the six powers."""
    if power not in POWER_NAMES:
        raise refuse(path, power, f"unknown power; the powers are {', '.join(POWERS)}", "HIS-POWER-1")
    return Power(power)


def validate_six(powers: Sequence[str], path: str) -> None:
    """HIS-POWER-1: each of the six powers exactly once in a list of ``path``."""
    seen: set[str] = set()
    for i, power in enumerate(powers):
        validate_power(power, f"{path}[{i}].power")
        # each power appears once
        if power in seen:
            raise refuse(f"{path}[{i}].power", power, "this power is listed twice", "HIS-POWER-1")
        seen.add(power)
    for power in POWERS:
        # none is left out
        if power not in seen:
            raise refuse(path, power.value, "this power is missing", "HIS-POWER-1")


def validate_cards(cards: Sequence[PowerCard]) -> None:
    """HIS-POWER-1, HIS-VP-2: six cards, each with a base of 0 or more."""
    validate_six([c.power for c in cards], "cards")
    for i, card in enumerate(cards):
        validate_base_vp(card.base_vp, f"cards[{i}].base_vp")


def validate_base_vp(base_vp: int, path: str) -> None:
    """HIS-VP-2: base VP are never negative."""
    if base_vp < 0:
        raise refuse(path, base_vp, "base VP are 0 or more", "HIS-VP-2")


def validate_totals(totals: Sequence[PowerVp], path: str, rule: str) -> None:
    """HIS-POWER-1 and ``rule``: the six powers' totals, each 0 or more."""
    validate_six([t.power for t in totals], path)
    for i, total in enumerate(totals):
        if total.vp < 0:
            raise refuse(f"{path}[{i}].vp", total.vp, "a VP total is 0 or more", rule)


def validate_history(history: Sequence[TurnRecord], turn: int) -> None:
    """HIS-WIN-9: one record per completed turn, turns 1 to ``turn`` - 1 in order."""
    # a record for every turn before this one, and no more
    if len(history) != turn - 1:
        raise refuse(
            "history", len(history), f"turn {turn} needs {turn - 1} records, one per completed turn", "HIS-WIN-9"
        )
    for i, record in enumerate(history):
        # the records are turns 1, 2, ... in order
        if record.turn != i + 1:
            raise refuse(f"history[{i}].turn", record.turn, f"record {i} is of turn {i + 1}", "HIS-WIN-9")
        validate_totals(record.totals, f"history[{i}].totals", "HIS-WIN-9")


def _count(value: int, path: str, top: int | None, reason: str, rule: str) -> None:
    """A count on a track: never negative, at most ``top`` when there is one."""
    if value < 0 or (top is not None and value > top):
        raise refuse(path, value, reason, rule)


def validate_board(board: Board, rulings: Rulings) -> None:
    """HIS-SPECIAL-1 to HIS-SPECIAL-8, HIS-RULING-7: every count is on its track."""
    published = rulings.track_limits is TrackLimits.PUBLISHED

    def top(limit: int) -> int | None:
        """HIS-RULING-7: the printed top of a track under the published limits, none otherwise."""
        return limit if published else None

    _count(board.piracy_vp, "board.piracy_vp", top(PIRACY_VP_MAX), "piracy VP boxes are 0 to 10", "HIS-SPECIAL-1")
    _count(
        board.habsburg_electorates,
        "board.habsburg_electorates",
        ELECTORATES,
        "the map has 6 electorates",
        "HIS-SPECIAL-2",
    )
    _count(
        board.habsburg_electorates_in_unrest,
        "board.habsburg_electorates_in_unrest",
        board.habsburg_electorates,
        "in unrest: 0 up to the electorates under Habsburg control",
        "HIS-SPECIAL-2",
    )
    _count(
        board.english_spaces_protestant,
        "board.english_spaces_protestant",
        top(ENGLISH_HOME_SPACES),
        "England has 12 home spaces",
        "HIS-SPECIAL-4",
    )
    _count(board.chateaux, "board.chateaux", top(CHATEAUX_MAX), "the chateaux track is 0 to 6", "HIS-SPECIAL-5")
    _count(board.st_peters, "board.st_peters", top(ST_PETERS_MAX), "St. Peter's VP track is 0 to 5", "HIS-SPECIAL-6")
    _count(board.protestant_spaces, "board.protestant_spaces", None, "a count of spaces is 0 or more", "HIS-SPECIAL-8")
    _count(
        board.protestant_spaces_in_unrest,
        "board.protestant_spaces_in_unrest",
        board.protestant_spaces,
        "in unrest: 0 up to the Protestant spaces",
        "HIS-SPECIAL-8",
    )
    # the marker on 50 would have ended the game in a religious victory (HIS-RULING-9 says what it counts)
    counted = board.protestant_spaces
    if rulings.spaces_in_unrest is SpacesInUnrest.EXCLUDED:
        counted -= board.protestant_spaces_in_unrest
    if counted >= RELIGIOUS_VICTORY_SPACES:
        raise refuse(
            "board.protestant_spaces",
            board.protestant_spaces,
            "the marker on 50 is a religious victory",
            "HIS-SPECIAL-8",
        )


# the clause of each kind of bonus: a fault of an entry's fields breaks its kind's clause (the Bonus VP section)
_BONUS_CLAUSE: dict[BonusKind, str] = {
    BonusKind.BURNED_DEBATER: "HIS-BONUS-1",
    BonusKind.DISGRACED_DEBATER: "HIS-BONUS-2",
    BonusKind.EXPLORATION: "HIS-BONUS-3",
    BonusKind.CONQUEST: "HIS-BONUS-4",
    BonusKind.COPERNICUS: "HIS-BONUS-5",
    BonusKind.SERVETUS: "HIS-BONUS-5",
    BonusKind.JULIA_GONZAGA: "HIS-BONUS-6",
    BonusKind.WAR_WINNER: "HIS-BONUS-7",
    BonusKind.MASTER_OF_ITALY: "HIS-BONUS-8",
    BonusKind.BIBLE_TRANSLATION: "HIS-BONUS-9",
}


def _vp_range(kind: BonusKind, rulings: Rulings) -> tuple[int, int | None]:
    """The VP an entry of ``kind`` may carry: (least, most or None); the clause is its kind's (HIS-RULING-5 for
    Copernicus)."""
    published = rulings.track_limits is TrackLimits.PUBLISHED
    if kind in (BonusKind.BURNED_DEBATER, BonusKind.DISGRACED_DEBATER):
        return 1, DEBATER_RATING_MAX if published else None
    if kind in (BonusKind.EXPLORATION, BonusKind.CONQUEST):
        return 1, VOYAGE_VP_MAX if published else None
    if kind is BonusKind.COPERNICUS:
        return 2 if rulings.copernicus_vp is CopernicusVp.SEED else 1, 2
    if kind in (BonusKind.WAR_WINNER, BonusKind.MASTER_OF_ITALY):
        return 1, MARKER_VP_MAX if published else None
    return 1, 1


def validate_bonus(bonus: Bonus, path: str, rulings: Rulings) -> None:
    """HIS-BONUS-1 to HIS-BONUS-9 (ranges: HIS-BONUS-3, HIS-BONUS-4, HIS-BONUS-7, HIS-BONUS-8, HIS-RULING-7):
    a possible entry."""
    # the kind is one of the seed's
    if bonus.kind not in KIND_NAMES:
        raise refuse(f"{path}.kind", bonus.kind, f"unknown kind; the kinds are {', '.join(KIND_NAMES)}", "HIS-BONUS-10")
    kind = BonusKind(bonus.kind)
    validate_power(bonus.power, f"{path}.power")
    is_debate = kind in (BonusKind.BURNED_DEBATER, BonusKind.DISGRACED_DEBATER)
    # a debater's side is given exactly for the debater kinds
    if is_debate and bonus.debater not in SIDE_NAMES:
        raise refuse(f"{path}.debater", bonus.debater, "a debater is 'protestant' or 'papal'", _BONUS_CLAUSE[kind])
    if not is_debate and bonus.debater is not None:
        raise refuse(f"{path}.debater", bonus.debater, f"a {kind} has no debater", _BONUS_CLAUSE[kind])
    # a language is given exactly for a Bible translation
    if kind is BonusKind.BIBLE_TRANSLATION:
        _validate_language(bonus.language, f"{path}.language", rulings)
    elif bonus.language is not None:
        raise refuse(f"{path}.language", bonus.language, f"a {kind} has no language", _BONUS_CLAUSE[kind])
    # the Tyrrhenian piracy is said exactly for Julia Gonzaga
    if (kind is BonusKind.JULIA_GONZAGA) != (bonus.tyrrhenian_piracy is not None):
        raise refuse(
            f"{path}.tyrrhenian_piracy", bonus.tyrrhenian_piracy, "given for julia_gonzaga only", _BONUS_CLAUSE[kind]
        )
    least, most = _vp_range(kind, rulings)
    # the VP is the counter's printed value, or the debater's rating
    if bonus.vp < least or (most is not None and bonus.vp > most):
        span = f"{least} to {most}" if most is not None else f"at least {least}"
        # the range is the kind's clause's, but the ruling's for Copernicus
        copernicus = kind is BonusKind.COPERNICUS
        raise refuse(
            f"{path}.vp", bonus.vp, f"a {kind} is worth {span}", "HIS-RULING-5" if copernicus else _BONUS_CLAUSE[kind]
        )


def _validate_language(language: str | None, path: str, rulings: Rulings) -> None:
    """HIS-BONUS-9, HIS-RULING-7: a Bible translation names its language."""
    if language is None or language == "":
        raise refuse(path, language, "a Bible translation names its language", "HIS-BONUS-9")
    if rulings.track_limits is TrackLimits.PUBLISHED and language not in BIBLE_LANGUAGES:
        # a language outside the table HIS-RULING-7 publishes is a state this clause rules out
        raise refuse(path, language, f"the languages are {', '.join(BIBLE_LANGUAGES)}", "HIS-BONUS-9")


def validate_bonuses(bonuses: Sequence[Bonus], rulings: Rulings) -> None:
    """HIS-BONUS-1 to HIS-BONUS-9: every entry of a request's ``bonuses`` is possible."""
    for i, bonus in enumerate(bonuses):
        validate_bonus(bonus, f"bonuses[{i}]", rulings)
