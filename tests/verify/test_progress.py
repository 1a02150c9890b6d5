"""Progress while checks run: rich on a terminal, plain lines in a pipe or under NO_COLOR or CI."""

from __future__ import annotations

import io
from types import SimpleNamespace
from typing import cast

import pytest

from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verify.progress import RunProgress, plain_wanted
from rulespec.conformance.harness.verify.recorder import Recorder


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_the_rich_display(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("CI", raising=False)
    assert not plain_wanted(_Terminal())


@pytest.mark.parametrize("variable", ["NO_COLOR", "CI"])
def test_no_color_or_ci_gets_plain_lines_even_on_a_terminal(monkeypatch: pytest.MonkeyPatch, variable: str) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv(variable, "1")
    assert plain_wanted(_Terminal())


def test_a_pipe_gets_plain_lines() -> None:
    assert plain_wanted(io.StringIO())


def test_the_first_failing_check_is_named_by_its_rule_as_soon_as_it_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder()
    nodeid = "conformance/vectors/soe/grow_population.json::soe-pop-population-ten-refused"
    # a legal input refused citing another rule: the blame may follow the citation once the run is weighed, and the
    # table at the end says so; the progress says only which rule's check failed
    refused = {"error": {"kind": "IllegalAction", "rule": "SOE-POP-2"}}
    recorder.records.append(
        CheckRecord(nodeid, "soe", "vector", ("SOE-GAME-4", "SOE-POP-1"), "failed", "differs", expected={}, got=refused)
    )
    progress = RunProgress(recorder)
    shown = io.StringIO()
    monkeypatch.setattr(progress, "_out", shown)
    monkeypatch.setattr(progress, "_plain", True)
    failed = SimpleNamespace(
        nodeid=nodeid, fspath="conformance/vectors/soe/grow_population.json", failed=True, when="call", outcome="failed"
    )
    progress._count(cast(pytest.TestReport, failed))  # pyright: ignore[reportPrivateUsage]
    assert "first failed: a check of SOE-GAME-4 (soe-pop-population-ten-refused)" in shown.getvalue()
    # every later line names the rule before anything a cut at 80 columns may take
    monkeypatch.setenv("COLUMNS", "80")
    progress._totals["soe"] = 287  # pyright: ignore[reportPrivateUsage]
    progress._running["conformance/invariants/soe/test_tracks.py::test_" + "x" * 90] = progress._started  # pyright: ignore[reportPrivateUsage]
    line = progress._status(progress._started + 30)  # pyright: ignore[reportPrivateUsage]
    assert (
        line.startswith("   30 s  1/287 checks, first failed a check of SOE-GAME-4 (1 failed)") and len(line) == 80
    ), line


def test_a_plain_line_fits_the_width_however_long_the_check_running(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    progress = RunProgress(Recorder())
    long = "conformance/invariants/soe/test_tracks.py::test_maintenance_pays_the_upkeep_with_exactly_the_taxations"
    progress._totals["soe"] = 287  # pyright: ignore[reportPrivateUsage]
    progress._running[long] = progress._started  # pyright: ignore[reportPrivateUsage]
    line = progress._status(progress._started + 12)  # pyright: ignore[reportPrivateUsage]
    assert line.startswith("   12 s  0/287 checks") and "running test_tracks.py::test_maint" in line, line
    assert len(line) == 80 and line.endswith("…"), line


def test_a_fault_is_counted_and_named_an_error_not_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest says "failed" for both; the record says which: a crash is an error, on every line of the progress."""
    recorder = Recorder()
    nodeid = "conformance/vectors/soe/grow_population.json::soe-pop-stops-at-nine"
    recorder.records.append(CheckRecord(nodeid, "soe", "vector", ("SOE-POP-2",), "error", "crash: exited (status 3)"))
    progress = RunProgress(recorder)
    shown = io.StringIO()
    monkeypatch.setattr(progress, "_out", shown)
    monkeypatch.setattr(progress, "_plain", True)
    progress._totals["soe"] = 5  # pyright: ignore[reportPrivateUsage]
    crashed = SimpleNamespace(
        nodeid=nodeid, fspath="conformance/vectors/soe/grow_population.json", failed=True, when="call", outcome="failed"
    )
    progress._count(cast(pytest.TestReport, crashed))  # pyright: ignore[reportPrivateUsage]
    line = progress._status(progress._started + 5)  # pyright: ignore[reportPrivateUsage]
    assert "first error: a check of SOE-POP-2 (soe-pop-stops-at-nine)" in shown.getvalue()
    assert "1/5 checks, first error a check of SOE-POP-2 (1 error)" in line and "failed" not in line, line
