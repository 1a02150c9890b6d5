"""The failures section grouped by rule: each rule's first failing check in full, its further ones a
line each beneath it.

pytest prints one section per failed test. A rule that fails in ten checks would fill a screen
with ten near-copies; the first is enough to act on, and the others are one line each (the JSON
report keeps every one). The further failures leave pytest's list only while it prints that
section: its short summary and its counts still see every failure.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import pytest

from conformance.harness.records import CheckRecord
from conformance.harness.verify.failure_text import again_text


class GroupedFailures:
    """Outermost: folds a rule's further failures into its first before pytest prints the section."""

    def __init__(self, records: Callable[[], list[CheckRecord]]) -> None:
        self._records = records
        self.hidden: list[pytest.TestReport] | None = None  # the whole list, while pytest sees the folded one

    @pytest.hookimpl(wrapper=True, tryfirst=True)
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
            elif record.primary_rule not in first:
                first[record.primary_rule] = report
                kept.append(report)
            else:
                shown = first[record.primary_rule]
                shown.longrepr = f"{shown.longrepr}\n{again_text(record)}"
        if len(kept) != len(failed):
            self.hidden = failed
            terminalreporter.stats["failed"] = kept
        try:
            return (yield)
        finally:
            restore(self, terminalreporter)


class RestoreFailures:
    """Innermost: runs once pytest has printed the failures section, before its short summary and counts."""

    def __init__(self, grouped: GroupedFailures) -> None:
        self._grouped = grouped

    @pytest.hookimpl(trylast=True)
    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        restore(self._grouped, terminalreporter)


def restore(grouped: GroupedFailures, terminalreporter: Any) -> None:
    if grouped.hidden is not None:
        terminalreporter.stats["failed"] = grouped.hidden
        grouped.hidden = None


def register(config: pytest.Config, records: Callable[[], list[CheckRecord]]) -> None:
    grouped = GroupedFailures(records)
    config.pluginmanager.register(grouped, "rulespec-grouped-failures")
    config.pluginmanager.register(RestoreFailures(grouped), "rulespec-restore-failures")
