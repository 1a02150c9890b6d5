"""The README's starter Struggle of Empires implementation: only ``grow_population``, as a new user writes it first.

It checks nothing (so it fails the refusal cases) and implements no other operation (so they are
not implemented). ``tests/verify/test_starter.py`` holds ``rulespec verify`` on it to the issue's
bounds: quick, never silent, short and without tracebacks.
"""

from __future__ import annotations

from dataclasses import replace

from rulespec.reference.struggle_of_empires.model import Empires, PopulationRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings


class SoeRules:
    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        return Empires(tuple(replace(e, population=min(9, e.population + 5)) for e in request.empires))
