"""The pytest plugin: collects vectors as tests, plugs in the implementation, counts outcomes per rule.

Loaded automatically wherever rulespec is installed (entry point ``pytest11``). It adds
``--impl`` (a Python implementation under test, ``module:attribute``; the reference when
absent), ``--cmd`` (instead, a command starting an implementation in any language that
speaks the wire protocol), ``--game`` (which games to check) and ``--rulespec-report``
(a JSON record of every check). Each test carries the rule IDs it checks: a vector its ``rules``, an
invariant its ``@pytest.mark.rules(...)``.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Generator, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import msgspec
import pytest

from conformance.harness import failure_vectors, profiles
from conformance.harness.games import INVARIANTS_DIR, REGISTRY, REPO_ROOT, VECTORS_DIR, game
from conformance.harness.failure_vectors import SentCall
from conformance.harness.subject import ImplementationError, NotImplementedOp, Subject, python_subject
from conformance.harness.vectors import LoadedCase, VectorError, load_file
from conformance.harness.wire import DEFAULT_TIMEOUT, ProcessSubject, WireFault, WireSession, process_subjects
from conformance.harness.verdict import Outcome, run_case

NOT_IMPLEMENTED = "not implemented"
# Carried on each report's user_properties, which pytest-xdist sends from workers to the controller.
CHECK_PROPERTY = "rulespec-check"
SAVED_PROPERTY = "rulespec-saved-failure"
profiles.register()


@dataclass(frozen=True)
class CheckRecord:
    """One check's outcome: the unit the per-rule report counts."""

    nodeid: str
    game: str
    kind: str  # "vector" or "invariant"
    rules: tuple[str, ...]
    outcome: str
    detail: str


def _game_of(path: Path) -> str | None:
    for root in (VECTORS_DIR, INVARIANTS_DIR):
        if path.is_relative_to(root) and path != root:
            return path.relative_to(root).parts[0]
    return None


# --- options and subjects --------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rulespec", "rulespec conformance")
    group.addoption("--impl", default=None, metavar="MODULE:ATTR", help="Python implementation under test")
    group.addoption(
        "--cmd", default=None, metavar="COMMAND", help="implementation under test: a command speaking the wire protocol"
    )
    group.addoption(
        "--case-timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS", help="--cmd: seconds to wait per reply"
    )
    group.addoption("--game", action="append", default=None, metavar="KEY", help="check only this game")
    group.addoption("--rule", action="append", default=None, metavar="ID", help="run only the checks of this rule")
    group.addoption("--rulespec-report", default=None, metavar="PATH", help="write every check's outcome as JSON")
    group.addoption(
        "--save-failures", default=None, metavar="DIR", help="write every failing check as a vector under DIR/<game>/"
    )


def selected_games(config: pytest.Config) -> tuple[str, ...]:
    chosen: list[str] | None = config.getoption("--game")
    games = tuple(chosen) if chosen else tuple(sorted(REGISTRY))
    for key in games:
        game(key)  # an unknown key is refused with the known ones
    return games


