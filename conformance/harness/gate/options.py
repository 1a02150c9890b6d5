"""``rulespec verify``'s options for CI, and what the gate makes of a run.

The options become pytest arguments before the run (``-n``, JUnit XML, saving failures)
and the gate's verdict after it (expectations, bounds, the Markdown summary, ``expectations --write``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from conformance.harness.games import Game
from conformance.harness.gate import expectations as expectations_file
from conformance.harness.gate import markdown
from conformance.harness.gate.expectations import Expectations, ExpectationsError, KnownFailure
from conformance.harness.gate.judge import Bounds, GateResult, check_id, judge
from conformance.harness.gate.stamp import Stamp, seed_of, stamp_now
from conformance.harness.per_rule import Verification
from conformance.harness.records import CheckRecord
from conformance.harness.verdict import Outcome


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number, 0 or more")
    return int(text)


def _processes(text: str) -> str:
    if text != "auto" and not (text.isdigit() and int(text) > 0):
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number of processes above 0, or 'auto'")
    return text


def _expectations(text: str) -> Expectations:
    try:
        return expectations_file.load(Path(text))
    except ExpectationsError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def add_verify_options(run: argparse.ArgumentParser) -> None:
    gating = run.add_argument_group("CI gating")
    gating.add_argument(
        "-n", "--numprocesses", type=_processes, metavar="N", help="spread the checks over N processes, or 'auto' (pytest-xdist)"
    )
    gating.add_argument("--junit-xml", metavar="PATH", help="write JUnit XML; each test carries its rule IDs as properties")
    gating.add_argument("--summary-md", metavar="PATH", help="write a Markdown summary (also appended to $GITHUB_STEP_SUMMARY)")
    gating.add_argument("--save-failures", metavar="DIR", help="write every failing check as a vector under DIR/<game>/")
    gating.add_argument("--expectations", type=_expectations, metavar="PATH", help="known failures (JSON or TOML)")
    gating.add_argument("--allow-fixed", action="store_true", help="a known failure that now passes does not fail the gate")
    gating.add_argument("--max-errors", type=_count, default=0, metavar="N", help="errors the gate allows (default 0)")
    gating.add_argument(
        "--max-not-implemented", type=_count, default=0, metavar="N", help="not-implemented checks allowed (default 0)"
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


def _print(gate: GateResult, console: Console) -> None:
    counts = ", ".join(f"{n} {name}" for name, n in gate.counts.items() if n)
    for change in gate.stamp_changes:
        console.print(f"[yellow]expectations stamp: {change}[/]")
    for known in gate.not_run:
        console.print(f"[yellow]known failure never ran: {known.target}[/]")
    for known in gate.fixed:
        console.print(f"[yellow]known failure now passes: {known.target} ({known.reason})[/]")
    for record in gate.unexpected[:20]:
        console.print(f"[red]unexpected failure: {check_id(record)} ({', '.join(record.rules)})[/]")
    for reason in gate.reasons:
        console.print(f"[bold red]gate: {reason}[/]")
    verdict = "[green]PASSED[/]" if gate.passed else "[bold red]FAILED[/]"
    console.print(f"gate: {verdict} ({counts or 'no checks'})")


def written_expectations(
    gate: GateResult, records: Sequence[CheckRecord], stamp: Stamp, before: Expectations | None
) -> Expectations:
    """Every failing check of the run as a known failure, keeping the reasons already given for it."""
    reasons = {known.check: known.reason for known in (before.known_failures if before else ()) if known.check}
    known: list[KnownFailure] = []
    for record in records:
        if record.outcome == Outcome.FAILED.value:
            check = check_id(record)
            reason = reasons.get(check) or f"fails as recorded ({', '.join(record.rules)}): {record.detail}"[:240]
            known.append(KnownFailure(reason, check=check))
    return Expectations(stamp, tuple(known))


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
        written = written_expectations(gate, records, stamp, args.expectations)
        expectations_file.save(write_to, written)
        console.print(f"wrote {len(written.known_failures)} known failure(s) to {write_to}: give each its reason")
        return 0
    _print(gate, console)
    if args.summary_md:
        markdown.publish(markdown.render(label, gate, verification, stamp), Path(args.summary_md))
    return 0 if gate.passed else 1
