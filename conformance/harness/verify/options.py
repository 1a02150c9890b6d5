"""The options of one verify run, parsed once: ``VerifyOptions``, a frozen value every process reads.

``rulespec verify`` and ``rulespec expectations --write`` build it from their command line
(``from_command_line``); a plain ``pytest --game soe --impl ...`` from pytest's own options
(``plain_gate.from_pytest``). Both parse each option with the same validators (the game key, ``[NAME=]``
before an ``--impl`` or ``--cmd``, vocabulary's number parsers, ``Shard.parse``): as the option's
argparse type, or as the plugin reads it. The command hands the value to pytest as one hidden option
(``--rulespec-options``, JSON), which pytest-xdist's workers receive in the controller's argv; a plain
pytest run's controller hands its value to each worker (``workerinput``): every process decodes the
same value, and nothing is written onto it later.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from rulespec.conformance.harness import vocabulary
from rulespec.conformance.harness.games import REGISTRY, game
from rulespec.conformance.harness.gate import expectations as expectations_file
from rulespec.conformance.harness.gate.judge import Bounds, add_bounds
from rulespec.conformance.harness.report.html import site_dir
from rulespec.conformance.harness.rulings import Declared, alternatives, declared_of
from rulespec.conformance.harness.verify.breaker import DEFAULT_MAX_FAULTS
from rulespec.conformance.harness.vocabulary import (
    DEFAULT_TIMEOUT,
    add_case_timeout,
    add_game,
    argument,
    max_faults,
    processes,
)
from rulespec.conformance.harness.wire.command import parse_command

# ``name=`` before an --impl or --cmd names the implementation in tables, reports and badges.
_NAMED = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9_.+-]*)=(?P<rest>\S.*)$", re.DOTALL)


class NamedSubject(msgspec.Struct, frozen=True):
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


def ruling_pair(text: str) -> tuple[str, str]:
    """``--ruling FIELD=VALUE`` as ``(field, value)``, checked against the games run by ``declared_rulings``."""
    field, equals, value = text.partition("=")
    if not equals or not field.strip() or not value.strip():
        raise ValueError(f"--ruling {text!r}: expected FIELD=VALUE (domination_first_turn=5)")
    return field.strip(), value.strip()


class Shard(msgspec.Struct, frozen=True):
    """``--shard K/N``: the Kth of N shares of the checks (verify/spread.py deals them)."""

    index: int  # 1-based, as written
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        return cls(*vocabulary.shard(text))

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


class VerifyOptions(msgspec.Struct, frozen=True, kw_only=True):
    """Every option of a verify run, each parsed and checked; the expectations file's content is read apart."""

    games: tuple[str, ...]  # the games checked, each once (every game when none was named)
    subjects: tuple[NamedSubject, ...] = ()  # none: the reference
    case_timeout: float = DEFAULT_TIMEOUT
    max_faults: int = DEFAULT_MAX_FAULTS
    rules: tuple[str, ...] = ()  # --rule: only the checks of these
    rulings: tuple[tuple[str, str], ...] = ()  # --ruling FIELD=VALUE, and the expectations file's, as given
    vectors: tuple[str, ...] = ()  # --vectors: the user's own vector folders
    profile: str = "dev"
    report_json: str | None = None
    failed_only: bool = False
    shard: Shard | None = None
    html: str | None = None
    pytest_args: tuple[str, ...] = ()  # after --
    numprocesses: str | None = None
    junit_xml: str | None = None
    summary_md: str | None = None
    save_failures: str | None = None
    expectations: str | None = None
    write_expectations: str | None = None  # expectations --write PATH
    allow_fixed: bool = False
    max_errors: int = 0
    max_not_implemented: int = 0
    from_command: bool = False  # built by rulespec verify: its processes are the run's (verify/plugin.py's heap)

    @property
    def impl(self) -> str | None:
        return next((subject.text for subject in reversed(self.subjects) if subject.kind == "impl"), None)

    @property
    def cmd(self) -> str | None:
        return next((subject.text for subject in reversed(self.subjects) if subject.kind == "cmd"), None)

    def declared_rulings(self, key: str) -> Declared:
        """Each ``--ruling`` whose field game ``key`` has; ValueError naming the field, value and alternatives."""
        fields = {other: alternatives(game(other).rulings) for other in self.games}
        for pair in self.rulings:
            if not any(pair[0] in known for known in fields.values()):
                declared_of(game(key).rulings, [pair])  # raises, naming the fields of the game
        return declared_of(game(key).rulings, [pair for pair in self.rulings if pair[0] in fields[key]])

    @property
    def command(self) -> str:
        return "expectations" if self.write_expectations else "verify"

    @property
    def bounds(self) -> Bounds:
        return Bounds(self.max_errors, self.max_not_implemented, self.allow_fixed)

    def encode(self) -> str:
        return msgspec.json.encode(self).decode()

    @classmethod
    def decode(cls, text: str) -> VerifyOptions:
        return msgspec.json.decode(text, type=cls)


