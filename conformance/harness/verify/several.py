"""Several implementations in one ``verify`` run: each checked in a pytest session of its own, then compared.

``--impl`` and ``--cmd`` may each be given more than once, each as ``[NAME=]...``. One subject keeps
verify's own output exactly; with several, each runs the same suite in turn and the run ends with
one table (a column per implementation), a gate line per implementation, and ``--report-json`` /
``--html`` holding them all. Each implementation is named (``NAME=``, else by its wire handshake or its
attribute) and its version found (the handshake's, or its Python package's) without running a check.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.rule import Rule

from conformance.harness.games import REPO_ROOT, Game
from conformance.harness.gate.judge import Bounds, judge
from conformance.harness.gate.stamp import seed_of, stamp_now
from conformance.harness.per_rule import tally
from conformance.harness.records import CheckRecord
from conformance.harness.report.html import publish, site_dir
from conformance.harness.report.implementations import Identity, Implementation, write_implementations
from conformance.harness.report.matrix import game_matrix, render_matrix
from conformance.harness.subject import load_python_target
from conformance.harness.verify.recorder import RECORDER, Recorder
from conformance.harness.vocabulary import argument
from conformance.harness.wire.faults import WireFault, parse_command
from conformance.harness.wire.session import WireSession

# ``name=`` before an --impl or --cmd names the implementation in tables, reports and badges.
_NAMED = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9_.+-]*)=(?P<rest>\S.*)$", re.DOTALL)


@dataclass(frozen=True)
class NamedSubject:
    """One ``--impl`` or ``--cmd`` as given: its kind, the name given with it (if any), and its text."""

    kind: str  # "impl" or "cmd"
    name: str | None
    text: str

    @property
    def option(self) -> str:
        return f"--{self.kind} {self.text}"


def named(kind: str, given: str) -> NamedSubject:
    """``[NAME=]TEXT`` as a NamedSubject; a --cmd is refused at once if it cannot be run."""
    match = _NAMED.match(given)
    name, text = (match["name"], match["rest"]) if match else (None, given)
    if kind == "cmd":
        parse_command(text)  # ValueError naming the fault
    elif not text or text.startswith(":"):
        raise ValueError(f"--impl {given!r}: expected [NAME=]module:attribute")
    return NamedSubject(kind, name, text)


@dataclass(frozen=True)
class Who:
    name: str
    version: str | None
    language: str | None


def _package_version(spec: str) -> str | None:
    """The version of the package an ``--impl`` comes from: its ``__version__``, its distribution, or this checkout's.

    An --impl that cannot be loaded is refused here (ValueError), before any check runs.
    """
    load_python_target(spec)
    module_name = spec.partition(":")[0]
    module = importlib.import_module(module_name)
    top = sys.modules.get(module_name.partition(".")[0], module)
    for owner in (module, top):
        version = getattr(owner, "__version__", None)
        if isinstance(version, str):
            return version
    for distribution in metadata.packages_distributions().get(top.__name__, ()):
        return f"{distribution} {metadata.version(distribution)}"
    source = getattr(module, "__file__", None)
    if source and Path(source).resolve().is_relative_to(REPO_ROOT):
        return f"rulespec {metadata.version('rulespec')} (this checkout)"
    return None


def identify(subject: NamedSubject, timeout: float) -> Who:
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
    return Who(subject.name or default, _package_version(subject.text), "python")


# verify's options that name one implementation's files: refused with several implementations
_ONE_IMPLEMENTATION = {
    "expectations": "--expectations",
    "junit_xml": "--junit-xml",
    "summary_md": "--summary-md",
    "save_failures": "--save-failures",
    "write_expectations": "expectations --write",
}


class SubjectOption(argparse.Action):
    """``--impl`` / ``--cmd``: each appended, in order, to ``subjects``; the option's own name keeps the last text."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        subject: NamedSubject = values
        namespace.subjects = (*namespace.subjects, subject)
        setattr(namespace, self.dest, subject.text)


def _subject_type(kind: str) -> Any:
    return argument(lambda text: named(kind, text))


def add_subject_options(run: argparse.ArgumentParser) -> None:
    """``--impl`` and ``--cmd`` (repeatable, ``[NAME=]``), and ``--html``."""
    run.add_argument(
        "--impl",
        action=SubjectOption,
        type=_subject_type("impl"),
        metavar="[NAME=]MODULE:ATTR",
        help="Python implementation (default: the reference); repeat, with --cmd too, to compare several",
    )
    run.add_argument(
        "--cmd",
        action=SubjectOption,
        type=_subject_type("cmd"),
        metavar="[NAME=]COMMAND",
        help='any language: a command speaking the wire protocol ("node impl.js"); repeatable',
    )
    run.add_argument(
        "--html", type=site_dir, metavar="OUT", help="write the static compliance site and badges into OUT/"
    )
    run.set_defaults(subjects=(), impl=None, cmd=None)


