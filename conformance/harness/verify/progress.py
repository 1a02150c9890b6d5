"""Progress while the checks run, so a verify run is never silent for more than a few seconds.

On a terminal: a rich progress display, one bar per game, with the check running now and
the time taken. Elsewhere (a pipe, a CI log), or under ``NO_COLOR`` or ``CI``: plain lines,
one when a game starts and ends, and a status line whenever ``QUIET_SECONDS`` pass without
one. pytest's own dots are left out: the display says more, and the failures follow it.

It writes to a copy of the output taken before pytest starts capturing, so a line written
while a check runs reaches the user rather than that check's captured output.
"""

from __future__ import annotations

import io
import os
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import IO

import pytest
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Column

from rulespec import SUITE_ROOT
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verify.collection import game_of
from rulespec.conformance.harness.verify.failure_text import cut, terminal_width
from rulespec.conformance.harness.verify.recorder import Recorder

QUIET_SECONDS = 4.0  # a plain status line at least this often
_SYMBOL = {"skipped": "not implemented"}  # pytest's outcome in the table's words (a record's are already)


def plain_wanted(stream: IO[str]) -> bool:
    return not stream.isatty() or "NO_COLOR" in os.environ or bool(os.environ.get("CI"))


def _short(nodeid: str) -> str:
    return nodeid.rpartition("/")[2]


class _NoDistStatus:
    """Stands in for pytest-xdist's status line, which says "bringing up nodes..." even at ``-qq`` off a terminal:
    the progress below says what the run is doing."""

    def setstatus(self, *args: object, **kwargs: object) -> None:
        pass

    def ensure_show_status(self) -> None:
        pass


def _quiet_xdist(config: pytest.Config) -> None:
    dsession = config.pluginmanager.get_plugin("dsession")
    if dsession is not None and hasattr(dsession, "trdist"):
        config.pluginmanager.unregister(name="terminaldistreporter")
        setattr(dsession, "trdist", _NoDistStatus())


