"""Struggle of Empires canaries: each gets one rule wrong the way a real port might.

Every canary answers as the reference does except in the operation it overrides. The
composites (``score_regions``, ``end_war``) are rebuilt from the canary's own steps by
``Stepwise``, so a bug in a step shows in the whole end of a war too, as it would in a
port that calls its own steps. Checks are left to the reference: a canary refuses what
the reference refuses.
"""

from __future__ import annotations

from dataclasses import replace

import rulespec.reference.struggle_of_empires as soe_reference
from rulespec.reference.errors import InvalidState
from rulespec.reference.struggle_of_empires import maintenance as maintenance_rules
from rulespec.reference.struggle_of_empires import scoring as scoring_rules
from rulespec.reference.struggle_of_empires import validation
from rulespec.reference.struggle_of_empires.end_game import (
    assess_unrest,
    final_place,
    highest_unrest,
    in_revolution,
    penalty_candidates,
    second_highest_unrest,
    unrest_penalty,
    vp_after_penalty,
)
from rulespec.reference.struggle_of_empires.model import (
    Award,
    Board,
    CleanUpRequest,
    Empire,
    Empires,
    EndGameRequest,
    IncomeRequest,
    MaintenanceRequest,
    PopulationRequest,
    RegionRequest,
    RegionScore,
    ScoringRequest,
    Standing,
    Standings,
    WarEndRequest,
    WarEndResult,
)
from rulespec.reference.struggle_of_empires.rulings import (
    FinalTie,
    NonPlayerRank,
    Rounding,
    Rulings,
    UnfriendlyTie,
)
from tests.canaries import Canary, Delegate

LAST_WAR = 3


class Stepwise(Delegate):
    """The reference, with ``score_regions`` and ``end_war`` made of this object's own steps."""

    reference = soe_reference

    def score_regions(self, request: ScoringRequest, rulings: Rulings, /) -> Empires:
        soe_reference.score_regions(request, rulings)  # the reference's checks
        players = tuple(e.player for e in request.empires)
        gained = {player: 0 for player in players}
        for region in request.regions:
            for award in self.score_region(RegionRequest(players, region), rulings).awards:
                gained[award.player] += award.vp
        return Empires(tuple(replace(e, vp=e.vp + gained[e.player]) for e in request.empires))

    def end_war(self, request: WarEndRequest, rulings: Rulings, /) -> WarEndResult:
        soe_reference.end_war(request, rulings)  # the reference's checks
        players = tuple(e.player for e in request.empires)
        empires = self.collect_income(IncomeRequest(request.empires, request.regions), rulings).empires
        empires = self.pay_maintenance(MaintenanceRequest(empires, request.orders), rulings).empires
        empires = self.grow_population(PopulationRequest(empires), rulings).empires
        empires = self.score_regions(ScoringRequest(empires, request.regions), rulings).empires
        board = self.clean_up(CleanUpRequest(players, request.board, request.neutral_seeding), rulings)
        standings = self.end_game(EndGameRequest(empires), rulings).standings if request.board.war == LAST_WAR else None
        return WarEndResult(empires, board, standings)

    # the steps, as the reference has them (a canary overrides one)
    def score_region(self, request: RegionRequest, rulings: Rulings, /) -> RegionScore:
        return soe_reference.score_region(request, rulings)

    def collect_income(self, request: IncomeRequest, rulings: Rulings, /) -> Empires:
        return soe_reference.collect_income(request, rulings)

    def pay_maintenance(self, request: MaintenanceRequest, rulings: Rulings, /) -> Empires:
        return soe_reference.pay_maintenance(request, rulings)

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        return soe_reference.grow_population(request, rulings)

    def clean_up(self, request: CleanUpRequest, rulings: Rulings, /) -> Board:
        return soe_reference.clean_up(request, rulings)

    def end_game(self, request: EndGameRequest, rulings: Rulings, /) -> Standings:
        return soe_reference.end_game(request, rulings)


class FriendlyTiesInThreePlayerGame(Stepwise):
    """Ties are friendly from 3 players up (the port read "2-player games" for "2- and 3-player games")."""

    def score_region(self, request: RegionRequest, rulings: Rulings, /) -> RegionScore:
        soe_reference.score_region(request, rulings)
        players, region = request.players, request.region
        unfriendly = len(players) < 3 and scoring_rules.ties_are_unfriendly(len(players), region, rulings)
        scored: dict[str, int] = {}
        for group in scoring_rules.rank_entrants(scoring_rules.region_entrants(players, region, rulings)):
            value = scoring_rules.group_value(region.values, group, unfriendly, rulings)
            scored.update({e.holder: value for e in group.entrants if e.is_player})
        return RegionScore(region.name, tuple(Award(p, scored.get(p, 0)) for p in players))


