"""Records every check's outcome as the run goes, on xdist workers and the controller alike.

Whether a failed check is a fault of the implementation (an *error*) or a rules *failure*: Hypothesis
wraps what it found in exception groups, nested when it found several distinct failures or a failure
while explaining another; a fault anywhere inside is the check's fault.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Generator, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import msgspec
import pytest

from rulespec import SUITE_ROOT
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.gate.stamp import seed_of, suite_hashes
from rulespec.conformance.harness.per_rule import with_blame
from rulespec.conformance.harness.records import CheckRecord, RunStamp, checks_digest, in_order, write_report
from rulespec.conformance.harness.subject import ImplementationError
from rulespec.conformance.harness.verdict import Outcome
from rulespec.conformance.harness.verify import saved_failures
from rulespec.conformance.harness.verify.breaker import CircuitOpen
from rulespec.conformance.harness.verify.collection import VectorItem, game_of, rules_of
from rulespec.conformance.harness.verify.declared import DECLARED, stamped
from rulespec.conformance.harness.verify.failure_text import failure_text
from rulespec.conformance.harness.verify.failures import CALLS, message, record_of
from rulespec.conformance.harness.verify.options import OPTIONS, VerifyOptions
from rulespec.conformance.harness.verify.saved_failures import SentCall
from rulespec.conformance.harness.verify.subjects import SUBJECTS, is_worker

NOT_IMPLEMENTED = "not implemented"
# Carried on each report's user_properties, which pytest-xdist sends from workers to the controller.
CHECK_PROPERTY = "rulespec-check"
SAVED_PROPERTY = "rulespec-saved-failure"


class Recorder:
    """Collects a CheckRecord per rulespec test as the run goes.

    Records are made where the test runs (a pytest-xdist worker, or this process) and
    ride on the report's user_properties to where reports are logged, so the controller
    of a ``-n N`` run sees every one.
    """

    def __init__(self) -> None:
        self.records: list[CheckRecord] = []
        self.saved: list[tuple[str, str, dict[str, Any]]] = []  # (game, operation, case) from --save-failures
        self.config: pytest.Config | None = None  # the session's, once it is configured
        self.collected: set[str] = set()  # every test collected (by each worker, with -n)
        self.unwritten: list[str] = []  # writes that failed after the run, told after the verdict
        self.run: tuple[int, str] | None = None  # the whole run's checks (count, digest), every shard's
        self.share: tuple[str, ...] = ()  # the checks this process (or its workers) owns

    def own(self, run: Sequence[str], share: Sequence[str]) -> None:
        """The run's checks (before ``--shard`` took this share) and the share: the report's stamp."""
        self.run, self.share = (len(run), checks_digest(run)), tuple(share)

    def told_by_worker(self, told: Any) -> None:
        """A pytest-xdist worker's ``own`` (every worker deals the same share)."""
        if self.run is None and told:
            count, digest, share = told
            self.run, self.share = (int(count), str(digest)), tuple(share)

    def stamp(self, options: VerifyOptions) -> RunStamp:
        games = [game(key) for key in options.games]
        count, digest = self.run or (0, "")  # unknown: the run ended before its checks were dealt
        shard = (options.shard.index, options.shard.count) if options.shard else None
        implementation = options.subjects[0].option if options.subjects else "the reference"
        seed = seed_of(options.pytest_args)
        suite, rules = suite_hashes(games)
        return RunStamp(
            implementation,
            options.games,
            suite,
            rules,
            options.profile,
            seed,
            shard,
            count,
            digest,
            self.share,
            options.rules,
        )

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.collected.update(item.nodeid for item in session.items)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: object, ids: list[str]) -> None:
        self.collected.update(ids)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
        report = yield
        key = game_of(Path(str(item.path)))
        if key is None:
            return report
        outcome = _classify(report, call)
        if outcome is not None:
            detail = "" if outcome == Outcome.PASSED else _detail(report, call)
            record, vector = record_of(item, key, outcome, detail, report.duration)
            if outcome is Outcome.ERROR and record.kind == "invariant" and record.differences and _as_given(call):
                record = replace(record, outcome=Outcome.FAILED.value)  # judged as a vector judges it
            rederived = isinstance(item, VectorItem) and item.loaded.rederived
            record = stamped(record, item.config.stash[DECLARED].get(key, {}), rederived)
            report.user_properties.append((CHECK_PROPERTY, msgspec.json.encode(record).decode()))
            if outcome in (Outcome.FAILED, Outcome.ERROR):
                _show_failure(item, report, record, vector)
                if item.config.stash[OPTIONS].save_failures:
                    saved = _saved_case_or_warn(item, key, detail)
                    if saved is not None:
                        report.user_properties.append((SAVED_PROPERTY, json.dumps(saved)))
        return report

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.config is not None and is_worker(self.config):
            return  # the controller counts it when the report arrives there
        kept: list[tuple[str, object]] = []
        for name, value in report.user_properties:
            if name == CHECK_PROPERTY:
                self.records.append(msgspec.json.decode(str(value), type=CheckRecord))
            elif name == SAVED_PROPERTY:
                key, operation, case = json.loads(str(value))
                self.saved.append((key, operation, case))
            else:
                kept.append((name, value))
        key = game_of((self.config.rootpath if self.config else SUITE_ROOT) / report.fspath)
        if report.failed and key is not None and len(kept) == len(report.user_properties):
            # failed with no record made: an xdist worker died under it; an error, never silence
            rules = tuple(str(value) for name, value in kept if name == "rule")
            self.records.append(CheckRecord(report.nodeid, key, "check", rules, Outcome.ERROR.value, _short(report)))
        report.user_properties = kept  # JUnit XML shows the rule IDs, not this bookkeeping

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """The records in one order whatever order the checks ran in (longest first as last timed, over workers): the
        summary, the verdict's first failing check of each rule and the report read alike from run to run."""
        if self.config is None or not is_worker(self.config):
            self.records = in_order(self.records)

    def write(self, path: Path, options: VerifyOptions) -> None:
        try:
            records = with_blame(self.records)
        except Exception as exc:  # noqa: BLE001 - a fault of the blame never costs the user the report
            records = self.records
            self.unwritten.append(f"--report-json {path}: written without `blamed`: the blame failed: {exc!r}")
        write_report(path, records, self.stamp(options))

    def unrecorded(self) -> int:
        """Checks collected that got no record: the process running them ended early (a complete verdict has none)."""
        checks = {nodeid for nodeid in self.collected if game_of(SUITE_ROOT / nodeid.split("::")[0]) is not None}
        return len(checks - {record.nodeid for record in self.records})

    def record_ending(self, key: str, faults: list[str]) -> None:
        """The faults of the implementation's processes as they were stopped: errors of the run, not of a check."""
        terminal: Any = self.config.pluginmanager.get_plugin("terminalreporter") if self.config else None
        for fault in faults:
            if terminal is not None:  # said where the run's output is read; the record carries it into the verdict
                terminal.write_line(f"error of the implementation's process: {fault}", red=True)
            record = CheckRecord("(the implementation's process)", key, "process", (), Outcome.ERROR.value, fault)
            self.records.append(record)