OPTIONS = pytest.StashKey[VerifyOptions]()  # the run's options, in every process's config.stash


# --- rulespec verify, rulespec expectations --write ----------------------------------------


class SubjectOption(argparse.Action):
    """``--impl`` / ``--cmd``: each appended, in order, to ``subjects``."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        namespace.subjects = (*namespace.subjects, values)


@argument
def expectations_path(text: str) -> Path:
    """An expectations file's path: its format is checked at once, its content before the run."""
    return expectations_file.check_format(Path(text))


def add_shared(add: Callable[..., object]) -> None:
    """The options ``verify`` and a plain pytest run (verify/plugin.py) declare alike: ``add`` is a parser's
    ``add_argument`` or pytest's ``addoption``, so both parse each with the same type."""
    add_case_timeout(add)
    add(
        "--max-faults",
        type=argument(max_faults),
        default=DEFAULT_MAX_FAULTS,
        metavar="N",
        help="faults that cost time (timeouts, crashes, hangs) before every later check is an error",
    )
    add("--rule", action="append", metavar="ID", help="check only this rule (repeatable)")
    add("--vectors", action="append", metavar="DIR", help="also run your own vector files under DIR (repeatable)")
    add(
        "--save-failures",
        metavar="DIR",
        help="write failing checks under DIR/<game>/: suite vectors by ID, invariants' shrunk requests as new cases",
    )


def add_options(run: argparse.ArgumentParser) -> None:
    """The options of ``verify`` (shared by ``expectations --write``, which runs the same suite)."""
    add_game(run)
    run.add_argument(
        "--impl",
        action=SubjectOption,
        type=argument(lambda text: named("impl", text)),
        metavar="[NAME=]MODULE:ATTR",
        help="Python implementation (default: the reference); repeat, with --cmd too, to compare several",
    )
    run.add_argument(
        "--cmd",
        action=SubjectOption,
        type=argument(lambda text: named("cmd", text)),
        metavar="[NAME=]COMMAND",
        help='any language: a command speaking the wire protocol ("node impl.js"); repeatable',
    )
    run.add_argument(
        "--html", type=site_dir, metavar="OUT", help="write the static compliance site and badges into OUT/"
    )
    run.set_defaults(subjects=())
    add_shared(run.add_argument)
    run.add_argument(
        "--ruling",
        action="append",
        type=argument(ruling_pair),
        metavar="FIELD=VALUE",
        help="a reading the implementation plays (domination_first_turn=5): judged under it; repeatable",
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
    _add_gating(run)


def _add_gating(run: argparse.ArgumentParser) -> None:
    gating = run.add_argument_group("CI gating")
    gating.add_argument(
        "-n",
        "--numprocesses",
        type=argument(processes),
        metavar="N",
        help="spread the checks over N processes, or 'auto' (pytest-xdist); 0: this process alone",
    )
    gating.add_argument(
        "--junit-xml", metavar="PATH", help="write JUnit XML; each test carries its rule IDs as properties"
    )
    gating.add_argument(
        "--summary-md", metavar="PATH", help="write a Markdown summary (also appended to $GITHUB_STEP_SUMMARY)"
    )
    gating.add_argument(
        "--expectations",
        type=expectations_path,
        metavar="PATH",
        help="known failures and known gaps (.json or .toml)",
    )
    add_bounds(gating)


def from_command_line(args: argparse.Namespace) -> VerifyOptions:
    """The options ``verify`` or ``expectations --write`` was given, each already parsed by its type."""
    written: Path | None = getattr(args, "write", None)  # expectations --write PATH
    return VerifyOptions(
        games=tuple(dict.fromkeys(args.game or sorted(REGISTRY))),
        subjects=tuple(args.subjects),
        case_timeout=args.case_timeout,
        max_faults=args.max_faults,
        rules=tuple(args.rule or ()),
        rulings=tuple(args.ruling or ()),
        vectors=tuple(args.vectors or ()),
        profile=args.profile,
        report_json=args.report_json,
        failed_only=args.failed_only,
        shard=args.shard,
        html=str(args.html) if args.html else None,
        pytest_args=tuple(args.pytest_args),
        numprocesses=args.numprocesses,
        junit_xml=args.junit_xml,
        summary_md=args.summary_md,
        save_failures=args.save_failures,
        expectations=str(args.expectations) if args.expectations else None,
        write_expectations=str(written) if written else None,
        allow_fixed=args.allow_fixed,
        max_errors=args.max_errors,
        max_not_implemented=args.max_not_implemented,
        from_command=True,
    )
