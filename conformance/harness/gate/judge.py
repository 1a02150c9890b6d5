"""The CI gate: a run's checks against the known failures and the bounds the user allows.

The gate passes when every failure is a known one, no known failure passes (unless fixes
are allowed), errors and not-implemented checks stay within their bounds, every rule was
checked and every check names real rules. A skip that is not "not implemented" is already
counted as an error (see the plugin), so the two bounds cover every way a check can fail
to say "passed".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from conformance.harness.gate.expectations import Expectations, KnownFailure
from conformance.harness.gate.stamp import Stamp, differences
from conformance.harness.per_rule import Verification
from conformance.harness.records import CheckRecord
from conformance.harness.verdict import Outcome


@dataclass(frozen=True)
class Bounds:
    max_errors: int = 0
    max_not_implemented: int = 0
    allow_fixed: bool = False


def check_id(record: CheckRecord) -> str:
    """A vector's case ID (unique in its game), or an invariant's pytest node ID."""
    return record.nodeid.rpartition("::")[2] if record.kind == "vector" else record.nodeid


def covers(known: KnownFailure, record: CheckRecord) -> bool:
    if known.check is not None:
        return known.check in (check_id(record), record.nodeid)
    return known.rule in record.rules


@dataclass(frozen=True)
class GateResult:
    passed: bool
    reasons: tuple[str, ...]  # why it failed, one line each; empty when it passed
    expected: tuple[tuple[CheckRecord, KnownFailure], ...]  # failures the expectations name
    unexpected: tuple[CheckRecord, ...]  # failures nobody expected
    fixed: tuple[KnownFailure, ...]  # known failures whose checks all passed
    not_run: tuple[KnownFailure, ...]  # known failures no check of this run matches
    stamp_changes: tuple[str, ...]  # how this run differs from the expectations' stamp
    counts: dict[str, int]


def judge(
    verification: Verification,
    records: Sequence[CheckRecord],
    bounds: Bounds,
    expectations: Expectations | None = None,
    stamp: Stamp | None = None,
) -> GateResult:
    known = expectations.known_failures if expectations else ()
    expected: list[tuple[CheckRecord, KnownFailure]] = []
    unexpected: list[CheckRecord] = []
    for record in records:
        if record.outcome != Outcome.FAILED.value:
            continue
        match = next((entry for entry in known if covers(entry, record)), None)
        if match is None:
            unexpected.append(record)
        else:
            expected.append((record, match))
    fixed: list[KnownFailure] = []
    not_run: list[KnownFailure] = []
    for entry in known:
        matching = [record for record in records if covers(entry, record)]
        if not matching:
            not_run.append(entry)
        elif not any(record.outcome == Outcome.FAILED.value for record in matching):
            fixed.append(entry)
    counts = {outcome.value: verification.totals[outcome.value] for outcome in Outcome}
    counts["expected failure"] = len(expected)
    reasons: list[str] = []
    if unexpected:
        reasons.append(f"{len(unexpected)} unexpected failure(s)")
    if fixed and not bounds.allow_fixed:
        reasons.append(f"{len(fixed)} known failure(s) now pass: remove them from the expectations (or --allow-fixed)")
    if counts[Outcome.ERROR.value] > bounds.max_errors:
        reasons.append(f"{counts[Outcome.ERROR.value]} error(s), more than --max-errors {bounds.max_errors}")
    missing = counts[Outcome.NOT_IMPLEMENTED.value]
    if missing > bounds.max_not_implemented:
        reasons.append(f"{missing} not implemented, more than --max-not-implemented {bounds.max_not_implemented}")
    unchecked = [tally.rule for tally in verification.tallies if tally.checks == 0]
    if unchecked:
        reasons.append(f"{len(unchecked)} rule(s) no check ran on: {', '.join(unchecked[:10])}")
    if verification.unknown_rules:
        reasons.append(f"checks name rules no spec defines: {', '.join(verification.unknown_rules)}")
    if not records:
        reasons.append("no check ran")
    changes = differences(expectations.stamp, stamp) if expectations and stamp else []
    return GateResult(
        not reasons, tuple(reasons), tuple(expected), tuple(unexpected), tuple(fixed), tuple(not_run), tuple(changes), counts
    )
