"""The end of the game: revolution, unrest penalties and the final ranking."""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.reference.errors import InvalidState as InvalidState  # named by the contract's raises: line
from rulespec.reference.struggle_of_empires.model import (
    Empire,
    EndGameRequest,
    Standing,
    Standings,
    Unrest,
    VictoryPoints,
)
from rulespec.reference.struggle_of_empires.rulings import FinalTie, Rulings, SecondUnrest, VpFloor

# named by the contracts, which CrossHair evaluates in this module
from rulespec.reference.struggle_of_empires.validation import MAX_PLAYERS as MAX_PLAYERS
from rulespec.reference.struggle_of_empires.validation import validate_empires, validate_rulings

REVOLUTION_UNREST = 20  # SOE-UNREST-1
HIGHEST_PENALTY = 7  # SOE-UNREST-3
SECOND_PENALTY = 4  # SOE-UNREST-4
SECOND_PENALISED_FROM = 3  # with 2 players only the highest is penalised (SOE-UNREST-6)


def revolution_unrest() -> Unrest:
    """SOE-UNREST-1: the unrest of revolution, one step for the revolution and the penalty candidates' bound."""
    return REVOLUTION_UNREST


def in_revolution(empire: Empire) -> bool:
    """SOE-UNREST-1: 20 or more unrest puts the country in revolution, out of the game."""
    return empire.unrest >= revolution_unrest()


def penalty_candidates(empires: Sequence[Empire], rulings: Rulings) -> tuple[Empire, ...]:
    """SOE-UNREST-2, SOE-RULING-8: those with less than 20 unrest (still in the game) who can be penalised."""
    penalised_at_zero = rulings.zero_unrest_penalised
    return tuple(e for e in empires if e.unrest < revolution_unrest() and (e.unrest > 0 or penalised_at_zero))


def highest_unrest(candidates: Sequence[Empire]) -> Unrest | None:
    """SOE-UNREST-3: the highest unrest total among the candidates (None when there are none)."""
    return max((e.unrest for e in candidates), default=None)


def second_highest_unrest(candidates: Sequence[Empire], rulings: Rulings) -> Unrest | None:
    """SOE-UNREST-4, SOE-RULING-7: the unrest total that counts as second highest, if any."""
    highest = highest_unrest(candidates)
    below = tuple(e.unrest for e in candidates if highest is not None and e.unrest < highest)
    shared_highest = sum(1 for e in candidates if e.unrest == highest) >= 2
    if rulings.second_unrest is SecondUnrest.NEXT_PLACE and shared_highest:
        return None
    return max(below, default=None)


def player_count(empires: Sequence[Empire]) -> int:
    """SOE-UNREST-2: the number of players SOE-UNREST-3 to -7 speak of: every empire, those in revolution too."""
    return len(empires)


def unrest_penalty(empire: Empire, empires: Sequence[Empire], rulings: Rulings) -> VictoryPoints:
    """SOE-UNREST-2 to SOE-UNREST-7: the VP this empire loses for its unrest."""
    candidates = penalty_candidates(empires, rulings)
    if empire not in candidates:
        return 0
    highest = highest_unrest(candidates)
    if player_count(empires) < SECOND_PENALISED_FROM:
        # 2 players: the most unrest loses 7, unless both share it (SOE-UNREST-6, SOE-UNREST-7)
        alone = sum(1 for e in candidates if e.unrest == highest) == 1
        return HIGHEST_PENALTY if empire.unrest == highest and alone else 0
    if empire.unrest == highest:  # SOE-UNREST-3
        return HIGHEST_PENALTY
    if empire.unrest == second_highest_unrest(candidates, rulings):  # SOE-UNREST-4: exactly the second highest
        return SECOND_PENALTY
    return 0


def vp_after_penalty(vp: VictoryPoints, penalty: VictoryPoints, rulings: Rulings) -> VictoryPoints:
    """SOE-UNREST-8, SOE-RULING-11: the penalty comes off the VP.

    pre: vp >= 0 and penalty in (0, SECOND_PENALTY, HIGHEST_PENALTY)
    post: __return__ <= vp
    post: rulings.vp_floor is not VpFloor.ZERO or __return__ == max(0, vp - penalty)
    post: rulings.vp_floor is not VpFloor.NONE or __return__ == vp - penalty
    """
    if rulings.vp_floor is VpFloor.ZERO:
        return max(0, vp - penalty)
    return vp - penalty


def assess_unrest(empire: Empire, empires: Sequence[Empire], rulings: Rulings) -> Standing:
    """SOE-UNREST-1 to SOE-UNREST-8: one empire's line before places are given."""
    if in_revolution(empire):
        return Standing(empire.player, empire.unrest, penalty=0, vp=0, revolution=True, place=None)
    penalty = unrest_penalty(empire, empires, rulings)
    vp = vp_after_penalty(empire.vp, penalty, rulings)
    return Standing(empire.player, empire.unrest, penalty=penalty, vp=vp, revolution=False, place=None)


def ranks_above(other: Standing, standing: Standing, rulings: Rulings) -> bool:
    """SOE-END-4, SOE-RULING-12: whether ``other`` takes a place above ``standing``."""
    if other.vp != standing.vp:
        return other.vp > standing.vp
    return rulings.final_tie is FinalTie.LESS_UNREST and other.unrest < standing.unrest


def final_place(standing: Standing, standings: Sequence[Standing], rulings: Rulings) -> int | None:
    """SOE-END-4, SOE-END-5: one plus the number still in the game ranked above; None when out."""
    if standing.revolution:
        return None
    return 1 + sum(1 for other in standings if not other.revolution and ranks_above(other, standing, rulings))


def rank_players(empires: Sequence[Empire], rulings: Rulings) -> tuple[Standing, ...]:
    """SOE-END-3 to SOE-END-5, SOE-UNREST-*: the final result, in the empires' order."""
    assessed = tuple(assess_unrest(e, empires, rulings) for e in empires)
    return tuple(
        Standing(s.player, s.unrest, s.penalty, s.vp, s.revolution, final_place(s, assessed, rulings)) for s in assessed
    )


def end_game(request: EndGameRequest, rulings: Rulings, /) -> Standings:
    """SOE-UNREST-1 to SOE-UNREST-8, SOE-END-3 to SOE-END-5: unrest assessment and the final ranking.

    pre: len(request.empires) <= MAX_PLAYERS
    raises: InvalidState
    post: tuple(s.player for s in __return__.standings) == tuple(e.player for e in request.empires)
    post: all(s.revolution == (e.unrest >= REVOLUTION_UNREST) for s, e in zip(__return__.standings, request.empires))
    post: all((s.place is None) == s.revolution for s in __return__.standings)
    post: all(s.penalty in (0, SECOND_PENALTY, HIGHEST_PENALTY) for s in __return__.standings)
    post: all(s.revolution or s.vp <= e.vp for s, e in zip(__return__.standings, request.empires))
    """
    validate_rulings(rulings)  # SOE-RULING-9, SOE-RULING-10: every ruling before the request
    validate_empires(request.empires)
    return Standings(rank_players(request.empires, rulings))
