"""How one ``verify`` run is spread: over the machine's cores by default, and over machines by ``--shard``.

Over the cores: pytest-xdist with one worker per core when there are several and the run is a
whole game or more (``bench/`` measures both ways; a few checks, chosen by ``--rule`` or by pytest's
options after ``--``, finish before the workers have started, so those stay in this process). ``-n N``
chooses.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterable, Sequence

from conformance.harness.records import CheckRecord

SHARD_PLUGIN = "conformance.harness.verify.shard"


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def default_processes(args: argparse.Namespace) -> int:
    """Workers to start when ``-n`` was not given: one per core for a whole game or more, else none.

    A run narrowed by ``--rule`` or by pytest's own options (``-- -k ...``) is a few checks: they
    finish in this process before two workers would have started.
    """
    if getattr(args, "numprocesses", None) or args.rule or getattr(args, "pytest_args", None) or cores() < 2:
        return 0
    return cores()


def pytest_args(args: argparse.Namespace, keys: Sequence[str]) -> list[str]:
    extra = ["-p", SHARD_PLUGIN]
    if args.shard is not None:
        extra.append(f"--rulespec-shard={args.shard}")
    processes = default_processes(args)
    if processes:
        # idle workers take queued checks from busy ones, and the long ones start first: no long tail
        extra += ["-n", str(processes), "--dist", "worksteal", "--rulespec-longest-first"]
    return extra


def rules_checked(records: Iterable[CheckRecord]) -> list[str]:
    """The rules some check of the run names (a shard's verdict is on these)."""
    return sorted({rule for record in records for rule in record.rules})
