"""``rulespec diff A B --game KEY``: search for inputs where two sides answer differently.

Exit status 1 when a difference was found, 0 when none was within the budget, 2 when the
command cannot run (a side that does not load, an unknown operation).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from conformance.harness.diff.crosshair import crosshair_diff
from conformance.harness.diff.search import Difference, as_json, search
from conformance.harness.diff.sides import Side, parse_side
from conformance.harness.diff.written import vector_case, write_case
from conformance.harness.games import REGISTRY, Game, game
from conformance.harness.vocabulary import game_key
from conformance.harness.wire.session import DEFAULT_TIMEOUT

SIDES_HELP = "ref | ref[ruling=value,...] | impl:module:attr | cmd:COMMAND | git:REV"


def add_command(commands: Any) -> None:
    """Register ``diff`` on the ``rulespec`` command parser's subcommands."""
    run: argparse.ArgumentParser = commands.add_parser(
        "diff", help="search for inputs where two implementations, rulings or revisions answer differently"
    )
    run.add_argument("a", metavar="A", help=f"side A, whose answer a written vector expects: {SIDES_HELP}")
    run.add_argument("b", metavar="B", help=f"side B: {SIDES_HELP}")
    run.add_argument("--game", required=True, type=game_key, metavar="KEY", help=f"the game; one of {', '.join(sorted(REGISTRY))}")
    run.add_argument("--operation", action="append", help="only this operation (repeatable; default: all)")
    run.add_argument("--max-examples", type=int, default=200, metavar="N", help="inputs tried per operation")
    run.add_argument("--seed", type=int, default=None, help="random search with this seed (default: derandomised)")
    run.add_argument("--write", type=Path, metavar="DIR", help="write each difference as a vector into DIR/<operation>.json")
    run.add_argument("--crosshair", action="store_true", help="also run crosshair diffbehavior (Python sides only)")
    run.add_argument("--crosshair-timeout", type=float, default=10.0, metavar="SECONDS", help="per operation")
    run.add_argument("--case-timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS", help="cmd: seconds per reply")
    run.set_defaults(handler=diff)


def _operations(chosen: Game, names: list[str] | None) -> list[str]:
    every = [op.name for op in chosen.operations]
    for name in names or []:
        chosen.operation(name)  # an unknown name is refused with the known ones
    return names or every


def _report(difference: Difference, a: Side, b: Side) -> None:
    request = json.dumps(as_json(difference.request), sort_keys=True)
    print(f"diff {difference.operation}: DIFFERS on\n  input   {request}")
    print(f"  rulings {json.dumps(as_json(difference.rulings), sort_keys=True)}")
    print(f"  A {a.spec}: {difference.a.shown()}\n  B {b.spec}: {difference.b.shown()}")


def diff(args: argparse.Namespace) -> int:
    try:
        chosen = game(args.game)
        operations = _operations(chosen, args.operation)
        a = parse_side(chosen, args.a, args.case_timeout)
        b = parse_side(chosen, args.b, args.case_timeout)
    except (KeyError, ValueError) as exc:
        print(f"rulespec diff: {exc}", file=sys.stderr)
        return 2
    differs = False
    try:
        for operation in operations:
            if not (a.subject.supports(operation) and b.subject.supports(operation)):
                print(f"diff {operation}: skipped, not offered by {a.spec if not a.subject.supports(operation) else b.spec}")
                continue
            found = search(chosen, operation, a, b, args.max_examples, args.seed)
            if found is None:
                print(f"diff {operation}: no difference in {args.max_examples} examples")
            else:
                differs = True
                _report(found, a, b)
                _write(chosen, found, a, b, args.write)
            if args.crosshair:
                differs = crosshair_diff(chosen, operation, a, b, args.crosshair_timeout) or differs
    finally:
        a.subject.close()
        b.subject.close()
    return 1 if differs else 0


def _write(chosen: Game, found: Difference, a: Side, b: Side, directory: Path | None) -> None:
    if directory is None:
        return
    case = vector_case(chosen, found, a, b)
    if case is None:
        print(f"  not written: A gave no answer to expect ({found.a.kind})")
        return
    path = write_case(chosen, found.operation, case, directory)
    print(f"  wrote {path} case {case['id']}")
