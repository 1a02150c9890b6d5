"""What the gate makes of a run: its verdict printed and written (JUnit XML, the Markdown summary), or for
``expectations --write`` the run's failures and gaps merged into the expectations file.

The expectations are read once, before anything runs (``read_known``): ``verify`` refuses a placeholder
reason; ``expectations --write PATH`` reads PATH (when it exists) and ``--expectations`` leniently, to
carry their entries over. Every entry already there keeps its reason, hand-written ones too, unless the
run shows it no longer holds: a known failure whose checks now pass, a known gap whose operation now
answers. Those are removed and named. A failure or gap no entry covers is added with the placeholder
reason, which the gate refuses until someone writes the real one.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from rulespec.conformance.harness.blame import blamed_rule
from rulespec.conformance.harness.gate import expectations as expectations_file
from rulespec.conformance.harness.gate import junit, markdown
from rulespec.conformance.harness.gate.expectations import PLACEHOLDER, Expectations, KnownFailure, KnownGap
from rulespec.conformance.harness.gate.judge import (
    Bounds,
    GateResult,
    check_id,
    covers,
    exercised,
    gap_covers,
    judge,
    operation_of,
)
from rulespec.conformance.harness.gate.stamp import Stamp
from rulespec.conformance.harness.per_rule import Verification
from rulespec.conformance.harness.records import CheckRecord, declared_text
from rulespec.conformance.harness.verdict import Outcome, answered_twice, describe


@dataclass(frozen=True)
class Known:
    """The expectations a run is judged against, and for ``--write`` every file whose entries carry over."""

    expectations: Expectations | None = None  # --expectations
    previous: tuple[Expectations, ...] = ()
    write_to: Path | None = None  # expectations --write PATH


def read_known(given: Path | None, write_to: Path | None) -> Known:
    """Read the expectations before anything runs (ExpectationsError, one line, if they cannot be used)."""
    expectations = expectations_file.load(given, write_to is not None) if given else None
    previous: list[Expectations] = []
    if write_to is not None and write_to.exists():
        previous.append(expectations_file.load(write_to, placeholders_allowed=True))
    if expectations is not None:
        previous.append(expectations)
    return Known(expectations, tuple(previous), write_to)


def _unexpected(records: Sequence[CheckRecord], among: Sequence[CheckRecord], shown_rules: int = 20) -> list[str]:
    """One line per rule failed (as the table blames it) with its unexpected failures' IDs, whole (to paste into an
    expectations file)."""
    by_rule: dict[str, list[str]] = {}
    for record in records:
        by_rule.setdefault(blamed_rule(record, among), []).append(check_id(record))
    lines = [f"unexpected failure of {rule}: {', '.join(ids)}" for rule, ids in list(by_rule.items())[:shown_rules]]
    if len(by_rule) > shown_rules:
        lines.append(f"... and unexpected failures of {len(by_rule) - shown_rules} more rules (all in --report-json)")
    return lines


def say(console: Console, line: str, style: str = "") -> None:
    """One finding, wrapped at spaces to the console's width (a check ID is never broken), the rest indented; plain
    text: a check's ``[param]`` is not markup."""
    for part in textwrap.wrap(
        line, console.width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False
    ) or [""]:
        console.print(Text(part, style=style), soft_wrap=True)


def print_gate(gate: GateResult, console: Console, records: Sequence[CheckRecord]) -> None:
    """The gate's findings, each wrapped to the console's width; ``records``: the run's, which blame weighs."""
    counts = ", ".join(f"{n} {name}" for name, n in gate.counts.items() if n)
    lines: list[tuple[str, str]] = [("yellow", f"expectations stamp: {change}") for change in gate.stamp_changes]
    lines += [("yellow", f"expectation never ran: {known.target}") for known in gate.not_run]
    lines += [("yellow", f"known failure now passes: {known.target} ({known.reason})") for known in gate.fixed]
    lines += [("yellow", f"known gap now implemented: {gap.target} ({gap.reason})") for gap in gate.implemented]
    lines += [("red", line) for line in _unexpected(gate.unexpected, records)]
    lines += [("bold red", f"gate: {reason}") for reason in gate.reasons]
    for style, line in lines:
        say(console, line, style)
    verdict = Text("PASSED", style="green") if gate.passed else Text("FAILED", style="bold red")
    console.print(Text.assemble("gate: ", verdict, f" ({counts or 'no checks'})"), soft_wrap=False)  # at spaces


