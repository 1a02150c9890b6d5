"""The gate's story as the site tells it: a check's outcome as the gate knows it, the order failures are listed in,
the gate's verdict in a sentence, and durations in a reader's units.

A failure or a gap the expectations already name is marked *known*, in neutral colours and after every failure
and error, so the page of a partial engine whose gate passes opens with that verdict, not with its gaps.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.report.implementations import GateSummary
from rulespec.conformance.harness.report.matrix import LOOKS, Column, Look

# the site marks what the gate already knows: shown as known, never in the colours of a failure
SITE_LOOKS = {
    **LOOKS,
    "known failure": Look("◇", "known failure", "white"),
    "known gap": Look("∅", "known gap", "white"),
}
# the order of the failures section: what breaks the gate first, what it already knows last
SHOWN_ORDER = ("failed", "error", "known failure", "known gap", "not implemented")


def shown_outcome(record: CheckRecord, gate: GateSummary) -> str:
    """A check's outcome as the gate tells it: a failure or gap the expectations know is marked known."""
    if record.outcome == "failed" and record.nodeid in gate.known_failures:
        return "known failure"
    if record.outcome == "not implemented" and record.nodeid in gate.known_gaps:
        return "known gap"
    return record.outcome


def rule_status(column: Column, rule: str, status: str) -> str:
    """A rule's verdict as the gate tells it: failed (or implicated) by known failures alone is a known failure, and
    not implemented where every check left undone is a known gap; anything the gate does not know keeps its own."""
    gate = column.gate
    involved = [record for record in column.records if rule in record.rules]
    if status in ("failed", "implicated"):
        failing = [record for record in involved if record.outcome in ("failed", "error")]
        if failing and all(shown_outcome(record, gate) == "known failure" for record in failing):
            return "known failure"
    if status == "not implemented":
        missing = [record for record in involved if record.outcome == "not implemented"]
        if missing and all(shown_outcome(record, gate) == "known gap" for record in missing):
            return "known gap"
    return status


def shown_totals(column: Column) -> dict[str, int]:
    """The column's checks by outcome as the gate tells them, in the story's order: what passed, then what breaks
    the gate, then what it already knows."""
    counted = Counter(shown_outcome(record, column.gate) for record in column.records)
    order = ("passed", "failed", "error", "known failure", "not implemented", "known gap")
    return {outcome: counted[outcome] for outcome in order if counted[outcome]}


def shown_rank(outcome: str) -> int:
    return SHOWN_ORDER.index(outcome) if outcome in SHOWN_ORDER else len(SHOWN_ORDER)


def gate_story(column: Column) -> dict[str, Any]:
    """The gate's verdict in one sentence, then why: passed with N known failures and M known gaps, or failed."""
    gate = column.gate
    if gate.passed:
        known = [f"{len(gate.known_failures)} known failure(s)", f"{len(gate.known_gaps)} known gap(s)"]
        return {"passed": True, "headline": f"gate passed, with {' and '.join(known)}", "reasons": []}
    return {"passed": False, "headline": "gate failed", "reasons": list(gate.reasons)}


def human_duration(seconds: float) -> str:
    """``0.4 ms``, ``12 ms``, ``3.2 s``, ``2 min 5 s``: a duration as a reader says it."""
    if seconds < 0.01:
        return f"{seconds * 1000:.1f} ms"
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s"
