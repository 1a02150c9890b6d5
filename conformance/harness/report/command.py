"""``rulespec report``: a group of subcommands over report files, registered from one small table."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from conformance.harness.commands import Commands
from conformance.harness.games import REGISTRY, game
from conformance.harness.report import out_dir
from conformance.harness.report.implementations import Implementation, read_reports
from conformance.harness.report.site import build_site


def site_dir(text: str) -> Path:
    """An output directory for the site, refused at once when it is a symlink or a file."""
    try:
        return out_dir.check_out_dir(Path(text))
    except out_dir.OutputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def publish(out: Path, implementations: list[Implementation], console: Console | None = None) -> int:
    """Build the site from ``implementations`` into ``out``; 0, or 2 with the reason printed."""
    console = console or Console()
    keys = sorted({key for implementation in implementations for key in implementation.identity.games} & set(REGISTRY))
    keys = keys or sorted({record.game for i in implementations for record in i.records} & set(REGISTRY))
    try:
        written = build_site(out, [game(key) for key in keys], implementations)
    except ValueError as exc:
        console.print(f"[bold red]report html: {exc}[/]")
        return 2
    pages = [path for path in written if path.suffix == ".html"]
    size = sum(path.stat().st_size for path in pages)
    console.print(
        f"site: {out / 'index.html'} ({len(pages)} pages, {size / 1024:.0f} KiB; {len(written) - len(pages)} badges in {out / 'badges'})"
    )
    return 0


def html(args: argparse.Namespace) -> int:
    implementations: list[Implementation] = []
    for path in args.reports:
        try:
            implementations.extend(read_reports(path))
        except ValueError as exc:
            Console().print(f"[bold red]report html: {exc}[/]")
            return 2
    return publish(args.out, implementations)


def _html_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", type=site_dir, metavar="OUT", help="directory to write the site into (made if missing)")
    parser.add_argument(
        "reports", nargs="+", type=Path, metavar="REPORT.json", help="reports of verify: --report-json, of one or several implementations"
    )


# name, help, arguments, handler: one line per ``rulespec report`` subcommand
SUBCOMMANDS: tuple[tuple[str, str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]], ...] = (
    ("html", "a static site: rules x implementations per game, each failure in full, and badges", _html_arguments, html),
)


def add_command(commands: Commands) -> None:
    report = commands.add_parser("report", help="read reports: a static compliance site and badges")
    subcommands = report.add_subparsers(dest="report_command", required=True, metavar="SUBCOMMAND")
    for name, summary, arguments, handler in SUBCOMMANDS:
        parser = subcommands.add_parser(name, help=summary, description=summary)
        arguments(parser)
        parser.set_defaults(handler=handler)
