"""How many examples the invariants need: every canary's failing invariants at 100, 50 and 25 examples.

The examples per invariant (``conformance/harness/profiles.py``, and a game's share of them, as
Struggle of Empires' half in ``conformance/invariants/soe/support.py``) set most of the gate's time,
since Hypothesis's cost grows with the examples it draws. This measures what a smaller budget loses:
for each one-bug canary of each game (``tests/canaries/``) it runs that game's invariants alone (the
vectors do not depend on the budget) at each budget,
derandomised and without shrinking as ``canary`` is, and prints per budget the (canary, invariant)
pairs that fail, the pairs lost against the largest budget, and the canaries no invariant catches.

``python bench/budget.py [--game KEY] [--budget N ...]`` (a budget is the profile's examples: Struggle of
Empires draws half, so ``--budget 200 --budget 100`` compares it at 100 and 50); loaded by pytest as
``-p bench.budget``, this module only registers the ``budget-N`` profiles.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from hypothesis import HealthCheck, settings

from rulespec.conformance.harness import profiles
from rulespec.conformance.harness.games import all_games

REPO_ROOT = Path(__file__).resolve().parents[1]  # the checkout being measured

BUDGETS: tuple[int, ...] = (200, 100, 50, 25)
DEFAULT_BUDGETS = (100, 50, 25)

# the gate's own canary profile (derandomised, not shrunk) at each budget, so a budget measures what the gate does
profiles.register()
_canary = settings.get_profile("canary")
for _examples in BUDGETS:
    settings.register_profile(
        f"budget-{_examples}",
        _canary,
        max_examples=_examples,
        database=None,  # nothing replayed from earlier runs
        suppress_health_check=[*_canary.suppress_health_check, HealthCheck.function_scoped_fixture],
    )


def failing_invariants(key: str, canary: str, examples: int) -> list[str]:
    """The invariants of game ``key`` that the canary fails at ``examples`` examples each."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        f"conformance/invariants/{key}",
        f"--game={key}",
        f"--impl=tests.canaries.{key}:{canary}",
        "-p",
        "bench.budget",
        f"--hypothesis-profile=budget-{examples}",
        "-p",
        "no:cacheprovider",
        "-q",
        "-rf",
        "--tb=no",
    ]
    done = subprocess.run(command, cwd=REPO_ROOT, capture_output=True, text=True, check=False)
    return sorted(set(re.findall(r"^FAILED (\S+)", done.stdout, re.MULTILINE)))


def main(argv: Sequence[str] | None = None) -> int:
    options = argparse.ArgumentParser(prog="bench/budget.py", description=(__doc__ or "").splitlines()[0])
    options.add_argument("--game", action="append", help="only this game (repeatable)")
    options.add_argument("--budget", action="append", type=int, choices=BUDGETS, help="only this budget (repeatable)")
    chosen = options.parse_args(argv)
    keys = chosen.game or [g.key for g in all_games()]
    budgets = sorted(chosen.budget or DEFAULT_BUDGETS, reverse=True)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    found: dict[int, dict[tuple[str, str], list[str]]] = {n: {} for n in budgets}
    seconds: dict[int, float] = dict.fromkeys(budgets, 0.0)

    def one(run: tuple[str, str, int]) -> None:
        key, canary, examples = run
        started = time.perf_counter()
        found[examples][(key, canary)] = failing_invariants(key, canary, examples)
        seconds[examples] += time.perf_counter() - started

    runs: list[tuple[str, str, int]] = [
        (k, c.name, n) for k in keys for c in importlib.import_module(f"tests.canaries.{k}").CANARIES for n in budgets
    ]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:  # one pytest process per core
        list(pool.map(one, runs))
    largest = budgets[0]
    print(
        f"{'examples':>8} {'failing pairs':>14} {'lost vs ' + str(largest):>12} {'uncaught canaries':>18} {'run s':>8}"
    )
    for examples in budgets:
        pairs = {(c, n) for c, failed in found[examples].items() for n in failed}
        top = {(c, n) for c, failed in found[largest].items() for n in failed}
        uncaught = sorted(f"{k}:{c}" for (k, c), failed in found[examples].items() if not failed)
        print(f"{examples:>8} {len(pairs):>14} {len(top - pairs):>12} {len(uncaught):>18} {seconds[examples]:>8.1f}")
        for canary, nodeid in sorted(top - pairs):
            still = len(found[examples][canary])
            print(
                f"{'':>8} lost: {canary[0]}:{canary[1]} no longer fails {nodeid.split('::')[-1]} "
                f"(still fails {still} others)"
            )
    never = sorted(f"{k}:{c}" for (k, c), failed in found[largest].items() if not failed)
    print(f"caught by the vectors alone (no invariant fails them at {largest}): {', '.join(never) or 'none'}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