class PopulationReachesTen(Stepwise):
    """The population track is taken to end at 10, so growth stops one step late."""

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        soe_reference.grow_population(request, rulings)
        return Empires(tuple(replace(e, population=min(10, e.population + 5)) for e in request.empires))


class RevolutionStillPenalised(Stepwise):
    """Players in revolution stay among the unrest candidates: they take the 7 and push the others down."""

    def end_game(self, request: EndGameRequest, rulings: Rulings, /) -> Standings:
        soe_reference.end_game(request, rulings)
        empires = request.empires
        candidates = tuple(e for e in empires if e.unrest > 0 or rulings.zero_unrest_penalised)  # revolution forgotten
        highest = highest_unrest(candidates)
        second = second_highest_unrest(candidates, rulings)

        def penalty(e: Empire) -> int:
            if e not in candidates:
                return 0
            if len(empires) < 3:
                alone = sum(1 for c in candidates if c.unrest == highest) == 1
                return 7 if e.unrest == highest and alone else 0
            return 7 if e.unrest == highest else 4 if e.unrest == second else 0

        assessed = tuple(
            Standing(e.player, e.unrest, penalty(e), 0, True, None)
            if in_revolution(e)
            else Standing(e.player, e.unrest, penalty(e), vp_after_penalty(e.vp, penalty(e), rulings), False, None)
            for e in empires
        )
        return Standings(tuple(replace(s, place=final_place(s, assessed, rulings)) for s in assessed))


class FortsForgottenInMaintenance(Stepwise):
    """Upkeep is counted on armies and navies only: forts are maintained for free."""

    def pay_maintenance(self, request: MaintenanceRequest, rulings: Rulings, /) -> Empires:
        validation.validate_rulings(rulings)
        validation.validate_empires(request.empires)
        validation.validate_orders(request.orders, tuple(e.player for e in request.empires), rulings)
        paid: list[Empire] = []
        for i, e in enumerate(request.empires):
            cost = e.armies + e.navies  # forts forgotten
            needed = maintenance_rules.taxations_needed(e.gold, cost, rulings.gold_per_taxation)
            drawn = maintenance_rules.unrest_draws_of(e.player, request.orders)
            if len(drawn) != needed:
                raise InvalidState(f"orders[{i}].unrest_draws", drawn, f"{needed} draw(s) needed", "SOE-MAINT-5")
            gold = e.gold + needed * rulings.gold_per_taxation - cost
            paid.append(replace(e, gold=gold, unrest=e.unrest + sum(drawn)))
        maintenance_rules.refuse_disbanding(request.orders)
        return Empires(tuple(paid))


class PooledTieRoundedUp(Stepwise):
    """A pooled friendly tie is divided rounding up whatever the ruling: the fraction goes to the players."""

    def score_region(self, request: RegionRequest, rulings: Rulings, /) -> RegionScore:
        soe_reference.score_region(request, rulings)
        return soe_reference.score_region(request, replace(rulings, rounding=Rounding.UP))


class TaxationDrawsNoUnrest(Stepwise):
    """Taxation yields its gold, but the drawn unrest tokens are never added to the track."""

    def pay_maintenance(self, request: MaintenanceRequest, rulings: Rulings, /) -> Empires:
        paid = soe_reference.pay_maintenance(request, rulings).empires
        return Empires(tuple(replace(after, unrest=before.unrest) for before, after in zip(request.empires, paid)))


class IncomeWithoutMarkers(Stepwise):
    """Income counts population only: the gold for control markers on the map is forgotten."""

    def collect_income(self, request: IncomeRequest, rulings: Rulings, /) -> Empires:
        soe_reference.collect_income(request, rulings)
        return soe_reference.collect_income(replace(request, regions=()), rulings)


class TwoPlayerUnrestTiePenalised(Stepwise):
    """With 2 players tied on unrest, both lose 7 (the 3-or-more "ties lose the full value" applied to 2)."""

    def end_game(self, request: EndGameRequest, rulings: Rulings, /) -> Standings:
        standings = soe_reference.end_game(request, rulings).standings
        candidates = penalty_candidates(request.empires, rulings)
        if len(request.empires) != 2 or len(candidates) != 2 or candidates[0].unrest != candidates[1].unrest:
            return Standings(standings)
        hit = tuple(
            replace(s, penalty=7, vp=vp_after_penalty(e.vp, 7, rulings)) for s, e in zip(standings, request.empires)
        )
        return Standings(tuple(replace(s, place=final_place(s, hit, rulings)) for s in hit))


class CleanUpKeepsGrandAlliances(Stepwise):
    """Clean-up leaves grand alliances with their holders instead of setting them aside for the auction."""

    def clean_up(self, request: CleanUpRequest, rulings: Rulings, /) -> Board:
        board = soe_reference.clean_up(request, rulings)
        return replace(board, grand_alliances=request.board.grand_alliances)


