#!/usr/bin/env python3
"""A Struggle of Empires implementation over the wire protocol that misbehaves on purpose.

It answers with the reference, except as told by its arguments:

    faulty_impl.py --fault KIND --on OPERATION   every request for OPERATION gets fault KIND
    faulty_impl.py --fault KIND                  the fault is at start-up (handshake kinds)
    faulty_impl.py --record PATH                 also append every line received to PATH

The faults are the ways real implementations go wrong; tests/wire/test_faults.py drives the
harness through each and asserts it is reported as its own error while the run goes on.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, cast

import msgspec

import rulespec.reference.struggle_of_empires as soe
from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.struggle_of_empires import model
from rulespec.reference.struggle_of_empires.rulings import Rulings

REQUESTS: dict[str, type[Any]] = {
    "collect_income": model.IncomeRequest,
    "score_region": model.RegionRequest,
    "score_regions": model.ScoringRequest,
    "pay_maintenance": model.MaintenanceRequest,
    "grow_population": model.PopulationRequest,
    "clean_up": model.CleanUpRequest,
    "end_game": model.EndGameRequest,
    "end_war": model.WarEndRequest,
}

# faults at a request
PER_REQUEST = (
    "hang",  # never answer
    "late",  # answer after the harness has given up
    "crash",  # exit with a message on stderr
    "malformed-json",  # a line that is not JSON
    "not-an-object",  # JSON, but not a reply
    "wrong-type",  # a number where a string belongs in the output
    "wrong-type-missing",  # the same, and a field left out
    "missing-field",  # the output lacks a field
    "unknown-field",  # the output has a field its type lacks
    "unknown-field-wrong",  # the same, and a field it has wrong
    "extra-stdout",  # a log line after the reply
    "stderr",  # a warning on stderr
    "exception",  # an errored reply
    "wrong-id",  # the reply names another request
    "flaky",  # every other answer differs: non-determinism within one case
    "flaky-errored",  # every other answer is an errored reply: non-determinism no result shows
    "drift",  # the answer changes after the first two: non-determinism across the run
    "unsupported",  # says it does not offer the operation after all
    "refusal-without-rule",  # an IllegalAction that names no rule
)
# faults at start-up
AT_START = ("no-handshake", "old-protocol", "banner")


def answer(message: dict[str, Any]) -> dict[str, Any]:
    request = msgspec.convert(message["input"], REQUESTS[message["operation"]], strict=True)
    rulings = msgspec.convert(message["rulings"], Rulings, strict=True)
    try:
        output = getattr(soe, message["operation"])(request, rulings)
    except InvalidState as exc:
        error = {
            "kind": "InvalidState",
            "field": exc.field,
            "value": msgspec.to_builtins(exc.value),
            "reason": exc.reason,
        }
        return {"type": "refused", "id": message["id"], "error": error}
    except IllegalAction as exc:
        error = {"kind": "IllegalAction", "rule": exc.rule, "reason": exc.reason}
        return {"type": "refused", "id": message["id"], "error": error}
    return {"type": "result", "id": message["id"], "output": msgspec.to_builtins(output)}


def first_list(output: dict[str, Any]) -> dict[str, Any]:
    """The first object of the output's first list: somewhere to break a field."""
    for value in output.values():
        if isinstance(value, (list, tuple)):
            return cast(dict[str, Any], value[0])
    raise ValueError("the output holds no list")


def faulty(fault: str, reply: dict[str, Any], asked: int) -> bytes | None:
    """The bytes to write for ``reply`` under ``fault`` (None: write nothing)."""
    ident = reply["id"]
    if fault == "hang":
        time.sleep(3600)
    if fault == "late":
        time.sleep(float(os.environ.get("FAULTY_LATE", "2")))
    if fault == "crash":
        frames = "".join(f'  File "engine.py", line {n}, in score\n    return score(deeper)\n' for n in range(60))
        sys.stderr.write(f"Traceback (most recent call last):\n{frames}faulty_impl: segmentation fault (pretend)\n")
        sys.stderr.flush()
        os._exit(3)
    if fault == "malformed-json":
        return b'{"type": "result", "id": %d, "output": {' % ident
    if fault == "not-an-object":
        return b"[1, 2, 3]"
    if fault in (
        "wrong-type",
        "wrong-type-missing",
        "missing-field",
        "unknown-field",
        "unknown-field-wrong",
        "flaky",
        "drift",
    ):
        target = first_list(reply["output"])
        if fault.startswith("wrong-type"):
            target["player"] = 7
            if fault == "wrong-type-missing":
                del target["vp"]
        elif fault == "missing-field":
            del target["player"]
        elif fault == "unknown-field":
            target["colour"] = "blue"
        elif fault == "unknown-field-wrong":
            target["colour"], target["population"] = "blue", target["population"] + 1
        elif fault == "flaky" and asked % 2 == 0 or fault == "drift" and asked > 2:
            target["player"] = target["player"] + "-changed"
    if fault == "extra-stdout":
        return msgspec.json.encode(reply) + b"\ndebug: answered\n"
    if fault == "stderr":
        sys.stderr.write("warning: deprecated call\n")
        sys.stderr.flush()
    if fault == "exception" or fault == "flaky-errored" and asked % 2 == 0:
        reply = {"type": "errored", "id": ident, "message": "TypeError: undefined is not a function", "context": {}}
    if fault == "wrong-id":
        reply["id"] = ident + 1000
    if fault == "unsupported":
        reply = {"type": "unsupported", "id": ident, "message": "not in this build"}
    if fault == "refusal-without-rule":
        reply = {"type": "refused", "id": ident, "error": {"kind": "IllegalAction", "reason": "no"}}
    return msgspec.json.encode(reply)


def main() -> int:
    options = argparse.ArgumentParser()
    options.add_argument("--fault", choices=(*PER_REQUEST, *AT_START), default=None)
    options.add_argument("--on", default=None, metavar="OPERATION")
    options.add_argument("--record", default=None, metavar="PATH")
    args = options.parse_args()
    out = sys.stdout.buffer
    asked = 0
    for line in sys.stdin.buffer:
        if args.record:
            with open(args.record, "ab") as record:
                record.write(line)
        message = msgspec.json.decode(line)
        if message["type"] == "stop":
            return 0
        if message["type"] == "start":
            if args.fault == "no-handshake":
                time.sleep(3600)
            version = 0 if args.fault == "old-protocol" else 1
            started = {
                "type": "started",
                "protocol": version,
                "implementation": {"name": "faulty", "version": "0"},
                "games": {"soe": sorted(REQUESTS)},
            }
            if args.fault == "banner":
                out.write(b"faulty_impl v0 ready\n")
            out.write(msgspec.json.encode(started) + b"\n")
            out.flush()
            continue
        reply = answer(message)
        data: bytes | None = msgspec.json.encode(reply)
        if args.fault in PER_REQUEST and message["operation"] == args.on:
            asked += 1
            data = faulty(args.fault, reply, asked)
        if data is not None:
            out.write(data + b"\n")
            out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
