"""Here I Stand: the Victory Determination Phase, as pure rule functions.

Each operation takes a request and the rulings, checks the whole request first and
returns new values; see spec/here-i-stand.md for the clauses they implement.
"""

from __future__ import annotations

from rulespec.reference.here_i_stand.bonus import bonus_vp
from rulespec.reference.here_i_stand.phase import may_play_copernicus_or_servetus, run_phase
from rulespec.reference.here_i_stand.score import score_power
from rulespec.reference.here_i_stand.special import special_vp
from rulespec.reference.here_i_stand.victory import determine_victory

__all__ = [
    "bonus_vp",
    "determine_victory",
    "may_play_copernicus_or_servetus",
    "run_phase",
    "score_power",
    "special_vp",
]
