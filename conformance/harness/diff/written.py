"""A difference found by ``rulespec diff``, written as a ready-to-add vector (docs/architecture.md).

The case expects side A's answer under the full rulings A answered under (its own switches
included, so the case replays against A); it is written by the core's one writer of cases
(``vectors``), whose ID is a hash of what it asks, so writing the same difference twice gives
one case, and a case found again is recognised. Its rules are the clauses the operation's
reference function names in its docstring, with the ruling clauses of the rulings the two
sides were switched on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conformance.harness.diff.search import Difference, as_json
from conformance.harness.diff.sides import Side
from conformance.harness.games import Game
from conformance.harness.rulings import ruling_clauses
from conformance.harness.spec import docstring_rules
from conformance.harness.vectors import add_cases, new_case


def vector_case(game: Game, difference: Difference, a: Side, b: Side) -> dict[str, Any] | None:
    """The case expecting A's answer; None when A gave none (it crashed or lacks the operation)."""
    if difference.a.kind == "result":
        expectation: dict[str, Any] = {"output": difference.a.output}
    elif difference.a.kind == "refused" and difference.a.error is not None:
        error = difference.a.error
        refusal = {"field": error.field} if error.field else {"rule": error.rule}
        expectation = {"error": {"kind": error.kind.value, **refusal}}
    else:
        return None
    switched = set(a.switches) | set(b.switches)
    rules = docstring_rules(game.reference_call(difference.operation)) + ruling_clauses(game.rulings, switched)
    description = f"rulespec diff {a.spec} vs {b.spec}: {b.spec} answers {difference.b.shown()}"
    rulings_json = as_json(difference.rulings_a)  # exactly what A answered under, its switches included
    request_json = as_json(difference.request)
    return new_case(
        game, difference.operation, request_json, rulings_json, list(dict.fromkeys(rules)), description, expectation
    )


def write_case(game: Game, operation: str, case: dict[str, Any], directory: Path) -> Path:
    """Add the case to ``directory/<operation>.json`` (made if absent); a case already there is kept once."""
    return add_cases(directory / f"{operation}.json", game.key, operation, [case])
