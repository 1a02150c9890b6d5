"""A Python implementation (``--impl``) served over the wire protocol, in a process of its own.

``python -m rulespec.conformance.harness.wire.serve --game KEY --impl module:attr``. The harness runs an
``--impl`` through this, so a call that hangs meets ``--case-timeout``, one that exits the
interpreter (``os._exit``, ``sys.exit``) or overflows the stack is an error of that case, and
the process is killed and restarted, exactly as for ``--cmd``. The implementation is still
trusted code (it runs with the user's rights); the process bounds its faults, not its reach.

What it adds to a bare adapter: a request changed by the call is reported (``mutated input``),
and the implementation's own prints are kept off the protocol's stdout (at import they go to stderr,
shown as start-up output). It ends with ``os._exit``: a thread the module started (a cache warmer, a
metrics exporter) cannot keep it running after ``stop``.

With ``--check`` it loads the implementation, checks it (``check_impl``) and writes one line (``Loaded``: its
version) before it serves: the preflight of ``verify``, so the module is never imported by the harness, and the
process that passed it is the one the run asks (its start-up paid once).
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import sys
import traceback
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path
from typing import Any, BinaryIO, NoReturn

import msgspec

from rulespec import SUITE_ROOT
from rulespec.conformance.harness.games import Game, game
from rulespec.conformance.harness.subject import UsageProblem, check_impl, load_impl
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

MUTATED = "mutated-input"


class Loaded(msgspec.Struct, frozen=True):
    """``--check``'s one line: the implementation loaded, and its version if it has one."""

    version: str | None = None


def package_version(spec: str) -> str | None:
    """The version of the package an ``--impl`` comes from: its ``__version__``, its distribution, or the checkout's."""
    module_name = spec.partition(":")[0]
    module = importlib.import_module(module_name)
    top = sys.modules.get(module_name.partition(".")[0], module)
    for owner in (module, top):
        version = getattr(owner, "__version__", None)
        if isinstance(version, str):
            return version
    for distribution in metadata.packages_distributions().get(top.__name__, ()):
        return f"{distribution} {metadata.version(distribution)}"
    source = getattr(module, "__file__", None)
    if source and Path(source).resolve().is_relative_to(SUITE_ROOT.resolve()):
        return f"rulespec {metadata.version('rulespec')} (this checkout)"
    return None  # the errored reply's context["rulespec"] when the call changed its request


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
    options.add_argument("--check", action="store_true", help="load and check the implementation, say so, serve")
    args = options.parse_args()
    # the protocol keeps the real stdout; what the module prints as it loads goes to stderr (start-up output)
    protocol = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    try:
        played = game(args.game)
        target = check_impl(played, args.impl) if args.check else load_impl(args.impl)
    except KeyError as exc:
        return _exit(f"--game {args.game}: {exc}", 2)
    except UsageProblem as exc:
        return _exit(str(exc), 2)
    if args.check:
        try:
            version = package_version(args.impl)
        except Exception:  # noqa: BLE001 - a version is told when found, never required
            version = None
        protocol.write(msgspec.json.encode(Loaded(version)) + b"\n")
        protocol.flush()
    # anything else that writes to descriptor 1 now writes nowhere
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    status = serve(Served(played, target), sys.stdin.buffer, protocol)
    protocol.flush()
    return _exit("", status)


def _exit(said: str, status: int) -> NoReturn:
    """Say ``said`` on stderr and end now: no thread or ``atexit`` of the implementation holds the process."""
    if said:
        sys.stderr.write(f"{said}\n")
    sys.stderr.flush()
    os._exit(status)


if __name__ == "__main__":
    sys.exit(main())
