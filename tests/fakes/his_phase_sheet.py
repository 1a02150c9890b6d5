"""A Here I Stand implementation whose phase sheet misprints one line: the Habsburgs' electorates.

Every operation answers as the reference does, except that ``run_phase`` adds 1 VP to the
electorates line of the score sheet it returns whenever that line scores, leaving the totals
and the verdict alone: one
differing field in a vector (``his-phase-mid-game-sheet``) that lists a dozen rules.
``tests/verify/test_scenarios.py`` holds the verdict to fail that vector's primary rule only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import rulespec.reference.here_i_stand as reference
from rulespec.reference.here_i_stand.model import PhaseRequest, PhaseResult, PowerScore, VictoryPoints
from rulespec.reference.here_i_stand.rulings import Rulings


def _misprinted(score: PowerScore) -> PowerScore:
    lines = tuple(
        replace(line, vp=VictoryPoints(line.vp + 1)) if line.source == "electorates" and line.vp > 0 else line
        for line in score.special
    )
    return replace(score, special=lines)


class ElectoratesLineOff:
    def __getattr__(self, operation: str) -> Any:
        return getattr(reference, operation)

    def run_phase(self, request: PhaseRequest, rulings: Rulings, /) -> PhaseResult:
        result = reference.run_phase(request, rulings)
        return replace(result, scores=tuple(_misprinted(score) for score in result.scores))
