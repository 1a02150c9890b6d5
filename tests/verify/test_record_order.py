"""A run's records come out in one order whatever order its checks ran in: the checks run longest first as last
timed, over workers, so the order they finish in moves with the machine's load. The summary, each rule's first failing
check in the verdict, and the report are read from the records once the session ends."""

from __future__ import annotations

from typing import Any, cast

import pytest

from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verify.recorder import Recorder


def _record(game: str, nodeid: str) -> CheckRecord:
    kind = "invariant" if "/invariants/" in nodeid else "vector"
    return CheckRecord(nodeid, game, kind, ("SOE-GAME-1",), "passed", "")


def test_records_finished_in_any_order_end_in_one_order() -> None:
    finished = [
        _record("soe", "conformance/vectors/soe/score_region.json::b"),
        _record("his", "conformance/vectors/his/bonus_vp.json::a"),
        _record("soe", "conformance/invariants/soe/test_tracks.py::test_x"),
        _record("soe", "conformance/vectors/soe/score_region.json::a"),
    ]
    orders: list[list[tuple[str, str]]] = []
    for shift in range(len(finished)):
        recorder = Recorder()
        recorder.records = finished[shift:] + finished[:shift]
        recorder.pytest_sessionfinish(cast(pytest.Session, cast(Any, None)))
        orders.append([(record.game, record.nodeid) for record in recorder.records])
    assert all(order == orders[0] for order in orders)
    assert orders[0] == [  # by game, a game's vectors before its invariants (a hand-worked case shown first), by check
        ("his", "conformance/vectors/his/bonus_vp.json::a"),
        ("soe", "conformance/vectors/soe/score_region.json::a"),
        ("soe", "conformance/vectors/soe/score_region.json::b"),
        ("soe", "conformance/invariants/soe/test_tracks.py::test_x"),
    ]
