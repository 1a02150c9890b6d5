"""A power's score sheet: base + special + bonus (HIS-VP-1, HIS-VP-2)."""

from __future__ import annotations

from collections.abc import Sequence

# named in the contracts' ``raises:`` lines, which CrossHair resolves in this module
from rulespec.reference.errors import IllegalAction as IllegalAction
from rulespec.reference.errors import InvalidState as InvalidState
from rulespec.reference.here_i_stand.bonus import bonus_lines, check_bonuses
from rulespec.reference.here_i_stand.model import Board, Bonus, Power, PowerScore, ScoreRequest
from rulespec.reference.here_i_stand.rulings import Rulings
from rulespec.reference.here_i_stand.special import special_lines
from rulespec.reference.here_i_stand.validation import (
    validate_base_vp,
    validate_board,
    validate_power,
    validate_rulings,
)


def score_sheet(power: Power, base_vp: int, board: Board, bonuses: Sequence[Bonus], rulings: Rulings) -> PowerScore:
    """HIS-VP-1: the sheet of one power from values already checked."""
    special = special_lines(power, board, rulings)
    bonus = bonus_lines(power, bonuses)
    total = base_vp + sum(line.vp for line in special) + sum(line.vp for line in bonus)
    return PowerScore(power.value, base_vp, special, bonus, total)


def score_power(request: ScoreRequest, rulings: Rulings, /) -> PowerScore:
    """HIS-VP-1, HIS-VP-2, with HIS-SPECIAL-* and HIS-BONUS-*: one power's score sheet.

    HIS-VP-3: power, base VP, board, bonuses are checked in that order; the first fault is refused.

    pre: len(request.bonuses) <= 12
    raises: InvalidState, IllegalAction
    post: __return__.total == __return__.base + sum(l.vp for l in __return__.special) + sum(l.vp for l in __return__.bonus)
    post: __return__.base == request.base_vp
    post: __return__.total >= __return__.base
    """  # noqa: E501 - a post: condition stays on one line: CrossHair and symbolic/conditions.py read them line by line
    validate_rulings(rulings)  # HIS-RULING-2: the rulings before the request
    power = validate_power(request.power, "power")
    validate_base_vp(request.base_vp, "base_vp")
    validate_board(request.board, rulings)
    check_bonuses(request.bonuses, rulings)
    return score_sheet(power, request.base_vp, request.board, request.bonuses, rulings)
