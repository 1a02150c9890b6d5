"""A small Struggle of Empires port with one wrong rule, for the symbolic checks of a plugged implementation.

Like many ports it checks its input in its own words rather than through the reference,
and it reads the population track as ending at 10. ``rulespec symbolic --impl`` must
catch it on SOE-POP-2 by CrossHair alone (tests/symbolic/test_implementation.py).
"""

from __future__ import annotations

from dataclasses import replace

from rulespec.reference.errors import InvalidState
from rulespec.reference.struggle_of_empires.model import Empires, PopulationRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings
from rulespec.reference.struggle_of_empires.validation import validate_rulings

TRACK_END = 10  # the bug: the track ends at 9 (SOE-POP-2)


class PopulationPort:
    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        validate_rulings(rulings)
        if not 2 <= len(request.empires) <= 7:
            raise InvalidState("empires", len(request.empires), "a game has 2 to 7 players", "SOE-GAME-1")
        for i, empire in enumerate(request.empires):
            if not 0 <= empire.population <= 9:
                raise InvalidState(f"empires[{i}].population", empire.population, "population is 0 to 9", "SOE-GAME-4")
        return Empires(tuple(replace(e, population=min(TRACK_END, e.population + 5)) for e in request.empires))
