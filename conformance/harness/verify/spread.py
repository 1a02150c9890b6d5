"""How one ``verify`` run is spread: over the machine's cores by default, and over machines by ``--shard``.

Over the cores: pytest-xdist with one worker per core, fed from one longest-first queue, when there
are several and the run is whole games, one or more (``bench/`` and ``docs/performance.md`` time both
ways); the vector cases of one folder go to one worker together, so it can send them ahead to its
process in one stream (``VectorsTogether``). A few checks, chosen by ``--rule`` or by pytest's options
after ``--``, stay in this process: they finish before workers would have started. ``-n N`` chooses.

Over machines: ``--shard K/N`` runs a deterministic Kth of N shares of the checks, balanced by their
measured durations. Every process of the run (each pytest-xdist worker too) keeps the same share: it
depends only on the checks collected (their node IDs) and the durations committed in ``durations.json``,
so the same command gives the same share on any machine, and the N shares of one command are disjoint
and cover every check. Checks are dealt longest first, each to the share with the least time so far
(ties to the lowest K); a check with no recorded duration counts as the median of its kind.
"""

from __future__ import annotations

import json
import os
import statistics
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from xdist.scheduler import LoadScheduling  # type: ignore[import-untyped]  # pyright: ignore[reportMissingTypeStubs]

from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verify.options import Shard, VerifyOptions
from rulespec.conformance.harness.vocabulary import cores

DURATIONS = Path(__file__).with_name("durations.json")


def recorded_durations(path: Path = DURATIONS) -> dict[str, float]:
    """Seconds per check node ID, as measured (``rulespec verify --profile ci -- --rulespec-durations PATH``)."""
    if not path.exists():
        return {}
    recorded: dict[str, float] = json.loads(path.read_text(encoding="utf-8"))
    return recorded


def _kind(nodeid: str) -> str:
    return "invariant" if ".py::" in nodeid else "vector"


def deal(nodeids: Sequence[str], count: int, durations: Mapping[str, float]) -> list[list[str]]:
    """The N shares, each in collection order: longest check first to the least loaded share."""
    medians: dict[str, float] = {}
    for kind in ("vector", "invariant"):
        known = [seconds for nodeid, seconds in durations.items() if _kind(nodeid) == kind]
        medians[kind] = statistics.median(known) if known else (0.01 if kind == "vector" else 1.0)
    cost = {nodeid: durations.get(nodeid, medians[_kind(nodeid)]) for nodeid in nodeids}
    loads = [0.0] * count
    owner: dict[str, int] = {}
    for nodeid in sorted(nodeids, key=lambda n: (-cost[n], n)):
        lightest = min(range(count), key=lambda k: (loads[k], k))
        owner[nodeid] = lightest
        loads[lightest] += cost[nodeid]
    return [[nodeid for nodeid in nodeids if owner[nodeid] == k] for k in range(count)]


# One queue, longest checks first, from which each worker takes the next check as it finishes one
# (it holds two: pytest runs a check only once it knows the next). Work stealing dealt the queue out
# in halves up front, so the long checks sat together on one worker, the other taking them back only
# when idle: a Here I Stand canary whose late checks fail and shrink for seconds took 11.5 to 13.4 s
# that way, 10.3 to 10.7 s so.
SCHEDULE = ["--dist", "load", "--maxschedchunk", "1", "--rulespec-longest-first"]


def sent_together(nodeid: str) -> str | None:
    """The batch a vector case is sent ahead in (its folder: a game's, or a user's), None for any other check.

    The worker that runs one case of a batch runs all of it (``VectorsTogether``), so it can pipeline them all.
    """
    file, _, case = nodeid.partition("::")
    return file.rpartition("/")[0] if file.endswith(".json") and case else None


class VectorsTogether(LoadScheduling):  # type: ignore[misc]  # pyright: ignore[reportUntypedBaseClass]
    """pytest-xdist's ``--dist load``, except that a batch of vector cases (``sent_together``) goes to one worker
    at once, when the queue reaches its first case: that worker sends the batch to its process in one stream.

    Fed one at a time, each worker would know its next check only, and every case would be a round trip.
    """

    # LoadScheduling's own state (pytest-xdist has no types): node IDs, indices into them not yet dealt, and dealt
    collection: list[str] | None
    pending: list[int]
    node2pending: dict[Any, list[int]]

    def _send_tests(self, node: Any, num: int) -> None:
        assert self.collection is not None
        chosen = list(self.pending[:num])
        batches = {sent_together(self.collection[index]) for index in chosen} - {None}
        chosen += [i for i in self.pending[num:] if sent_together(self.collection[i]) in batches]
        if chosen:
            taken = set(chosen)
            self.pending[:] = [index for index in self.pending if index not in taken]
            self.node2pending[node].extend(chosen)
            node.send_runtest_some(chosen)


def make_scheduler(config: pytest.Config, log: Any) -> VectorsTogether | None:
    """pytest-xdist's hook: ``VectorsTogether`` for ``--dist load``; every other mode as pytest-xdist has it."""
    return VectorsTogether(config, log) if vectors_together(config) else None


def vectors_together(config: pytest.Config) -> bool:
    """Whether this run's workers are fed by ``VectorsTogether`` (``--dist load``, verify's and ``-n``'s default)."""
    dist: object = config.getoption("dist", None)
    return dist == "load"


def default_processes(options: VerifyOptions) -> int:
    """Workers to start when ``-n`` was not given: one per core for whole games, else none."""
    narrowed = options.rules or options.pytest_args
    # run from a pytest-xdist worker (our own tests session): the cores are already shared out
    nested = "PYTEST_XDIST_WORKER" in os.environ
    if options.numprocesses or narrowed or nested or not options.games or cores() < 2:
        return 0
    return cores()


def pytest_args(options: VerifyOptions) -> list[str]:
    """One worker per core when ``-n`` was not given (``default_processes``); workers, ours or ``-n``'s, fed longest
    first."""
    processes = default_processes(options)
    extra = ["-n", str(processes)] if processes else []
    workers = options.numprocesses not in (None, "0")  # -n 0: this process alone, nothing to schedule
    return [*extra, *SCHEDULE] if processes or workers else extra


def rules_checked(records: Iterable[CheckRecord]) -> list[str]:
    """The rules some check of the run names (a shard's verdict is on these)."""
    return sorted({rule for record in records for rule in record.rules})


def order_and_share(config: pytest.Config, items: list[pytest.Item], shard: Shard | None, longest_first: bool) -> None:
    """The checks longest first (as recorded), and only this process's share of them with ``--shard``."""
    if longest_first:
        # over several workers the run ends with its last long check: start those first
        recorded = recorded_durations()
        items.sort(key=lambda item: -recorded.get(item.nodeid, 0.0))
    if shard is None:
        return
    mine = set(deal([item.nodeid for item in items], shard.count, recorded_durations())[shard.index - 1])
    kept = [item for item in items if item.nodeid in mine]
    config.hook.pytest_deselected(items=[item for item in items if item.nodeid not in mine])
    items[:] = kept


class DurationLog:
    """``--rulespec-durations PATH``: every check's seconds (setup, call and teardown), written at the end."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] = self.seconds.get(report.nodeid, 0.0) + report.duration

    def pytest_sessionfinish(self) -> None:
        rounded = {nodeid: round(seconds, 3) for nodeid, seconds in sorted(self.seconds.items())}
        outputs.write_text(self.path, json.dumps(rounded, indent=0) + "\n")
