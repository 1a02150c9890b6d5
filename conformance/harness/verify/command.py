"""``rulespec verify`` and ``rulespec expectations --write``: run the suite through pytest, then the table and the gate."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from rich.console import Console

from conformance.harness.commands import Commands
from conformance.harness.games import INVARIANTS_DIR, REGISTRY, REPO_ROOT, VECTORS_DIR, game
from conformance.harness.gate import options as gate_options
from conformance.harness.per_rule import render, tally
from conformance.harness.verify import several
from conformance.harness.verify.recorder import RECORDER, Recorder
from conformance.harness.wire.session import DEFAULT_TIMEOUT


class _Capture:
    """Keeps the recorder of the pytest run that verify starts."""

    def __init__(self) -> None:
        self.recorder: Recorder | None = None

    def pytest_configure(self, config: pytest.Config) -> None:
        self.recorder = config.stash[RECORDER]


def verify(args: argparse.Namespace) -> int:
    keys: list[str] = args.game or sorted(REGISTRY)
    games = [game(key) for key in keys]
    paths = [str(path) for key in keys for path in (VECTORS_DIR / key, INVARIANTS_DIR / key) if path.exists()]
    pytest_args = [*paths, "-p", "no:cacheprovider", "--rootdir", str(REPO_ROOT), "--tb=short", "-q"]
    pytest_args += [f"--game={key}" for key in keys]
    pytest_args += [f"--hypothesis-profile={args.profile}"]
    pytest_args += [f"--rule={rule}" for rule in args.rule or ()]
    if len(args.subjects) > 1:
        return several.verify_several(args, games, [*pytest_args, *gate_options.pytest_args(args), *args.pytest_args])
    if args.impl:
        pytest_args.append(f"--impl={args.impl}")
    if args.cmd:
        pytest_args += [f"--cmd={args.cmd}", f"--case-timeout={args.case_timeout}"]
    if args.report_json:
        pytest_args.append(f"--rulespec-report={args.report_json}")
    pytest_args += gate_options.pytest_args(args)
    pytest_args += args.pytest_args
    capture = _Capture()
    code = pytest.main(pytest_args, plugins=[capture])
    if capture.recorder is None or code in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.INTERNAL_ERROR):
        return int(code) or 2
    recorder = capture.recorder
    verification = tally(games, recorder.records, only=args.rule)
    label = f"{args.impl or args.cmd or 'the reference'} ({', '.join(keys)})"
    render(verification, label, Console())
    if code == pytest.ExitCode.INTERRUPTED:
        return int(code)
    status = gate_options.conclude(args, games, verification, recorder.records, len(recorder.saved), label)
    return several.publish_one(args, games, recorder.records) or status


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not seconds > 0:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number of seconds above 0")
    return seconds


def verify_arguments(run: argparse.ArgumentParser) -> None:
    """The options of ``verify`` (shared by ``expectations --write``, which runs the same suite)."""
    run.add_argument("--game", action="append", choices=sorted(REGISTRY), help="check only this game (repeatable)")
    several.add_subject_options(run)  # --impl, --cmd (each repeatable, to compare), --html
    run.add_argument(
        "--case-timeout", type=_seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS", help="--cmd: seconds to wait per reply"
    )
    run.add_argument("--rule", action="append", metavar="ID", help="check only this rule (repeatable)")
    run.add_argument("--profile", default="dev", choices=("dev", "ci", "deep", "canary"), help="Hypothesis search budget")
    run.add_argument("--report-json", metavar="PATH", help="write every check's outcome as JSON")
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
    record.add_argument("--write", required=True, type=Path, metavar="PATH", help="the expectations file (JSON) to write")
    verify_arguments(record)
    record.set_defaults(handler=_write_expectations)