class NonPlayerMajorsTakeNoPlace(Stepwise):
    """Non-player majors are skipped when places are given, whatever the ruling says (always `ignored`)."""

    def score_region(self, request: RegionRequest, rulings: Rulings, /) -> RegionScore:
        soe_reference.score_region(request, rulings)
        return soe_reference.score_region(request, replace(rulings, non_player_rank=NonPlayerRank.IGNORED))


# --- the blind bug zoo of the C# audit (docs/audits/soe-csharp-2026-12-02.md), each one bug as the audit tells it ---


class SecondHighestLosesThree(Stepwise):
    """Z5: the second highest unrest loses 3 VP, not 4 (a table row typed one off)."""

    def end_game(self, request: EndGameRequest, rulings: Rulings, /) -> Standings:
        soe_reference.end_game(request, rulings)
        empires = request.empires

        def assessed(e: Empire) -> Standing:
            standing = assess_unrest(e, empires, rulings)
            if standing.revolution or unrest_penalty(e, empires, rulings) != 4:
                return standing
            return replace(standing, penalty=3, vp=vp_after_penalty(e.vp, 3, rulings))

        lines = tuple(assessed(e) for e in empires)
        return Standings(tuple(replace(s, place=final_place(s, lines, rulings)) for s in lines))


class LessUnrestTieReversed(Stepwise):
    """Z7: under ``final_tie`` ``less_unrest``, equal VP go to MORE unrest first (a tie broken the other way)."""

    def end_game(self, request: EndGameRequest, rulings: Rulings, /) -> Standings:
        standings = soe_reference.end_game(request, rulings).standings
        if rulings.final_tie is not FinalTie.LESS_UNREST:
            return Standings(standings)

        def place(s: Standing) -> int | None:
            if s.revolution:
                return None
            above = (o for o in standings if not o.revolution)
            return 1 + sum(1 for o in above if o.vp > s.vp or (o.vp == s.vp and o.unrest > s.unrest))

        return Standings(tuple(replace(s, place=place(s)) for s in standings))


class BelowTieAsNextPlace(Stepwise):
    """Z8: ``unfriendly_tie`` ``below_tie`` falls through to ``next_place`` (a case forgotten)."""

    def score_region(self, request: RegionRequest, rulings: Rulings, /) -> RegionScore:
        soe_reference.score_region(request, rulings)
        if rulings.unfriendly_tie is UnfriendlyTie.BELOW_TIE:
            rulings = replace(rulings, unfriendly_tie=UnfriendlyTie.NEXT_PLACE)
        return soe_reference.score_region(request, rulings)


# the canaries without their bugs: a correct implementation plugged in the same way (bench/targets.py)
CORRECT = "Stepwise"

CANARIES: tuple[Canary, ...] = (
    # one misreading each, blamed on its clause alone (blame/misread.py): not on the scoring rules it spreads to
    Canary("FriendlyTiesInThreePlayerGame", "shares ties in 3-player games as if friendly", ("SOE-SCORE-7",)),
    Canary("PopulationReachesTen", "lets population grow to 10", ("SOE-POP-2",)),
    Canary(
        "RevolutionStillPenalised", "penalises players in revolution for their unrest", ("SOE-UNREST-1", "SOE-UNREST-2")
    ),
    Canary("FortsForgottenInMaintenance", "charges no upkeep for forts", ("SOE-MAINT-1",)),
    Canary("PooledTieRoundedUp", "rounds a pooled tie's share up instead of down", ("SOE-RULING-2",)),
    Canary("TaxationDrawsNoUnrest", "adds no unrest for the tokens drawn on taxation", ("SOE-MAINT-6",)),
    Canary("IncomeWithoutMarkers", "pays no income for control markers on the map", ("SOE-INCOME-2",)),
    Canary(
        "TwoPlayerUnrestTiePenalised", "penalises both players of a 2-player game tied on unrest", ("SOE-UNREST-7",)
    ),
    Canary("CleanUpKeepsGrandAlliances", "leaves grand alliances held through clean-up", ("SOE-CLEAN-2",)),
    Canary("NonPlayerMajorsTakeNoPlace", "gives non-player majors no place in a region's ranking", ("SOE-RULING-4",)),
    Canary("SecondHighestLosesThree", "takes 3 VP, not 4, from the second highest unrest", ("SOE-UNREST-4",)),
    Canary("LessUnrestTieReversed", "puts more unrest first among equal VP under less_unrest", ("SOE-RULING-12",)),
    Canary("BelowTieAsNextPlace", "scores a below_tie unfriendly tie as next_place", ("SOE-RULING-3",)),
)
