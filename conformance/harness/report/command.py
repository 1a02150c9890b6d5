"""``rulespec report SUBCOMMAND``: one group, its subcommands listed in ``SUBCOMMANDS`` (one line each)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from conformance.harness.report import html, merge
from conformance.harness.vocabulary import Commands


@dataclass(frozen=True)
class Subcommand:
    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


SUBCOMMANDS: tuple[Subcommand, ...] = (
    Subcommand(
        "merge", "join verify's shard reports into one report and one per-rule verdict", merge.add_arguments, merge.run
    ),
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
