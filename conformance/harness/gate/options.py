"""``rulespec verify``'s options for CI, and what the gate makes of a run.

The options become pytest arguments before the run (``-n``, JUnit XML, saving failures)
and the gate's verdict after it (expectations, bounds, the Markdown summary, ``expectations --write``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from conformance.harness.games import Game
from conformance.harness.gate import expectations as expectations_file
from conformance.harness.gate import junit, markdown
from conformance.harness.gate.expectations import PLACEHOLDER, Expectations, ExpectationsError
from conformance.harness.gate.judge import Bounds, GateResult, check_id, judge
from conformance.harness.gate.round_trip import rewrite
from conformance.harness.gate.stamp import seed_of, stamp_now
from conformance.harness.per_rule import Verification
from conformance.harness.records import CheckRecord
from conformance.harness.vocabulary import argument, count, processes


@argument
def expectations_path(text: str) -> Path:
    """An expectations file's path: its format is checked at once, its content before the run (``prepare``)."""
    return expectations_file.check_format(Path(text))


def prepare(args: argparse.Namespace) -> str | None:
    """Read the expectations before anything runs; a usage error (one line) if they cannot be used.

    ``verify`` refuses a placeholder reason; ``expectations --write`` reads its own PATH (when it
    exists) and ``--expectations`` leniently, to carry their entries over.
    """
    writing: Path | None = getattr(args, "write_expectations", None)
    previous: list[Expectations] = []
    args.previous_expectations = previous
    try:
        given: Path | None = args.expectations_path
        args.expectations = expectations_file.load(given, writing is not None) if given else None
        if writing is not None and writing.exists():
            previous.append(expectations_file.load(writing, placeholders_allowed=True))
    except ExpectationsError as exc:
        return str(exc)
    if args.expectations is not None:
        previous.append(args.expectations)
    return None


def add_verify_options(run: argparse.ArgumentParser) -> None:
    gating = run.add_argument_group("CI gating")
    gating.add_argument(
        "-n",
        "--numprocesses",
        type=argument(processes),
        metavar="N",
        help="spread the checks over N processes, or 'auto' (pytest-xdist)",
    )
    gating.add_argument(
        "--junit-xml", metavar="PATH", help="write JUnit XML; each test carries its rule IDs as properties"
    )
    gating.add_argument(
        "--summary-md", metavar="PATH", help="write a Markdown summary (also appended to $GITHUB_STEP_SUMMARY)"
    )
    gating.add_argument(
        "--save-failures",
        metavar="DIR",
        help="write failing checks under DIR/<game>/: suite vectors by ID, invariants' shrunk requests as new cases",
    )
    gating.add_argument(
        "--expectations",
        dest="expectations_path",
        type=expectations_path,
        metavar="PATH",
        help="known failures and known gaps (.json or .toml)",
    )
    gating.add_argument(
        "--allow-fixed",
        action="store_true",
        help="a known failure now passing, or a known gap now implemented, does not fail the gate",
    )
    gating.add_argument(
        "--max-errors", type=argument(count), default=0, metavar="N", help="errors the gate allows (default 0)"
    )
    gating.add_argument(
        "--max-not-implemented",
        type=argument(count),
        default=0,
        metavar="N",
        help="not-implemented checks allowed beyond the known gaps the expectations list (default 0)",
    )


def pytest_args(args: argparse.Namespace) -> list[str]:
    extra: list[str] = []
    if args.numprocesses:
        extra += ["-n", args.numprocesses]
    if args.junit_xml:
        # xunit1: the JUnit family whose <testcase> may hold <properties> (the rule IDs)
        extra += [f"--junitxml={args.junit_xml}", "-o", "junit_family=xunit1", "-o", "junit_suite_name=rulespec"]
    if args.save_failures:
        extra.append(f"--save-failures={args.save_failures}")
    return extra


def _unexpected(records: Sequence[CheckRecord], shown_rules: int = 20) -> list[str]:
    """One line per primary rule with its unexpected failures' IDs, whole (to paste into an expectations file)."""
    by_rule: dict[str, list[str]] = {}
    for record in records:
        by_rule.setdefault(record.primary_rule, []).append(check_id(record))
    lines = [f"unexpected failure of {rule}: {', '.join(ids)}" for rule, ids in list(by_rule.items())[:shown_rules]]
    if len(by_rule) > shown_rules:
        lines.append(f"... and unexpected failures of {len(by_rule) - shown_rules} more rules (all in --report-json)")
    return lines


def _print(gate: GateResult, console: Console) -> None:
    """The gate's findings, one line each (plain text: a node ID's ``[param]`` is not markup)."""
    counts = ", ".join(f"{n} {name}" for name, n in gate.counts.items() if n)
    lines: list[tuple[str, str]] = [("yellow", f"expectations stamp: {change}") for change in gate.stamp_changes]
    lines += [("yellow", f"expectation never ran: {known.target}") for known in gate.not_run]
    lines += [("yellow", f"known failure now passes: {known.target} ({known.reason})") for known in gate.fixed]
    lines += [("yellow", f"known gap now implemented: {gap.target} ({gap.reason})") for gap in gate.implemented]
    lines += [("red", line) for line in _unexpected(gate.unexpected)]
    lines += [("bold red", f"gate: {reason}") for reason in gate.reasons]
    for style, line in lines:
        console.print(Text(line, style=style), soft_wrap=True)
    verdict = Text("PASSED", style="green") if gate.passed else Text("FAILED", style="bold red")
    console.print(Text.assemble("gate: ", verdict, f" ({counts or 'no checks'})"), soft_wrap=True)


def conclude(
    args: argparse.Namespace,
    games: Sequence[Game],
    verification: Verification,
    records: Sequence[CheckRecord],
    saved: int,
    label: str,
) -> int:
    """The exit status of ``verify``: the gate's verdict (or, for ``expectations --write``, the file written)."""
    console = Console(soft_wrap=True)  # a check ID is never wrapped mid-name
    stamp = stamp_now(games, args.profile, seed_of(args.pytest_args))
    bounds = Bounds(args.max_errors, args.max_not_implemented, args.allow_fixed)
    gate = judge(verification, records, bounds, args.expectations, stamp)
    if args.save_failures:
        console.print(f"saved {saved} failing check(s) as vectors under {args.save_failures}")
    write_to: Path | None = getattr(args, "write_expectations", None)
    if write_to is not None:
        written = rewrite(records, stamp, args.previous_expectations)
        expectations_file.save(write_to, written.expectations)
        for line in written.removed:
            console.print(Text(line), soft_wrap=True)
        entries = len(written.expectations.known_failures) + len(written.expectations.not_implemented)
        console.print(f"wrote {entries} entries to {write_to}: {written.kept} kept, {written.added} new")
        if written.expectations.placeholders:
            console.print(f"give each new entry its reason (replace {PLACEHOLDER!r}): the gate refuses it until then")
        return 0
    _print(gate, console)
    if args.junit_xml and Path(args.junit_xml).is_file():
        junit.rewrite(Path(args.junit_xml), gate)
    if args.summary_md:
        markdown.publish(markdown.render(label, gate, verification, stamp), Path(args.summary_md))
    return 0 if gate.passed else 1
