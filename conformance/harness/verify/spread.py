"""How one ``verify`` run is spread: over the machine's cores by default, and over machines by ``--shard``.

Over the cores: pytest-xdist with one worker per core, fed from one longest-first queue, when there
are several and the run is whole games, one or more. Measured on 2 cores, three runs each way in one
minute: the Struggle of Empires reference took 10.1 to 11.0 s spread against 13.8 to 16.2 s in one
process; the README's starter, whose checks are nearly all *not implemented*, 3.9 s against 2.7 s: a
second lost where several are won on an implementation that answers (``bench/`` prints both ways). A
few checks, chosen by ``--rule`` or by pytest's options after ``--``, stay in this process: they
finish before workers would have started. ``-n N`` chooses.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterable, Sequence

from conformance.harness.records import CheckRecord

SHARD_PLUGIN = "conformance.harness.verify.shard"

# One queue, longest checks first, from which each worker takes the next check as it finishes one
# (it holds two: pytest runs a check only once it knows the next). Work stealing dealt the queue out
# in halves up front, so the long checks sat together on one worker, the other taking them back only
# when idle: a Here I Stand canary whose late checks fail and shrink for seconds took 11.5 to 13.4 s
# that way, 10.3 to 10.7 s so.
SCHEDULE = ["--dist", "load", "--maxschedchunk", "1", "--rulespec-longest-first"]


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def default_processes(args: argparse.Namespace, keys: Sequence[str]) -> int:
    """Workers to start when ``-n`` was not given: one per core for whole games, else none."""
    narrowed = args.rule or getattr(args, "pytest_args", None)
    # run from a pytest-xdist worker (our own tests session): the cores are already shared out
    nested = "PYTEST_XDIST_WORKER" in os.environ
    if getattr(args, "numprocesses", None) or narrowed or nested or not keys or cores() < 2:
        return 0
    return cores()


def pytest_args(args: argparse.Namespace, keys: Sequence[str]) -> list[str]:
    extra = ["-p", SHARD_PLUGIN]
    if args.shard is not None:
        extra.append(f"--rulespec-shard={args.shard}")
    processes = default_processes(args, keys)
    if processes:
        extra += ["-n", str(processes)]
    if processes or getattr(args, "numprocesses", None):  # ours, or -n given (gate/options.py passes it on)
        extra += SCHEDULE
    return extra


def rules_checked(records: Iterable[CheckRecord]) -> list[str]:
    """The rules some check of the run names (a shard's verdict is on these)."""
    return sorted({rule for record in records for rule in record.rules})
