"""Several implementations in one ``verify`` run: each checked in a pytest session of its own, then compared.

``--impl`` and ``--cmd`` may each be given more than once, each as ``[NAME=]...``. One subject keeps
verify's own output exactly; with several, each runs the same suite in turn and the run ends with
one table (a column per implementation), a gate line per implementation, and ``--report-json`` /
``--html`` holding them all. Each implementation is named (``NAME=``, else by its wire handshake or its
attribute) and its version found (the handshake's, or its Python package's) without running a check.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import msgspec
import pytest
from rich.console import Console
from rich.rule import Rule

from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.gate.judge import GateResult, judge
from rulespec.conformance.harness.gate.stamp import seed_of, stamp_now
from rulespec.conformance.harness.outputs import terminal_text
from rulespec.conformance.harness.per_rule import tally
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.report.html import publish
from rulespec.conformance.harness.report.implementations import (
    GateSummary,
    Identity,
    Implementation,
    write_implementations,
)
from rulespec.conformance.harness.report.matrix import game_matrix, render_matrix
from rulespec.conformance.harness.verify import preflight
from rulespec.conformance.harness.verify.options import NamedSubject, VerifyOptions
from rulespec.conformance.harness.verify.progress import RunProgress
from rulespec.conformance.harness.verify.recorder import Recorder
from rulespec.conformance.harness.wire.faults import WireFault
from rulespec.conformance.harness.wire.session import WireSession


@dataclass(frozen=True)
class Who:
    name: str
    version: str | None
    language: str | None


def identify(subject: NamedSubject, timeout: float, key: str) -> Who:
    """The subject's name (given, else the handshake's or the attribute's) and version, without running a check.

    A --cmd that cannot start is named by its command with no version (its run says why); an --impl
    that cannot be loaded is refused (ValueError).
    """
    if subject.kind == "cmd":
        session = WireSession(subject.text, timeout)
        try:
            started = session.started()
        except WireFault:
            return Who(subject.name or subject.text, None, None)
        finally:
            session.close()
        who = started.implementation
        return Who(subject.name or who.name, who.version, who.language)
    default = subject.text.rpartition(":")[2] or subject.text
    try:  # loaded in a process of its own, never in this one
        version = preflight.loaded(key, subject.text).version
    except preflight.UsageProblem as exc:
        raise ValueError(str(exc)) from exc
    return Who(subject.name or default, version, "python")


# verify's options that name one implementation's files: refused with several implementations
_ONE_IMPLEMENTATION = {
    "expectations": "--expectations",
    "junit_xml": "--junit-xml",
    "summary_md": "--summary-md",
    "save_failures": "--save-failures",
    "write_expectations": "expectations --write",
}


def _unique(whos: Sequence[Who], subjects: Sequence[NamedSubject]) -> list[str] | str:
    """Each subject's name, made distinct with ``#2``... when defaults clash; a given name twice is an error."""
    given = [s.name for s in subjects if s.name]
    repeated = sorted({name for name in given if given.count(name) > 1})
    if repeated:
        return f"the name {repeated[0]!r} is given to two implementations: names must differ"
    taken: set[str] = set(given)
    names: list[str] = []
    for who, subject in zip(whos, subjects, strict=True):
        name, n = who.name, 2
        while subject.name is None and name in taken:
            name, n = f"{who.name} #{n}", n + 1
        taken.add(name)
        names.append(name)
    return names


def run_one(options: VerifyOptions, subject: NamedSubject, suite_args: Sequence[str]) -> tuple[int, list[CheckRecord]]:
    """One subject through the suite in a pytest session of its own: pytest's exit code and every check's record."""
    own = msgspec.structs.replace(options, subjects=(subject,))
    recorder = Recorder()
    progress = RunProgress(recorder)  # the same look as a run of one: progress lines, no pytest dots
    try:
        code = int(pytest.main([*suite_args, f"--rulespec-options={own.encode()}"], plugins=[recorder, progress]))
    finally:
        progress.close()
    if recorder.config is None:
        return code or 2, []
    return code, list(recorder.records)


def verify_several(options: VerifyOptions, games: Sequence[Game], suite_args: Sequence[str]) -> int:
    """Run every subject, then the matrix, a gate line each, and the report and site of them all."""
    console = Console()
    refused = [flag for attribute, flag in _ONE_IMPLEMENTATION.items() if getattr(options, attribute)]
    if refused:
        console.print(
            f"[bold red]{', '.join(refused)}: one implementation's files; give one --impl or --cmd with it[/]"
        )
        return 2
    subjects = options.subjects
    try:
        whos = [identify(subject, options.case_timeout, options.games[0]) for subject in subjects]
    except ValueError as exc:
        console.print(f"[bold red]{terminal_text(exc)}[/]")
        return 2
    names = _unique(whos, subjects)
    if isinstance(names, str):
        console.print(f"[bold red]{terminal_text(names)}[/]")
        return 2
    seed = seed_of(options.pytest_args)
    stamp = stamp_now(games, options.profile, seed)
    keys = tuple(game.key for game in games)
    implementations: list[Implementation] = []
    gates: list[GateResult] = []
    for index, (subject, who, name) in enumerate(zip(subjects, whos, names, strict=True)):
        console.print(Rule(terminal_text(f"{index + 1}/{len(subjects)}: {name} ({subject.option})")))
        code, records = run_one(options, subject, suite_args)
        if code in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.INTERRUPTED):
            console.print(
                f"[bold red]{terminal_text(name)}: the run stopped (pytest exit code {code}); nothing compared[/]"
            )
            return code
        only = options.rules
        gate = judge(tally(games, records, only=list(only) or None), records, options.bounds, None, stamp)
        identity = Identity(
            name,
            subject.option,
            who.version,
            who.language,
            keys,
            options.profile,
            seed,
            stamp,
            only,
            GateSummary.of(gate),
        )
        implementations.append(Implementation(identity, tuple(records)))
        gates.append(gate)
    for game in games:
        render_matrix(game_matrix(game, implementations, list(options.rules) or None), console)
    for implementation, gate in zip(implementations, gates, strict=True):
        counts = ", ".join(f"{n} {outcome}" for outcome, n in gate.counts.items() if n)
        verdict = "[green]PASSED[/]" if gate.passed else "[bold red]FAILED[/]"
        console.print(f"gate: {terminal_text(implementation.name)}: {verdict} ({counts or 'no checks'})")
    passed = all(gate.passed for gate in gates)
    if options.report_json:
        write_implementations(Path(options.report_json), implementations)
        console.print(f"report: {options.report_json} ({len(implementations)} implementations)")
    if options.html and publish(Path(options.html), implementations, console):
        return 2
    return 0 if passed else 1


def publish_one(options: VerifyOptions, games: Sequence[Game], records: Sequence[CheckRecord], gate: GateResult) -> int:
    """``--html`` of a one-subject run: the site of that one implementation (0, or 2 when it cannot be written)."""
    if not options.html:
        return 0
    subject: NamedSubject | None = options.subjects[0] if options.subjects else None
    if subject is None:
        who = Who("reference", f"rulespec {metadata.version('rulespec')}", "python")
    else:
        who = identify(subject, options.case_timeout, options.games[0])
    seed = seed_of(options.pytest_args)
    identity = Identity(
        who.name,
        subject.option if subject else "",
        who.version,
        who.language,
        tuple(game.key for game in games),
        options.profile,
        seed,
        stamp_now(games, options.profile, seed),
        options.rules,
        GateSummary.of(gate),
    )
    return publish(Path(options.html), [Implementation(identity, tuple(records))])
