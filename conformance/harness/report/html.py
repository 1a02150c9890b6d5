"""``rulespec report html OUT/ REPORT.json ...`` (and ``verify --html OUT/``): the static compliance site and badges.

A run of several implementations keeps each one's gate in its report; a one-implementation ``--report-json`` (a
run's, or ``report merge --out``'s) keeps none, so its gate is judged here as verify judged it: with
``--expectations`` and the bounds given, else as the full pass that verify asks without them.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from rich.console import Console

from rulespec.conformance.harness.games import REGISTRY, game
from rulespec.conformance.harness.gate import expectations as expectations_file
from rulespec.conformance.harness.gate.expectations import Expectations
from rulespec.conformance.harness.gate.judge import Bounds, add_bounds, judge
from rulespec.conformance.harness.gate.stamp import tool_versions
from rulespec.conformance.harness.outputs import terminal_text
from rulespec.conformance.harness.per_rule import tally
from rulespec.conformance.harness.report.implementations import GateSummary, Implementation, read_reports
from rulespec.conformance.harness.report.site import build_site
from rulespec.conformance.harness.vocabulary import argument


@argument
def site_dir(text: str) -> Path:
    """An output directory for the site (made when missing), refused at once when it is a symlink or a file."""
    path = Path(text)
    if path.is_symlink():
        raise ValueError(f"{path}: is a symlink; give the real directory to write the site into")
    if path.exists() and not path.is_dir():
        raise ValueError(f"{path}: is a file, not a directory to write the site into")
    return path


def publish(out: Path, implementations: list[Implementation], console: Console | None = None) -> int:
    """Build the site from ``implementations`` into ``out``; 0, or 2 with the reason printed."""
    console = console or Console()
    keys = sorted({key for implementation in implementations for key in implementation.identity.games} & set(REGISTRY))
    keys = keys or sorted({record.game for i in implementations for record in i.records} & set(REGISTRY))
    try:
        written = build_site(out, [game(key) for key in keys], implementations)
    except ValueError as exc:
        console.print(f"[bold red]report html: {terminal_text(exc)}[/]")
        return 2
    pages = [path for path in written if path.suffix == ".html"]
    size = sum(path.stat().st_size for path in pages)
    badges = len(written) - len(pages)
    console.print(
        f"site: {out / 'index.html'} ({len(pages)} pages, {size / 1024:.0f} KiB; "
        f"{badges} badge{'' if badges == 1 else 's'} in {out / 'badges'})"
    )
    return 0


def named_report(text: str) -> tuple[str | None, Path]:
    """``[NAME=]REPORT.json``: a plain ``--report-json`` holds no name, so give it the implementation's own."""
    name, equals, path = text.partition("=")
    if equals and name and "/" not in name:
        return name, Path(path)
    return None, Path(text)


def judged(implementation: Implementation, expectations: Expectations | None, bounds: Bounds) -> Implementation:
    """An implementation whose report kept no gate, judged as verify judges a run: with the expectations and bounds."""
    identity = implementation.identity
    keys = [key for key in identity.games if key in REGISTRY] or sorted({r.game for r in implementation.records})
    verification = tally([game(key) for key in keys], implementation.records, list(identity.only_rules) or None)
    stamp = replace(identity.stamp, tools=tool_versions()) if identity.stamp else None
    gate = judge(verification, implementation.records, bounds, expectations, stamp)
    return Implementation(replace(identity, gate=GateSummary.of(gate)), implementation.records)


def run(args: argparse.Namespace) -> int:
    implementations: list[Implementation] = []
    try:
        expectations = expectations_file.load(args.expectations) if args.expectations else None
        for name, path in args.reports:
            found = read_reports(path)
            if name is not None:
                if len(found) != 1:
                    raise ValueError(f"{path}: holds {len(found)} implementations, each named already: drop {name}=")
                found = [Implementation(replace(found[0].identity, name=name), found[0].records)]
            implementations.extend(found)
        if expectations is not None and len(implementations) != 1:
            raise ValueError(f"--expectations: one implementation's file, and the reports hold {len(implementations)}")
    except ValueError as exc:  # a report refused, or ExpectationsError
        Console().print(f"[bold red]rulespec report html: {terminal_text(exc)}[/]", soft_wrap=True)
        return 2
    bounds = Bounds(args.max_errors, args.max_not_implemented, args.allow_fixed)
    implementations = [
        implementation if implementation.identity.gate is not None else judged(implementation, expectations, bounds)
        for implementation in implementations
    ]
    return publish(args.out, implementations)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", type=site_dir, metavar="OUT", help="directory to write the site into (made if missing)")
    parser.add_argument(
        "reports",
        nargs="+",
        type=named_report,
        metavar="[NAME=]REPORT.json",
        help="reports of verify: --report-json, of one or several implementations (NAME= names a plain one)",
    )
    parser.add_argument(
        "--expectations",
        type=Path,
        metavar="PATH",
        help="the known failures and gaps the report's gate is judged with, as verify's (one implementation)",
    )
    add_bounds(parser)
