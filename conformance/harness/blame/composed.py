"""A composite answer whose steps are operations of their own: blamed where the run's own checks show the step wrong.

Struggle of Empires' ``end_war`` is income, maintenance, population growth, scoring and clean-up (and after the last
war the unrest assessment), each also asked alone (``collect_income``, ``pay_maintenance``, ...). Its answer shows
only the state after every step, so a wrong upkeep and a wrong income both show as wrong gold. A failure is blamed on
one step only where the run shows that step wrong and no other: of the steps this request runs, exactly one has
operations answering otherwise than the reference (a result on both sides), every other was asked and passed with
nothing unanswered (or declined as not implemented), and every difference lies in what that step writes (or in what
is ranked from it all, the final standings), or the composite is refused on one side (a later step's check made on
the state the wrong step left: the draws a treasury needs, counted on a wrong income), whatever the refusal says.
Then the failure is blamed as that operation's failures most often are (ties: the clause the spec states first),
leaving out a ruling's clause where this check asks the ruling's default; not on the composite's first rule.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, cast

from rulespec.conformance.harness.blame.steps import suite_blame
from rulespec.conformance.harness.blame.switches import vector_cases
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.rulings import json_value, ruling_clause
from rulespec.conformance.harness.spec import clause_hashes
from rulespec.conformance.harness.verdict import Outcome

# ``blamed_rule`` itself, handed in: this module is one of its steps and cannot import it
Blame = Callable[[CheckRecord, Sequence[CheckRecord]], str]
Step = tuple[tuple[str, ...], tuple[str, ...]]  # the operations asking it alone, the answer's paths it writes

_INDEX = re.compile(r"\[\d+\]")


def composed_step(record: CheckRecord, among: Sequence[CheckRecord], blame: Blame) -> str | None:
    """The clause of the one step of this composite the run shows wrong (the game suite's ``blame.composed``: the
    steps a request runs); else None."""
    composed = getattr(suite_blame(record.game), "composed", None)
    steps: tuple[Step, ...] = composed(record.operation, record.request, record.rulings) if composed else ()
    if not steps or not record.differences:
        return None
    mine = [r for r in among if r.game == record.game]
    answered = [r for r in mine if r.outcome == Outcome.FAILED.value and _results(r)]
    wrong = [step for step in steps if any(r.operation in step[0] for r in answered)]
    written = (*wrong[0][1], "$.standings") if len(wrong) == 1 else ()
    if not written or not (_refused(record) or all(_lies_in(d.path, written) for d in record.differences)):
        return None
    asked = _asked(record.game, mine, tuple(operations for operations, _ in steps))
    if not all(asked[operations] for operations, _ in steps if operations != wrong[0][0]):
        return None  # a step not asked, or left unanswered: its operation is no evidence it is right
    blamed = Counter(blame(r, among) for r in answered if r.operation in wrong[0][0])
    for rule in _defaults_asked(record) & set(blamed):
        del blamed[rule]
    order = list(clause_hashes(game(record.game)))
    return min(blamed, key=lambda rule: (-blamed[rule], order.index(rule))) if blamed else None


def _refused(record: CheckRecord) -> bool:
    """A refusal on one side at least, not the same on both: what a later step checks against the state the wrong
    one left (the draws a short treasury needs, counted on a wrong income), or a refusal due that it no longer needs."""
    answers: tuple[object, object] = (record.expected, record.got)
    refusals: list[object] = [cast(dict[str, Any], a).get("error") if isinstance(a, dict) else None for a in answers]
    return any(refusal is not None for refusal in refusals) and refusals[0] != refusals[1]


def _results(record: CheckRecord) -> bool:
    """A result on both sides: a refusal's failure (a field named otherwise) shows no step's arithmetic."""
    return not any(isinstance(answer, dict) and "error" in answer for answer in (record.expected, record.got))


def _lies_in(path: str, written: tuple[str, ...]) -> bool:
    general = _INDEX.sub("[]", path)
    return any(general == place or general.startswith((f"{place}.", f"{place}[")) for place in written)


def _asked(
    key: str, records: Sequence[CheckRecord], groups: tuple[tuple[str, ...], ...]
) -> dict[tuple[str, ...], bool]:
    """Per group of operations (a step's), whether the run passed a vector case of one and left none unanswered, or
    asked them and was told none is implemented (no evidence either way: a port not yet offering ``clean_up`` is still
    judged on its income; a step the run never asked shows nothing): known for vectors only (an invariant's record
    names its operation only when it fails)."""
    cases = vector_cases(key)
    passed: set[str] = set()
    unanswered: set[str] = set()
    offered: set[str] = set()
    declined: set[str] = set()
    for r in records:
        case = cases.get(r.nodeid.rpartition("::")[2])
        operation = r.operation or (case.operation if case else None)
        if operation is None:
            continue
        if r.outcome == Outcome.PASSED.value and r.kind == "vector":
            passed.add(operation)
        elif r.outcome in (Outcome.NOT_IMPLEMENTED.value, Outcome.ERROR.value):
            unanswered.add(operation)
        (declined if r.outcome == Outcome.NOT_IMPLEMENTED.value else offered).add(operation)
    return {
        group: (bool(passed & set(group)) and not unanswered & set(group))
        or (bool(declined & set(group)) and not offered & set(group))
        for group in groups
    }


def _defaults_asked(record: CheckRecord) -> set[str]:
    """The clauses of the rulings this check asks at their default: a step's failures blamed on one are the other
    alternative misread, which this check never asked."""
    played = game(record.game)
    default: dict[str, Any] = json_value(played.rulings())
    rulings: object = record.rulings
    asked: dict[str, Any] = json_value(cast(dict[str, Any], rulings)) if isinstance(rulings, dict) else {}
    return {
        ruling_clause(played.rulings, field) for field, value in default.items() if asked.get(field, value) == value
    }
