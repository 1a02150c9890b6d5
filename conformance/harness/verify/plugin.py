"""The pytest plugin: collects vectors as tests, plugs in the implementation, counts outcomes per rule.

Loaded automatically wherever rulespec is installed (entry point ``pytest11``). It adds
``--impl`` (a Python implementation under test, ``module:attribute``; the reference when
absent), ``--cmd`` (instead, a command starting an implementation in any language that
speaks the wire protocol), ``--game`` (which games to check) and ``--report-json``
(a JSON record of every check). Each test carries the rule IDs it checks: a vector its ``rules``, an
invariant its ``@pytest.mark.rules(...)``. The run's options are one ``VerifyOptions``: handed over by
``rulespec verify``, or read here from pytest's own, and stashed for every hook (``OPTIONS``).
"""

from __future__ import annotations

import argparse
import gc
import os
from collections import deque
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from rulespec.conformance.harness import profiles
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.rulings import Declared
from rulespec.conformance.harness.verify import collection, declared, preflight, saved_failures, speculation, spread
from rulespec.conformance.harness.verify.collection import game_of
from rulespec.conformance.harness.verify.declared import DECLARED
from rulespec.conformance.harness.verify.failure_text import GroupedFailures, terminal_width
from rulespec.conformance.harness.verify.failures import CALLS
from rulespec.conformance.harness.verify.options import OPTIONS, Shard, VerifyOptions, add_shared
from rulespec.conformance.harness.verify.plain_gate import PlainGate, from_pytest, read_expectations
from rulespec.conformance.harness.verify.recorder import RECORDER, Recorder
from rulespec.conformance.harness.verify.subjects import SUBJECTS, CheckedSubject, Subjects, is_worker, release_kept
from rulespec.conformance.harness.vocabulary import argument
from rulespec.conformance.harness.wire.messages import ENCODER, Started

profiles.register()

_HANDED = "rulespec-options"  # the controller's options, in a pytest-xdist worker's workerinput
_OFFERED = "rulespec-offered"  # what the controller's process offers: a worker's own handshake waits to be needed
_TOGETHER = "rulespec-vectors-together"  # whether the worker is dealt each batch of vector cases whole

# --- options and subjects --------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rulespec", "rulespec conformance")
    group.addoption("--rulespec-options", default=None, help=argparse.SUPPRESS)  # from rulespec verify
    group.addoption("--impl", default=None, metavar="MODULE:ATTR", help="Python implementation under test")
    group.addoption(
        "--cmd", default=None, metavar="COMMAND", help="implementation under test: a command speaking the wire protocol"
    )
    add_shared(group.addoption)
    group.addoption("--game", action="append", default=None, metavar="KEY", help="check only this game")
    group.addoption(
        "--report-json",
        "--rulespec-report",
        dest="report_json",
        default=None,
        metavar="PATH",
        help="write every check's outcome as JSON (--rulespec-report: deprecated spelling)",
    )
    group.addoption("--expectations", default=None, metavar="FILE", help="the gate's known failures and gaps")
    group.addoption(
        "--rulespec-shard",
        type=argument(Shard.parse),
        default=None,
        metavar="K/N",
        help="run only the Kth of N shares of the checks",
    )
    group.addoption("--rulespec-longest-first", action="store_true", help="run the longest checks (as recorded) first")
    durations = "write every check's seconds (for the shares' balance)"
    group.addoption("--rulespec-durations", default=None, metavar="PATH", help=durations)


def options_of(config: pytest.Config) -> VerifyOptions:
    """The run's options: handed over (by ``rulespec verify``, or to a worker by its controller), else pytest's own."""
    handed: str | None = getattr(config, "workerinput", {}).get(_HANDED) or config.getoption("rulespec_options")
    if handed:
        return VerifyOptions.decode(handed)
    options = from_pytest(config)
    problem = preflight.problem_with(options, [game(key) for key in options.games])
    if problem is not None:  # a mistyped --impl or --rule is a usage error, not 500 failed checks
        raise pytest.UsageError(problem)
    return options


