"""The ``his`` fixture: the implementation under test, seen as the HereIStand protocol."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from conformance.harness.games.his import HereIStand
from reference.here_i_stand.model import (
    BonusVp,
    BonusVpRequest,
    Outcome,
    PhaseRequest,
    PhaseResult,
    PlayVerdict,
    PowerScore,
    ScoreRequest,
    SpecialVp,
    SpecialVpRequest,
    VictoryRequest,
)
from reference.here_i_stand.rulings import Rulings


class Plugged:
    """The six operations, forwarded to the harness's subject.

    Spelled out rather than reached through ``__getattr__``: when Hypothesis prints a
    failing example it looks up attributes such as ``_repr_pretty_`` on every argument,
    and a subject that answers any name would turn the failure into "not implemented".
    """

    def __init__(self, subject: Any) -> None:
        self._subject = subject

    def __repr__(self) -> str:
        return "<the Here I Stand implementation under test>"

    def special_vp(self, request: SpecialVpRequest, rulings: Rulings, /) -> SpecialVp:
        found: SpecialVp = self._subject.special_vp(request, rulings)
        return found

    def bonus_vp(self, request: BonusVpRequest, rulings: Rulings, /) -> BonusVp:
        found: BonusVp = self._subject.bonus_vp(request, rulings)
        return found

    def score_power(self, request: ScoreRequest, rulings: Rulings, /) -> PowerScore:
        found: PowerScore = self._subject.score_power(request, rulings)
        return found

    def determine_victory(self, request: VictoryRequest, rulings: Rulings, /) -> Outcome:
        found: Outcome = self._subject.determine_victory(request, rulings)
        return found

    def may_play_copernicus_or_servetus(self, request: PhaseRequest, rulings: Rulings, /) -> PlayVerdict:
        found: PlayVerdict = self._subject.may_play_copernicus_or_servetus(request, rulings)
        return found

    def run_phase(self, request: PhaseRequest, rulings: Rulings, /) -> PhaseResult:
        found: PhaseResult = self._subject.run_phase(request, rulings)
        return found


@pytest.fixture
def his(rulespec_subject: Callable[[str], object]) -> HereIStand:
    """The plugged implementation (the reference when none is named); a missing operation skips as not implemented."""
    return Plugged(rulespec_subject("his"))
