"""Here I Stand as the harness sees it: the operations of the Victory Determination Phase."""

from __future__ import annotations

from typing import Protocol

import rulespec.reference.here_i_stand as his
from rulespec.conformance.harness.games import Game, operations_of
from rulespec.reference.here_i_stand.model import (
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
from rulespec.reference.here_i_stand.rulings import Rulings


class HereIStand(Protocol):
    """Every operation an implementation of Here I Stand's Victory Determination Phase may offer.

    An implementation may offer a subset: what it lacks is reported as not implemented,
    never as passed. Each call is pure: the same request and rulings give the same result.
    """

    def special_vp(self, request: SpecialVpRequest, rulings: Rulings, /) -> SpecialVp:
        """one power's special VP from the board, line by line"""
        ...

    def bonus_vp(self, request: BonusVpRequest, rulings: Rulings, /) -> BonusVp:
        """one power's bonus VP from the game's bonuses, checked"""
        ...

    def score_power(self, request: ScoreRequest, rulings: Rulings, /) -> PowerScore:
        """one power's score sheet: base + special + bonus"""
        ...

    def determine_victory(self, request: VictoryRequest, rulings: Rulings, /) -> Outcome:
        """standard, domination, time limit or the next turn"""
        ...

    def may_play_copernicus_or_servetus(self, request: PhaseRequest, rulings: Rulings, /) -> PlayVerdict:
        """whether a mid-phase Copernicus or Servetus stops a domination, with the outcome before and after"""
        ...

    def run_phase(self, request: PhaseRequest, rulings: Rulings, /) -> PhaseResult:
        """the whole phase: six sheets, the outcome, the new history"""
        ...


GAME = Game(
    key="his",
    title="Here I Stand",
    rule_prefix="HIS",
    spec_file="here-i-stand.md",
    operations=operations_of(HereIStand),
    rulings=Rulings,
    reference=his,
    protocol=HereIStand,
    invariants_package="rulespec.conformance.invariants.his",
)
