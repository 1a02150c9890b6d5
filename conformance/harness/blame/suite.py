"""What a game's suite names of a failing check (``blame.py`` in the game's invariants package), in its own words.

``decided``: the clause of the first step where two answers differ, where the difference shows it for sure, or several
clauses, one of which it is (None among them: perhaps none for sure; the run's other failures choose:
``decided_step``); ``accepted``: the clause an illegal input accepted breaks, where the refusal's duty lies in another
clause than the one it cites (``accepted_for``); ``ordered``: the clause stating the order of two checks, where a
refusal due is answered by a refusal of a check that clause puts after it (``ordered_for``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from rulespec.conformance.harness.blame.kept import kept
from rulespec.conformance.harness.blame.steps import suite_blame
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verdict import Outcome


def decided_step(record: CheckRecord, votes: Counter[str], sets: Counter[tuple[str | None, ...]]) -> str | None:
    """The rule of the first step where the answers differ, as the game's suite names it (None: it does not). Where
    the suite names several, one of which the difference is (the time limit given where a standard victory is due:
    the standard victory missed, or checked after the time limit), the one of them the most of the run's other
    failures are named for (``votes``: each a step the suite names alone, a standard victory missed before turn 9),
    then the one the most other sets of steps the suite names hold (``sets``: the time limit given for a lone leader
    on turn 9 too, not only for a tie; a failure named as this one is no other evidence), else the first; None among
    them (the difference may show no step for sure) stands for the rest of the blame."""
    named = steps_named(record)
    if not isinstance(named, tuple):
        return named
    held = {rule: sum(n for rules, n in sets.items() if rules != named and rule in rules) for rule in named}
    return max(named, key=lambda rule: (votes[rule] if rule else 0, held[rule] if rule else 0, -named.index(rule)))


def steps_named(record: CheckRecord) -> str | tuple[str | None, ...] | None:
    """What the game's suite names of a failing check's first differing step: a clause, several, or None."""
    decided = getattr(suite_blame(record.game), "decided", None)
    if decided is None or record.operation is None or record.outcome != Outcome.FAILED.value:
        return None
    expected: Any = record.expected
    if not record.differences or (isinstance(expected, dict) and "error" in expected):
        return None
    paths = tuple(difference.path for difference in record.differences)
    rule = decided(record.operation, record.request, record.rulings, expected, record.got, paths)
    if isinstance(rule, tuple) and rule and all(one is None or isinstance(one, str) for one in rule):  # pyright: ignore[reportUnknownVariableType]
        return cast(tuple[str | None, ...], rule)
    return rule if isinstance(rule, str) else None


def accepted_for(record: CheckRecord, hook: str = "accepted") -> str | None:
    """The clause an illegal input accepted breaks, as the game's suite names it (``blame.accepted``: the refusal's
    duty in another clause than the one it cites, the answer showing it for sure; ``blame.accepted_alike``: the
    answer fitting it and another reading too, so only where the run shows it for sure elsewhere); None where not."""
    accepted: Any = getattr(suite_blame(record.game), hook, None)
    if accepted is None or record.operation is None:
        return None
    rule = accepted(record.operation, record.request, record.rulings, record.expected, record.got)
    return rule if isinstance(rule, str) else None


def accepted_in_run(record: CheckRecord, among: Sequence[CheckRecord]) -> str | None:
    """``accepted_for``'s sure clause, else its ``accepted_alike`` clause where the run shows that clause for sure in
    another check (a second Copernicus across two powers accepted is another power's entry left unchecked where the
    run shows that alone: another power's impossible entry accepted)."""
    rule = accepted_for(record)
    if rule is None and (alike := accepted_for(record, "accepted_alike")) is not None:
        rule = alike if alike in _sure(among) else None
    return rule


def _sure(among: Sequence[CheckRecord]) -> set[str]:
    """The clauses the suite names for sure for the run's illegal inputs accepted (``kept`` for the run)."""

    def work_out() -> set[str]:
        named = {accepted_for(other) for other in among if other.outcome == Outcome.FAILED.value and _taken(other)}
        return {rule for rule in named if rule is not None}

    return kept("sure", among, work_out)


def _taken(record: CheckRecord) -> bool:
    """Whether the check was due a refusal and got a result."""
    expected, got = record.expected, record.got
    return isinstance(expected, dict) and "error" in expected and not (isinstance(got, dict) and "error" in got)


def ordered_for(record: CheckRecord) -> str | None:
    """The clause stating the order of the refusal due and the refusal given, as the game's suite names it
    (``blame.ordered``: an unknown card refused as an owned one's exhausting is, IMP-EXHAUST-4); None where it does
    not."""
    ordered: Any = getattr(suite_blame(record.game), "ordered", None)
    if ordered is None or record.operation is None:
        return None
    rule = ordered(record.operation, record.expected, record.got)
    return rule if isinstance(rule, str) else None
