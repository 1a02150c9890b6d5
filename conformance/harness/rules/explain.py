"""``rulespec explain CHECK-ID``: what a check asserts, the clauses of its rules, and how it went last time.

A vector case is explained by its description, its request, rulings and expected answer; an
invariant by its docstring. The last outcome comes from a report written by ``verify
--report-json`` (read with ``records.read_report``), when there is one.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from conformance.harness.coverage.collected import invariant_rules
from conformance.harness.games import REGISTRY, game
from conformance.harness.records import CheckRecord, read_report
from conformance.harness.rules.clauses import find_rule
from conformance.harness.vectors import load_game
from conformance.harness.vocabulary import did_you_mean, usage_error


def _same_check(check: str, nodeid: str) -> bool:
    """A node ID, or its tail (``test_scoring.py::test_x``), or its test name with or without parameters."""
    name = nodeid.rpartition("::")[2]
    return check in (nodeid, name, name.partition("[")[0]) or nodeid.endswith(f"/{check}")


def _last_outcome(report: Path, check: str, console: Console) -> None:
    if not report.is_file():
        console.print(f"last outcome: no report at {report} (write one with verify --report-json {report})")
        return
    try:
        records: list[CheckRecord] = read_report(report)
    except ValueError as exc:
        console.print(f"last outcome: {escape(str(exc))}")
        return
    found = [record for record in records if _same_check(check, record.nodeid)]
    for record in found:
        detail = f": {record.detail}" if record.detail else ""
        console.print(f"last outcome ({report}): {record.outcome}{escape(detail)}", soft_wrap=True)
    if not found:
        console.print(f"last outcome: {check} is not in {report}")


def explain_command(args: argparse.Namespace) -> int:
    keys: list[str] = list(dict.fromkeys(args.game or sorted(REGISTRY)))
    console = Console()
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
                console.print(f"asserts: {escape(case.description)}", soft_wrap=True)
                expected = {"output": case.output} if case.output is not None else {"error": case.error}
                for label, value in (("input", case.input), ("rulings", case.rulings), ("expects", expected)):
                    console.print(
                        f"  {label} {escape(json.dumps(value, sort_keys=True, default=vars))}", soft_wrap=True
                    )
                rules = case.rules
        for check in invariant_rules(chosen) if not rules else ():
            names.append(check.nodeid.rpartition("::")[2])
            if _same_check(args.check, check.nodeid) and not rules:
                console.print(f"[bold]{check.nodeid}[/]: invariant of {chosen.key}")
                console.print(f"asserts: {escape(check.doc) or '(no docstring: read the test)'}", soft_wrap=True)
                rules = check.rules
        if rules:
            for rule_id in rules:
                rule = find_rule([chosen], rule_id)
                heading = f"\n[bold]{rule.clause.id}[/] — {escape(rule.clause.title)}"
                console.print(f"{heading}\n{escape(rule.clause.text)}", soft_wrap=True)
            console.print("")
            _last_outcome(args.report_json, args.check, console)
            return 0
    return usage_error("explain", f"no check {args.check!r} in {', '.join(keys)}{did_you_mean(args.check, names)}")
