"""``rulespec symbolic`` (and ``python -m conformance.harness.symbolic``): the reference's contracts, or a plugged
implementation checked against them (``--impl``, one ``--game``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from conformance.harness.commands import Commands
from conformance.harness.games import REGISTRY, game
from conformance.harness.symbolic import implementation as symbolic_impl
from conformance.harness.symbolic.reference import IMPLEMENTATION_TIMEOUT, REFERENCE_TIMEOUT, check
from conformance.harness.verify import preflight
from conformance.harness.vocabulary import add_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game(parser, "only this game (repeatable)")
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
        preflight.check_impl(chosen, args.impl)
        preflight.check_operations(chosen, args.operation or ())
        findings = symbolic_impl.check_implementation(
            chosen, args.impl, args.per_condition_timeout or IMPLEMENTATION_TIMEOUT, args.operation
        )
    except (KeyError, ValueError) as exc:  # preflight.UsageProblem is a ValueError
        print(f"rulespec symbolic: {exc}", file=sys.stderr)
        return 2
    return symbolic_impl.render(chosen, args.impl, findings)


def add_command(commands: Commands) -> None:
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

