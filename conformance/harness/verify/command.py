"""``rulespec verify`` and ``rulespec expectations --write``: run the suite through pytest, then the
table and the gate.
"""

from __future__ import annotations

import argparse
import sys

import pytest
from rich.console import Console

from conformance.harness.games import (
    INVARIANTS_DIR,
    REGISTRY,
    REPO_ROOT,
    VECTORS_DIR,
    game,
)
from conformance.harness.gate import options as gate_options
from conformance.harness.per_rule import render, tally
from conformance.harness.verify import (
    outputs,
    preflight,
    saved_failures,
    several,
    spread,
)
from conformance.harness.verify.breaker import DEFAULT_MAX_FAULTS
from conformance.harness.verify.collection import game_of
from conformance.harness.verify.progress import RunProgress
from conformance.harness.verify.recorder import RECORDER, Recorder
from conformance.harness.verify.spread import Shard
from conformance.harness.vocabulary import Commands, add_game, argument, max_faults, seconds, usage_error
from conformance.harness.wire.session import DEFAULT_TIMEOUT


class _Capture:
    """Keeps the recorder of the pytest run that verify starts."""

    def __init__(self) -> None:
        self.recorder: Recorder | None = None
        self.config: pytest.Config | None = None

        self.collected: set[str] = set()

    def pytest_configure(self, config: pytest.Config) -> None:
        self.recorder = config.stash[RECORDER]
        self.config = config

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.collected.update(item.nodeid for item in session.items)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: object, ids: list[str]) -> None:
        self.collected.update(ids)

    def unrecorded(self) -> int:
        """Checks collected that got no record: the process running them ended early (a complete verdict has none)."""
        assert self.recorder is not None
        checks = {nodeid for nodeid in self.collected if game_of(REPO_ROOT / nodeid.split("::")[0]) is not None}
        return len(checks - {record.nodeid for record in self.recorder.records})


def verify(args: argparse.Namespace) -> int:
    unwritable = outputs.problems(args) + saved_failures.unreadable(args.save_failures)
    for output in unwritable:  # before the run: a long run must not end in a file that cannot be written
        print(f"rulespec verify: error: {output}", file=sys.stderr)
    if unwritable:
        return 2
    keys: list[str] = list(dict.fromkeys(args.game or sorted(REGISTRY)))
    games = [game(key) for key in keys]
    problem = preflight.problem_with(args, games)
    if problem is not None:
        return usage_error(args.command, problem)  # before anything runs, and never recorded by --write
    paths = [str(path) for key in keys for path in (VECTORS_DIR / key, INVARIANTS_DIR / key) if path.exists()]
    verbose = any(arg.startswith("-v") or arg == "--verbose" for arg in args.pytest_args)
    # -qq: the run's counts are rulespec's own (progress, table), not pytest's closing line
    pytest_args = [
        *paths,
        "-p",
        "no:cacheprovider",
        "--rootdir",
        str(REPO_ROOT),
        "--tb=short",
        *([] if verbose else ["-qq"]),
    ]
    # the heap frozen while checks run (verify/heap.py); no unraisableexception plugin: it collects garbage
    # twice as each process ends (0.3 s), to warn of exceptions in finalizers, and an implementation runs
    # in a process of its own (--impl, --cmd), never in these. Together: last check to exit 1.0 s -> 0.1 s.
    pytest_args += ["-p", "conformance.harness.verify.heap", "-p", "no:unraisableexception"]
    # no short summary (each failure is shown in full above it; -v lists them) and so none of the
    # project's -ra skips; no warning about modules imported before pytest could rewrite their asserts
    # (the harness's own, loaded as a plugin: its failures are shown in JSON, not by assert rewriting)
    pytest_args += ["-rN" if not verbose else "-rfE", "-W", "ignore::pytest.PytestAssertRewriteWarning"]
    pytest_args += ["-o", "console_output_style=classic"]
    pytest_args += [f"--game={key}" for key in keys]
    pytest_args += [f"--hypothesis-profile={args.profile}"]
    pytest_args += [f"--rule={rule}" for rule in args.rule or ()]
    pytest_args += [option for folder in args.vectors or () for option in (f"--vectors={folder}", folder)]
    if len(args.subjects) > 1:
        return several.verify_several(args, games, [*pytest_args, *gate_options.pytest_args(args), *args.pytest_args])
    if args.impl:
        pytest_args.append(f"--impl={args.impl}")
    if args.cmd:
        pytest_args.append(f"--cmd={args.cmd}")
    pytest_args += [f"--case-timeout={args.case_timeout}", f"--max-faults={args.max_faults}"]
    if args.report_json:
        pytest_args.append(f"--report-json={args.report_json}")
    pytest_args += gate_options.pytest_args(args)
    pytest_args += spread.pytest_args(args, keys)
    pytest_args += args.pytest_args
    capture = _Capture()
    progress = RunProgress()
    try:
        code = pytest.main(pytest_args, plugins=[capture, progress])
    finally:
        progress.close()
    if capture.recorder is None or code in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.INTERNAL_ERROR):
        return int(code) or 2
    recorder = capture.recorder
    # a shard is judged on the rules its checks name; ``rulespec report merge`` judges them all
    only = args.rule or (spread.rules_checked(recorder.records) if args.shard else None)
    verification = tally(games, recorder.records, only=only)
    label = (
        f"{args.impl or args.cmd or 'the reference'} ({', '.join(keys)}{f', shard {args.shard}' if args.shard else ''})"
    )
    render(verification, label, Console(), failed_only=args.failed_only)
    if code == pytest.ExitCode.INTERRUPTED:
        return int(code)
    unrecorded = capture.unrecorded()
    if unrecorded:
        Console().print(
            f"[bold red]error: the run ended without a complete verdict: {unrecorded} check(s) left no outcome[/]"
        )
        return int(pytest.ExitCode.INTERNAL_ERROR)
    try:
        status = gate_options.conclude(args, games, verification, recorder.records, len(recorder.saved), label)
    except OSError as exc:  # the summary or expectations file, written after the verdict was printed
        print(f"rulespec verify: error: could not write: {exc}", file=sys.stderr)
        status = 1
    failed_writes: list[str] = capture.config.stash.get(outputs.WRITE_FAULTS, list[str]()) if capture.config else []
    for failed in failed_writes:
        print(f"rulespec verify: error: {failed}", file=sys.stderr)
    published = several.publish_one(args, games, recorder.records)
    return status or published or (1 if failed_writes else 0)


