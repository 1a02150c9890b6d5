"""``rulespec plugged --game KEY --impl MODULE:ATTR`` (or ``--cmd``): typecheck, verify and symbolic, one verdict."""

from __future__ import annotations

import argparse
import subprocess
import sys
from dataclasses import dataclass

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.symbolic.implementation import conditions
from rulespec.conformance.harness.symbolic.reference import IMPLEMENTATION_TIMEOUT
from rulespec.conformance.harness.verify import preflight
from rulespec.conformance.harness.vocabulary import Commands, add_game, argument, cores, one_game, seconds, usage_error

VERDICTS = {0: "passed", 1: "failed", 2: "could not run"}


@dataclass(frozen=True)
class Step:
    name: str
    arguments: tuple[str, ...]  # after ``rulespec``; empty when the step does not apply
    why_not: str = ""


# wall seconds the symbolic step is given when no per-condition figure is: with typecheck and verify, plugged ends
# within 3 minutes on 2 cores (nox -s plugged)
SYMBOLIC_BUDGET = 100.0
_LEAST = 5.0  # seconds per condition, at the least, however many conditions share the budget


def condition_seconds(conditions: int) -> float:
    """Per condition: SYMBOLIC_BUDGET shared by every condition searched, one search per core at a time. CrossHair
    bounds each condition, not each search: a contracts search holds one per ``post:`` line (measured: end_game's 5
    at 4 s each took 20 s), so sharing by searches gave Struggle of Empires' 16 searches 265 s, not 100."""
    shared = SYMBOLIC_BUDGET * cores() / max(1, conditions)
    return round(min(IMPLEMENTATION_TIMEOUT, max(_LEAST, shared)), 1)


def steps(args: argparse.Namespace, key: str, seconds: float = IMPLEMENTATION_TIMEOUT) -> list[Step]:
    subject = ("--impl", args.impl) if args.impl else ("--cmd", args.cmd)
    verify = ["verify", "--game", key, *subject, "--profile", args.profile]
    verify += ["--expectations", args.expectations] if args.expectations else []
    verify += [f"--rule={rule}" for rule in args.rule or ()]
    python_only = "" if args.impl else "Python only (--impl): not run for --cmd"
    timeout = ("--per-condition-timeout", str(args.per_condition_timeout or seconds))
    return [
        Step("typecheck", ("typecheck", "--game", key, *subject) if args.impl else (), python_only),
        Step("verify", tuple(verify)),
        Step("symbolic", ("symbolic", "--game", key, *subject, *timeout) if args.impl else (), python_only),
    ]


def plugged_command(args: argparse.Namespace) -> int:
    key = one_game("plugged", args.game)
    if key is None:
        return 2
    if (args.impl is None) == (args.cmd is None):
        return usage_error("plugged", "name the implementation once: --impl MODULE:ATTR or --cmd COMMAND")
    seconds = IMPLEMENTATION_TIMEOUT
    if args.impl:
        try:
            target = preflight.check_impl(game(key), args.impl)
        except preflight.UsageProblem as exc:
            return usage_error("plugged", str(exc))
        offered = [op.name for op in game(key).operations if callable(getattr(target, op.name, None))]
        seconds = condition_seconds(sum(conditions(game(key), name) for name in offered))
    outcomes: list[tuple[str, int | None, str]] = []
    for step in steps(args, key, seconds):
        if not step.arguments:
            outcomes.append((step.name, None, step.why_not))
            continue
        print(f"\n$ rulespec {' '.join(step.arguments)}", flush=True)
        code = subprocess.run(
            [sys.executable, "-m", "rulespec.conformance.harness.cli", *step.arguments], check=False
        ).returncode
        outcomes.append((step.name, code, VERDICTS.get(code, f"exit {code}")))
    print(f"\nrulespec plugged {args.impl or args.cmd} ({key}):")
    for name, _, said in outcomes:
        print(f"  {name:<10} {said}")
    started = [status for _, status, _ in outcomes if status is not None]
    ran = sum(1 for status in started if status != 2)  # a step that exits 2 could not run (a usage error)
    worst = max(started, default=2)
    print(f"verdict: {'PASSED' if worst == 0 else 'FAILED'} ({ran} of {len(outcomes)} steps ran)")
    return worst


def add_command(commands: Commands) -> None:
    run = commands.add_parser("plugged", help="typecheck, verify and symbolic against one implementation: one verdict")
    add_game(run, "the game it implements")
    named = run.add_mutually_exclusive_group()
    named.add_argument("--impl", metavar="MODULE:ATTR", help="Python implementation (all three steps)")
    named.add_argument("--cmd", metavar="COMMAND", help="any language over the wire protocol (verify only)")
    run.add_argument(
        "--profile", default="ci", choices=("dev", "ci", "deep", "canary"), help="verify's Hypothesis search budget"
    )
    run.add_argument("--rule", action="append", metavar="ID", help="verify: only the checks of this rule (repeatable)")
    run.add_argument("--expectations", metavar="PATH", help="verify's known failures and known gaps (.json or .toml)")
    run.add_argument(
        "--per-condition-timeout",
        type=argument(seconds),
        default=None,
        metavar="SECONDS",
        help=f"symbolic: CPU seconds per condition (default: {SYMBOLIC_BUDGET:g} s over the cores, shared by every"
        f" condition searched, at most {IMPLEMENTATION_TIMEOUT:g} each)",
    )
    run.set_defaults(handler=plugged_command)
