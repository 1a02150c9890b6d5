"""Here I Stand rulings that cannot be a reading of the rules are refused, naming the ruling."""

from __future__ import annotations

import pytest

import rulespec.reference.here_i_stand as reference
from rulespec.reference.errors import InvalidState
from rulespec.reference.here_i_stand.model import PowerVp, VictoryRequest
from rulespec.reference.here_i_stand.rulings import Rulings

TOTALS = tuple(PowerVp(p, 10) for p in ("ottomans", "habsburgs", "england", "france", "papacy", "protestants"))


@pytest.mark.parametrize(
    ("rulings", "field"),
    [
        (Rulings(domination_first_turn=0), "rulings.domination_first_turn"),
        (Rulings(domination_first_turn=10), "rulings.domination_first_turn"),
        (Rulings(domination_margin=0), "rulings.domination_margin"),
    ],
)
def test_impossible_rulings_are_refused(rulings: Rulings, field: str) -> None:
    with pytest.raises(InvalidState) as refused:
        reference.determine_victory(VictoryRequest(1, TOTALS, ()), rulings)
    assert refused.value.field == field
