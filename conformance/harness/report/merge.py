"""``rulespec report merge A.json B.json ... --out all.json``: the shards of one verify run as one report
and one verdict.

Each check must appear in one report only: a check in two reports means the shards overlap (two
different commands, or a report given twice), and the merge is refused naming it. The verdict is
per_rule's, over every game the reports' checks belong to (or those named with ``--game``): a rule
that no shard checked shows as unchecked, so a missing shard is never a pass.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from conformance.harness.games import REGISTRY, game
from conformance.harness.per_rule import render, tally
from conformance.harness.records import CheckRecord, read_report, write_report


class MergeError(ValueError):
    """The reports cannot be one run's shards."""


def merged(paths: list[Path]) -> list[CheckRecord]:
    """Every report's records, in the order given; refused when a check appears twice."""
    seen: dict[str, Path] = {}
    records: list[CheckRecord] = []
    for path in paths:
        for record in read_report(path):
            if record.nodeid in seen:
                raise MergeError(
                    f"{record.nodeid} is in both {seen[record.nodeid]} and {path}: shards of one run share no check"
                )
            seen[record.nodeid] = path
            records.append(record)
    return records


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "reports", nargs="+", type=Path, metavar="REPORT", help="reports written by verify --report-json"
    )
    parser.add_argument("--out", type=Path, metavar="PATH", help="write the merged report here")
    parser.add_argument(
        "--game", action="append", choices=sorted(REGISTRY), help="the games the run covered (default: the reports')"
    )


def run(args: argparse.Namespace) -> int:
    """0 when the merged run is a full pass, 1 when not, 2 when the reports cannot be merged."""
    console = Console()
    try:
        records = merged(args.reports)
    except ValueError as exc:  # MergeError, or a file read_report refused
        console.print(f"[bold red]rulespec report merge: {exc}[/]", soft_wrap=True)  # one line: a path must not break
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
