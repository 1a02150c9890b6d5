"""``rulespec symbolic`` (and ``python -m rulespec.conformance.harness.symbolic``): the reference's contracts,
or a plugged implementation checked against them (``--impl``, one ``--game``)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from rulespec.conformance.harness.diff.crosshair import crosshair_missing
from rulespec.conformance.harness.games import REGISTRY, game
from rulespec.conformance.harness.symbolic import implementation as symbolic_impl
from rulespec.conformance.harness.symbolic.cache import DEFAULT_DIRECTORY, ResultCache
from rulespec.conformance.harness.symbolic.reference import (
    IMPLEMENTATION_TIMEOUT,
    REFERENCE_TIMEOUT,
    Run,
    check,
)
from rulespec.conformance.harness.symbolic.search import (
    COUNTEREXAMPLE,
    FAILED,
    NOT_REFUTED,
    Searched,
)
from rulespec.conformance.harness.verify import preflight
from rulespec.conformance.harness.vocabulary import Commands, add_game, argument, cores, positive, seconds, usage_error


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game(parser, "only this game (repeatable)")
    parser.add_argument(
        "--per-condition-timeout",
        type=argument(seconds),
        default=None,
        metavar="SECONDS",
        help=(
            f"CPU seconds per condition (default {REFERENCE_TIMEOUT:g}; "
            f"with --impl {IMPLEMENTATION_TIMEOUT:g} per search)"
        ),
    )
    parser.add_argument(
        "--jobs", type=argument(positive), default=cores(), metavar="N", help="searches at once (default: the cores)"
    )
    parser.add_argument(
        "--cache",
        type=Path,
        default=DEFAULT_DIRECTORY,
        metavar="DIR",
        help="where clean results are kept by the fingerprint of what they searched (default .crosshair-cache)",
    )
    parser.add_argument("--no-cache", action="store_true", help="search every condition, and keep nothing")
    parser.add_argument("--impl", metavar="MODULE:ATTR", help="check this Python implementation of one game (--game)")
    parser.add_argument("--operation", action="append", help="with --impl: only this operation (repeatable)")


def run(args: argparse.Namespace) -> int:
    """The reference's contracts (default), or a plugged implementation's against them (--impl)."""
    missing = crosshair_missing("symbolic")
    if missing is not None:
        return usage_error("symbolic", missing)
    if args.impl is not None:
        return _implementation(args)
    budget = args.per_condition_timeout or REFERENCE_TIMEOUT
    cache = ResultCache(None if args.no_cache else args.cache)
    started = time.perf_counter()
    run = check(args.game or sorted(REGISTRY), budget, args.jobs, cache, _show)
    worst = 0
    for key, results in sorted(run.results.items()):
        found = [r for r in results if r.verdict == COUNTEREXAMPLE]
        failed = [r for r in results if r.verdict == FAILED]
        verdict = "COUNTEREXAMPLE" if found else "crosshair failed" if failed else "no counterexample"
        cpu = sum(r.cpu_seconds for r in results if not r.cached)
        print(
            f"symbolic {key}: {verdict}: {len(results)} conditions, {sum(r.cached for r in results)} unchanged since a"
            f" clean search (cached), {cpu:.0f} CPU s searching"
        )
        worst = max(worst, 2 if failed else 1 if found else 0)
    print(
        f"symbolic: {time.perf_counter() - started:.1f} s wall over {args.jobs} processes, "
        f"{budget:g} CPU s per condition"
    )
    _needed(run, budget)
    return worst


def _show(key: str, result: Searched) -> None:
    if result.verdict in (COUNTEREXAMPLE, FAILED):
        print(f"symbolic {key}: {result.verdict} in {result.condition}\n  " + result.output.replace("\n", "\n  "))


def _needed(run: Run, budget: float) -> None:
    """How long the searches that ended before their budget took: the measurement the budget is chosen from."""
    searched = [r for results in run.results.values() for r in results if not r.cached]
    ended = sorted(r.cpu_seconds for r in searched if r.verdict != NOT_REFUTED)
    if not searched:
        return
    steps = [s for s in (0.5, 1.0, 2.0, 4.0, 8.0, 16.0) if s < budget]
    over = ", ".join(f"{sum(t > s for t in ended)} over {s:g} s" for s in steps)
    print(
        f"symbolic budget: of {len(searched)} searched, {len(ended)} ended before the budget (every path explored,"
        f" or refuted){': ' + over if ended and over else ''}; {len(searched) - len(ended)} ran the whole {budget:g} s"
    )


def _implementation(args: argparse.Namespace) -> int:
    if not args.game or len(args.game) != 1:
        print(f"--impl {args.impl} implements one game: name it with --game", file=sys.stderr)
        return 2
    chosen = game(args.game[0])
    try:
        target = preflight.check_impl(chosen, args.impl)
        preflight.check_operations(chosen, args.operation or ())
        findings = symbolic_impl.check_implementation(
            chosen, args.impl, target, args.per_condition_timeout or IMPLEMENTATION_TIMEOUT, args.operation
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
