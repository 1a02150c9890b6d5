#!/usr/bin/env python3
"""A Python adapter speaking the rulespec wire protocol (docs/wire-protocol.md) for Struggle of Empires.

It wraps the reference implementation: the point is the adapter, the ~60 lines any Python
engine needs to be checked over the protocol. Run it as the harness does:

    rulespec verify --game soe --cmd "python examples/soe-python/impl.py"

Protocol in short: read one JSON object per line from stdin, write one per line to stdout,
flush after each; never write anything else to stdout or stderr.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from typing import Any

import msgspec

import rulespec.reference.struggle_of_empires as soe
from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.struggle_of_empires import model
from rulespec.reference.struggle_of_empires.rulings import Rulings

# operation -> (function, request type): what this implementation offers
OPERATIONS: dict[str, tuple[Callable[[Any, Rulings], Any], type[Any]]] = {
    "collect_income": (soe.collect_income, model.IncomeRequest),
    "score_region": (soe.score_region, model.RegionRequest),
    "score_regions": (soe.score_regions, model.ScoringRequest),
    "pay_maintenance": (soe.pay_maintenance, model.MaintenanceRequest),
    "grow_population": (soe.grow_population, model.PopulationRequest),
    "clean_up": (soe.clean_up, model.CleanUpRequest),
    "end_game": (soe.end_game, model.EndGameRequest),
    "end_war": (soe.end_war, model.WarEndRequest),
}


def started() -> dict[str, Any]:
    return {
        "type": "started",
        "protocol": 1,
        "implementation": {"name": "soe-python-example", "version": "0.1.0", "language": "python"},
        "games": {"soe": sorted(OPERATIONS)},
    }


def run(message: dict[str, Any]) -> dict[str, Any]:
    """The reply to one ``run``: a result, a refusal, unsupported, or errored."""
    ident = message["id"]
    if message["game"] != "soe" or message["operation"] not in OPERATIONS:
        return {"type": "unsupported", "id": ident, "message": f"{message['game']}.{message['operation']}"}
    function, request_type = OPERATIONS[message["operation"]]
    try:
        request = msgspec.convert(message["input"], request_type, strict=True)
        rulings = msgspec.convert(message["rulings"], Rulings, strict=True)
        output = msgspec.to_builtins(function(request, rulings))
    except InvalidState as exc:
        error = {
            "kind": "InvalidState",
            "field": exc.field,
            "value": msgspec.to_builtins(exc.value),
            "reason": exc.reason,
        }
        return {"type": "refused", "id": ident, "error": error | {"rule": exc.rule}}
    except IllegalAction as exc:
        return {
            "type": "refused",
            "id": ident,
            "error": {"kind": "IllegalAction", "rule": exc.rule, "reason": exc.reason},
        }
    except Exception as exc:  # noqa: BLE001 - whatever the engine raises is its error, reported, never printed
        return {"type": "errored", "id": ident, "message": repr(exc), "context": {"traceback": traceback.format_exc()}}
    return {"type": "result", "id": ident, "output": output}


def main() -> int:
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        message = msgspec.json.decode(line)
        kind = message.get("type")
        if kind == "start":
            reply = started()
        elif kind == "run":
            reply = run(message)
        elif kind == "stop":
            return 0
        else:
            continue
        out.write(msgspec.json.encode(reply) + b"\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
