"""Symbolic checks: CrossHair searches for inputs that break the reference's contracts.

Each public rule function states PEP 316 contracts (``pre:`` / ``post:`` lines in its
docstring). CrossHair explores inputs symbolically and reports any input that meets the
preconditions yet breaks a postcondition, or raises an exception the contract does not
declare. The search is bounded per condition, so the session's time is bounded too.

    python -m conformance.harness.symbolic [--game soe] [--per-condition-timeout 4]

With ``--impl module:attr`` (one ``--game``), a plugged Python implementation is checked
instead: against the reference's contracts and by diffbehavior against the reference
(``conformance.harness.symbolic_impl``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from conformance.harness import symbolic_impl
from conformance.harness.games import REGISTRY, game


def reference_package(key: str) -> Path:
    path = getattr(game(key).reference, "__file__", None)
    if path is None:
        raise ValueError(f"the reference of {key!r} is not a module with a file")
    return Path(path).parent


def check(key: str, per_condition_timeout: float) -> tuple[int, float, str]:
    """Run ``crosshair check`` over one game's reference; (exit code, seconds, what it printed)."""
    command = [
        sys.executable,
        "-m",
        "crosshair",
        "check",
        "--analysis_kind=PEP316",
        f"--per_condition_timeout={per_condition_timeout}",
        str(reference_package(key)),
    ]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return done.returncode, time.perf_counter() - started, (done.stdout + done.stderr).strip()


REFERENCE_TIMEOUT = 4.0  # seconds per condition over the reference's own contracts
IMPLEMENTATION_TIMEOUT = 60.0  # per search over a plugged implementation: its inputs must pass validation first


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", choices=sorted(REGISTRY), help="only this game (repeatable)")
    parser.add_argument(
        "--per-condition-timeout", type=float, default=None, metavar="SECONDS",
        help=f"CPU seconds per condition (default {REFERENCE_TIMEOUT:g}; with --impl {IMPLEMENTATION_TIMEOUT:g} per search)",
    )  # fmt: skip
    parser.add_argument("--impl", metavar="MODULE:ATTR", help="check this Python implementation of one game (--game)")
    parser.add_argument("--operation", action="append", help="with --impl: only this operation (repeatable)")


def run(args: argparse.Namespace) -> int:
    """The reference's contracts (default), or a plugged implementation's against them (--impl)."""
    if args.impl is not None:
        return _implementation(args)
    worst = 0
    for key in args.game or sorted(REGISTRY):
        code, seconds, output = check(key, args.per_condition_timeout or REFERENCE_TIMEOUT)
        verdict = {0: "no counterexample", 1: "COUNTEREXAMPLE"}.get(code, f"crosshair failed (exit {code})")
        print(f"symbolic {key}: {verdict} in {seconds:.1f} s")
        if output:
            print(output)
        worst = max(worst, code)
    return worst


def _implementation(args: argparse.Namespace) -> int:
    if not args.game or len(args.game) != 1:
        print(f"--impl {args.impl} implements one game: name it with --game", file=sys.stderr)
        return 2
    chosen = game(args.game[0])
    try:
        findings = symbolic_impl.check_implementation(
            chosen, args.impl, args.per_condition_timeout or IMPLEMENTATION_TIMEOUT, args.operation
        )
    except (KeyError, ValueError) as exc:
        print(f"symbolic: {exc}", file=sys.stderr)
        return 2
    return symbolic_impl.render(chosen, args.impl, findings)


def add_command(commands: Any) -> None:
    """Register ``symbolic`` on the ``rulespec`` command parser's subcommands."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "symbolic", help="CrossHair over the reference's contracts, or a plugged implementation against them (--impl)"
    )
    add_arguments(parser)
    parser.set_defaults(handler=run)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulespec-symbolic", description="CrossHair over the reference's contracts")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
