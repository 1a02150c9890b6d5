"""A plain ``pytest ... --game soe --impl X`` run: its options read as ``verify`` reads them (``from_pytest``), and
its gate, the same verdict as ``rulespec verify``'s.

Without it, pytest counts a not-implemented check as a skip and ends 0 on half an engine. Here, once the
checks are done, the run is judged as ``verify`` judges it (``gate.judge``: the same bounds, and the known
failures and gaps of ``--expectations``), on the rules its checks name (pytest chose the files), its gate
lines are printed after pytest's summary, and a failed gate makes the run end 1; a gate that passes makes it end 0
when each failed test is a check it judged (a known failure), and leaves any other failure to end it 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulespec.conformance.harness.games import REGISTRY, game
from rulespec.conformance.harness.gate.expectations import Expectations, ExpectationsError
from rulespec.conformance.harness.gate.expectations import load as load_expectations
from rulespec.conformance.harness.gate.judge import GateResult, judge
from rulespec.conformance.harness.per_rule import tally
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verify.options import VerifyOptions, named
from rulespec.conformance.harness.verify.recorder import Recorder
from rulespec.conformance.harness.vocabulary import game_key


def from_pytest(config: pytest.Config) -> VerifyOptions:
    """The options of a plain pytest run (``pytest --game soe --impl ...``), checked as ``verify`` checks them."""
    if any(str(argument).startswith("--rulespec-report") for argument in config.invocation_params.args):
        config.issue_config_time_warning(
            pytest.PytestDeprecationWarning("--rulespec-report is deprecated: use --report-json"), 2
        )
    chosen: list[str] = []
    for key in config.getoption("--game") or sorted(REGISTRY):
        try:
            chosen.append(game_key(key))
        except ValueError as exc:
            raise pytest.UsageError(f"--game {key}: {exc}") from exc
    games = tuple(dict.fromkeys(chosen))
    impl: str | None = config.getoption("--impl")
    cmd: str | None = config.getoption("--cmd")
    if impl is not None and cmd is not None:
        raise pytest.UsageError(f"--impl {impl} and --cmd {cmd!r}: name the implementation one way, not both")
    if impl is not None and len(games) != 1:
        raise pytest.UsageError(f"--impl {impl} implements one game: name it with --game ({', '.join(games)})")
    try:
        subjects = tuple(named(kind, text) for kind, text in (("impl", impl), ("cmd", cmd)) if text is not None)
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from exc
    timeout: float = config.option.case_timeout  # parsed by its type, as verify's
    faults: int = config.option.max_faults
    vectors: list[str] = config.option.vectors or []
    return VerifyOptions(
        games=games,
        subjects=subjects,
        case_timeout=timeout,
        max_faults=faults,
        rules=tuple(config.getoption("--rule") or ()),
        vectors=tuple(vectors),
        report_json=config.getoption("report_json"),
        shard=config.getoption("--rulespec-shard"),
        save_failures=config.getoption("--save-failures"),
        expectations=config.getoption("--expectations"),
    )


def read_expectations(options: VerifyOptions) -> Expectations | None:
    """The ``--expectations`` of a plain pytest run, read before anything runs (a usage error when unusable)."""
    if not options.expectations:
        return None
    try:
        return load_expectations(Path(options.expectations), False)
    except ExpectationsError as exc:
        raise pytest.UsageError(str(exc)) from exc


def _judged_failures(records: list[CheckRecord]) -> int:
    """The failed and erred checks the gate judged: pytest counts each as a failed test."""
    return sum(1 for record in records if record.outcome in ("failed", "error"))


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
        elif exitstatus == pytest.ExitCode.TESTS_FAILED and session.testsfailed == _judged_failures(records):
            session.exitstatus = pytest.ExitCode.OK  # every failed test is a check the gate knows and let pass

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.gate is None:
            return
        for reason in self.gate.reasons:
            terminalreporter.write_line(f"rulespec gate: {reason}", red=True)
        counts = ", ".join(f"{n} {name}" for name, n in self.gate.counts.items() if n)
        verdict = "PASSED" if self.gate.passed else "FAILED"
        terminalreporter.write_line(f"rulespec gate: {verdict} ({counts or 'no checks'})", green=self.gate.passed)