def _classify(report: pytest.TestReport, call: pytest.CallInfo[None]) -> Outcome | None:
    """The rulespec outcome of one phase of a test, or None when the phase decides nothing."""
    if report.when == "call":
        if report.passed:
            return Outcome.PASSED
    elif report.passed or report.when == "teardown" and not report.failed:
        return None
    if report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        return Outcome.NOT_IMPLEMENTED if NOT_IMPLEMENTED in reason else Outcome.ERROR
    if report.when != "call" or call.excinfo is None:
        return Outcome.ERROR
    if is_fault(call.excinfo.value):
        return Outcome.ERROR
    return Outcome.FAILED


def _saved_case_or_warn(item: pytest.Item, key: str, detail: str) -> tuple[str, str, dict[str, Any]] | None:
    """The failing check as (game, operation, vector case); a fault in saving it is a warning, never a lost run."""
    subject = item.config.stash[SUBJECTS].get(key)
    failed = item.loaded if isinstance(item, VectorItem) else None
    calls = item.stash.get(CALLS, deque[SentCall]())
    try:
        return saved_failures.saved_failure(game(key), subject, failed, calls, rules_of(item), item.nodeid, detail)
    except Exception as exc:  # noqa: BLE001 - any fault here must not hide the check's own outcome
        item.warn(pytest.PytestWarning(f"--save-failures: could not save {item.nodeid}: {type(exc).__name__}: {exc}"))
        return None


def _detail(report: pytest.TestReport, call: pytest.CallInfo[None]) -> str:
    """A failure's reason in the check's own words (never pytest's repr explanation); a skip's reason."""
    if report.skipped or call.excinfo is None:
        return _short(report)
    return message(call.excinfo)


def _show_failure(
    item: pytest.Item, report: pytest.TestReport, record: CheckRecord, vector: dict[str, Any] | None
) -> None:
    """The failure section (terminal and JUnit) in the user's terms; ``-v`` keeps pytest's own below it."""
    shown = failure_text(record, vector)
    if item.config.get_verbosity() > 0 and report.longrepr is not None:
        shown += f"\n\n-- internals (-v) --\n{report.longrepr}"
    else:  # Hypothesis's own notes (its shrink budget, how to reproduce) speak of our test code, not the user's
        report.sections = [(name, text) for name, text in report.sections if "Hypothesis" not in name]
    report.longrepr = shown


def _short(report: pytest.TestReport) -> str:
    if isinstance(report.longrepr, tuple):
        return report.longrepr[2]
    text = str(report.longrepr)
    lines = [line for line in text.splitlines() if line.startswith("E ")]
    return " ".join(line[1:].strip() for line in lines[:6]) or text.splitlines()[-1] if text else ""


RECORDER = pytest.StashKey[Recorder]()

_FAULTS: tuple[type[BaseException], ...] = (ImplementationError, CircuitOpen)


def _leaves(error: BaseException) -> Iterator[BaseException]:
    """The exceptions inside ``error``, groups unwrapped at every depth."""
    if isinstance(error, BaseExceptionGroup):
        for inner in error.exceptions:  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
            yield from _leaves(inner)  # pyright: ignore[reportUnknownArgumentType]
    else:
        yield error


def _as_given(call: pytest.CallInfo[None]) -> bool:
    """Whether the check stopped at an answer the harness read despite its fault (``read_anyway``: a value its type
    refuses, read as given, or the results of a request answered two ways): where that answer departs from the
    reference's it fails the check's rule, as a vector's does (docs/wire-protocol.md); the right value in another
    form (``4.0`` for ``4``) shows no difference and stays an error."""
    error = call.excinfo.value if call.excinfo is not None else None
    leaves = list(_leaves(error)) if error is not None else []
    faults = [f for leaf in leaves for f in (leaf, leaf.__cause__) if isinstance(f, ImplementationError)]
    return bool(faults) and all(fault.read_anyway for fault in faults)


def is_fault(error: BaseException) -> bool:
    """True when any exception inside ``error`` (or the one it was raised from) is a fault of the implementation."""
    return any(isinstance(leaf, _FAULTS) or isinstance(leaf.__cause__, _FAULTS) for leaf in _leaves(error))
