"""The CI gate: a run's checks against the known failures and the bounds the user allows.

The gate passes when every failure is a known one, no known failure passes (unless fixes
are allowed), errors and not-implemented checks stay within their bounds, every rule was
checked and every check names real rules. A not-implemented check passes when a known gap
(an operation or rule listed under ``not_implemented``) covers it; the others count against
``--max-not-implemented``. A known gap whose operation now answers is reported like a fixed
failure. A skip that is not "not implemented" is already counted as an error (see the plugin),
so the bounds cover every way a check can fail to say "passed".

A known gap is matched to checks by the operation they exercised: a not-implemented check says which
operation was missing in its detail (``... does not offer 'end_game'``); any other vector check
exercised the operation its file is written for. An invariant may call several operations: it is
matched to a gap only through its not-implemented detail.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from rulespec import SUITE_ROOT
from rulespec.conformance.harness.gate.expectations import Expectations, KnownFailure, KnownGap
from rulespec.conformance.harness.gate.stamp import Stamp, differences
from rulespec.conformance.harness.per_rule import Verification
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verdict import Outcome, answered_twice
from rulespec.conformance.harness.vocabulary import argument, count


@dataclass(frozen=True)
class Bounds:
    max_errors: int = 0
    max_not_implemented: int = 0
    allow_fixed: bool = False


def add_bounds(group: argparse._ActionsContainer) -> None:  # pyright: ignore[reportPrivateUsage]
    """The gate's bounds as options (``verify``'s and ``report merge``'s): ``--allow-fixed`` and the maxima."""
    group.add_argument(
        "--allow-fixed",
        action="store_true",
        help="a known failure now passing, or a known gap now implemented, does not fail the gate",
    )
    group.add_argument(
        "--max-errors", type=argument(count), default=0, metavar="N", help="errors the gate allows (default 0)"
    )
    group.add_argument(
        "--max-not-implemented",
        type=argument(count),
        default=0,
        metavar="N",
        help="not-implemented checks allowed beyond the known gaps the expectations list (default 0)",
    )


def check_id(record: CheckRecord) -> str:
    """A check as the terminal, the summary and an expectations file name it: a vector's case ID or an invariant's
    test name (with its parameters), each unique in the suite (tests/suite) and short enough for a line of 80."""
    return record.nodeid.rpartition("::")[2] if "::" in record.nodeid else record.nodeid


def covers(known: KnownFailure, record: CheckRecord) -> bool:
    """Whether a known failure names this check: by its ID, its node ID, or the node ID's tail (a plain pytest run
    roots node IDs where it was started, so an installed suite's have the path to site-packages before them)."""
    if known.check is not None:
        check = known.check
        return check in (check_id(record), record.nodeid) or record.nodeid.endswith(f"/{check}")
    return known.rule in record.rules


MISSING = re.compile(r"does not offer '([A-Za-z_]\w*)'")


@functools.lru_cache(maxsize=256)
def _file_operation(path: str) -> str | None:
    """The ``operation`` a vector file is written for (None when the file cannot be read as one)."""
    where = Path(path) if Path(path).is_absolute() else SUITE_ROOT / path
    try:
        document: object = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(document, dict):
        return None
    operation: object = cast(dict[str, object], document).get("operation")
    return operation if isinstance(operation, str) else None


def operation_of(record: CheckRecord) -> str | None:
    """The operation a check exercised: named by its not-implemented detail, or its vector file's operation."""
    if record.outcome == Outcome.NOT_IMPLEMENTED.value:
        found = MISSING.search(record.detail)
        return found.group(1) if found else None
    if record.kind == "vector":
        return _file_operation(record.nodeid.partition("::")[0])
    return None


def gap_covers(gap: KnownGap, record: CheckRecord) -> bool:
    """A not-implemented check covered by the gap: its operation, or one of its rules, is the gap's."""
    if record.outcome != Outcome.NOT_IMPLEMENTED.value:
        return False
    if gap.operation is not None:
        return operation_of(record) == gap.operation
    return gap.rule in record.rules


def exercised(gap: KnownGap, record: CheckRecord) -> bool:
    """The check ran the gap's operation (or a check of its rule) and got an answer: the gap is filled."""
    if record.outcome in (Outcome.NOT_IMPLEMENTED.value, Outcome.ERROR.value):
        return False
    if gap.operation is not None:
        return operation_of(record) == gap.operation
    return gap.rule in record.rules


