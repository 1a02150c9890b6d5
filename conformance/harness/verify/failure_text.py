"""A failed check in the implementer's terms: the rule broken, what was asked and answered as JSON, every difference.

The same text is the terminal's failure section and the JUnit failure message. It holds
no Python reprs and no harness frames: a user in any language reads it, and can paste the
request into their own test.

The failures section is grouped by rule: pytest prints one section per failed test, and a rule that
fails in ten checks would fill a screen with ten near-copies. The first is enough to act on; the others
are one line each beneath it (the JSON report keeps every one). The further failures leave pytest's list
only while it prints that section: its short summary and its counts still see every failure.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable, Generator, Iterable, Mapping
from typing import Any

import pytest

from rulespec.conformance.harness.blame import blamed_rule
from rulespec.conformance.harness.gate.judge import check_id
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verdict import as_json, describe

INDENT = "  "
MIN_SHOWN = 20  # characters of JSON kept however narrow the terminal
CUT = "chars)"  # the end of a cut line: "… (1,046 chars)"
CUT_NOTE = f"{INDENT}(JSON cut to fit: whole in --report-json and --save-failures DIR)"


def terminal_width() -> int:
    """The terminal's columns (``COLUMNS`` first, as a worker process has no terminal of its own)."""
    return shutil.get_terminal_size(fallback=(120, 24)).columns


def fitted(label: str, text: str, width: int) -> str:
    """``label`` and a line of JSON, cut to ``width`` with its length and where the whole is said."""
    line = f"{INDENT}{label}: {text}"
    if len(line) <= width:
        return line
    tail = f"… ({len(text):,} {CUT}"
    keep = max(MIN_SHOWN, width - len(INDENT) - len(label) - 2 - len(tail))
    return f"{INDENT}{label}: {text[:keep]}{tail}"


def first_sentence(text: str) -> str:
    """The first sentence of a docstring, on one line."""
    flat = " ".join(text.split())
    match = re.match(r"(.+?[.!?])(\s|$)", flat)
    return match.group(1) if match else flat


def failure_text(record: CheckRecord, vector: Mapping[str, object] | None = None, width: int | None = None) -> str:
    """The failure section of one failed (or errored) check; its JSON lines cut to ``width`` (the terminal's)."""
    width = width or terminal_width()
    verb = "fails" if record.outcome == "failed" else "errs on"
    blamed = blamed_rule(record)  # the rule the table fails: the answer may name a better one than the primary
    others = [rule for rule in dict.fromkeys((record.primary_rule, *record.involved)) if rule and rule != blamed]
    involved = f" (also involves {', '.join(others)})" if others else ""
    lines = [f"{record.nodeid} {verb} {blamed}{involved}"]
    if record.statement:
        lines.append(f"{INDENT}property: {record.statement}")
    if record.clause and record.kind != "vector":  # a vector is a worked example; `rulespec rules ID` prints its clause
        lines.append(f"{INDENT}rule {record.primary_rule}: {' '.join(record.clause.split())}")
    if record.detail and not record.differences:  # the differences below say it, path by path
        lines.append(f"{INDENT}why: {' '.join(record.detail.split())}")
    if record.operation is not None:
        lines.append(fitted(f"request to {record.operation}", as_json(record.request), width))
        lines.append(fitted("rulings", as_json(record.rulings), width))
    if record.differences or record.expected is not None:
        lines.append(fitted("expected", as_json(record.expected), width))
        lines.append(fitted("got", as_json(record.got), width))
    if len(record.differences) == 1:
        lines.append(f"{INDENT}difference: {describe(record.differences[0])}")
    elif record.differences:
        lines.append(f"{INDENT}differences ({len(record.differences)}):")
        lines += [f"{INDENT * 2}{describe(difference)}" for difference in record.differences]
    if vector is not None:
        label = "as a vector (keep it with --save-failures DIR)"
        lines.append(fitted(label, json.dumps(vector, ensure_ascii=False), width))
    if any(line.endswith(CUT) for line in lines):
        lines.append(CUT_NOTE)
    return "\n".join(lines)


