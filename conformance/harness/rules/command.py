"""``rulespec rules [--game KEY] [ID ...]`` and ``rulespec explain CHECK-ID``: the spec read from the command line.

``rules`` lists a game's clauses, or prints a clause's text, the rulings that bear on it and the
checks that name it (counted as ``verify`` and ``coverage`` count them). ``explain`` says what a
check asserts (a vector case by its description, request, rulings and expected answer; an
invariant by its docstring), the clauses of its rules, and its last outcome in a report written by
``verify --report-json`` (read with ``records.read_report``), when there is one.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from rulespec.conformance.harness.coverage.rules import invariant_rules, rule_coverage
from rulespec.conformance.harness.games import REGISTRY, Game, game
from rulespec.conformance.harness.records import CheckRecord, read_report
from rulespec.conformance.harness.rules import clause_text
from rulespec.conformance.harness.spec import Clause, read_clauses, rulings_bearing_on
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.vocabulary import Commands, add_game, did_you_mean, usage_error

SHOWN = 12  # checks listed by name per kind; the rest are counted


@dataclass(frozen=True)
class Rule:
    game: Game
    clause: Clause


def find_rule(games: Sequence[Game], rule: str) -> Rule:
    """The clause with this ID in one of the games (case-insensitive); KeyError naming close IDs otherwise."""
    known = [Rule(chosen, clause) for chosen in games for clause in read_clauses(chosen.spec_path)]
    for found in known:
        if found.clause.id.lower() == rule.lower():
            return found
    hint = did_you_mean(rule.upper(), [found.clause.id for found in known])
    raise KeyError(f"no clause {rule!r} in {', '.join(chosen.key for chosen in games)}{hint}")


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
    clause_text.show(console, rule.clause.text)  # wrapped at word boundaries to the terminal, its tables drawn
    rulings = rulings_bearing_on(rule.clause, read_clauses(rule.game.spec_path))
    console.print(f"\nrulings: {', '.join(f'{r.id} ({escape(r.title)})' for r in rulings) or 'none bear on it'}")
    coverage = rule_coverage(rule.game)  # the checks that name it, counted as verify and coverage count them
    checks = (coverage.vectors.get(rule.clause.id, []), coverage.invariants.get(rule.clause.id, []))
    for kind, names in zip(("vector cases", "invariants"), checks, strict=True):
        listed = ", ".join(name.split("::")[-1] for name in names[:SHOWN])
        more = f", and {len(names) - SHOWN} more" if len(names) > SHOWN else ""
        console.print(f"{kind} ({len(names)}): {escape(listed) or '-'}{more}")  # wrapped between IDs, never in one
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


def _same_check(check: str, nodeid: str) -> bool:
    """A node ID, or its tail (``test_scoring.py::test_x``), or its test name with or without parameters."""
    name = nodeid.rpartition("::")[2]
    return check in (nodeid, name, name.partition("[")[0]) or nodeid.endswith(f"/{check}")


def _last_outcome(report: Path, check: str, console: Console) -> None:
    if not report.is_file():
        said = f"last outcome: no report at {report} (write one with verify --report-json {report})"
        console.print(said, soft_wrap=False)
        return
    try:
        records: list[CheckRecord] = read_report(report)
    except ValueError as exc:
        console.print(f"last outcome: {escape(str(exc))}")
        return
    found = [record for record in records if _same_check(check, record.nodeid)]
    for record in found:
        detail = f": {record.detail}" if record.detail else ""
        console.print(f"last outcome ({report}): {record.outcome}{escape(detail)}", soft_wrap=False)
    if not found:
        console.print(f"last outcome: {check} is not in {report}")


def explain_command(args: argparse.Namespace) -> int:
    keys: list[str] = list(dict.fromkeys(args.game or sorted(REGISTRY)))
    console = Console(soft_wrap=True)  # a check ID is never broken across lines, on a terminal or piped
    rules: tuple[str, ...] = ()
    names: list[str] = []
    for key in keys:
        chosen = game(key)
        for loaded in load_game(chosen):
            names.append(loaded.case.id)
            if loaded.case.id == args.check:
                case = loaded.case
                console.print(
                    f"[bold]{case.id}[/]: vector case of {chosen.key} {loaded.operation} ({loaded.path.name})"
                )
                console.print(f"asserts: {escape(case.description)}", soft_wrap=False)  # prose: wrapped
                expected = {"output": case.output} if case.output is not None else {"error": case.error}
                for label, value in (("input", case.input), ("rulings", case.rulings), ("expects", expected)):
                    shown = json.dumps(value, sort_keys=True, default=vars, indent=2)  # JSON still, read at 80 columns
                    console.print(f"  {label} {escape(shown)}".replace("\n", "\n  "), soft_wrap=True)
                rules = case.rules
        for check in invariant_rules(chosen) if not rules else ():
            names.append(check.nodeid.rpartition("::")[2])
            if _same_check(args.check, check.nodeid) and not rules:
                console.print(f"[bold]{check.nodeid}[/]: invariant of {chosen.key}")
                console.print(f"asserts: {escape(check.doc) or '(no docstring: read the test)'}", soft_wrap=False)
                rules = check.rules
        if rules:
            for rule_id in rules:
                rule = find_rule([chosen], rule_id)
                console.print(f"\n[bold]{rule.clause.id}[/] — {escape(rule.clause.title)}")
                clause_text.show(console, rule.clause.text)
            console.print("")
            _last_outcome(args.report_json, args.check, console)
            return 0
    return usage_error("explain", f"no check {args.check!r} in {', '.join(keys)}{did_you_mean(args.check, names)}")


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