def offered_to(config: pytest.Config) -> Started | None:
    """In a pytest-xdist worker, the handshake its controller's process answered (``Subjects.offered``)."""
    said: str | None = getattr(config, "workerinput", {}).get(_OFFERED)
    return msgspec.json.decode(said, type=Started) if said else None


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(*ids): the spec clause IDs a conformance invariant checks")
    config.addinivalue_line("markers", "examples: runs an example implementation through rulespec verify (slow)")
    options = config.stash[OPTIONS] = options_of(config)
    if not is_worker(config):  # the workers, started after this, cut and wrap failures to the controller's terminal
        os.environ.setdefault("COLUMNS", str(terminal_width()))
    collection.set_roots(options.vectors, config.args, config.invocation_params.dir)
    config.stash[SUBJECTS] = Subjects(options, offered_to(config))
    config.stash[DECLARED] = declared.run_declared(options, config.stash[SUBJECTS])
    # rulespec verify hands in its recorder (pytest.main's plugins); any other run makes its own
    given = [plugin for plugin in config.pluginmanager.get_plugins() if isinstance(plugin, Recorder)]
    recorder = config.stash[RECORDER] = given[0] if given else Recorder()
    recorder.config = config
    if not given:
        config.pluginmanager.register(recorder, "rulespec-recorder")
    config.pluginmanager.register(GroupedFailures(lambda: recorder.records), "rulespec-grouped-failures")
    config.pluginmanager.register(speculation, "rulespec-speculation")
    if options.from_command:
        config.pluginmanager.register(FrozenHeap(), "rulespec-frozen-heap")
    elif not is_worker(config):  # a plain pytest run is gated as verify gates (verify/plain_gate.py)
        config.pluginmanager.register(PlainGate(options, recorder, read_expectations(options)), "rulespec-plain-gate")
    durations: str | None = config.getoption("--rulespec-durations")
    if durations is not None and not is_worker(config):  # the controller sees every report
        config.pluginmanager.register(spread.DurationLog(Path(durations)), "rulespec-durations")


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist: a worker decodes its controller's options rather than reading pytest's own again."""
    node.workerinput[_HANDED] = node.config.stash[OPTIONS].encode()
    node.workerinput[_TOGETHER] = spread.vectors_together(node.config)
    offered = node.config.stash[SUBJECTS].offered()
    if offered is not None:  # the worker starts its own process without waiting for its handshake
        node.workerinput[_OFFERED] = ENCODER.encode(offered).decode()


pytest_xdist_make_scheduler = pytest.hookimpl(optionalhook=True)(spread.make_scheduler)


def pytest_unconfigure(config: pytest.Config) -> None:
    if SUBJECTS in config.stash:
        config.stash[SUBJECTS].close()
    release_kept()  # a process the checks before the run started and no run took
    declared.forget(config.stash.get(DECLARED, dict[str, Declared]()))  # the next run in this process declares its own
    if is_worker(config) or RECORDER not in config.stash:
        return  # only the controller holds every record
    options, recorder = config.stash[OPTIONS], config.stash[RECORDER]
    # a write that fails is told after the verdict, never instead of it
    try:
        if options.report_json:
            recorder.write(Path(options.report_json), options)
    except (OSError, ValueError) as exc:
        recorder.unwritten.append(f"--report-json {options.report_json}: could not write: {exc}")
    try:
        if options.save_failures:
            saved_failures.write_saved(Path(options.save_failures), recorder.saved)
    except (OSError, ValueError) as exc:
        recorder.unwritten.append(f"--save-failures {options.save_failures}: could not write: {exc}")


class FrozenHeap:
    """The run's heap, kept out of the garbage collector's way while checks run (``rulespec verify``'s runs alone).

    The modules, checks and vector cases collected live as long as the run: frozen once collection
    ends, no collection walks them again.
    """

    def pytest_collection_finish(self) -> None:
        gc.freeze()

    @pytest.hookimpl(trylast=True)
    def pytest_unconfigure(self, config: pytest.Config) -> None:
        if is_worker(config):
            gc.freeze()  # the worker ends with its session: its last collection need not walk what the run kept
        else:
            gc.unfreeze()  # this process may go on (another implementation, a test calling verify)


# --- checks ----------------------------------------------------------------------------


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    key = game_of(collection_path)
    return True if key is not None and key not in config.stash[OPTIONS].games else None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    return collection.collector(file_path, parent)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Each batch of vector cases is sent ahead as its first case runs, in this process or a worker dealt it whole;
    the implementations' start-up output is shown here, before the checks."""
    config, subjects = session.config, session.config.stash[SUBJECTS]
    if not is_worker(config) or getattr(config, "workerinput").get(_TOGETHER):
        subjects.send_ahead(collection.batches(session.items))
    reporter = None if is_worker(config) else config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        for said in subjects.startup_output():
            reporter.write_line(said)


@pytest.hookimpl(trylast=True)  # the share is dealt from the checks the others (-k, -m) left
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    options = config.stash[OPTIONS]
    collection.choose(config, items, options.rules)
    run = [item.nodeid for item in items if game_of(Path(str(item.path))) is not None]
    spread.order_and_share(config, items, options.shard, bool(config.getoption("--rulespec-longest-first")))
    if RECORDER in config.stash:  # the report's stamp: the run's checks, and this share of them
        share = [item.nodeid for item in items if game_of(Path(str(item.path))) is not None]
        config.stash[RECORDER].own(run, share)


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


def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Hypothesis's plugin turns a check's failing examples into a source patch (``.hypothesis/patches/``), parsing
    the test module with libcst; a failure here is told as its request and differences, and no patch is read."""
    if hasattr(item, "_hypothesis_failing_examples"):
        delattr(item, "_hypothesis_failing_examples")


# --- how the run ends: the implementation's processes stopped --------------------------
# A process that exits non-zero or writes to stderr when told to stop, or leaves a process of its group
# running, is a fault of the implementation: an error record of the run (Recorder.record_ending). A
# pytest-xdist worker stops its subjects before it reports back; their faults ride in its output.

_ENDING_FAULTS = "rulespec-ending-faults"
_SHARE = "rulespec-share"  # a worker's run and share (Recorder.own), for the controller's report stamp


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if SUBJECTS not in config.stash:
        return
    faults = config.stash[SUBJECTS].close()
    if is_worker(config):
        getattr(config, "workeroutput")[_ENDING_FAULTS] = faults
        recorder = config.stash.get(RECORDER, None)
        if recorder is not None and recorder.run is not None:
            getattr(config, "workeroutput")[_SHARE] = [*recorder.run, list(recorder.share)]
    elif faults and RECORDER in config.stash:
        config.stash[RECORDER].record_ending(config.stash[OPTIONS].games[0], faults)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """pytest-xdist: a worker finished; its processes' ending faults join the controller's records."""
    faults: list[str] = getattr(node, "workeroutput", {}).get(_ENDING_FAULTS, [])
    node.config.stash[RECORDER].told_by_worker(getattr(node, "workeroutput", {}).get(_SHARE))
    if faults:
        node.config.stash[RECORDER].record_ending(node.config.stash[OPTIONS].games[0], faults)


# --- fixtures for invariants -------------------------------------------------------------


@pytest.fixture
def rulespec_subject(request: pytest.FixtureRequest) -> Callable[[str], object]:
    """``rulespec_subject("soe")``: the implementation under test for that game, to cast to its Protocol."""
    subjects = request.config.stash[SUBJECTS]
    # the last calls are enough: Hypothesis replays the shrunk failing example last
    calls = request.node.stash.setdefault(CALLS, deque(maxlen=64))
    return lambda key: CheckedSubject(subjects.get(key), key, calls)
