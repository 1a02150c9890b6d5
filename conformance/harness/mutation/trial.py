"""Running the order and condition mutants (``structural``): each module written into a scratch tree, the suite run.

mutmut's trampolines carry only its own mutants, so these run the plain way: one scratch tree per worker, the
mutated module written in place of the original (its cached bytecode removed: a swap keeps the file's size, and
Python would trust a cached file of the same size and second), the game's checks run with ``-x`` (the first
failure kills), then the original put back. The checks run are those mutmut's coverage found reaching the
mutated function (``mutants/mutmut-stats.json`` of the game's mutmut tree), vectors first (fastest), or the
whole game's suite when there are no such figures. A run longer than its bound is a timeout, which counts as
killed (as mutmut counts it): a swap that loops forever is caught, never waited for.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from rulespec.conformance.harness.mutation import structural
from rulespec.conformance.harness.mutation.score import EQUIVALENTS_FILE, Mutant, judge, load_equivalents
from rulespec.conformance.harness.mutation.structural import Structural

KILLED, SURVIVED, TIMEOUT, NO_TESTS = "killed", "survived", "timeout", "no tests"


def stats_tests(stats: Path) -> dict[str, list[str]] | None:
    """Per function (``module.function``), the checks that reach it, fastest first; None without mutmut's figures."""
    if not stats.is_file():
        return None
    data: dict[str, Any] = json.loads(stats.read_text(encoding="utf-8"))
    durations: dict[str, float] = data.get("duration_by_test", {})
    reached: dict[str, list[str]] = {}
    for mangled, tests in data.get("tests_by_mangled_function_name", {}).items():
        module, _, local = str(mangled).rpartition(".")
        # x_function, and xǁClassǁmethod for a method
        name = local[2:].replace("ǁ", ".") if local.startswith("xǁ") else local.removeprefix("x_")
        ordered = sorted(tests, key=lambda t: (".json::" not in t, durations.get(t, 0.0), t))
        reached[f"{module}.{name}"] = ordered
    return reached


def _pytest(tree: Path, tests: Sequence[str], profile: str, timeout: float) -> tuple[int | None, float]:
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", f"--hypothesis-profile={profile}"]
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [*command, *tests], cwd=tree, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - started
    return done.returncode, time.perf_counter() - started


def _cached(module: Path) -> list[Path]:
    return list((module.parent / "__pycache__").glob(f"{module.stem}.*.pyc"))


def try_mutant(tree: Path, mutant: Structural, tests: Sequence[str], profile: str, timeout: float) -> str:
    """The mutant's status: killed, survived or timeout (the original module is always put back)."""
    if not tests:
        return NO_TESTS
    module = tree / mutant.path
    original = module.read_text(encoding="utf-8")
    try:
        module.write_text(mutant.source, encoding="utf-8")
        for cached in _cached(module):
            cached.unlink()
        code, _ = _pytest(tree, tests, profile, timeout)
    finally:
        module.write_text(original, encoding="utf-8")
        for cached in _cached(module):
            cached.unlink()
    if code is None:
        return TIMEOUT
    return SURVIVED if code == 0 else KILLED


class CleanRunFailed(RuntimeError):
    """The game's checks fail against the unmutated reference in the scratch tree: no mutant can be judged."""


def run_all(
    make_tree: Callable[[int], Path],
    found: Sequence[Structural],
    suite: Sequence[str],
    reached: dict[str, list[str]] | None,
    profile: str,
    workers: int,
) -> dict[str, str]:
    """Every mutant's status, by name, over ``workers`` scratch trees made by ``make_tree``."""
    trees = [make_tree(index) for index in range(max(1, workers))]
    code, seconds = _pytest(trees[0], suite, profile, timeout=3600)
    if code != 0:
        raise CleanRunFailed(f"the game's checks fail on the unmutated reference in {trees[0]} (exit {code})")
    bound = max(60.0, 10 * seconds)  # a clean run of everything, ten times over: a mutant that takes longer loops

    def tests_of(mutant: Structural) -> list[str]:
        if reached is None:
            return list(suite)
        return reached.get(f"{mutant.module}.{mutant.function}", [])

    def work(index: int) -> dict[str, str]:
        done: dict[str, str] = {}
        for mutant in found[index :: len(trees)]:
            done[mutant.name] = try_mutant(trees[index], mutant, tests_of(mutant), profile, bound)
            print(f"  {done[mutant.name]:>9} {mutant.name}", flush=True)  # a long run shows where it is
        return done

    statuses: dict[str, str] = {}
    with ThreadPoolExecutor(max_workers=len(trees)) as pool:
        for part in pool.map(work, range(len(trees))):
            statuses.update(part)
    for tree in trees[1:]:
        shutil.rmtree(tree, ignore_errors=True)
    return statuses


def _raw(mutant: Structural, status: str) -> dict[str, str]:
    """The mutant as score.judge reads one: mutmut's fields, and its module, function and kind."""
    return {
        "name": mutant.name,
        "status": status,
        "original": mutant.original,
        "mutated": mutant.mutated,
        "module": mutant.module,
        "function": mutant.function,
        "kind": mutant.kind,
    }


def judge_all(
    make_tree: Callable[[int], Path],
    package: str,
    kinds: tuple[str, ...],
    suite: Sequence[str],
    stats: Path,
    profile: str,
    workers: int,
) -> tuple[Mutant, ...]:
    """Every order and condition mutant of ``package`` (of ``kinds``), run unless recorded equivalent, judged.

    The statuses are also written beside the trees (``statuses.json``), to be read when a survivor is studied.
    """
    first = make_tree(0)
    found = structural.mutants(first, package, kinds)
    equivalents = load_equivalents(EQUIVALENTS_FILE)
    to_run = [m for m in found if judge(_raw(m, "not run"), equivalents).equivalent is None]

    def tree(index: int) -> Path:
        return first if index == 0 else make_tree(index)

    statuses = run_all(tree, to_run, suite, stats_tests(stats), profile, workers)
    (first.parent.parent / "statuses.json").write_text(json.dumps(statuses, indent=1), encoding="utf-8")
    return tuple(judge(_raw(m, statuses.get(m.name, "not run")), equivalents) for m in found)
