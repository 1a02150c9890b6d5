"""A fault never checked: a request refused past the fault due first, where the run shows that fault accepted alone.

An implementation that never makes a check answers a result where that check's refusal is due, and a request holding
a later fault too is refused on the later one. Read alone, that refusal looks like two checks made in the other order;
read with the run, the first check was never made at all (``passed_over``): the run shows the same fault accepted, or
the same check on a list of another name (``England`` accepted in ``totals``, refused past in ``cards``). A fault
accepted where the game's suite names the step that skipped it (unread behind a collapse) is that step's only where
the run never shows the same fault accepted elsewhere (``never_made``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rulespec.conformance.harness.blame.fields import field_rule, unindexed
from rulespec.conformance.harness.blame.refusals import due_key, errors
from rulespec.conformance.harness.blame.suite import accepted_in_run
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verdict import Outcome

_INDEX = re.compile(r"\[\d+\]")


def passed_over(record: CheckRecord, among: Sequence[CheckRecord]) -> CheckRecord | None:
    """A check of the run that accepted, answering a result, the very fault this check was due to be refused on (the
    field an ``InvalidState`` names, indices dropped, or the rule an ``IllegalAction`` cites), one asked under the same
    rulings first: where this check was refused on a later fault, the first was never checked at all, not checked
    after it (a negative piracy count accepted alone, then refused past in a two-fault request). None otherwise."""
    due, _ = errors(record)
    key = _fault(due) if due is not None else None
    if due is None or key is None:
        return None
    accepted = [
        (other, wanted)
        for other in among
        if other.game == record.game
        and other.outcome == Outcome.FAILED.value
        and (refusals := errors(other))[1] is None
        and (wanted := refusals[0]) is not None
        and other.got is not None
    ]
    same = [other for other, wanted in accepted if _fault(wanted) == key]
    alike = _kin(record.game, due)
    kin = [other for other, wanted in accepted if alike is not None and _kin(record.game, wanted) == alike]
    for found in (same, kin):
        if found:
            return next((o for o in found if o.rulings == record.rulings), found[0])
    return None


def never_made(record: CheckRecord, among: Sequence[CheckRecord]) -> bool:
    """Whether the run shows the refusal due here (an InvalidState's field, an IllegalAction's rule) accepted in
    another check of the operation where the game's suite names no clause for the acceptance
    (``suite.accepted_in_run``): the check is missing, wherever it is due (another power's entry unchecked is
    HIS-VP-3's only where the same entry's check is made in the asked power's own)."""
    due = errors(record)[0]
    if due is None or due.get("kind") not in ("InvalidState", "IllegalAction"):
        return False
    return any(
        (other.game, other.operation, other.outcome) == (record.game, record.operation, Outcome.FAILED.value)
        and (refused := errors(other))[1] is None
        and refused[0] is not None
        and due_key(refused[0]) == due_key(due)
        and accepted_in_run(other, among) is None
        for other in among
    )


def _kin(key: str, refusal: dict[str, Any]) -> tuple[str, str] | None:
    """An ``InvalidState``'s field by its last name and its rule (``field_rule``): the same check made on a list of
    another name (a power's name in ``cards`` as in ``totals``, HIS-POWER-1's); None for any other refusal."""
    named = refusal.get("field") if refusal.get("kind") == "InvalidState" else None
    if not isinstance(named, str):
        return None
    rule = field_rule(key, named)
    return (_INDEX.sub("", named).rpartition(".")[2], rule) if rule is not None else None


def _fault(refusal: dict[str, Any]) -> str | None:
    """What a refusal is for: the field an ``InvalidState`` names (indices dropped), the rule an ``IllegalAction``
    cites."""
    named = refusal.get("field") if refusal.get("kind") == "InvalidState" else refusal.get("rule")
    return unindexed(named) if isinstance(named, str) else None
