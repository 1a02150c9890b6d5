"""Which stated order of the end of a war an answer shows broken (``blame.decided`` and ``blame.accepted`` for
``end_war``).

The steps of ``end_war`` run in the order the ``sequence`` ruling gives (SOE-SEQ-1); within it income comes first and
maintenance before population (SOE-SEQ-2), clean-up after all scoring (SOE-SEQ-3). A port that takes one step before or
after the others it is listed beside (two neighbours swapped, or one moved further: population growth run before income)
answers what the reference's steps answer in that order: the empires and board it returns, its draws counted as the
reference counts them or against the gold at maintenance, which the move changes (SOE-MAINT-5: one per taxation that
gold needs), so that an order missing is accepted where that gold needs none. A move that answers as the stated order
does shows nothing. The clause named is that of the first stated order the move breaks. A refusal shows no move for
sure: a taxation count read wrong refuses the same draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.rulings import json_value, typed_question
from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.struggle_of_empires.maintenance import check_unrest_draws, refuse_disbanding
from rulespec.reference.struggle_of_empires.model import WarEndRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings
from rulespec.reference.struggle_of_empires.sequence import (
    STEPS,
    Step,
    WarState,
    clean_up_step,
    income_step,
    maintenance_step,
    population_step,
    scoring_step,
)

# two steps of the end of a war, and the clause that states which comes first: income first in every order,
# maintenance before population (SOE-SEQ-2), clean-up after all scoring (SOE-SEQ-3); any other, the order the sequence
# ruling gives (SOE-SEQ-1)
_FIRST: dict[tuple[Step, Step], str] = {
    **{(income_step, later): "SOE-SEQ-2" for later in (maintenance_step, scoring_step, population_step)},
    (maintenance_step, population_step): "SOE-SEQ-2",
    (scoring_step, clean_up_step): "SOE-SEQ-3",
}


def moved_step(request: Any, rulings: Any, got: Any) -> str | None:
    """The clause of the first stated order broken when one step of ``end_war`` moved answers as the implementation
    did (``got``: its result, as JSON) and the stated order does not; None when no such move does."""
    typed = typed_question(game("soe"), "end_war", request, rulings)
    if typed is None or not isinstance(got, dict):
        return None
    asked, ruled = cast(tuple[WarEndRequest, Rulings], typed)
    returned = _shown(cast(dict[str, Any], got))
    steps = STEPS[ruled.sequence]
    due = [_answer(steps, asked, ruled, counted) for counted in (False, True)]
    for start in range(len(steps)):
        for end in range(len(steps)):
            moved = [*steps[:start], *steps[start + 1 :]]
            moved.insert(end, steps[start])
            # a move that answers as the stated order does shows nothing (an input accepted for another reason)
            answers = [_answer(moved, asked, ruled, counted) for counted in (False, True)]
            if start != end and any(answer == returned != ref for answer, ref in zip(answers, due, strict=True)):
                passed = steps[end:start] if end < start else steps[start + 1 : end + 1]
                pairs = [(p, steps[start]) for p in passed] if end < start else [(steps[start], p) for p in passed]
                return next((_FIRST[pair] for pair in pairs if pair in _FIRST), "SOE-SEQ-1")
    return None


def _answer(steps: Sequence[Step], asked: WarEndRequest, ruled: Rulings, counted: bool) -> Any:
    """The empires and board the steps leave; ``counted``: or the refusal of the draws (and then of disbanding) as the
    gold at maintenance has them, where a port counts them there (the reference counts them before any step, against
    the gold once income is in, which in its own order is the gold at maintenance)."""
    state = WarState(asked.empires, asked.board)
    try:
        for step in steps:
            if counted and step is maintenance_step:
                check_unrest_draws(state.empires, asked.orders, ruled)
                refuse_disbanding(asked.orders)
            state = step(state, asked, ruled)
    except InvalidState as exc:
        return {"error": {"kind": "InvalidState", "field": exc.field}}
    except IllegalAction as exc:
        return {"error": {"kind": "IllegalAction", "rule": exc.rule}}
    except Exception:  # noqa: BLE001 - the steps of a request the reference refuses may not run at all
        return None
    return json_value({"empires": state.empires, "board": state.board})


def _shown(got: dict[str, Any]) -> Any:
    """What of an answer a move of the steps decides: its empires and board."""
    return json_value({"empires": got.get("empires"), "board": got.get("board")})