def conclude(
    known: Known,
    bounds: Bounds,
    stamp: Stamp,
    verification: Verification,
    records: Sequence[CheckRecord],
    label: str,
    *,
    saved: int = 0,
    save_failures: str | None = None,
    junit_xml: str | None = None,
    summary_md: str | None = None,
    rulings: Mapping[str, Any] | None = None,
) -> int:
    """The exit status of ``verify``: the gate's verdict (or, for ``expectations --write``, the file written).

    ``rulings``: the rulings declared on the command line and in the expectations files, as the file holds them
    (``{"domination_first_turn": 5}``), which ``expectations --write`` writes so the next run is judged alike."""
    console = Console(soft_wrap=True)  # say() wraps at spaces: a check ID is never broken
    gate = judge(verification, records, bounds, known.expectations, stamp)
    if save_failures:
        console.print(f"saved {saved} failing check(s) as vectors under {save_failures}")
    if known.write_to is not None:
        written = rewrite(records, stamp, known.previous, rulings)
        expectations_file.save(known.write_to, written.expectations)
        for line in written.removed:
            say(console, line)
        entries = len(written.expectations.known_failures) + len(written.expectations.not_implemented)
        say(console, f"wrote {entries} entries to {known.write_to}: {written.kept} kept, {written.added} new")
        if written.expectations.placeholders:
            say(console, f"give each new entry its reason (replace {PLACEHOLDER!r}): the gate refuses it until then")
        return 0
    print_gate(gate, console, records)
    if junit_xml and Path(junit_xml).is_file():
        junit.rewrite(Path(junit_xml), gate, declared_text(records), rederived(records))
    if summary_md:
        markdown.publish(markdown.render(label, gate, verification, stamp, records), Path(summary_md))
    return 0 if gate.passed else 1


# --- expectations --write ---------------------------------------------------------------

FAILED, PASSED, MISSING = Outcome.FAILED.value, Outcome.PASSED.value, Outcome.NOT_IMPLEMENTED.value


@dataclass(frozen=True)
class Rewritten:
    expectations: Expectations
    kept: int  # entries carried over with their reasons
    added: int  # new entries, with the placeholder reason
    removed: tuple[str, ...]  # one line per entry dropped (or failure left out), saying why


def _still_fails(entry: KnownFailure, records: Sequence[CheckRecord]) -> bool:
    """False only when the run judged the entry's checks and none failed: nothing else disproves an entry."""
    judged = [record.outcome for record in records if covers(entry, record) and record.outcome in (PASSED, FAILED)]
    return not judged or FAILED in judged


def _still_missing(gap: KnownGap, records: Sequence[CheckRecord]) -> bool:
    return any(gap_covers(gap, record) for record in records) or not any(exercised(gap, record) for record in records)


def rederived(records: Sequence[CheckRecord]) -> dict[str, str]:
    """Node ID -> how its expectation was re-derived (``re-derived under domination_first_turn=5``), for the JUnit."""
    return {record.nodeid: f"re-derived under {declared_text([record])}" for record in records if record.rederived}


def rewrite(
    records: Sequence[CheckRecord],
    stamp: Stamp,
    before: Sequence[Expectations],
    rulings: Mapping[str, Any] | None = None,
) -> Rewritten:
    failures = list(dict.fromkeys(entry for previous in before for entry in previous.known_failures))
    gaps = list(dict.fromkeys(entry for previous in before for entry in previous.not_implemented))
    removed = [
        f"known failure {entry.target} now passes: removed" for entry in failures if not _still_fails(entry, records)
    ]
    removed += [
        f"known gap {gap.target} is now implemented: removed" for gap in gaps if not _still_missing(gap, records)
    ]
    failures = [entry for entry in failures if _still_fails(entry, records)]
    gaps = [gap for gap in gaps if _still_missing(gap, records)]
    kept = len(failures) + len(gaps)
    for record in records:
        if answered_twice(record.outcome, record.detail):  # the gate never takes it as known (``judge``)
            removed.append(f"{check_id(record)}: a request answered two ways (state kept between calls?): not written")
            continue
        if record.outcome == FAILED and not any(covers(entry, record) for entry in failures):
            why = " ".join(record.detail.split()) or "; ".join(map(describe, record.differences[:3]))
            blamed = blamed_rule(record, records)  # as the table and the failure section name it
            detail = f"{PLACEHOLDER} (fails {blamed}{f': {why}' if why else ''})"[:240]
            failures.append(KnownFailure(detail, check=check_id(record)))
        if record.outcome == MISSING and not any(gap_covers(gap, record) for gap in gaps):
            operation = operation_of(record)
            gap = KnownGap(f"{PLACEHOLDER} (not implemented yet?)", operation=operation)
            gaps.append(gap if operation is not None else KnownGap(gap.reason, rule=record.rules[0]))
    # the rulings the run was declared under (command line and files), else those the files had
    kept_rulings: dict[str, Any] = dict(rulings or {})
    if not kept_rulings:
        kept_rulings = next((dict(previous.rulings) for previous in before if previous.rulings), kept_rulings)
    expectations = Expectations(stamp, tuple(failures), tuple(gaps), kept_rulings)
    return Rewritten(expectations, kept, len(failures) + len(gaps) - kept, tuple(removed))
