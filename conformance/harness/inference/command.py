"""``rulespec rulings infer``: the ruling values that best explain an implementation, with the evidence."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

from rulespec.conformance.harness.diff.sides import parse_side
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.inference.infer import differing, infer
from rulespec.conformance.harness.rulings import json_value
from rulespec.conformance.harness.vocabulary import add_case_timeout, argument, count, game_key, seed

DEFAULT_BUDGET = 100  # drawn inputs per operation, beside every vector case


def add_command(commands: Any) -> None:
    run: argparse.ArgumentParser = commands.add_parser("rulings", help="the rulings an implementation plays")
    actions = run.add_subparsers(dest="action", required=True)
    infer_run: argparse.ArgumentParser = actions.add_parser(
        "infer", help="the ruling values that best explain an implementation's answers, with the evidence"
    )
    infer_run.add_argument("--game", required=True, type=argument(game_key), metavar="KEY")
    chosen = infer_run.add_mutually_exclusive_group(required=True)
    chosen.add_argument("--impl", metavar="MODULE:ATTR", help="a Python implementation")
    chosen.add_argument("--cmd", metavar="COMMAND", help="a command speaking the wire protocol")
    infer_run.add_argument(
        "--max-examples",
        type=argument(count),
        default=DEFAULT_BUDGET,
        metavar="N",
        help="inputs drawn per operation beside the vectors (default %(default)s; 0: the vectors alone)",
    )
    infer_run.add_argument(
        "--seed", type=argument(seed), default=None, help="random draws with this seed (default: derandomised)"
    )
    add_case_timeout(infer_run.add_argument, "--cmd: seconds to wait per reply")
    infer_run.set_defaults(handler=run_infer)


def run_infer(args: argparse.Namespace) -> int:
    chosen = game(args.game)
    spec = f"impl:{args.impl}" if args.impl else f"cmd:{args.cmd}"
    try:
        side = parse_side(chosen, spec, args.case_timeout)
    except ValueError as exc:
        print(f"rulespec rulings infer: {exc}", file=sys.stderr)
        return 2
    try:
        asked, found = differing(chosen, side, args.max_examples, args.seed)
    finally:
        side.subject.close()
    inference = infer(chosen, asked, found)
    print(f"rulings infer {chosen.key}: {inference.differing} of {asked} inputs answered otherwise than the reference")
    for evidence in inference.chosen:
        print(f"  {evidence.switch}: explains {evidence.explained} of them")
    left = inference.unexplained
    by_operation = Counter(one.operation for one in left)
    shown = ", ".join(f"{operation} {n}" for operation, n in sorted(by_operation.items()))
    print(f"  unexplained by any ruling: {len(left)}{f' ({shown})' if shown else ''}")
    if left:
        first = left[0]
        print(f"    first: {first.operation} {json.dumps(json_value(first.request), sort_keys=True)}")
    if inference.chosen:
        print("declare: " + " ".join(f"--ruling {evidence.switch}" for evidence in inference.chosen))
    else:
        print("declare: nothing (no ruling switch explains a difference)")
    return 0