class _Capture:
    """Keeps the recorder of one subject's pytest session."""

    def __init__(self) -> None:
        self.recorder: Recorder | None = None

    def pytest_configure(self, config: pytest.Config) -> None:
        self.recorder = config.stash[RECORDER]


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


def run_one(subject: NamedSubject, suite_args: Sequence[str], case_timeout: float) -> tuple[int, list[CheckRecord]]:
    """One subject through the suite in a pytest session of its own: pytest's exit code and every check's record."""
    own = (
        [f"--impl={subject.text}"]
        if subject.kind == "impl"
        else [f"--cmd={subject.text}", f"--case-timeout={case_timeout}"]
    )
    capture = _Capture()
    code = int(pytest.main([*suite_args, *own], plugins=[capture]))
    if capture.recorder is None:
        return code or 2, []
    return code, list(capture.recorder.records)


def verify_several(args: argparse.Namespace, games: Sequence[Game], suite_args: Sequence[str]) -> int:
    """Run every subject, then the matrix, a gate line each, and the report and site of them all."""
    console = Console()
    refused = [flag for dest, flag in _ONE_IMPLEMENTATION.items() if getattr(args, dest, None)]
    if refused:
        console.print(
            f"[bold red]{', '.join(refused)}: one implementation's files; give one --impl or --cmd with it[/]"
        )
        return 2
    subjects: tuple[NamedSubject, ...] = args.subjects
    try:
        whos = [identify(subject, args.case_timeout) for subject in subjects]
    except ValueError as exc:
        console.print(f"[bold red]{exc}[/]")
        return 2
    names = _unique(whos, subjects)
    if isinstance(names, str):
        console.print(f"[bold red]{names}[/]")
        return 2
    seed = seed_of(args.pytest_args)
    stamp = stamp_now(games, args.profile, seed)
    keys = tuple(game.key for game in games)
    implementations: list[Implementation] = []
    for index, (subject, who, name) in enumerate(zip(subjects, whos, names, strict=True)):
        console.print(Rule(f"{index + 1}/{len(subjects)}: {name} ({subject.option})"))
        code, records = run_one(subject, suite_args, args.case_timeout)
        if code in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.INTERRUPTED):
            console.print(f"[bold red]{name}: the run stopped (pytest exit code {code}); nothing compared[/]")
            return code
        only = tuple(args.rule or ())
        identity = Identity(name, subject.option, who.version, who.language, keys, args.profile, seed, stamp, only)
        implementations.append(Implementation(identity, tuple(records)))
    for game in games:
        render_matrix(game_matrix(game, implementations, args.rule), console)
    bounds = Bounds(args.max_errors, args.max_not_implemented, args.allow_fixed)
    passed = True
    for implementation in implementations:
        gate = judge(tally(games, implementation.records, only=args.rule), implementation.records, bounds, None, stamp)
        counts = ", ".join(f"{n} {outcome}" for outcome, n in gate.counts.items() if n)
        verdict = "[green]PASSED[/]" if gate.passed else "[bold red]FAILED[/]"
        console.print(f"gate: {implementation.name}: {verdict} ({counts or 'no checks'})")
        passed = passed and gate.passed
    if args.report_json:
        write_implementations(Path(args.report_json), implementations)
        console.print(f"report: {args.report_json} ({len(implementations)} implementations)")
    if args.html and publish(args.html, implementations, console):
        return 2
    return 0 if passed else 1


def publish_one(args: argparse.Namespace, games: Sequence[Game], records: Sequence[CheckRecord]) -> int:
    """``--html`` of a one-subject run: the site of that one implementation (0, or 2 when it cannot be written)."""
    if not args.html:
        return 0
    subject: NamedSubject | None = args.subjects[0] if args.subjects else None
    if subject is None:
        who = Who("reference", f"rulespec {metadata.version('rulespec')}", "python")
    else:
        who = identify(subject, args.case_timeout)
    seed = seed_of(args.pytest_args)
    identity = Identity(
        who.name,
        subject.option if subject else "",
        who.version,
        who.language,
        tuple(game.key for game in games),
        args.profile,
        seed,
        stamp_now(games, args.profile, seed),
        tuple(args.rule or ()),
    )
    return publish(args.html, [Implementation(identity, tuple(records))])
