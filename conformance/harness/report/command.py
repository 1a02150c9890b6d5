"""``rulespec report merge|html``: the group (its subcommands listed in ``SUBCOMMANDS``), and ``merge`` itself.

``rulespec report merge A.json B.json ... --out all.json`` makes the shards of one verify run one
report and one verdict. Each check must appear in one report only: a check in two reports means the
shards overlap (two different commands, or a report given twice), and the merge is refused naming
it. The verdict is per_rule's, over every game the reports' checks belong to (or those named with
``--game``): a rule that no shard checked shows as unchecked, so a missing shard is never a pass.
``report html`` is ``html``'s.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from rulespec.conformance.harness.games import REGISTRY, game
from rulespec.conformance.harness.per_rule import render, tally
from rulespec.conformance.harness.records import CheckRecord, read_report, write_report
from rulespec.conformance.harness.report import html
from rulespec.conformance.harness.untrusted import terminal_text
from rulespec.conformance.harness.vocabulary import Commands


class MergeError(ValueError):
    """The reports cannot be one run's shards."""


def merged(paths: list[Path]) -> list[CheckRecord]:
    """Every report's records, in the order given; refused when a check appears twice."""
    seen: dict[str, Path] = {}
    records: list[CheckRecord] = []
    for path in paths:
        for record in read_report(path):
            if record.game not in REGISTRY:
                raise MergeError(f"{path}: {record.nodeid} is a check of game {record.game!r}, which rulespec lacks")
            if record.nodeid in seen:
                raise MergeError(
                    f"{record.nodeid} is in both {seen[record.nodeid]} and {path}: shards of one run share no check"
                )
            seen[record.nodeid] = path
            records.append(record)
    return records


def merge_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "reports", nargs="+", type=Path, metavar="REPORT", help="reports written by verify --report-json"
    )
    parser.add_argument("--out", type=Path, metavar="PATH", help="write the merged report here")
    parser.add_argument(
        "--game", action="append", choices=sorted(REGISTRY), help="the games the run covered (default: the reports')"
    )


def merge(args: argparse.Namespace) -> int:
    """0 when the merged run is a full pass, 1 when not, 2 when the reports cannot be merged."""
    console = Console()
    try:
        records = merged(args.reports)
    except ValueError as exc:  # MergeError, or a file read_report refused
        # one line: a path must not break; inert: a path or rule ID holds no markup
        console.print(f"[bold red]rulespec report merge: {terminal_text(exc)}[/]", soft_wrap=True)
        return 2
    keys = args.game or sorted({record.game for record in records})
    if not keys:
        console.print("[bold red]rulespec report merge: the reports hold no checks[/]")
        return 2
    if args.out:
        write_report(args.out, records)
    verification = tally([game(key) for key in keys], records)
    render(verification, f"{len(args.reports)} merged reports ({', '.join(keys)})", console)
    return 0 if verification.full_pass else 1


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
