"""A difference found by ``rulespec diff``, written as a ready-to-add vector (docs/architecture.md).

The case expects side A's answer under the full rulings A answered under (its own switches
included, so the case replays against A); its ID is a
hash of what it asks (operation, input, rulings), so writing the same difference twice
gives one case, and a case found again is recognised. Its rules are the clauses the
operation's reference function names in its docstring, with the ruling clauses of the
rulings the two sides were switched on.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from conformance.harness.diff.search import Difference, as_json
from conformance.harness.diff.sides import Side
from conformance.harness.games import Game
from conformance.harness.rulings import ruling_clauses
from conformance.harness.spec import docstring_rules


def case_id(game: Game, difference: Difference, input_json: Any, rulings_json: Any) -> str:
    asked = json.dumps([difference.operation, input_json, rulings_json], sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(asked.encode()).hexdigest()[:12]
    return f"{game.key}-{difference.operation.replace('_', '-')}-diff-{digest}"


def vector_case(game: Game, difference: Difference, a: Side, b: Side) -> dict[str, Any] | None:
    """The case expecting A's answer; None when A gave none (it crashed or lacks the operation)."""
    input_json = as_json(difference.request)
    rulings_json = as_json(difference.rulings_a)  # exactly what A answered under, its switches included
    case: dict[str, Any] = {"id": case_id(game, difference, input_json, rulings_json)}
    switched = set(a.switches) | set(b.switches)
    rules = docstring_rules(game.reference_call(difference.operation)) + ruling_clauses(game.rulings, switched)
    case["description"] = f"rulespec diff {a.spec} vs {b.spec}: {b.spec} answers {difference.b.shown()}"
    case["rules"] = list(dict.fromkeys(rules))
    case["rulings"] = rulings_json
    case["input"] = input_json
    if difference.a.kind == "result":
        case["output"] = difference.a.output
    elif difference.a.kind == "refused" and difference.a.error is not None:
        error = difference.a.error
        case["error"] = {"kind": error.kind.value, **({"field": error.field} if error.field else {"rule": error.rule})}
    else:
        return None
    return case


def write_case(game: Game, operation: str, case: dict[str, Any], directory: Path) -> Path:
    """Add the case to ``directory/<operation>.json`` (made if absent); a case already there is kept once."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{operation}.json"
    document: dict[str, Any] = {"game": game.key, "operation": operation, "cases": []}
    if path.exists():
        document = json.loads(path.read_text(encoding="utf-8"))
        if document.get("game") != game.key or document.get("operation") != operation:
            raise ValueError(
                f"{path} holds {document.get('game')}.{document.get('operation')}, not {game.key}.{operation}"
            )
    cases: list[dict[str, Any]] = document["cases"]
    if all(existing.get("id") != case["id"] for existing in cases):
        cases.append(case)
    path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return path
