"""A Python implementation (``--impl``) served over the wire protocol, in a process of its own.

``python -m rulespec.conformance.harness.wire.serve --game KEY --impl module:attr``. The harness runs an
``--impl`` through this, so a call that hangs meets ``--case-timeout``, one that exits the
interpreter (``os._exit``, ``sys.exit``) or overflows the stack is an error of that case, and
the process is killed and restarted, exactly as for ``--cmd``. The implementation is still
trusted code (it runs with the user's rights); the process bounds its faults, not its reach.

What it adds to a bare adapter: a request changed by the call is reported (``mutated input``),
and the implementation's own prints are kept off the protocol's stdout.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import traceback
from collections.abc import Iterable
from typing import Any, BinaryIO

import msgspec

from rulespec.conformance.harness.games import Game, game
from rulespec.conformance.harness.subject import load_python_target
from rulespec.conformance.harness.vectors import ErrorKind
from rulespec.conformance.harness.wire.messages import (
    ENCODER,
    PROTOCOL_VERSION,
    SENT,
    Errored,
    Implementation,
    Refusal,
    Refused,
    Reply,
    Result,
    Run,
    Start,
    Started,
    Stop,
    Unsupported,
)
from rulespec.reference.errors import IllegalAction, InvalidState

MUTATED = "mutated-input"  # the errored reply's context["rulespec"] when the call changed its request


def refusal(ident: int, error: InvalidState | IllegalAction) -> Refused:
    if isinstance(error, InvalidState):
        why = Refusal(ErrorKind.INVALID_STATE, error.reason, field=error.field, value=error.value, rule=error.rule)
        return Refused(ident, why)
    return Refused(ident, Refusal(ErrorKind.ILLEGAL_ACTION, error.reason, rule=error.rule))


def errored(ident: int, message: str, **context: Any) -> Errored:
    return Errored(ident, message, context)


class Served:
    """One game of a Python implementation, answering run messages."""

    def __init__(self, played: Game, target: object) -> None:
        self.game = played
        self.target = target

    def offered(self) -> list[str]:
        return [op.name for op in self.game.operations if callable(getattr(self.target, op.name, None))]

    def run(self, message: Run) -> Reply:
        ident = message.id
        if message.game != self.game.key or message.operation not in self.offered():
            return Unsupported(ident, f"{message.game}.{message.operation}")
        operation = self.game.operation(message.operation)
        try:
            request = msgspec.json.decode(message.input, type=operation.request, strict=True)
            rulings = msgspec.json.decode(message.rulings, type=self.game.rulings, strict=True)
        except msgspec.ValidationError as exc:  # the harness's own request: said, never a crash of this process
            return errored(ident, f"the request does not read as a {operation.request.__name__}: {exc}")
        before = msgspec.json.encode(request)
        try:
            result = getattr(self.target, operation.name)(request, rulings)
        except (InvalidState, IllegalAction) as exc:
            return self._unchanged(ident, request, before) or refusal(ident, exc)
        except SystemExit as exc:
            return errored(ident, f"the implementation exited the interpreter: SystemExit({exc.code!r})")
        except BaseException as exc:  # noqa: BLE001 - whatever the implementation raises is its error, reported
            return errored(ident, f"{type(exc).__name__}: {exc}", traceback=traceback.format_exc(limit=-8))
        changed = self._unchanged(ident, request, before)
        if changed:
            return changed
        try:
            output = msgspec.Raw(msgspec.json.encode(result))
        except (TypeError, ValueError, RecursionError) as exc:
            return errored(ident, f"returned a {type(result).__name__} that cannot be written as JSON: {exc}")
        return Result(ident, output)

    def _unchanged(self, ident: int, request: object, before: bytes) -> Errored | None:
        """None when the call left its request as it was; else the errored reply naming the change."""
        try:
            after = msgspec.json.encode(request)
        except (TypeError, ValueError, RecursionError) as exc:
            after = f"(no longer encodable: {exc})".encode()
        if after == before:
            return None
        shown = after.decode("utf-8", "replace")[:2000]
        return errored(ident, f"the call changed its request; after the call it read: {shown}", rulespec=MUTATED)


def serve(served: Served, lines: Iterable[bytes], out: BinaryIO) -> int:
    for line in lines:
        try:
            message = SENT.decode(line)
        except msgspec.DecodeError:
            continue  # not a message this side answers
        if isinstance(message, Stop):
            return 0
        if isinstance(message, Start):
            implementation = Implementation("python", "0", language="python")
            data = ENCODER.encode(Started(PROTOCOL_VERSION, implementation, {served.game.key: tuple(served.offered())}))
        else:
            sys.stdout = sys.stderr = io.StringIO()  # the implementation's prints, kept off the protocol
            try:
                data = ENCODER.encode(served.run(message))
            except (TypeError, ValueError, RecursionError) as exc:
                data = ENCODER.encode(errored(message.id, f"a refusal that cannot be written as JSON: {exc}"))
        out.write(data + b"\n")
        out.flush()
    return 0


def main() -> int:
    options = argparse.ArgumentParser(prog="python -m rulespec.conformance.harness.wire.serve")
    options.add_argument("--game", required=True)
    options.add_argument("--impl", required=True, metavar="MODULE:ATTR")
    args = options.parse_args()
    try:
        served = Served(game(args.game), load_python_target(args.impl))
    except (KeyError, ValueError) as exc:
        sys.stderr.write(f"{exc}\n")
        return 2
    except Exception as exc:  # noqa: BLE001 - the module's own import-time failure, told once
        sys.stderr.write(f"--impl {args.impl}: loading it raised {type(exc).__name__}: {exc}\n")
        return 2
    # the protocol keeps the real stdout; anything else that writes to descriptor 1 writes nowhere
    protocol = os.fdopen(os.dup(1), "wb")
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    return serve(served, sys.stdin.buffer, protocol)


if __name__ == "__main__":
    sys.exit(main())
