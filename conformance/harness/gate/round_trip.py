"""``expectations --write PATH``: the run's failures and gaps merged into what the file already says.

Every entry already in PATH (or in ``--expectations``) keeps its reason, hand-written ones too,
unless the run shows it no longer holds: a known failure whose checks now pass, a known gap whose
operation now answers. Those are removed and named. A failure or gap no entry covers is added
with the placeholder reason, which the gate refuses until someone writes the real one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from conformance.harness.gate.expectations import PLACEHOLDER, Expectations, KnownFailure, KnownGap
from conformance.harness.gate.gaps import exercised, gap_covers, operation_of
from conformance.harness.gate.judge import check_id, covers
from conformance.harness.gate.stamp import Stamp
from conformance.harness.records import CheckRecord
from conformance.harness.verdict import Outcome

FAILED, PASSED, MISSING = Outcome.FAILED.value, Outcome.PASSED.value, Outcome.NOT_IMPLEMENTED.value


@dataclass(frozen=True)
class Rewritten:
    expectations: Expectations
    kept: int  # entries carried over with their reasons
    added: int  # new entries, with the placeholder reason
    removed: tuple[str, ...]  # one line per entry dropped, saying why


def _still_fails(entry: KnownFailure, records: Sequence[CheckRecord]) -> bool:
    """False only when the run judged the entry's checks and none failed: nothing else disproves an entry."""
    judged = [record.outcome for record in records if covers(entry, record) and record.outcome in (PASSED, FAILED)]
    return not judged or FAILED in judged


def _still_missing(gap: KnownGap, records: Sequence[CheckRecord]) -> bool:
    return any(gap_covers(gap, record) for record in records) or not any(exercised(gap, record) for record in records)


def rewrite(records: Sequence[CheckRecord], stamp: Stamp, before: Sequence[Expectations]) -> Rewritten:
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
        if record.outcome == FAILED and not any(covers(entry, record) for entry in failures):
            detail = f"{PLACEHOLDER} (fails {', '.join(record.rules)}: {record.detail})"[:240]
            failures.append(KnownFailure(detail, check=check_id(record)))
        if record.outcome == MISSING and not any(gap_covers(gap, record) for gap in gaps):
            operation = operation_of(record)
            gap = KnownGap(f"{PLACEHOLDER} (not implemented yet?)", operation=operation)
            gaps.append(gap if operation is not None else KnownGap(gap.reason, rule=record.rules[0]))
    expectations = Expectations(stamp, tuple(failures), tuple(gaps))
    return Rewritten(expectations, kept, len(failures) + len(gaps) - kept, tuple(removed))