def closing_summary(records: Iterable[CheckRecord], width: int | None = None, shown: int = 10) -> list[str]:
    """After the table: a line per rule that failed (or erred), with its first failing check and why."""
    width = width or terminal_width()
    first: dict[str, CheckRecord] = {}
    ruleless: list[CheckRecord] = []  # errors of the implementation's process as it stopped: of no rule
    for record in records:
        if record.outcome in ("failed", "error"):
            if record.primary_rule:
                first.setdefault(blamed_rule(record), record)
            else:
                ruleless.append(record)
    lines = []
    if first:
        lines.append(
            f"{len(first)} rule(s) did not pass, each with its first failing check (every one: --report-json):"
        )
    for rule, record in list(first.items())[:shown]:
        # the check's ID whole (a long one wraps, never breaks); why, cut to what the line has left
        lines.append(
            _cut(
                f"{INDENT}{rule}: {check_id(record)}{'' if record.outcome == 'failed' else ' (error)'}: ", record, width
            )
        )
    if len(first) > shown:
        lines.append(f"{INDENT}... and {len(first) - shown} more rules")
    lines += [_cut(f"{check_id(record)}: {record.outcome}: ", record, width) for record in ruleless]
    return lines


def _cut(head: str, record: CheckRecord, width: int) -> str:
    """``head`` and why the check failed, cut to what the line has left."""
    why = describe(record.differences[0]) if record.differences else " ".join(record.detail.split())
    room = max(MIN_SHOWN, width - len(head))
    return head + (why if len(why) <= room else why[: room - 1] + "…")


def again_text(record: CheckRecord) -> str:
    """A further failure of a rule already shown in full: one line, its first difference (the report holds the rest)."""
    verb = "fails" if record.outcome == "failed" else "errs on"
    why = describe(record.differences[0]) if record.differences else " ".join(record.detail.split())
    more = f" (and {len(record.differences) - 1} more differences)" if len(record.differences) > 1 else ""
    return f"{INDENT}also {verb} {blamed_rule(record)}: {record.nodeid}: {why}{more}"


class GroupedFailures:
    """Folds a rule's further failures into its first while pytest prints the failures section."""

    def __init__(self, records: Callable[[], list[CheckRecord]]) -> None:
        self._records = records
        self.hidden: list[pytest.TestReport] | None = None  # the whole list, while pytest sees the folded one

    @pytest.hookimpl(wrapper=True, tryfirst=True)  # outermost: before pytest prints the section
    def pytest_terminal_summary(self, terminalreporter: Any) -> Generator[None]:
        failed: list[pytest.TestReport] = terminalreporter.stats.get("failed", [])
        by_node = {record.nodeid: record for record in self._records()}
        first: dict[str, pytest.TestReport] = {}
        kept: list[pytest.TestReport] = []
        for report in failed:
            record = by_node.get(report.nodeid)
            if record is not None:
                # no "[gw1] linux -- Python 3.11.7 /path/to/python" line atop a check's section: which worker ran
                # it is pytest-xdist's business (pytest prints it for a report that names its worker node)
                vars(report).pop("node", None)
            if record is None or report.longrepr is None:
                kept.append(report)
            elif blamed_rule(record) not in first:
                first[blamed_rule(record)] = report
                kept.append(report)
            else:
                shown = first[blamed_rule(record)]
                shown.longrepr = f"{shown.longrepr}\n{again_text(record)}"
        if len(kept) != len(failed):
            self.hidden = failed
            terminalreporter.stats["failed"] = kept
        try:
            return (yield)
        finally:
            self.pytest_terminal_summary_restore(terminalreporter)

    # a second implementation of the same hook (pytest reads only names that start with pytest_)
    @pytest.hookimpl(specname="pytest_terminal_summary", trylast=True)
    def pytest_terminal_summary_restore(self, terminalreporter: Any) -> None:
        """Innermost: once pytest has printed the failures section, before its short summary and counts."""
        if self.hidden is not None:
            terminalreporter.stats["failed"] = self.hidden
            self.hidden = None
