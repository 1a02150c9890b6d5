"""A fault never checked: a request refused past the fault due first, where the run shows that fault accepted alone.

An implementation that never makes a check answers a result where that check's refusal is due, and a request holding
a later fault too is refused on the later one. Read alone, that refusal looks like two checks made in the other order;
read with the run, the first check was never made at all (``passed_over``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulespec.conformance.harness.blame.refusals import errors, unindexed
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verdict import Outcome


def passed_over(record: CheckRecord, among: Sequence[CheckRecord]) -> CheckRecord | None:
    """A check of the run that accepted, answering a result, the very fault this check was due to be refused on (the
    field an ``InvalidState`` names, indices dropped, or the rule an ``IllegalAction`` cites), one asked under the same
    rulings first: where this check was refused on a later fault, the first was never checked at all, not checked
    after it (a negative piracy count accepted alone, then refused past in a two-fault request). None otherwise."""
    due, _ = errors(record)
    key = _fault(due) if due is not None else None
    if key is None:
        return None
    accepted = [
        other
        for other in among
        if other.game == record.game
        and other.outcome == Outcome.FAILED.value
        and (wanted := errors(other))[1] is None
        and wanted[0] is not None
        and _fault(wanted[0]) == key
        and other.got is not None
    ]
    return next((o for o in accepted if o.rulings == record.rulings), next(iter(accepted), None))


def _fault(refusal: dict[str, Any]) -> str | None:
    """What a refusal is for: the field an ``InvalidState`` names (indices dropped), the rule an ``IllegalAction``
    cites."""
    named = refusal.get("field") if refusal.get("kind") == "InvalidState" else refusal.get("rule")
    return unindexed(named) if isinstance(named, str) else None
