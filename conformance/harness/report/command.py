"""``rulespec report merge|html``: the group (its subcommands listed in ``SUBCOMMANDS``), and ``merge`` itself.

``rulespec report merge A.json B.json ... --out all.json`` makes the shards of one verify run one
report and one verdict, once their stamps prove them one run, whole (``shards``): a shard missing or
given twice, reports of different suites, profiles or implementations, and a report without a valid
stamp are refused by name (exit 2). The verdict is per_rule's, over every game of the run (or those
named with ``--game``), and the gate is verify's (``gate.judge``, with ``--expectations`` and the
bounds), so a partial engine gates a sharded run as it gates one run. ``report html`` is ``html``'s.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from rulespec.conformance.harness.games import REGISTRY, game
from rulespec.conformance.harness.gate import expectations as expectations_file
from rulespec.conformance.harness.gate.conclude import print_gate
from rulespec.conformance.harness.gate.judge import Bounds, add_bounds, judge
from rulespec.conformance.harness.gate.stamp import Stamp, tool_versions
from rulespec.conformance.harness.outputs import terminal_text
from rulespec.conformance.harness.per_rule import render, tally, with_blame
from rulespec.conformance.harness.records import in_order, write_report
from rulespec.conformance.harness.report import html
from rulespec.conformance.harness.report.shards import MergeError, Report, prove_whole, read_stamped
from rulespec.conformance.harness.vocabulary import Commands


def merged(paths: list[Path]) -> list[Report]:
    """Every report, in the order given, once their stamps prove them one whole run (MergeError otherwise)."""
    reports = [read_stamped(path) for path in paths]
    prove_whole(reports)
    return reports


def merge_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "reports", nargs="+", type=Path, metavar="REPORT", help="reports written by verify --report-json"
    )
    parser.add_argument("--out", type=Path, metavar="PATH", help="write the merged report here")
    parser.add_argument(
        "--game", action="append", choices=sorted(REGISTRY), help="the games the run covered (default: the reports')"
    )
    parser.add_argument(
        "--expectations", type=Path, metavar="PATH", help="known failures and known gaps (.json or .toml), as verify's"
    )
    add_bounds(parser)


def _refused(console: Console, problem: object) -> int:
    # one line: a path must not break; inert: a path or rule ID holds no markup
    console.print(f"[bold red]rulespec report merge: {terminal_text(problem)}[/]", soft_wrap=True)
    return 2


def merge(args: argparse.Namespace) -> int:
    """0 when the merged run passes the gate, 1 when not, 2 when the reports cannot be merged."""
    console = Console()
    try:
        expectations = expectations_file.load(args.expectations) if args.expectations else None
        reports = merged(args.reports)
    except ValueError as exc:  # MergeError, ExpectationsError, or a file read_run refused
        return _refused(console, exc)
    records = in_order(record for report in reports for record in report.records)  # as one whole run reads them
    run = reports[0].run
    keys = args.game or sorted({*run.games, *(record.game for record in records)})
    if not keys:
        return _refused(console, MergeError("the reports hold no checks"))
    if args.out:
        share = tuple(nodeid for report in reports for nodeid in report.run.share)
        whole = dataclasses.replace(run, shard=None, share=share)  # sealed anew over every record
        write_report(args.out, with_blame(records), whole)  # blamed against the whole run, not each shard
    verification = tally([game(key) for key in keys], records, only=list(run.only) or None)
    shards = f"{len(reports)} shards" if run.shard else "one whole run"
    render(verification, f"{terminal_text(run.implementation)}: {shards} merged ({', '.join(keys)})", console)
    stamp = Stamp(run.games, run.suite, run.rules, run.profile, run.seed, tool_versions())
    bounds = Bounds(args.max_errors, args.max_not_implemented, args.allow_fixed)
    gate = judge(verification, records, bounds, expectations, stamp)
    print_gate(gate, console, records)
    return 0 if gate.passed else 1


@dataclass(frozen=True)
class Subcommand:
    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


SUBCOMMANDS: tuple[Subcommand, ...] = (
    Subcommand("merge", "join verify's shard reports into one report and one per-rule verdict", merge_arguments, merge),
    Subcommand(
        "html",
        "a static site: rules x implementations per game, each failure in full, and badges",
        html.add_arguments,
        html.run,
    ),
)


def add_command(commands: Commands) -> None:
    """Register ``report`` and each of its subcommands."""
    group = commands.add_parser(
        "report", help="work with verify's JSON reports: merge shards, build the compliance site"
    )
    subcommands = group.add_subparsers(dest="report_command", required=True, metavar="SUBCOMMAND")
    for sub in SUBCOMMANDS:
        parser = subcommands.add_parser(sub.name, help=sub.help, description=sub.help)
        sub.add_arguments(parser)
        parser.set_defaults(handler=sub.run)