def verify_arguments(run: argparse.ArgumentParser) -> None:
    """The options of ``verify`` (shared by ``expectations --write``, which runs the same suite)."""
    add_game(run)
    several.add_subject_options(run)  # --impl, --cmd (each repeatable, to compare), --html
    run.add_argument(
        "--case-timeout",
        type=argument(seconds),
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help="--impl, --cmd: seconds to wait per reply",
    )
    run.add_argument(
        "--max-faults",
        type=argument(max_faults),
        default=DEFAULT_MAX_FAULTS,
        metavar="N",
        help="implementation faults before every later check is an error",
    )
    run.add_argument("--rule", action="append", metavar="ID", help="check only this rule (repeatable)")
    run.add_argument(
        "--vectors", action="append", metavar="DIR", help="also run your own vector files under DIR (repeatable)"
    )
    run.add_argument(
        "--profile", default="dev", choices=("dev", "ci", "deep", "canary"), help="Hypothesis search budget"
    )
    run.add_argument("--report-json", metavar="PATH", help="write every check's outcome as JSON")
    run.add_argument(
        "--failed-only", action="store_true", help="in the per-rule table, only the rules that did not pass"
    )
    run.add_argument(
        "--shard",
        type=argument(Shard.parse),
        metavar="K/N",
        help="run the Kth of N shares of the checks (balanced, stable); join the reports with rulespec report merge",
    )
    run.add_argument("pytest_args", nargs="*", help="after --: passed to pytest as they are")
    gate_options.add_verify_options(run)


def _write_expectations(args: argparse.Namespace) -> int:
    args.write_expectations = args.write
    return verify(args)


def add_commands(commands: Commands) -> None:
    run = commands.add_parser("verify", help="run the vectors and invariants against an implementation")
    verify_arguments(run)
    run.set_defaults(handler=verify)
    record = commands.add_parser("expectations", help="run the suite and write its failures as an expectations file")
    record.add_argument(
        "--write",
        required=True,
        type=gate_options.expectations_path,
        metavar="PATH",
        help="the expectations file (.json or .toml) to write; entries already in it keep their reasons",
    )
    verify_arguments(record)
    record.set_defaults(handler=_write_expectations)
