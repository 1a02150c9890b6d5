"""Struggle of Empires implementations whose boundary does not fit the StruggleOfEmpires Protocol."""

from __future__ import annotations

import rulespec.reference.struggle_of_empires as soe
from rulespec.reference.struggle_of_empires.model import Empires, IncomeRequest, RegionRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings


class ScoreRegionAnswersVp:
    """Offers two operations: income as the reference does, and a region's score as a bare number of VP."""

    def collect_income(self, request: IncomeRequest, rulings: Rulings, /) -> Empires:
        return soe.collect_income(request, rulings)

    def score_region(self, request: RegionRequest, rulings: Rulings, /) -> int:
        return 0


class IncomeWithoutRulings:
    """Collects income from the request alone: it cannot be called with the rulings."""

    def collect_income(self, request: IncomeRequest, /) -> Empires:
        return soe.collect_income(request, Rulings())
