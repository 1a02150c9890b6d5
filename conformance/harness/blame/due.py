"""The clause of a refusal that was due: named wrong, left out, or an action the spec forbids.

A failing check whose expected answer is a refusal says what was due; these name the clause that refusal belongs to
where the answer given shows the duty's own clause (``blame`` weighs them after the misreadings and the suite's steps).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from rulespec.conformance.harness.blame import fields, refusals
from rulespec.conformance.harness.blame.refusals import cited
from rulespec.conformance.harness.blame.suite import accepted_in_run
from rulespec.conformance.harness.blame.unchecked import never_made
from rulespec.conformance.harness.records import CheckRecord


def labelled(record: CheckRecord) -> str:
    """The rule of the refusal due that was named wrong: an InvalidState's field's (a missing order: SOE-MAINT-5, in
    ``end_war`` too), else the check's own."""
    due = refusals.errors(record)[0] or {}
    named = fields.field_rule(record.game, str(due["field"])) if due.get("kind") == "InvalidState" else None
    return named or record.primary_rule


def accepted(record: CheckRecord, among: Sequence[CheckRecord]) -> str | None:
    """The clause the game's suite names for an input accepted (``accepted_for``), or names where the answer also
    fits another reading and the run shows that clause for sure in another check (another power's entry left
    unchecked, seen where the other powers' entries alone are refused: then a second Copernicus accepted across two
    powers is that too), unless the run shows that check missing altogether (``unchecked.never_made``: an effect's
    tokens never checked, not unread behind the collapse)."""
    rule = accepted_in_run(record, among)
    return None if rule is not None and never_made(record, among) else rule


def due_action(record: CheckRecord) -> str | None:
    """The rule the ``IllegalAction`` due cites, when the spec defines it: a step of a sequence of turns (an invariant
    playing several operations, primary to what it tracks) refused for its own rule (None: no such refusal due)."""
    due: Any = record.expected.get("error") if isinstance(record.expected, dict) else None  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    if not isinstance(due, dict) or due.get("kind") != "IllegalAction":  # pyright: ignore[reportUnknownMemberType]
        return None
    return cited(record.game, cast(dict[str, Any], due))
