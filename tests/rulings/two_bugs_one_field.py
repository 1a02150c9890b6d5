"""Two bugs in one output field of Here I Stand's special VP, for ``rulespec diff`` to tell apart.

Habsburg electorates in unrest are counted (HIS-SPECIAL-2 counts those not in unrest), and England's
converted home spaces are rounded up (HIS-SPECIAL-4 rounds down): both show as ``lines[*].vp, total``.
"""

from __future__ import annotations

from dataclasses import replace

import rulespec.reference.here_i_stand as his
from rulespec.reference.here_i_stand.model import ScoreLine, SpecialVp, SpecialVpRequest
from rulespec.reference.here_i_stand.rulings import Rulings
from tests.canaries import Delegate


class TwoBugsInOneField(Delegate):
    reference = his

    def special_vp(self, request: SpecialVpRequest, rulings: Rulings, /) -> SpecialVp:
        result = his.special_vp(request, rulings)
        board = request.board
        lines = list(result.lines)
        for index, line in enumerate(lines):
            if line.source == "electorates":  # the first bug: unrest not taken off
                lines[index] = ScoreLine(line.source, board.habsburg_electorates)
            if line.source == "english_protestant_spaces":  # the second: rounded up
                lines[index] = ScoreLine(line.source, -(-board.english_spaces_protestant // 2))
        total = result.total + sum(new.vp - old.vp for new, old in zip(lines, result.lines, strict=True))
        return replace(result, lines=tuple(lines), total=total)
