"""``rulespec verify`` and ``rulespec expectations --write``: run the suite through pytest, then the
table and the gate.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import msgspec
import pytest
from rich.console import Console
from rich.text import Text

from rulespec.conformance.harness.games import INVARIANTS_DIR, SUITE_PYTEST_ARGS, VECTORS_DIR, game
from rulespec.conformance.harness.gate.conclude import Known, conclude, read_known
from rulespec.conformance.harness.gate.expectations import ExpectationsError
from rulespec.conformance.harness.gate.judge import judge
from rulespec.conformance.harness.gate.stamp import seed_of, stamp_now
from rulespec.conformance.harness.per_rule import render, tally
from rulespec.conformance.harness.records import declared_text
from rulespec.conformance.harness.verify import preflight, several, spread
from rulespec.conformance.harness.verify.declared import file_rulings, hint
from rulespec.conformance.harness.verify.failure_text import closing_summary, wrapped
from rulespec.conformance.harness.verify.options import VerifyOptions, add_options, expectations_path, from_command_line
from rulespec.conformance.harness.verify.progress import RunProgress
from rulespec.conformance.harness.verify.recorder import Recorder
from rulespec.conformance.harness.verify.subjects import release_kept
from rulespec.conformance.harness.vocabulary import Commands, usage_error


def _known(options: VerifyOptions) -> Known | str:
    """The expectations, read once before the run; the problem with them in one line."""
    given = Path(options.expectations) if options.expectations else None
    writing = Path(options.write_expectations) if options.write_expectations else None
    try:
        return read_known(given, writing)
    except ExpectationsError as exc:
        return str(exc)


def with_file_rulings(options: VerifyOptions, known: Known) -> VerifyOptions | str:
    """The options with the expectations file's ``rulings`` declared too (``--expectations``, else for
    ``expectations --write PATH`` the file being written); where the command line declares the same field, the
    two must name the same values (the problem in one line otherwise)."""
    if known.expectations is not None and known.expectations.rulings:
        pairs, named = known.expectations.ruling_pairs, f"--expectations {options.expectations}"
    elif known.write_to is not None and any(file.rulings for file in known.previous):
        pairs = next(file.ruling_pairs for file in known.previous if file.rulings)
        named = f"--write {known.write_to}"
    else:
        return options
    given = {field for field, _ in options.rulings}
    for field in given & {field for field, _ in pairs}:
        mine = sorted(value for name, value in options.rulings if name == field)
        theirs = sorted(value for name, value in pairs if name == field)
        if mine != theirs:
            theirs_text = "|".join(theirs)
            return f"--ruling {field}={'|'.join(mine)} disagrees with {named}, which declares {field}={theirs_text}"
    joined = (*options.rulings, *((field, value) for field, value in pairs if field not in given))
    options = msgspec.structs.replace(options, rulings=joined)
    problem = preflight.problem_with(options, [game(key) for key in options.games])
    return options if problem is None else f"{named}: rulings: {problem}"


def _pytest_args(options: VerifyOptions) -> list[str]:
    """The suite's folders and pytest's options for the run (the implementation's are in the options handed over)."""
    keys = options.games
    paths = [str(path) for key in keys for path in (VECTORS_DIR / key, INVARIANTS_DIR / key) if path.exists()]
    verbose = any(arg.startswith("-v") or arg == "--verbose" for arg in options.pytest_args)
    # -qq: the run's counts are rulespec's own (progress, table), not pytest's closing line
    args = [*paths, *SUITE_PYTEST_ARGS, "--tb=short", *([] if verbose else ["-qq"])]
    # no unraisableexception plugin: it collects garbage twice as each process ends (0.3 s), to warn of
    # exceptions in finalizers, and an implementation runs in a process of its own (--impl, --cmd), never in
    # these. With the heap frozen while checks run (verify/plugin.py): last check to exit 1.0 s -> 0.1 s.
    args += ["-p", "no:unraisableexception"]
    # no short summary (each failure is shown in full above it; -v lists them) and so none of the
    # project's -ra skips; no warning about modules imported before pytest could rewrite their asserts
    # (the harness's own, loaded as a plugin: its failures are shown in JSON, not by assert rewriting)
    args += ["-rN" if not verbose else "-rfE", "-W", "ignore::pytest.PytestAssertRewriteWarning"]
    args += ["-o", "console_output_style=classic", f"--hypothesis-profile={options.profile}"]
    args += options.vectors  # collected as the user's own vector files
    if options.numprocesses:
        args += ["-n", options.numprocesses]
    if options.junit_xml:
        # xunit1: the JUnit family whose <testcase> may hold <properties> (the rule IDs)
        args += [f"--junitxml={options.junit_xml}", "-o", "junit_family=xunit1", "-o", "junit_suite_name=rulespec"]
    return args


def verify(args: argparse.Namespace) -> int:
    try:
        return _verify(from_command_line(args))
    finally:
        release_kept()  # a process started by the checks before a run that never began


def _verify(options: VerifyOptions) -> int:
    unwritable = preflight.unwritable(options)
    for output in unwritable:  # before the run: a long run must not end in a file that cannot be written
        print(f"rulespec verify: error: {output}", file=sys.stderr)
    if unwritable:
        return 2
    games = [game(key) for key in options.games]
    problem = preflight.problem_with(options, games)
    known = _known(options) if problem is None else problem
    if isinstance(known, str):
        return usage_error(options.command, known)  # before anything runs, and never recorded by --write
    declared = with_file_rulings(options, known)
    if isinstance(declared, str):
        return usage_error(options.command, declared)
    options = declared
    pytest_args = _pytest_args(options)
    if len(options.subjects) > 1:
        return several.verify_several(options, games, [*pytest_args, *options.pytest_args])
    pytest_args += [*spread.pytest_args(options), *options.pytest_args, f"--rulespec-options={options.encode()}"]
    recorder = Recorder()
    progress = RunProgress(recorder)
    try:
        code = pytest.main(pytest_args, plugins=[recorder, progress])
    finally:
        progress.close()
    if code == pytest.ExitCode.USAGE_ERROR:
        return 2  # one exit status for every usage error, as argparse's (pytest's own is 4)
    if recorder.config is None or code == pytest.ExitCode.INTERNAL_ERROR:
        return int(code) or 2
    # a shard is judged on the rules its checks name; ``rulespec report merge`` judges them all
    only = list(options.rules) or (spread.rules_checked(recorder.records) if options.shard else None)
    verification = tally(games, recorder.records, only=only)
    shard = f", shard {options.shard}" if options.shard else ""
    label = f"{options.impl or options.cmd or 'the reference'} ({', '.join(options.games)}{shard})"
    under = declared_text(recorder.records)  # the rulings declared, which every verdict is under
    label += f" · {under}" if under else ""
    render(verification, label, Console(), failed_only=options.failed_only)
    if under:
        rederived = sum(1 for record in recorder.records if record.rederived)
        said = (
            f"rulings: judged under {under} ({rederived} vector case(s) re-derived: the reference's answer under them)"
        )
        for line in wrapped(said, Console().width):
            Console(soft_wrap=True).print(Text(line))
    for line in closing_summary(recorder.records):
        Console(soft_wrap=True).print(Text(line))
    if code == pytest.ExitCode.INTERRUPTED:
        return int(code)
    unrecorded = recorder.unrecorded()
    if unrecorded:
        Console().print(
            f"[bold red]error: the run ended without a complete verdict: {unrecorded} check(s) left no outcome[/]"
        )
        return int(pytest.ExitCode.INTERNAL_ERROR)
    stamp = stamp_now(games, options.profile, seed_of(options.pytest_args))
    try:
        status = conclude(
            known,
            options.bounds,
            stamp,
            verification,
            recorder.records,
            label,
            saved=len(recorder.saved),
            save_failures=options.save_failures,
            junit_xml=options.junit_xml,
            summary_md=options.summary_md,
            rulings=file_rulings(options),
        )
    except OSError as exc:  # the summary or expectations file, written after the verdict was printed
        print(f"rulespec verify: error: could not write: {exc}", file=sys.stderr)
        status = 1
    for failed in recorder.unwritten:
        print(f"rulespec verify: error: {failed}", file=sys.stderr)
    gate = judge(verification, recorder.records, options.bounds, known.expectations, stamp)
    published = several.publish_one(options, games, recorder.records, gate)
    told = hint(recorder.records)
    if told:  # the last line: a reading the spec allows may explain the failures
        Console().print(told, style="yellow", markup=False)  # wrapped to the terminal's width at word boundaries
    return status or published or (1 if recorder.unwritten else 0)


def add_commands(commands: Commands) -> None:
    run = commands.add_parser("verify", help="run the vectors and invariants against an implementation")
    add_options(run)
    run.set_defaults(handler=verify)
    record = commands.add_parser("expectations", help="run the suite and write its failures as an expectations file")
    record.add_argument(
        "--write",
        required=True,
        type=expectations_path,
        metavar="PATH",
        help="the expectations file (.json or .toml) to write; entries already in it keep their reasons",
    )
    add_options(record)
    record.set_defaults(handler=verify)