@dataclass(frozen=True)
class GateResult:
    passed: bool
    reasons: tuple[str, ...]  # why it failed, one line each; empty when it passed
    expected: tuple[tuple[CheckRecord, KnownFailure], ...]  # failures the expectations name
    unexpected: tuple[CheckRecord, ...]  # failures nobody expected
    fixed: tuple[KnownFailure, ...]  # known failures whose checks all passed
    not_run: tuple[KnownFailure | KnownGap, ...]  # entries no check of this run could confirm or refute
    stamp_changes: tuple[str, ...]  # how this run differs from the expectations' stamp
    counts: dict[str, int]
    gaps: tuple[tuple[CheckRecord, KnownGap], ...] = ()  # not-implemented checks the expectations name
    unlisted_gaps: tuple[CheckRecord, ...] = ()  # not-implemented checks no known gap covers
    implemented: tuple[KnownGap, ...] = ()  # known gaps whose operation (or rule) now answers


def _judge_gaps(
    records: Sequence[CheckRecord], gaps: Sequence[KnownGap]
) -> tuple[list[tuple[CheckRecord, KnownGap]], list[CheckRecord], list[KnownGap], list[KnownGap]]:
    """(covered checks, uncovered not-implemented checks, gaps now filled, gaps nothing in this run touched)."""
    covered: list[tuple[CheckRecord, KnownGap]] = []
    unlisted: list[CheckRecord] = []
    for record in records:
        if record.outcome == Outcome.NOT_IMPLEMENTED.value:
            match = next((gap for gap in gaps if gap_covers(gap, record)), None)
            if match is None:
                unlisted.append(record)
            else:
                covered.append((record, match))
    filled: list[KnownGap] = []
    untouched: list[KnownGap] = []
    for gap in gaps:
        if any(gap is used for _, used in covered):
            continue
        (filled if any(exercised(gap, record) for record in records) else untouched).append(gap)
    return covered, unlisted, filled, untouched


def judge(
    verification: Verification,
    records: Sequence[CheckRecord],
    bounds: Bounds,
    expectations: Expectations | None = None,
    stamp: Stamp | None = None,
) -> GateResult:
    known = expectations.known_failures if expectations else ()
    covered, unlisted, filled, untouched = _judge_gaps(records, expectations.not_implemented if expectations else ())
    expected: list[tuple[CheckRecord, KnownFailure]] = []
    unexpected: list[CheckRecord] = []
    for record in records:
        if record.outcome != Outcome.FAILED.value:
            continue
        # a request answered two ways is state kept between calls, a fault of its own whatever rule its answer breaks
        twice = answered_twice(record.outcome, record.detail)
        match = None if twice else next((entry for entry in known if covers(entry, record)), None)
        if match is None:
            unexpected.append(record)
        else:
            expected.append((record, match))
    fixed: list[KnownFailure] = []
    not_run: list[KnownFailure | KnownGap] = []
    for entry in known:
        # judged: the checks it names that got a rules verdict (a check not implemented proves nothing either way)
        judged = [
            r.outcome for r in records if covers(entry, r) and r.outcome in (Outcome.PASSED.value, Outcome.FAILED.value)
        ]
        if not judged:
            not_run.append(entry)
        elif Outcome.FAILED.value not in judged:
            fixed.append(entry)
    not_run.extend(untouched)
    counts = {outcome.value: verification.totals[outcome.value] for outcome in Outcome}
    counts["expected failure"] = len(expected)
    counts["known gap"] = len(covered)
    reasons: list[str] = []
    if unexpected:
        reasons.append(f"{len(unexpected)} unexpected failure(s)")
    if fixed and not bounds.allow_fixed:
        reasons.append(f"{len(fixed)} known failure(s) now pass: remove them from the expectations (or --allow-fixed)")
    if counts[Outcome.ERROR.value] > bounds.max_errors:
        reasons.append(f"{counts[Outcome.ERROR.value]} error(s), more than --max-errors {bounds.max_errors}")
    if filled and not bounds.allow_fixed:
        reasons.append(
            f"{len(filled)} known gap(s) now implemented: remove them from the expectations (or --allow-fixed)"
        )
    if len(unlisted) > bounds.max_not_implemented:
        operations = sorted({operation for operation in map(operation_of, unlisted) if operation})
        reasons.append(
            f"{len(unlisted)} not implemented, more than --max-not-implemented {bounds.max_not_implemented}; "
            "list these operations under not_implemented in the expectations, or implement them: "
            f"{', '.join(operations)}"
        )
    unchecked = [tally.rule for tally in verification.tallies if tally.checks == 0]
    if unchecked:
        reasons.append(f"{len(unchecked)} rule(s) no check ran on: {', '.join(unchecked[:10])}")
    if verification.unknown_rules:
        reasons.append(f"checks name rules no spec defines: {', '.join(verification.unknown_rules)}")
    if not records:
        reasons.append("no check ran")
    changes = differences(expectations.stamp, stamp) if expectations and expectations.stamp and stamp else []
    return GateResult(
        not reasons,
        tuple(reasons),
        tuple(expected),
        tuple(unexpected),
        tuple(fixed),
        tuple(not_run),
        tuple(changes),
        counts,
        tuple(covered),
        tuple(unlisted),
        tuple(filled),
    )
