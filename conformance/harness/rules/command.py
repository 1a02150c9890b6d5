"""``rulespec rules [--game KEY] [ID ...]`` and ``rulespec explain CHECK-ID``."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from conformance.harness.games import REGISTRY, game
from conformance.harness.rules.clauses import checks_of, find_rule, rulings_of
from conformance.harness.rules.explain import explain_command
from conformance.harness.spec import read_clauses
from conformance.harness.vocabulary import Commands, add_game, usage_error

SHOWN = 12  # checks listed by name per kind; the rest are counted


def _list(keys: list[str], console: Console) -> None:
    for key in keys:
        chosen = game(key)
        table = Table(title=f"{chosen.title} ({key}): {chosen.spec_path.name}")
        table.add_column("rule", no_wrap=True)
        table.add_column("clause")
        for clause in read_clauses(chosen.spec_path):
            table.add_row(clause.id, escape(clause.title))
        console.print(table)


def _show(key_games: list[str], rule_id: str, console: Console) -> None:
    rule = find_rule([game(key) for key in key_games], rule_id)
    console.print(
        f"[bold]{rule.clause.id}[/] — {escape(rule.clause.title)}  ({rule.game.title}, spec/{rule.game.spec_file})"
    )
    console.print(escape(rule.clause.text), soft_wrap=True)
    rulings = rulings_of(rule)
    console.print(f"\nrulings: {', '.join(f'{r.id} ({escape(r.title)})' for r in rulings) or 'none bear on it'}")
    vectors, invariants = checks_of(rule)
    for kind, names in (("vector cases", vectors), ("invariants", invariants)):
        listed = ", ".join(name.split("::")[-1] for name in names[:SHOWN])
        more = f", and {len(names) - SHOWN} more" if len(names) > SHOWN else ""
        console.print(f"{kind} ({len(names)}): {escape(listed) or '-'}{more}", soft_wrap=True)
    console.print("")


def rules_command(args: argparse.Namespace) -> int:
    keys: list[str] = list(dict.fromkeys(args.game or sorted(REGISTRY)))
    console = Console()
    if not args.ids:
        _list(keys, console)
        return 0
    try:
        for rule_id in args.ids:
            _show(keys, rule_id, console)
    except KeyError as exc:
        return usage_error("rules", str(exc.args[0]))
    return 0


def add_commands(commands: Commands) -> None:
    shown = commands.add_parser(
        "rules", help="list a game's rules, or print a clause's text, its rulings and its checks"
    )
    add_game(shown, "only this game's rules (repeatable)")
    shown.add_argument(
        "ids", nargs="*", metavar="ID", help="rule IDs to print in full (SOE-POP-1); none: list the rules"
    )
    shown.set_defaults(handler=rules_command)
    why = commands.add_parser("explain", help="what a check asserts, its rules' clauses and its last outcome")
    why.add_argument(
        "check", metavar="CHECK-ID", help="a vector case ID, or an invariant's pytest node ID (or its test name)"
    )
    add_game(why, "look only in this game (repeatable)")
    why.add_argument(
        "--report-json",
        type=Path,
        default=Path("rulespec-report.json"),
        metavar="PATH",
        help="the report of the last run (verify --report-json), for the check's last outcome",
    )
    why.set_defaults(handler=explain_command)
