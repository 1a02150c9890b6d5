"""Struggle of Empires requests for ``rulespec diff``, where ``soe.py``'s valid ones cannot show a ruling.

``rulespec diff`` looks here before ``soe.py`` (conformance/harness/diff/strategies.py). Maintenance
draws come from the bag the rulings describe, so a token only another bag holds (the 0 of
SOE-RULING-10) would never be drawn: one time in eight the draws come from the widest bag, and
are refused when the rulings' bag has no such token.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from rulespec.conformance.harness.rulings import alternatives
from rulespec.conformance.strategies import soe
from rulespec.conformance.strategies.refusals import refused_sometimes
from rulespec.reference.struggle_of_empires.model import MaintenanceRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings

WIDEST_BAG: tuple[int, ...] = max(alternatives(Rulings)["unrest_tokens"], key=len)


def maintenance_requests(rulings_: Rulings) -> st.SearchStrategy[MaintenanceRequest]:
    """SOE-MAINT-*: orders whose draws match the taxations; now and then drawn from the widest bag (SOE-RULING-10)."""
    widest = replace(rulings_, unrest_tokens=WIDEST_BAG)
    return refused_sometimes(soe.maintenance_requests(rulings_), soe.maintenance_requests(widest))
