"""CrossHair over the reference: inputs that meet a rule function's PEP 316 preconditions yet break a postcondition.

Each ``post:`` line is one search, bounded by a budget of CPU seconds. The searches of every game
chosen go to one pool of worker processes, one per core, those that took longest last time first, so
the cores stay busy to the end; a condition whose function is unchanged since a clean search is not
searched again (``cache``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field

from rulespec.conformance.harness.symbolic.cache import ResultCache, salt
from rulespec.conformance.harness.symbolic.conditions import Condition, conditions_of, fingerprint, load
from rulespec.conformance.harness.symbolic.search import FAILED, Searched, search

# CPU seconds per condition over the reference's own contracts, chosen from measurement. A search
# ends early only when it explores every path (or refutes the condition): of the 86 conditions 10 do
# so, none of them past 0.5 s in any run we measured (budgets of 4 s, 2 s and 1 s); the others spend
# whatever budget they get. So 1 s is twice the longest search that ever ended, and a broken
# contract is refuted in well under a second (tests/symbolic/test_cache.py). 86 conditions x 1 s
# over 2 cores is at most 43 s on a fresh clone, and ~0 for an unchanged reference (the cache).
# Each run prints how many searches ended before the budget, and past 0.5-8 s.
REFERENCE_TIMEOUT = 1.0
IMPLEMENTATION_TIMEOUT = 60.0  # per search over a plugged implementation: its inputs must pass validation first


@dataclass
class Run:
    """Every condition's result, per game."""

    results: dict[str, list[Searched]] = field(default_factory=dict[str, list[Searched]])

    def add(self, key: str, result: Searched) -> None:
        self.results.setdefault(key, []).append(result)


def check(
    keys: Sequence[str],
    budget: float,
    jobs: int,
    cache: ResultCache,
    shown: Callable[[str, Searched], None] = lambda key, result: None,
) -> Run:
    """Search every condition of the games ``keys`` not answered by ``cache``, over ``jobs`` processes."""
    run = Run()
    pending: list[tuple[Condition, str]] = []
    stamp = salt()
    for key in keys:
        for condition in conditions_of(key):
            print_ = fingerprint(load(condition), stamp)
            kept = cache.reusable(condition.name, print_, budget)
            if kept is not None:
                run.add(key, kept)
                shown(key, kept)
            else:
                pending.append((condition, print_))
    pending.sort(key=lambda item: -cache.last_seconds(item[0].name))
    if not pending:
        return run
    with ProcessPoolExecutor(max_workers=max(1, min(jobs, len(pending)))) as pool:
        running: dict[Future[Searched], tuple[Condition, str]] = {
            pool.submit(search, condition, budget): (condition, print_) for condition, print_ in pending
        }
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                condition, print_ = running.pop(future)
                try:
                    result = future.result()
                except Exception as exc:  # noqa: BLE001 - a worker that died is this condition's failure, named
                    result = Searched(condition.name, FAILED, 0.0, 0.0, f"the search's process failed: {exc!r}", budget)
                cache.keep(print_, result)
                run.add(condition.game, result)
                shown(condition.game, result)
    cache.save()
    return run
