"""``verify --shard K/N``: a deterministic Kth of N shares of the checks, balanced by their measured durations.

Loaded with ``-p conformance.harness.verify.shard``, so pytest-xdist's workers load it too and
every process keeps the same share. The share depends only on the checks collected (their node
IDs) and the durations committed in ``durations.json``: the same command gives the same share on
any machine, and the N shares of one command are disjoint and cover every check. Checks are dealt
longest first, each to the share with the least time so far (ties to the lowest K); a check with no
recorded duration counts as the median of its kind.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from conformance.harness import outputs, vocabulary

DURATIONS = Path(__file__).with_name("durations.json")


@dataclass(frozen=True)
class Shard:
    index: int  # 1-based, as written
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        return cls(*vocabulary.shard(text))

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


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


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("rulespec").addoption(
        "--rulespec-shard", default=None, metavar="K/N", help="run only the Kth of N shares of the checks"
    )
    parser.getgroup("rulespec").addoption(
        "--rulespec-longest-first", action="store_true", help="run the longest checks (as recorded) first"
    )
    parser.getgroup("rulespec").addoption(
        "--rulespec-durations",
        default=None,
        metavar="PATH",
        help="write every check's seconds (for the shares' balance)",
    )


@pytest.hookimpl(trylast=True)  # after --rule and --game have chosen the checks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--rulespec-longest-first"):
        # over several workers the run ends with its last long check: start those first
        recorded = recorded_durations()
        items.sort(key=lambda item: -recorded.get(item.nodeid, 0.0))
    text: str | None = config.getoption("--rulespec-shard")
    if text is None:
        return
    try:
        shard = Shard.parse(text)
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from exc
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


def pytest_configure(config: pytest.Config) -> None:
    path: str | None = config.getoption("--rulespec-durations")
    if path is not None and not hasattr(config, "workerinput"):  # the controller sees every report
        config.pluginmanager.register(DurationLog(Path(path)), "rulespec-durations")
