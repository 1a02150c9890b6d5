"""Known gaps and the round trip of the expectations file, judged over hand-made records (no run needed)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from rulespec.conformance.harness.gate.conclude import rewrite
from rulespec.conformance.harness.gate.expectations import PLACEHOLDER, Expectations, KnownFailure, KnownGap, load, save
from rulespec.conformance.harness.gate.judge import Bounds, judge
from rulespec.conformance.harness.gate.stamp import Stamp
from rulespec.conformance.harness.per_rule import RuleTally, Verification
from rulespec.conformance.harness.records import CheckRecord

STAMP = Stamp(("soe",), "suite1", "rules1", "ci", None, {"python": "3.11"})
SUITE_FILE = "conformance/vectors/soe/end_game.json"  # a real vector file: its "operation" is end_game


def _missing(name: str, operation: str, rules: tuple[str, ...] = ("SOE-END-3",)) -> CheckRecord:
    detail = f"Skipped: not implemented: pkg:Rules does not offer '{operation}'"
    return CheckRecord(f"conformance/invariants/soe/t.py::{name}", "soe", "invariant", rules, "not implemented", detail)


def _vector(name: str, outcome: str, rules: tuple[str, ...] = ("SOE-END-3",)) -> CheckRecord:
    return CheckRecord(f"{SUITE_FILE}::{name}", "soe", "vector", rules, outcome, "")


def _verification(records: list[CheckRecord]) -> Verification:
    tallies = {rule: RuleTally(rule, rule) for record in records for rule in record.rules}
    for record in records:
        for rule in record.rules:
            tallies[rule].vectors[record.outcome] += 1
    return Verification(tuple(tallies.values()), (), Counter(record.outcome for record in records))


def test_a_known_gap_covers_its_operations_checks_and_nothing_else() -> None:
    records = [_missing("t1", "end_game"), _missing("t2", "end_war", ("SOE-SEQ-1",))]
    gaps = Expectations(STAMP, (), (KnownGap("comes in 2.0", operation="end_game"),))
    gate = judge(_verification(records), records, Bounds(), gaps)
    assert not gate.passed and [r.nodeid for r in gate.unlisted_gaps] == [records[1].nodeid]
    assert gate.counts["known gap"] == 1 and "1 not implemented, more than --max-not-implemented 0" in gate.reasons[0]
    both = Expectations(STAMP, (), (*gaps.not_implemented, KnownGap("later", rule="SOE-SEQ-1")))
    assert judge(_verification(records), records, Bounds(), both).passed
    assert judge(_verification(records), records, Bounds(max_not_implemented=1), gaps).passed  # the old way still works


def test_a_gap_whose_operation_now_answers_fails_like_a_fixed_failure() -> None:
    records = [_vector("soe-end-a", "passed")]
    gaps = Expectations(STAMP, (), (KnownGap("comes in 2.0", operation="end_game"),))
    gate = judge(_verification(records), records, Bounds(), gaps)
    assert not gate.passed and [g.operation for g in gate.implemented] == ["end_game"]
    assert "now implemented" in gate.reasons[0]
    assert judge(_verification(records), records, Bounds(allow_fixed=True), gaps).passed


def test_a_rule_entry_is_not_fixed_by_checks_that_never_answered() -> None:
    """A known failure of a rule whose checks are all not implemented is not 'now passing'."""
    records = [_missing("t1", "end_game")]
    known = Expectations(
        STAMP, (KnownFailure("wrong ranking", rule="SOE-END-3"),), (KnownGap("2.0", operation="end_game"),)
    )
    gate = judge(_verification(records), records, Bounds(), known)
    assert gate.passed and not gate.fixed and [k.target for k in gate.not_run] == ["rule SOE-END-3"]


def test_writing_again_keeps_reasons_drops_what_passes_and_adds_placeholders(tmp_path: Path) -> None:
    before = Expectations(
        STAMP,
        (
            KnownFailure("issue 7", check="soe-end-a"),
            KnownFailure("issue 9", check="soe-end-b"),
            KnownFailure("hand-written, not run today", rule="SOE-SCORE-6"),
        ),
        (KnownGap("comes in 2.0", operation="end_game"), KnownGap("dropped", operation="end_war")),
    )
    records = [
        _vector("soe-end-a", "failed"),
        _vector("soe-end-b", "passed"),
        _vector("soe-end-c", "failed"),
        _missing("t1", "end_game"),
        _missing("t2", "clean_up", ("SOE-CLEAN-1",)),
    ]
    records.append(
        CheckRecord("conformance/vectors/soe/end_war.json::w1", "soe", "vector", ("SOE-SEQ-1",), "passed", "")
    )
    written = rewrite(records, STAMP, [before])
    after = written.expectations
    assert [(k.check or k.rule, k.reason) for k in after.known_failures] == [
        ("soe-end-a", "issue 7"),
        ("SOE-SCORE-6", "hand-written, not run today"),
        ("soe-end-c", after.known_failures[2].reason),
    ]
    assert after.known_failures[2].reason.startswith(PLACEHOLDER)
    assert [(g.operation, g.reason.startswith(PLACEHOLDER)) for g in after.not_implemented] == [
        ("end_game", False),
        ("clean_up", True),
    ]
    assert written.removed == (
        "known failure check soe-end-b now passes: removed",
        "known gap operation end_war is now implemented: removed",
    )
    assert (written.kept, written.added) == (3, 2)
    for name in ("e.json", "e.toml"):
        save(tmp_path / name, after)
        assert load(tmp_path / name, placeholders_allowed=True) == after


def test_writing_leaves_out_a_failure_from_a_request_answered_two_ways_and_says_so() -> None:
    """The gate never takes such a failure as known (state kept between calls is a fault of its own), so writing it
    down would only hide it until the next run: it is left out, with a line saying why."""
    twice = "result differs at $.x: expected 1, got 2 (and non-determinism: the same request answered two ways)"
    stale = CheckRecord(f"{SUITE_FILE}::stale", "soe", "vector", ("SOE-END-3",), "failed", f"{twice}\n  got 2 then 1")
    written = rewrite([stale, _vector("plain", "failed")], STAMP, [])
    assert [k.check for k in written.expectations.known_failures] == ["plain"]
    assert written.removed == ("stale: a request answered two ways (state kept between calls?): not written",)