class Subjects:
    """The subject under test for each game, made on first use and closed at the end.

    ``--impl`` names one Python implementation of one game; ``--cmd`` one process, which
    says in its handshake which games and operations it offers. A bad ``--cmd`` (no such
    program, no handshake) is a usage error before any check runs.
    """

    def __init__(
        self, impl: str | None, games: tuple[str, ...], cmd: str | None = None, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        if impl is not None and cmd is not None:
            raise pytest.UsageError(f"--impl {impl} and --cmd {cmd!r}: name the implementation one way, not both")
        if impl is not None and len(games) != 1:
            raise pytest.UsageError(f"--impl {impl} implements one game: name it with --game ({', '.join(games)})")
        if timeout <= 0:
            raise pytest.UsageError(f"--case-timeout {timeout}: must be more than 0 seconds")
        self.impl = impl
        self._made: dict[str, Subject] = {}
        self._ahead: dict[str, list[tuple[str, object, object]]] = {}
        if cmd is not None:
            self._made.update(self._start(cmd, games, timeout))

    @staticmethod
    def _start(cmd: str, games: tuple[str, ...], timeout: float) -> dict[str, Subject]:
        try:
            session = WireSession(cmd, timeout)
            session.started()
        except ValueError as exc:
            raise pytest.UsageError(str(exc)) from exc
        except WireFault as fault:
            raise pytest.UsageError(f"--cmd {cmd!r}: {fault}") from fault
        return dict(process_subjects([game(key) for key in games], session).items())

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Over --cmd, every vector case is sent ahead in one stream (pipelined) when the game is first used.

        Not on an xdist worker: it runs only a share of the items, and which is not known yet.
        """
        if _is_worker(session.config):
            return
        for item in session.items:
            if isinstance(item, VectorItem):
                loaded = item.loaded
                self._ahead.setdefault(loaded.game, []).append((loaded.operation, loaded.request, loaded.rulings))

    def get(self, key: str) -> Subject:
        if key not in self._made:
            try:
                self._made[key] = python_subject(game(key), self.impl)
            except ValueError as exc:
                raise pytest.UsageError(str(exc)) from exc
        subject = self._made[key]
        ahead = self._ahead.pop(key, None)
        if ahead and isinstance(subject, ProcessSubject):
            subject.prefetch(ahead)
        return subject

    def close(self) -> None:
        for subject in self._made.values():
            subject.close()


SUBJECTS = pytest.StashKey[Subjects]()
RECORDER = pytest.StashKey["Recorder"]()


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


class Recorder:
    """Collects a CheckRecord per rulespec test as the run goes.

    Records are made where the test runs (a pytest-xdist worker, or this process) and
    ride on the report's user_properties to where reports are logged, so the controller
    of a ``-n N`` run sees every one.
    """

    def __init__(self, config: pytest.Config | None = None) -> None:
        self.records: list[CheckRecord] = []
        self.saved: list[tuple[str, str, dict[str, Any]]] = []  # (game, operation, case) from --save-failures
        self.config = config

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
        report = yield
        key = _game_of(Path(str(item.path)))
        if key is None:
            return report
        outcome = _classify(report, call)
        if outcome is not None:
            rules = _rules_of(item)
            kind = "vector" if isinstance(item, VectorItem) else "invariant"
            detail = "" if outcome == Outcome.PASSED else _short(report)
            record = CheckRecord(item.nodeid, key, kind, rules, outcome.value, detail)
            report.user_properties.append((CHECK_PROPERTY, msgspec.json.encode(record).decode()))
            if outcome in (Outcome.FAILED, Outcome.ERROR) and item.config.getoption("--save-failures"):
                saved = _saved_case_or_warn(item, key, detail)
                if saved is not None:
                    report.user_properties.append((SAVED_PROPERTY, json.dumps(saved)))
        return report

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.config is not None and _is_worker(self.config):
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
        key = _game_of((self.config.rootpath if self.config else REPO_ROOT) / report.fspath)
        if report.failed and key is not None and len(kept) == len(report.user_properties):
            # failed with no record made: an xdist worker died under it; an error, never silence
            rules = tuple(str(value) for name, value in kept if name == "rule")
            self.records.append(CheckRecord(report.nodeid, key, "check", rules, Outcome.ERROR.value, _short(report)))
        report.user_properties = kept  # JUnit XML shows the rule IDs, not this bookkeeping

    def write(self, path: Path) -> None:
        path.write_text(json.dumps([asdict(r) for r in self.records], indent=2) + "\n", encoding="utf-8")


def _holds(excinfo: pytest.ExceptionInfo[BaseException], kind: type[BaseException]) -> bool:
    """True when the exception is ``kind``, or a group (Hypothesis's several bugs) all of ``kind``."""
    value = excinfo.value
    if isinstance(value, BaseExceptionGroup):
        leaves = value.exceptions  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
        return all(isinstance(leaf, kind) for leaf in leaves)  # pyright: ignore[reportUnknownVariableType]
    return isinstance(value, kind) or isinstance(value.__cause__, kind)


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
    if _holds(call.excinfo, ImplementationError):
        return Outcome.ERROR
    return Outcome.FAILED


CALLS = pytest.StashKey["deque[SentCall]"]()


def _saved_case_or_warn(item: pytest.Item, key: str, detail: str) -> tuple[str, str, dict[str, Any]] | None:
    """The failing check as (game, operation, vector case); a fault in saving it is a warning, never a lost run."""
    subject = item.config.stash[SUBJECTS].get(key)
    failed = item.loaded if isinstance(item, VectorItem) else None
    calls = item.stash.get(CALLS, deque[SentCall]())
    try:
        return failure_vectors.saved_failure(game(key), subject, failed, calls, _rules_of(item), item.nodeid, detail)
    except Exception as exc:  # noqa: BLE001 - any fault here must not hide the check's own outcome
        item.warn(pytest.PytestWarning(f"--save-failures: could not save {item.nodeid}: {type(exc).__name__}: {exc}"))
        return None


def _short(report: pytest.TestReport) -> str:
    if isinstance(report.longrepr, tuple):
        return report.longrepr[2]
    text = str(report.longrepr)
    lines = [line for line in text.splitlines() if line.startswith("E ")]
    return " ".join(line[1:].strip() for line in lines[:6]) or text.splitlines()[-1] if text else ""


def _rules_of(item: pytest.Item) -> tuple[str, ...]:
    if isinstance(item, VectorItem):
        return item.loaded.case.rules
    rules: list[str] = []
    for marker in item.iter_markers("rules"):
        rules.extend(str(rule) for rule in marker.args)
    return tuple(dict.fromkeys(rules))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(*ids): the spec clause IDs a conformance invariant checks")
    config.addinivalue_line("markers", "examples: runs an example implementation through rulespec verify (slow)")
    timeout: float = config.option.case_timeout
    config.stash[SUBJECTS] = Subjects(config.getoption("--impl"), selected_games(config), config.getoption("--cmd"), timeout)
    config.pluginmanager.register(config.stash[SUBJECTS], "rulespec-subjects")
    recorder = Recorder(config)
    config.stash[RECORDER] = recorder
    config.pluginmanager.register(recorder, "rulespec-recorder")


def pytest_unconfigure(config: pytest.Config) -> None:
    if SUBJECTS in config.stash:
        config.stash[SUBJECTS].close()
    if _is_worker(config) or RECORDER not in config.stash:
        return  # only the controller holds every record
    report: str | None = config.getoption("--rulespec-report")
    if report:
        config.stash[RECORDER].write(Path(report))
    saved_dir: str | None = config.getoption("--save-failures")
    if saved_dir:
        failure_vectors.write_saved(Path(saved_dir), config.stash[RECORDER].saved)


def recorder_of(config: pytest.Config) -> Recorder:
    return config.stash[RECORDER]


# --- collection ------------------------------------------------------------------------


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    key = _game_of(collection_path)
    if key is not None and key not in selected_games(config):
        return True
    return None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".json" and _game_of(file_path) is not None and file_path.is_relative_to(VECTORS_DIR):
        collector: pytest.Collector = VectorFileCollector.from_parent(parent, path=file_path)  # pyright: ignore[reportUnknownMemberType]
        return collector
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    chosen: list[str] | None = config.getoption("--rule")
    kept: list[pytest.Item] = []
    for item in items:
        if _game_of(Path(str(item.path))) is None:
            kept.append(item)
            continue
        if not _rules_of(item):
            raise pytest.UsageError(f"{item.nodeid}: a conformance check must name its rules (@pytest.mark.rules)")
        if chosen and not set(chosen) & set(_rules_of(item)):
            continue
        # JUnit XML writes user_properties as <property> elements: one "rule" per rule ID checked
        item.user_properties.extend(("rule", rule) for rule in _rules_of(item))
        kept.append(item)
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


class VectorFileCollector(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        key = _game_of(self.path)
        assert key is not None
        try:
            cases = load_file(game(key), self.path)
        except VectorError as exc:
            raise self.CollectError(str(exc)) from exc
        for loaded in cases:
            item: pytest.Item = VectorItem.from_parent(self, name=loaded.case.id, loaded=loaded)  # pyright: ignore[reportUnknownMemberType]
            yield item


class VectorMismatch(AssertionError):
    """The subject answered, and the answer is not the rules' answer."""


class VectorItem(pytest.Item):
    def __init__(self, *, loaded: LoadedCase, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # pyright: ignore[reportUnknownMemberType]
        self.loaded = loaded

    def runtest(self) -> None:
        subject = self.config.stash[SUBJECTS].get(self.loaded.game)
        verdict = run_case(subject, self.loaded)
        if verdict.outcome == Outcome.NOT_IMPLEMENTED:
            pytest.skip(verdict.detail)
        if verdict.outcome == Outcome.ERROR:
            raise ImplementationError(verdict.detail)
        if verdict.outcome == Outcome.FAILED:
            raise VectorMismatch(verdict.detail)

    def repr_failure(
        self,
        excinfo: pytest.ExceptionInfo[BaseException],
        style: Any = None,
    ) -> str:
        case = self.loaded.case
        request = json.dumps(case.input, sort_keys=True)
        rulings = json.dumps(case.rulings, sort_keys=True)
        return (
            f"{excinfo.value}\n  case {case.id} ({', '.join(case.rules)}): {case.description}\n"
            f"  {self.loaded.operation} {request}\n  rulings {rulings}\n"
            f"  at {self.path.relative_to(REPO_ROOT)} $.cases[{self.loaded.index}]"
        )

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"{self.loaded.operation}: {self.loaded.case.id}"


# --- fixtures for invariants -------------------------------------------------------------


class CheckedSubject:
    """A subject seen through attribute calls, as a game's Protocol; a missing operation skips the test."""

    def __init__(self, subject: Subject, key: str = "", calls: deque[SentCall] | None = None) -> None:
        self._subject = subject
        self._key = key
        self._calls = calls  # what the test sent, for --save-failures

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
