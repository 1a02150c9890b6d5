"""The CI gate: expectations, bounds, stamps, JUnit XML, the Markdown summary, profiles and xdist."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace
from pathlib import Path

import msgspec
import pytest
from hypothesis import settings

from rulespec.conformance.harness import profiles
from rulespec.conformance.harness.cli import parser
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.gate.expectations import Expectations, ExpectationsError, KnownFailure, load, save
from rulespec.conformance.harness.gate.judge import Bounds, judge
from rulespec.conformance.harness.gate.stamp import Stamp, differences, seed_of, stamp_now
from rulespec.conformance.harness.per_rule import RuleTally, Verification
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verify.recorder import CHECK_PROPERTY, Recorder
from tests import REPO_ROOT, rulespec

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

CANARY = "tests.canaries.his:TotalLeavesOutBonus"  # fails HIS-VP-1 on every score_power vector with a bonus
VECTORS = ("--ignore-glob=*/invariants/*",)  # vectors only (every rule has one): a run takes seconds


def _record(name: str, outcome: str, rules: tuple[str, ...] = ("A-X-1",), kind: str = "vector") -> CheckRecord:
    nodeid = f"conformance/vectors/a/op.json::{name}" if kind == "vector" else f"conformance/invariants/a/t.py::{name}"
    return CheckRecord(nodeid, "a", kind, rules, outcome, "why")


def _verification(records: list[CheckRecord], rules: tuple[str, ...] = ("A-X-1", "A-X-2")) -> Verification:
    tallies = {rule: RuleTally(rule, rule) for rule in rules}
    for record in records:
        for rule in record.rules:
            tallies[rule].vectors[record.outcome] += 1
    return Verification(tuple(tallies.values()), (), Counter(record.outcome for record in records))


STAMP = Stamp(("a",), "suite1", "rules1", "ci", None, {"python": "3.11"})


def _expect(*known: KnownFailure) -> Expectations:
    return Expectations(STAMP, known)


def test_an_unexpected_failure_fails_and_a_known_one_is_expected() -> None:
    records = [_record("c1", "failed"), _record("c2", "passed", ("A-X-2",))]
    assert not judge(_verification(records), records, Bounds()).passed
    by_check = judge(_verification(records), records, Bounds(), _expect(KnownFailure("bug 12", check="c1")))
    assert by_check.passed and [known.reason for _, known in by_check.expected] == ["bug 12"]
    by_rule = judge(_verification(records), records, Bounds(), _expect(KnownFailure("ties", rule="A-X-1")))
    assert by_rule.passed and by_rule.counts["expected failure"] == 1


def test_a_failure_from_a_request_answered_two_ways_is_never_a_known_one() -> None:
    """State kept between calls is a fault of its own: a known failure of the rule its stale answer breaks (or of the
    check) never covers it, so the gate fails and names it."""
    twice = "result differs at $.x: expected 1, got 2 (and non-determinism: the same request answered two ways)"
    stale = replace(_record("c1", "failed"), detail=f"{twice}\n  non-determinism: the same request, asked ... got 2")
    records = [stale, _record("c2", "passed", ("A-X-2",))]
    for known in (KnownFailure("ties", rule="A-X-1"), KnownFailure("bug 12", check="c1")):
        gate = judge(_verification(records), records, Bounds(), _expect(known))
        assert not gate.passed and gate.unexpected == (stale,), gate
    plain = [_record("c1", "failed"), records[1]]
    assert judge(_verification(plain), plain, Bounds(), _expect(KnownFailure("ties", rule="A-X-1"))).passed


def test_a_known_failure_that_passes_fails_the_gate_unless_fixes_are_allowed() -> None:
    records = [_record("c1", "passed"), _record("c2", "passed", ("A-X-2",))]
    known = _expect(KnownFailure("bug 12", check="c1"), KnownFailure("gone", check="no-such-check"))
    gate = judge(_verification(records), records, Bounds(), known)
    assert not gate.passed and "now pass" in gate.reasons[0]
    assert [k.target for k in gate.not_run] == ["check no-such-check"]
    assert judge(_verification(records), records, Bounds(allow_fixed=True), known).passed


def test_errors_and_not_implemented_are_bounded() -> None:
    records = [_record("c1", "error"), _record("c2", "not implemented", ("A-X-2",)), _record("c3", "passed")]
    assert not judge(_verification(records), records, Bounds()).passed
    assert not judge(_verification(records), records, Bounds(max_errors=1)).passed
    assert judge(_verification(records), records, Bounds(max_errors=1, max_not_implemented=1)).passed


def test_a_rule_no_check_ran_on_fails_the_gate() -> None:
    records = [_record("c1", "passed")]
    gate = judge(_verification(records), records, Bounds())
    assert not gate.passed and "A-X-2" in gate.reasons[0]


def test_a_changed_stamp_is_reported() -> None:
    records = [_record("c1", "passed"), _record("c2", "passed", ("A-X-2",))]
    now = Stamp(("a",), "suite2", "rules1", "ci", None, {"python": "3.12"})
    gate = judge(_verification(records), records, Bounds(), _expect(), now)
    assert gate.passed and gate.stamp_changes == ("suite: suite1 then, suite2 now", "python 3.11 then, 3.12 now")
    assert differences(STAMP, STAMP) == []


def test_the_stamp_follows_the_suite_and_the_rules() -> None:
    his = game("his")
    stamp = stamp_now([his], "ci", seed_of(["-x", "--hypothesis-seed=7"]))
    assert stamp.seed == "7" and stamp.tools["hypothesis"] and len(stamp.suite) == len(stamp.rules) == 16
    assert stamp_now([his], "ci", None).suite == stamp.suite
    assert stamp_now([game("imperium")], "ci", None).suite != stamp.suite


def test_expectations_read_as_json_or_toml_and_refuse_what_is_unclear(tmp_path: Path) -> None:
    expectations = _expect(KnownFailure("bug 12", check="c1"), KnownFailure("ties", rule="A-X-1"))
    save(tmp_path / "e.json", expectations)
    assert load(tmp_path / "e.json") == expectations
    (tmp_path / "e.toml").write_text(
        '[stamp]\ngames = ["a"]\nsuite = "suite1"\nrules = "rules1"\nprofile = "ci"\n[stamp.tools]\npython = "3.11"\n'
        '[[known_failures]]\ncheck = "c1"\nreason = "bug 12"\n[[known_failures]]\nrule = "A-X-1"\nreason = "ties"\n',
        encoding="utf-8",
    )
    assert load(tmp_path / "e.toml") == expectations
    for bad, message in (
        ({"check": "c1", "rule": "A-X-1", "reason": "r"}, "exactly one"),
        ({"check": "c1", "reason": " "}, "reason"),
    ):
        raw = json.loads((tmp_path / "e.json").read_text(encoding="utf-8"))
        raw["known_failures"] = [bad]
        (tmp_path / "bad.json").write_text(json.dumps(raw), encoding="utf-8")
        with pytest.raises(ExpectationsError, match=message):
            load(tmp_path / "bad.json")


def test_deep_searches_ten_times_as_hard_as_dev_and_ci_is_repeatable() -> None:
    profiles.register()
    dev, ci, deep = (settings.get_profile(name) for name in ("dev", "ci", "deep"))
    assert deep.max_examples >= 10 * dev.max_examples
    assert ci.derandomize and not dev.derandomize


def test_recorded_expectations_gate_a_canary_and_catch_its_fix(tmp_path: Path) -> None:
    expectations, summary, junit = tmp_path / "expected.json", tmp_path / "summary.md", tmp_path / "junit.xml"
    step_summary = tmp_path / "step-summary.md"
    common = ["--game", "his", "--profile", "ci", "--max-errors", "0"]
    written = rulespec("expectations", "--write", str(expectations), *common, "--impl", CANARY, "--", *VECTORS)
    assert written.returncode == 0, written.stdout[-2000:]
    known = load(expectations, placeholders_allowed=True)
    assert known.known_failures and all(k.check and k.check.startswith("his-") for k in known.known_failures)
    assert known.stamp is not None and known.stamp.games == ("his",) and known.stamp.profile == "ci"

    # the same failures, now known: the gate passes; a stamp from another suite is reported, not fatal
    raw = json.loads(expectations.read_text(encoding="utf-8"))
    assert all(entry["reason"].startswith("TODO: say why") for entry in raw["known_failures"])
    for entry in raw["known_failures"]:
        entry["reason"] = "the canary leaves out the bonus"
    raw["stamp"]["suite"] = "0" * 16
    expectations.write_text(json.dumps(raw), encoding="utf-8")
    env = {**os.environ, "GITHUB_STEP_SUMMARY": str(step_summary)}
    gated = rulespec(
        "verify",
        *common,
        "--impl",
        CANARY,
        "--expectations",
        str(expectations),
        "--summary-md",
        str(summary),
        "--junit-xml",
        str(junit),
        "--",
        *VECTORS,
        env=env,
    )
    assert gated.returncode == 0, gated.stdout[-3000:]
    assert "expectations stamp: suite" in gated.stdout and "unexpected failure" not in gated.stdout
    text = summary.read_text(encoding="utf-8")
    assert "gate passed" in text and "Expected failures" in text and step_summary.read_text(encoding="utf-8") == text
    cases = [case for case in ET.parse(junit).getroot().iter("testcase") if case.get("classname") != "rulespec"]
    rules = {
        case.get("name"): [p.get("value") for p in case.iter("property") if p.get("name") == "rule"] for case in cases
    }
    assert rules and all(rules.values()) and "HIS-VP-1" in rules[known.known_failures[0].check]

    # without the expectations the same run fails on each failure; against the reference they are fixed
    unknown = rulespec("verify", *common, "--impl", CANARY, "--", *VECTORS)
    assert unknown.returncode == 1 and "unexpected failure" in unknown.stdout
    fixed = rulespec("verify", *common, "--expectations", str(expectations), "--", *VECTORS)
    assert fixed.returncode == 1 and "known failure now passes" in fixed.stdout
    allowed = rulespec("verify", *common, "--expectations", str(expectations), "--allow-fixed", "--", *VECTORS)
    assert allowed.returncode == 0, allowed.stdout[-2000:]


def test_a_narrow_run_leaves_rules_unchecked_and_fails_the_gate() -> None:
    narrow = rulespec("verify", "--game", "his", "--profile", "ci", "--", *VECTORS, "-k", "score_power")
    assert narrow.returncode == 1 and "no check ran on" in narrow.stdout


def test_records_made_in_xdist_workers_reach_the_report(tmp_path: Path) -> None:
    alone, spread = tmp_path / "alone.json", tmp_path / "spread.json"
    options = ["--game", "his", "--profile", "ci", "--impl", CANARY, "--", *VECTORS]
    rulespec("verify", "--report-json", str(alone), *options)
    rulespec("verify", "--report-json", str(spread), "-n", "2", *options)
    # the same records, but for how long each check took
    one, two = (
        [{**r, "duration": 0} for r in json.loads(path.read_text(encoding="utf-8"))["checks"]]
        for path in (alone, spread)
    )
    assert one and sorted(one, key=str) == sorted(two, key=str)
    assert any(record["outcome"] == "failed" for record in two)


def test_the_action_uses_only_options_rulespec_has() -> None:
    """The ready workflow (docs/ci/rulespec.yml) uses the action; the action's gate step calls verify."""
    assert "uses: " in (REPO_ROOT / "docs" / "ci" / "rulespec.yml").read_text(encoding="utf-8")
    workflow = (REPO_ROOT / "action.yml").read_text(encoding="utf-8")
    gate = workflow.index("- name: Conformance gate")
    verify_call = workflow[gate : workflow.index("- name:", gate + 1)]
    option = r"(?<![\w-])(--[a-z][a-z-]+|-n)\b"
    used = set(re.findall(option, verify_call))
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown), pytest.raises(SystemExit):
        parser().parse_args(["verify", "--help"])
    known = set(re.findall(option, shown.getvalue()))
    assert used and used <= known, f"the workflow passes options verify lacks: {sorted(used - known)}"
    assert "rulespec typecheck --game" in workflow


def test_a_check_that_failed_without_a_record_counts_as_an_error() -> None:
    """A crashed xdist worker fails its test on the controller with no record: the gate must see an error."""
    recorder = Recorder()
    crashed = pytest.TestReport(
        "conformance/vectors/his/score_power.json::his-score-ottomans",
        ("conformance/vectors/his/score_power.json", 0, "his-score-ottomans"),
        {},
        "failed",
        "worker 'gw1' crashed while running this",
        "call",
    )
    recorder.pytest_runtest_logreport(crashed)
    assert [(r.game, r.outcome) for r in recorder.records] == [("his", "error")]
    recorded = [(CHECK_PROPERTY, msgspec.json.encode(_record("c9", "passed")).decode()), ("rule", "A-X-1")]
    passed = pytest.TestReport(crashed.nodeid, crashed.location, {}, "passed", None, "call", user_properties=recorded)
    recorder.pytest_runtest_logreport(passed)
    assert recorder.records[-1].outcome == "passed" and passed.user_properties == [("rule", "A-X-1")]
