"""The phase's verdict from the six totals: standard, domination, time limit, or the next turn (HIS-WIN-*)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

# named in the contracts' ``raises:`` lines, which CrossHair resolves in this module
from rulespec.reference.errors import InvalidState as InvalidState
from rulespec.reference.here_i_stand.model import (
    POWERS,
    Outcome,
    Power,
    PowerVp,
    TurnRecord,
    Victory,
    VictoryRequest,
)
from rulespec.reference.here_i_stand.rulings import Rulings, TimeLimitTie, UnbrokenTie
from rulespec.reference.here_i_stand.validation import (
    LAST_TURN,
    validate_history,
    validate_rulings,
    validate_totals,
    validate_turn,
)

STANDARD_VICTORY_VP = 25  # HIS-WIN-2

Totals = Mapping[Power, int]


def as_totals(totals: Sequence[PowerVp]) -> dict[Power, int]:
    """HIS-VP-1: checked totals keyed by power."""
    return {Power(t.power): t.vp for t in totals}


def leaders(totals: Totals) -> tuple[Power, ...]:
    """HIS-WIN-2, HIS-WIN-3, HIS-WIN-7: the powers with the most VP (two or more share it: HIS-WIN-3), in impulse
    order."""
    top = max(totals.values())
    return tuple(p for p in POWERS if totals[p] == top)


def break_tie(tied: tuple[Power, ...], history: Sequence[TurnRecord]) -> tuple[tuple[Power, ...], int | None]:
    """HIS-WIN-3: walk back through the turns, dropping the powers behind at each; (still tied, turn that broke it)."""
    remaining: tuple[Power, ...] = tied
    for record in reversed(history):
        if len(remaining) == 1:
            break
        then = as_totals(record.totals)
        best = max(then[p] for p in remaining)
        remaining = tuple(p for p in remaining if then[p] == best)
        if len(remaining) == 1:
            return remaining, record.turn
    return remaining, None


def dominating_power(turn: int, totals: Totals, rulings: Rulings) -> Power | None:
    """HIS-WIN-5, HIS-RULING-1, HIS-RULING-2: the power far enough ahead of every other, from the first turn of it."""
    if turn < rulings.domination_first_turn:
        return None
    first = leaders(totals)
    # a shared lead is no lead
    if len(first) != 1:
        return None
    (leader,) = first
    runner_up = max(vp for p, vp in totals.items() if p != leader)
    return leader if totals[leader] - runner_up >= rulings.domination_margin else None


def over(victory: Victory, winner: Power | None, tied: tuple[Power, ...], broken_at: int | None) -> Outcome:
    """HIS-WIN-1: a result that ends the game (no next turn: HIS-WIN-8 does not apply)."""
    name = winner.value if winner is not None else None
    return Outcome(victory, name, tuple(p.value for p in tied), broken_at, True, None)


def anyone_at_25(totals: Totals) -> bool:
    """HIS-WIN-2, HIS-WIN-6: some power has 25 VP or more, the one test both the victory and the going-on game read."""
    return max(totals.values()) >= STANDARD_VICTORY_VP


def standard_victory(totals: Totals, history: Sequence[TurnRecord], rulings: Rulings) -> Outcome | None:
    """HIS-WIN-2, HIS-WIN-3, HIS-WIN-4, HIS-WIN-6, HIS-RULING-3: the most VP wins once anyone has 25, nobody below."""
    if not anyone_at_25(totals):
        return None
    remaining, broken_at = break_tie(leaders(totals), history)
    if len(remaining) == 1:
        return over(Victory.STANDARD, remaining[0], (), broken_at)
    if rulings.unbroken_tie is UnbrokenTie.SHARED:
        return over(Victory.STANDARD, None, remaining, None)
    return None


def time_limit(totals: Totals, history: Sequence[TurnRecord], rulings: Rulings) -> Outcome:
    """HIS-WIN-7: after turn 9 the most VP wins; a tie for the most is settled by ``time_limit_tie``."""
    first = leaders(totals)
    if len(first) == 1:
        return over(Victory.TIME_LIMIT, first[0], (), None)
    return time_limit_tie(first, history, rulings)


def time_limit_tie(tied: tuple[Power, ...], history: Sequence[TurnRecord], rulings: Rulings) -> Outcome:
    """HIS-RULING-4: a tie for the most VP at the time limit, shared at once, or broken by the history as a standard
    victory's is, a tie the history cannot break shared."""
    if rulings.time_limit_tie is TimeLimitTie.SHARED:
        return over(Victory.TIME_LIMIT, None, tied, None)
    remaining, broken_at = break_tie(tied, history)
    if len(remaining) == 1:
        return over(Victory.TIME_LIMIT, remaining[0], (), broken_at)
    return over(Victory.TIME_LIMIT, None, remaining, None)


def outcome(turn: int, totals: Totals, history: Sequence[TurnRecord], rulings: Rulings) -> Outcome:
    """HIS-WIN-1: standard, then domination, then the time limit, else the turn marker advances (HIS-WIN-8)."""
    standard = standard_victory(totals, history, rulings)
    if standard is not None:
        return standard
    below = not anyone_at_25(totals)
    # an unbroken tie at 25+ played on (HIS-RULING-3) is still reported
    unbroken: tuple[Power, ...] = () if below else break_tie(leaders(totals), history)[0]
    dominant = dominating_power(turn, totals, rulings) if below else None  # HIS-WIN-5: nobody at 25 or more
    if dominant is not None:
        return over(Victory.DOMINATION, dominant, (), None)
    if turn < LAST_TURN:  # HIS-WIN-7: the time limit on turn 9 alone
        return Outcome(Victory.NONE, None, tuple(p.value for p in unbroken), None, False, turn + 1)  # HIS-WIN-8
    return time_limit(totals, history, rulings)


def determine_victory(request: VictoryRequest, rulings: Rulings, /) -> Outcome:
    """HIS-WIN-1, HIS-WIN-2, HIS-WIN-3, HIS-WIN-4, HIS-WIN-5, HIS-WIN-6, HIS-WIN-7, HIS-WIN-8, HIS-WIN-9,
    HIS-WIN-10: the outcome of the phase from this turn's totals and the history.

    pre: len(request.totals) <= 7
    pre: len(request.history) <= LAST_TURN
    raises: InvalidState
    post: __return__.winner is None or any(t.power == __return__.winner and (t.vp >= STANDARD_VICTORY_VP or __return__.victory != Victory.STANDARD) for t in request.totals)
    post: __return__.winner is None or {t.power: t.vp for t in request.totals}[__return__.winner] == max(t.vp for t in request.totals)
    post: __return__.game_over == (__return__.next_turn is None)
    post: __return__.game_over or __return__.next_turn == request.turn + 1
    post: request.turn < LAST_TURN or __return__.game_over
    """  # noqa: E501 - a post: condition stays on one line: CrossHair and symbolic/conditions.py read them line by line
    validate_rulings(rulings)  # HIS-RULING-2: the rulings before the request
    validate_turn(request.turn)
    validate_totals(request.totals, "totals", "HIS-VP-1")
    validate_history(request.history, request.turn)
    return outcome(request.turn, as_totals(request.totals), request.history, rulings)
