"""A user's partial Struggle of Empires engine, written into a folder of its own: 3 of 8 operations, one with a bug.

The tests that play the user copy this source into a temporary project (``soe_engine/engine.py``)
and run ``rulespec`` there, so it is found the way a user's own package is: from the current
directory, not from this checkout.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import rulespec.reference.struggle_of_empires as soe
from rulespec.reference.struggle_of_empires.model import (
    Empires,
    IncomeRequest,
    PopulationRequest,
    RegionRequest,
    RegionScore,
)
from rulespec.reference.struggle_of_empires.rulings import Rulings

FIXED = False  # the bug: population grows past 9 (SOE-POP-2)
OFFERED = ("collect_income", "score_region", "grow_population")
MISSING = ("score_regions", "pay_maintenance", "clean_up", "end_game", "end_war")


class SoeRules:
    def collect_income(self, request: IncomeRequest, rulings: Rulings, /) -> Empires:
        return soe.collect_income(request, rulings)

    def score_region(self, request: RegionRequest, rulings: Rulings, /) -> RegionScore:
        return soe.score_region(request, rulings)

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        grown = soe.grow_population(request, rulings)  # the reference refuses what it refuses
        if FIXED:
            return grown
        return Empires(tuple(replace(empire, population=empire.population + 5) for empire in request.empires))


def install(project: Path, fixed: bool = False) -> None:
    """Write this engine as ``project/soe_engine/engine.py``, with the bug or without."""
    package = project / "soe_engine"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    source = Path(__file__).read_text(encoding="utf-8").replace("FIXED = False", f"FIXED = {fixed}")
    (package / "engine.py").write_text(source, encoding="utf-8")
