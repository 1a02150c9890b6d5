"""The pytest plugin: collects vectors as tests, plugs in the implementation, counts outcomes per rule.

Loaded automatically wherever rulespec is installed (entry point ``pytest11``). It adds
``--impl`` (a Python implementation under test, ``module:attribute``; the reference when
absent), ``--cmd`` (instead, a command starting an implementation in any language that
speaks the wire protocol), ``--game`` (which games to check) and ``--report-json``
(a JSON record of every check). Each test carries the rule IDs it checks: a vector its ``rules``, an
invariant its ``@pytest.mark.rules(...)``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest

from conformance.harness import profiles
from conformance.harness.games import VECTORS_DIR, game
from conformance.harness.records import CheckRecord
from conformance.harness.subject import NotImplementedOp, Subject
from conformance.harness.verdict import Outcome
from conformance.harness.verify import collection, outputs, preflight, saved_failures, spread
from conformance.harness.verify.breaker import DEFAULT_MAX_FAULTS
from conformance.harness.verify.collection import SuiteReferences, VectorFileCollector, VectorItem, game_of, rules_of
from conformance.harness.verify.failure_text import GroupedFailures
from conformance.harness.verify.failures import CALLS
from conformance.harness.verify.recorder import RECORDER, Recorder
from conformance.harness.verify.saved_failures import SentCall
from conformance.harness.verify.subjects import SUBJECTS, Subjects, is_worker, selected_games
from conformance.harness.wire.session import DEFAULT_TIMEOUT

profiles.register()

# --- options and subjects --------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rulespec", "rulespec conformance")
    group.addoption("--impl", default=None, metavar="MODULE:ATTR", help="Python implementation under test")
    group.addoption(
        "--cmd", default=None, metavar="COMMAND", help="implementation under test: a command speaking the wire protocol"
    )
    group.addoption(
        "--case-timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help="--impl, --cmd: seconds to wait per reply",
    )
    group.addoption(
        "--max-faults",
        type=int,
        default=DEFAULT_MAX_FAULTS,
        metavar="N",
        help="implementation faults before every later check is an error",
    )
    group.addoption("--game", action="append", default=None, metavar="KEY", help="check only this game")
    group.addoption("--rule", action="append", default=None, metavar="ID", help="run only the checks of this rule")
    group.addoption(
        "--report-json",
        "--rulespec-report",
        dest="report_json",
        default=None,
        metavar="PATH",
        help="write every check's outcome as JSON (--rulespec-report: deprecated spelling)",
    )
    group.addoption(
        "--vectors",
        action="append",
        default=[],
        metavar="DIR",
        help="also run your own vector files in DIR (repeatable)",
    )
    group.addoption(
        "--save-failures", default=None, metavar="DIR", help="write every failing check as a vector under DIR/<game>/"
    )
    group.addoption("--rulespec-shard", default=None, metavar="K/N", help="run only the Kth of N shares of the checks")
    group.addoption("--rulespec-longest-first", action="store_true", help="run the longest checks (as recorded) first")
    group.addoption(
        "--rulespec-durations",
        default=None,
        metavar="PATH",
        help="write every check's seconds (for the shares' balance)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(*ids): the spec clause IDs a conformance invariant checks")
    config.addinivalue_line("markers", "examples: runs an example implementation through rulespec verify (slow)")
    timeout: float = config.option.case_timeout
    collection.set_roots(config.option.vectors, config.args, config.invocation_params.dir)
    preflight.check_plugin_options(
        config
    )  # a mistyped --game, --impl or --rule is a usage error, not 500 failed checks
    subjects = Subjects(
        config.getoption("--impl"), selected_games(config), config.getoption("--cmd"), timeout, config.option.max_faults
    )
    config.stash[SUBJECTS] = subjects
    recorder = Recorder(config)
    config.stash[RECORDER] = recorder
    config.pluginmanager.register(recorder, "rulespec-recorder")
    config.pluginmanager.register(GroupedFailures(lambda: recorder.records), "rulespec-grouped-failures")
    durations: str | None = config.getoption("--rulespec-durations")
    if durations is not None and not is_worker(config):  # the controller sees every report
        config.pluginmanager.register(spread.DurationLog(Path(durations)), "rulespec-durations")


def pytest_unconfigure(config: pytest.Config) -> None:
    if SUBJECTS in config.stash:
        config.stash[SUBJECTS].close()
    if is_worker(config) or RECORDER not in config.stash:
        return  # only the controller holds every record
    report: str | None = config.getoption("report_json")
    saved_dir: str | None = config.getoption("--save-failures")
    recorder = config.stash[RECORDER]
    # a write that fails is told after the verdict (verify/outputs.py), never instead of it
    try:
        if report:
            recorder.write(Path(report))
    except (OSError, ValueError) as exc:
        outputs.note_failed_write(config, f"--report-json {report}: could not write: {exc}")
    try:
        if saved_dir:
            saved_failures.write_saved(Path(saved_dir), recorder.saved)
    except (OSError, ValueError) as exc:
        outputs.note_failed_write(config, f"--save-failures {saved_dir}: could not write: {exc}")


def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Hypothesis's plugin turns a check's failing examples into a source patch (``.hypothesis/patches/``), parsing
    the test module with libcst; a failure here is told as its request and differences, and no patch is read."""
    if hasattr(item, "_hypothesis_failing_examples"):
        delattr(item, "_hypothesis_failing_examples")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None]:
    """The circuit breaker (verify/breaker.py) counts afresh for each check, and only during its call phase."""
    breaker = item.config.stash[SUBJECTS].breaker
    breaker.new_check()
    breaker.in_check = True
    try:
        return (yield)
    finally:
        breaker.in_check = False


