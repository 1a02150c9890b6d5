"""A Here I Stand implementation with two distinct scoring bugs in two operations, for ``rulespec diff``.

The two bugs an adapted web implementation had, and diff once missed: special VP count the
Habsburg electorates in unrest (HIS-SPECIAL-2 counts those not in unrest), and bonus VP count
only the first of several War Winner entries (HIS-BONUS-7 counts each war won).
"""

from __future__ import annotations

from dataclasses import replace

import rulespec.reference.here_i_stand as his
from rulespec.reference.here_i_stand.model import BonusVp, BonusVpRequest, ScoreLine, SpecialVp, SpecialVpRequest
from rulespec.reference.here_i_stand.rulings import Rulings
from tests.canaries import Delegate


class TwoScoringBugs(Delegate):
    reference = his

    def special_vp(self, request: SpecialVpRequest, rulings: Rulings, /) -> SpecialVp:
        result = his.special_vp(request, rulings)
        board = request.board
        if result.power != "habsburgs" or not board.schmalkaldic_league:
            return result
        lines = (ScoreLine("electorates", board.habsburg_electorates),)  # the bug: unrest not taken off
        return replace(result, lines=lines, total=board.habsburg_electorates)

    def bonus_vp(self, request: BonusVpRequest, rulings: Rulings, /) -> BonusVp:
        result = his.bonus_vp(request, rulings)
        wars = [b for b in request.bonuses if b.power == result.power and b.kind == "war_winner"]
        if len(wars) < 2:
            return result
        once = wars[0].vp  # the bug: a War Winner after the first is not counted
        counted = sum(b.vp for b in wars)
        lines = tuple(replace(line, vp=once) if line.source == "war_winner" else line for line in result.lines)
        return replace(result, lines=lines, total=result.total - counted + once)
