"""The gate of a plain ``pytest ... --game soe --impl X`` run: the same verdict as ``rulespec verify``'s.

Without it, pytest counts a not-implemented check as a skip and ends 0 on half an engine. Here, once the
checks are done, the run is judged as ``verify`` judges it (``gate.judge``: the same bounds, and the known
failures and gaps of ``--expectations``), on the rules its checks name (pytest chose the files), its gate
lines are printed after pytest's summary, and a failed gate makes the run end 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.gate.expectations import Expectations, ExpectationsError
from rulespec.conformance.harness.gate.expectations import load as load_expectations
from rulespec.conformance.harness.gate.judge import GateResult, judge
from rulespec.conformance.harness.per_rule import tally
from rulespec.conformance.harness.verify.options import VerifyOptions
from rulespec.conformance.harness.verify.recorder import Recorder


def read_expectations(options: VerifyOptions) -> Expectations | None:
    """The ``--expectations`` of a plain pytest run, read before anything runs (a usage error when unusable)."""
    if not options.expectations:
        return None
    try:
        return load_expectations(Path(options.expectations), False)
    except ExpectationsError as exc:
        raise pytest.UsageError(str(exc)) from exc


class PlainGate:
    """Registered by the plugin for a plain pytest run's controller (never for ``rulespec verify``, which gates)."""

    def __init__(self, options: VerifyOptions, recorder: Recorder, expectations: Expectations | None) -> None:
        self._options = options
        self._recorder = recorder
        self._expectations = expectations
        self.gate: GateResult | None = None

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
            return  # interrupted, a usage error, nothing collected: pytest's own status says it
        records = self._recorder.records
        if not records or session.config.option.collectonly:
            return  # a session of other tests (this project's own): no rulespec check ran, nothing to gate
        only = list(self._options.rules) or sorted({rule for record in records for rule in record.rules})
        verification = tally([game(key) for key in self._options.games], records, only=only)
        self.gate = judge(verification, records, self._options.bounds, self._expectations)
        if not self.gate.passed:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.gate is None:
            return
        for reason in self.gate.reasons:
            terminalreporter.write_line(f"rulespec gate: {reason}", red=True)
        counts = ", ".join(f"{n} {name}" for name, n in self.gate.counts.items() if n)
        verdict = "PASSED" if self.gate.passed else "FAILED"
        terminalreporter.write_line(f"rulespec gate: {verdict} ({counts or 'no checks'})", green=self.gate.passed)