# --- how the run ends --------------------------------------------------------------------
# A process that exits non-zero or writes to stderr when told to stop, or leaves a process of its group
# running, is a fault of the implementation: it goes into the verdict as an *error* record (no rule: the
# run's, not a check's), so the gate cannot pass over it. On a pytest-xdist worker the subjects are
# stopped before the worker reports back, and the faults ride to the controller in the worker's output.

_ENDING_FAULTS = "rulespec-ending-faults"


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if SUBJECTS not in config.stash:
        return
    faults = config.stash[SUBJECTS].close()
    if is_worker(config):
        workeroutput: dict[str, Any] = getattr(config, "workeroutput")
        workeroutput[_ENDING_FAULTS] = faults
    elif faults and RECORDER in config.stash:
        _record_ending(config, faults)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """pytest-xdist: a worker finished; its processes' ending faults join the controller's records."""
    output: dict[str, Any] = getattr(node, "workeroutput", {})
    faults: list[str] = output.get(_ENDING_FAULTS, [])
    if faults:
        _record_ending(node.config, faults)


def _record_ending(config: pytest.Config, faults: list[str]) -> None:
    recorder = config.stash[RECORDER]
    key = selected_games(config)[0]
    terminal: Any = config.pluginmanager.get_plugin("terminalreporter")
    for fault in faults:
        if terminal is not None:  # said where the run's output is read; the record carries it into the verdict
            terminal.write_line(f"error of the implementation's process: {fault}", red=True)
        kind, outcome = "process", Outcome.ERROR.value
        recorder.records.append(CheckRecord("(the implementation's process)", key, kind, (), outcome, fault))


# --- collection ------------------------------------------------------------------------


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    key = game_of(collection_path)
    if key is not None and key not in selected_games(config):
        return True
    return None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".json" and game_of(file_path) is not None and file_path.is_relative_to(VECTORS_DIR):
        collector: pytest.Collector = VectorFileCollector.from_parent(parent, path=file_path)  # pyright: ignore[reportUnknownMemberType]
        return collector
    if collection.is_user_vector(file_path):  # --vectors DIR, or a saved failure given to pytest
        kind = SuiteReferences if file_path.name.endswith(collection.SUITE_REFERENCES) else VectorFileCollector
        users: pytest.Collector = kind.from_parent(parent, path=file_path)  # pyright: ignore[reportUnknownMemberType]
        return users
    return None


def pytest_collection_finish(session: pytest.Session) -> None:
    """Not on an xdist worker: it runs only a share of the items, and which is not known yet."""
    if not is_worker(session.config):
        cases = [item.loaded for item in session.items if isinstance(item, VectorItem)]
        session.config.stash[SUBJECTS].send_ahead(cases)


@pytest.hookimpl(trylast=True)  # the share is dealt from the checks the others (-k, -m) left
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    chosen: list[str] | None = config.getoption("--rule")
    kept: list[pytest.Item] = []
    for item in items:
        if game_of(Path(str(item.path))) is None:
            kept.append(item)
            continue
        if not rules_of(item):
            raise pytest.UsageError(f"{item.nodeid}: a conformance check must name its rules (@pytest.mark.rules)")
        if chosen and not set(chosen) & set(rules_of(item)):
            continue
        # JUnit XML writes user_properties as <property> elements: one "rule" per rule ID checked
        item.user_properties.extend(("rule", rule) for rule in rules_of(item))
        kept.append(item)
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept
    text: str | None = config.getoption("--rulespec-shard")
    try:
        shard = None if text is None else spread.Shard.parse(text)
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from exc
    spread.order_and_share(config, items, shard, bool(config.getoption("--rulespec-longest-first")))


# --- fixtures for invariants -------------------------------------------------------------


class CheckedSubject:
    """A subject seen through attribute calls, as a game's Protocol; a missing operation skips the test."""

    def __init__(self, subject: Subject, key: str = "", calls: deque[SentCall] | None = None) -> None:
        self._subject = subject
        self._key = key
        self._calls = calls  # what the test sent, for --save-failures

    def __repr__(self) -> str:
        # shown for the fixture's argument in a failing example, where Hypothesis prints every argument
        return (
            f"<the {game(self._key).title} implementation under test>"
            if self._key
            else "<the implementation under test>"
        )

    def __getattr__(self, operation: str) -> Callable[[object, object], Any]:
        if operation.startswith("_"):
            # not an operation: Hypothesis asks for _repr_pretty_ when it prints a failing example
            raise AttributeError(operation)
        subject = self._subject
        key, calls = self._key, self._calls

        def call(request: object, rulings: object) -> Any:
            if calls is not None:
                calls.append(SentCall(key, operation, request, rulings))
            try:
                return subject.call(operation, request, rulings)
            except NotImplementedOp as exc:
                pytest.skip(str(exc))

        return call


@pytest.fixture
def rulespec_subject(request: pytest.FixtureRequest) -> Callable[[str], object]:
    """``rulespec_subject("soe")``: the implementation under test for that game, to cast to its Protocol."""
    subjects = request.config.stash[SUBJECTS]
    # the last calls are enough: Hypothesis replays the shrunk failing example last
    calls = request.node.stash.setdefault(CALLS, deque(maxlen=64))
    return lambda key: CheckedSubject(subjects.get(key), key, calls)
