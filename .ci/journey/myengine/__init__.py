"""A user's Struggle of Empires engine, as ``nox -s wheel`` installs it beside a rulespec wheel.

It has one bug (population grows past the track's end, 9: SOE-POP-2) and one missing operation
(``end_game``); every other operation is the reference's, imported through the one namespace a user sees.
"""

from __future__ import annotations

from dataclasses import replace

from rulespec.reference import struggle_of_empires as reference
from rulespec.reference.struggle_of_empires.model import Empires, PopulationRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings


class SoeRules:
    score_region = staticmethod(reference.score_region)
    score_regions = staticmethod(reference.score_regions)
    collect_income = staticmethod(reference.collect_income)
    pay_maintenance = staticmethod(reference.pay_maintenance)
    end_war = staticmethod(reference.end_war)
    clean_up = staticmethod(reference.clean_up)

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        grown = reference.grow_population(request, rulings)  # its refusals, then the bug: no cap at 9
        return Empires(
            tuple(replace(e, population=old.population + 5) for e, old in zip(grown.empires, request.empires))
        )
