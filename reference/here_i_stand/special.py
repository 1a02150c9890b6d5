"""Special VP: what each power scores from its own tracks and events (HIS-SPECIAL-*)."""

from __future__ import annotations

# named in the contracts' ``raises:`` lines, which CrossHair resolves in this module
from rulespec.reference.errors import InvalidState as InvalidState
from rulespec.reference.here_i_stand.model import Board, Power, ScoreLine, SpecialSource, SpecialVp, SpecialVpRequest
from rulespec.reference.here_i_stand.rulings import Rulings, SpacesInUnrest
from rulespec.reference.here_i_stand.validation import validate_board, validate_power, validate_rulings

EDWARD_VI_VP = 5  # HIS-SPECIAL-3
ELIZABETH_I_VP = 2  # HIS-SPECIAL-3
# the Protestant spaces track: at each threshold the Papacy loses 1 and the Protestants gain 1
TRACK_THRESHOLDS = (4, 7, 10, 14, 17, 20, 24, 27, 30, 34, 37, 40, 44, 47)
PAPAL_TRACK_START = 15  # HIS-SPECIAL-7


def piracy(board: Board) -> int:
    """HIS-SPECIAL-1: 1 VP per VP box reached on the piracy track."""
    return board.piracy_vp


def electorates(board: Board) -> int:
    """HIS-SPECIAL-2: 1 VP per Habsburg electorate not in unrest, once the Schmalkaldic League is played."""
    if not board.schmalkaldic_league:
        return 0
    return board.habsburg_electorates - board.habsburg_electorates_in_unrest


def heir(board: Board) -> int:
    """HIS-SPECIAL-3: Edward VI is worth 5; failing him, Elizabeth I is worth 2."""
    if board.edward_vi_born:
        return EDWARD_VI_VP
    if board.elizabeth_i_born:
        return ELIZABETH_I_VP
    return 0


def english_protestant_spaces(board: Board) -> int:
    """HIS-SPECIAL-4: 1 VP per two converted English home spaces, rounded down."""
    return board.english_spaces_protestant // 2


def chateaux(board: Board) -> int:
    """HIS-SPECIAL-5: 1 VP per chateau."""
    return board.chateaux


def st_peters(board: Board) -> int:
    """HIS-SPECIAL-6: 1 VP per box marked on St. Peter's VP track."""
    return board.st_peters


def track_position(board: Board, rulings: Rulings) -> int:
    """HIS-SPECIAL-8, HIS-RULING-9: the spaces the marker counts; those in unrest only if the ruling counts them."""
    if rulings.spaces_in_unrest is SpacesInUnrest.COUNTED:
        return board.protestant_spaces
    return board.protestant_spaces - board.protestant_spaces_in_unrest


def protestant_track_vp(board: Board, rulings: Rulings) -> int:
    """HIS-SPECIAL-7: the brown number, the thresholds passed."""
    position = track_position(board, rulings)
    return sum(1 for threshold in TRACK_THRESHOLDS if threshold <= position)


def papal_track_vp(board: Board, rulings: Rulings) -> int:
    """HIS-SPECIAL-7: the purple number; the two always add up to 15."""
    return PAPAL_TRACK_START - protestant_track_vp(board, rulings)


def special_lines(power: Power, board: Board, rulings: Rulings) -> tuple[ScoreLine, ...]:
    """HIS-SPECIAL-9: a power's own lines of special VP, in score-sheet order, zeros shown."""
    lines: dict[Power, tuple[tuple[SpecialSource, int], ...]] = {
        Power.OTTOMANS: ((SpecialSource.PIRACY, piracy(board)),),
        Power.HABSBURGS: ((SpecialSource.ELECTORATES, electorates(board)),),
        Power.ENGLAND: (
            (SpecialSource.HEIR, heir(board)),
            (SpecialSource.ENGLISH_PROTESTANT_SPACES, english_protestant_spaces(board)),
        ),
        Power.FRANCE: ((SpecialSource.CHATEAUX, chateaux(board)),),
        Power.PAPACY: (
            (SpecialSource.ST_PETERS, st_peters(board)),
            (SpecialSource.PROTESTANT_SPACES, papal_track_vp(board, rulings)),
        ),
        Power.PROTESTANTS: ((SpecialSource.PROTESTANT_SPACES, protestant_track_vp(board, rulings)),),
    }
    return tuple(ScoreLine(source.value, vp) for source, vp in lines[power])


def special_vp(request: SpecialVpRequest, rulings: Rulings, /) -> SpecialVp:
    """HIS-SPECIAL-1 to HIS-SPECIAL-9: one power's special VP from the board.

    raises: InvalidState
    post: __return__.total == sum(line.vp for line in __return__.lines)
    post: all(line.vp >= 0 for line in __return__.lines)
    post: __return__.power == request.power
    """
    validate_rulings(rulings)  # HIS-RULING-2: the rulings before the request
    power = validate_power(request.power, "power")
    validate_board(request.board, rulings)  # HIS-VP-3: the board after the power
    lines = special_lines(power, request.board, rulings)
    return SpecialVp(power.value, lines, sum(line.vp for line in lines))  # HIS-SPECIAL-9: the sum of its lines
