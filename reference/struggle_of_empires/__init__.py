"""Struggle of Empires: the end of a war and the end of the game, as pure rule functions.

Each operation takes a request and the rulings, validates the whole request first and
returns new values; see spec/struggle-of-empires.md for the clauses they implement.
"""

from __future__ import annotations

from rulespec.reference.struggle_of_empires.clean_up import clean_up
from rulespec.reference.struggle_of_empires.end_game import end_game
from rulespec.reference.struggle_of_empires.income import collect_income
from rulespec.reference.struggle_of_empires.maintenance import pay_maintenance
from rulespec.reference.struggle_of_empires.population import grow_population
from rulespec.reference.struggle_of_empires.scoring import score_region, score_regions
from rulespec.reference.struggle_of_empires.sequence import end_war

__all__ = [
    "clean_up",
    "collect_income",
    "end_game",
    "end_war",
    "grow_population",
    "pay_maintenance",
    "score_region",
    "score_regions",
]
