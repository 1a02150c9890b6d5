"""A composite answer whose steps are operations of their own: blamed where the run's own checks show the step wrong.

Struggle of Empires' ``end_war`` is income, scoring, clean-up, maintenance and population growth (and after the last
war the unrest assessment), each also asked alone (``collect_income``, ``pay_maintenance``, ...). Its answer shows
only the state after every step, so a wrong upkeep and a wrong income both show as wrong gold. Where the run's failing
checks of those operations are all one step's, that step is where the composite went wrong: its failure is blamed as
that operation's failures most often are (ties: the clause the spec states first), not on its own first rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rulespec.conformance.harness.blame.steps import suite_blame
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.spec import clause_hashes
from rulespec.conformance.harness.verdict import Outcome

Blame = Callable[[CheckRecord, Sequence[CheckRecord]], str]


def composed_step(record: CheckRecord, among: Sequence[CheckRecord], blame: Blame) -> str | None:
    """The clause of the one step the run's own checks show wrong (``COMPOSED`` in the game suite's ``blame``: each
    composite operation to its steps, each step the operations that ask it alone); else None."""
    steps: tuple[tuple[str, ...], ...] = getattr(suite_blame(record.game), "COMPOSED", {}).get(record.operation, ())
    failing = [r for r in among if r.game == record.game and r.outcome == Outcome.FAILED.value]
    wrong = [step for step in steps if any(r.operation in step for r in failing)]
    if len(wrong) != 1:
        return None
    blamed = Counter(blame(r, among) for r in failing if r.operation in wrong[0])
    order = list(clause_hashes(game(record.game)))
    return min(blamed, key=lambda rule: (-blamed[rule], order.index(rule) if rule in order else len(order)))