class RunProgress:
    """A pytest plugin for ``rulespec verify``: counts checks per game as they finish and shows it."""

    def __init__(self, recorder: Recorder | None = None) -> None:
        self._recorder = recorder  # the run's records (recorded first): a check's game and primary rule
        self._out: IO[str] = _own_copy(sys.stdout)
        self._plain = plain_wanted(sys.stdout)
        self._lock = threading.Lock()
        self._totals: Counter[str] = Counter()
        self._done: Counter[str] = Counter()
        self._outcomes: dict[str, Counter[str]] = {}
        self._running: dict[str, float] = {}  # nodeid -> when it started
        self._counted: set[str] = set()  # a check counts once, whichever phase decides it
        self._started = time.monotonic()
        self._last_line = self._started
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        self._progress: Progress | None = None
        self._tasks: dict[str, TaskID] = {}
        self._first_failure = ""  # "failed RULE" or "error RULE": named on the progress line from the moment it comes

    # --- pytest hooks -------------------------------------------------------------------

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        _quiet_xdist(session.config)
        self._started = self._last_line = time.monotonic()  # a slow collection says so within QUIET_SECONDS
        self._ticker = threading.Thread(target=self._tick, name="rulespec-progress", daemon=True)
        self._ticker.start()

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self._collected([item.path for item in session.items])

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: object, ids: list[str]) -> None:
        if not self._totals:  # every worker collects the same checks: count them once
            self._collected([_path(nodeid.split("::")[0]) for nodeid in ids])

    def _collected(self, paths: list[Path]) -> None:
        for path in paths:
            key = game_of(path)
            if key is not None:
                self._totals[key] += 1
        if self._plain:
            counts = ", ".join(f"{key} {n}" for key, n in sorted(self._totals.items()))
            self._line(f"running {sum(self._totals.values())} checks ({counts or 'none'})")
        else:
            whole = Column(no_wrap=True)  # counts and times are never squeezed; the check's name gives way
            self._progress = Progress(
                TextColumn("{task.fields[game]:>8}", table_column=whole),
                BarColumn(bar_width=24),
                MofNCompleteColumn(table_column=whole),
                TimeElapsedColumn(table_column=whole),
                TextColumn("{task.fields[now]}", table_column=Column(no_wrap=True, overflow="ellipsis", ratio=1)),
                console=Console(file=self._out),
                transient=True,
                expand=True,
            )
            for key, total in sorted(self._totals.items()):
                self._tasks[key] = self._progress.add_task(key, total=total, game=key, now="")
            self._progress.start()

    def pytest_runtest_logstart(self, nodeid: str, location: tuple[str, int | None, str]) -> None:
        with self._lock:
            self._running[nodeid] = time.monotonic()
        key = game_of(_path(location[0]))
        if self._progress is not None and key in self._tasks:
            self._progress.update(self._tasks[key], now=_short(nodeid))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "teardown":
            if report.when == "call" or not report.passed:
                self._count(report)
            return
        with self._lock:
            self._running.pop(report.nodeid, None)

    @pytest.hookimpl(tryfirst=True)
    def pytest_report_teststatus(self, report: pytest.TestReport) -> tuple[str, str, str] | None:
        """No dot per check: the progress display stands for them."""
        if report.when == "call" or not report.passed:
            category = "error" if report.failed and report.when != "call" else report.outcome
            return category, "", category.upper()
        return None

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self) -> None:
        self.close()
        if self._plain and self._totals:
            elapsed = time.monotonic() - self._started
            self._line(f"done: {sum(self._done.values())} checks in {elapsed:.1f} s ({self._tally_text()})")

    def pytest_unconfigure(self) -> None:
        self.close()
        if self._out is not sys.stdout:
            self._out.close()

    # --- the display --------------------------------------------------------------------

    def close(self) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(timeout=2)
            self._ticker = None
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def _record(self, nodeid: str) -> CheckRecord | None:
        records = self._recorder.records if self._recorder is not None else []
        return records[-1] if records and records[-1].nodeid == nodeid else None

    def _count(self, report: pytest.TestReport) -> None:
        record = self._record(report.nodeid)
        key = record.game if record is not None else game_of(_path(report.fspath))
        if key is None or report.nodeid in self._counted:
            return
        self._counted.add(report.nodeid)
        # the record's outcome where there is one: a fault is an error, never "failed" (pytest's word for both)
        outcome: str = "error" if report.failed and report.when != "call" else report.outcome
        outcome = record.outcome if record is not None else outcome
        with self._lock:
            self._done[key] += 1
            self._outcomes.setdefault(key, Counter())[_SYMBOL.get(outcome, outcome)] += 1
        if outcome in ("failed", "error") and not self._first_failure:
            self._name_first_failure(report, outcome)
        if self._progress is not None and key in self._tasks:
            self._progress.update(self._tasks[key], completed=self._done[key])
        elif self._plain and self._done[key] == self._totals[key] and len(self._totals) > 1:  # one game: "done" says it
            self._line(f"{key}: {self._done[key]} checks done ({_counts(self._outcomes[key])})")

    def _name_first_failure(self, report: pytest.TestReport, outcome: str) -> None:
        """The first failing check, by the rule it checks (its primary rule), as soon as it is recorded. Not yet the
        rule it is blamed on: blame weighs the whole run (``blame``), and the table at the end says it."""
        record = self._record(report.nodeid)
        rule = f"a check of {record.primary_rule}" if record is not None else "a check"
        self._first_failure = f"{outcome} {rule}"
        check = report.nodeid.rpartition("::")[2]  # its check ID (gate.judge.check_id), as the summary names it
        line = cut(f"{time.monotonic() - self._started:5.0f} s  first {outcome}: {rule} ({check})", terminal_width())
        if self._progress is not None:
            self._progress.console.print(line, markup=False, highlight=False, soft_wrap=True)
        else:
            self._line(line)

    def _tally_text(self) -> str:
        total: Counter[str] = Counter()
        for outcomes in self._outcomes.values():
            total.update(outcomes)
        return _counts(total)

    def _tick(self) -> None:
        while not self._stop.wait(0.5):
            now = time.monotonic()
            if self._plain and now - self._last_line >= QUIET_SECONDS:
                self._line(self._status(now))

    def _status(self, now: float) -> str:
        """The plain line of one tick: the checks done, the first failure, the check running longest; cut to the
        terminal's width, never wrapped, so a pipe or a narrow terminal keeps one line a tick."""
        with self._lock:
            running = sorted(self._running.items(), key=lambda pair: pair[1])
            done, total = sum(self._done.values()), sum(self._totals.values())
        if not total:
            return f"{now - self._started:5.0f} s  still collecting the checks"
        current = f"; running {_short(running[0][0])} for {now - running[0][1]:.0f} s" if running else ""
        first = f", first {self._first_failure}" if self._first_failure else ""  # before what a cut takes
        return cut(
            f"{now - self._started:5.0f} s  {done}/{total} checks{first} ({self._tally_text()}){current}",
            terminal_width(),
        )

    def _line(self, text: str) -> None:
        with self._lock:
            if self._out.closed:
                return
            self._out.write(text + "\n")
            self._out.flush()
            self._last_line = time.monotonic()


def _own_copy(stream: IO[str]) -> IO[str]:
    """A copy of the output as it is before pytest captures it; the stream itself when it has no file (a test's)."""
    try:
        return os.fdopen(os.dup(stream.fileno()), "w", encoding="utf-8", errors="replace")
    except (OSError, ValueError, io.UnsupportedOperation):
        return stream


def _counts(outcomes: Counter[str]) -> str:
    return ", ".join(f"{n} {name}" for name, n in sorted(outcomes.items())) or "none yet"


def _path(relative: str) -> Path:
    """A report's path (relative to the rootdir, which verify sets to the suite's root)."""
    return SUITE_ROOT / relative
