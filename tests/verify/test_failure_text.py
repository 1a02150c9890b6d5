"""A failed check shown in the implementer's terms: JSON, every differing path, no Python reprs."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verdict import Difference, as_json, differences
from rulespec.conformance.harness.verify.failure_text import (
    CUT_NOTE,
    again_text,
    clause_texts,
    closing_summary,
    failure_text,
    first_sentence,
    terminal_width,
)
from tests import REPO_ROOT, rulespec

RECORD = CheckRecord(
    "conformance/vectors/his/determine_victory.json::his-win-tie",
    "his",
    "vector",
    ("HIS-WIN-3", "HIS-WIN-2"),
    "failed",
    "result differs",
    "HIS-WIN-3",
    "determine_victory",
    {"turn": 6, "totals": []},
    {"unbroken_tie": "shared"},
    {"winner": "england", "tie_broken_at_turn": 6},
    {"winner": "habsburgs", "tie_broken_at_turn": None},
    (Difference("$.tie_broken_at_turn", 6, None), Difference("$.winner", "england", "habsburgs")),
    0.01,
    "",
    "A tie is broken by the previous turn.",
)


def test_the_failure_names_its_primary_rule_and_shows_every_path_as_json() -> None:
    text = failure_text(RECORD)
    lines = text.splitlines()
    assert lines[0] == "his-win-tie fails HIS-WIN-3 (also involves HIS-WIN-2)"  # its check ID, as expectations take it
    assert not any(line.startswith("  rule ") for line in lines), "a vector is a worked example: no clause text"
    assert json.loads(text.split("request to determine_victory: ")[1].splitlines()[0]) == RECORD.request
    assert json.loads(text.split("  rulings: ")[1].splitlines()[0]) == RECORD.rulings
    assert json.loads(text.split("  expected: ")[1].splitlines()[0]) == RECORD.expected
    assert json.loads(text.split("  got: ")[1].splitlines()[0]) == RECORD.got
    assert "    $.tie_broken_at_turn: expected 6, got null" in lines
    assert '    $.winner: expected "england", got "habsburgs"' in lines
    assert "None" not in text and "'" not in text.replace("'s", "")


def test_an_invariant_offers_its_shrunk_case_as_a_vector() -> None:
    vector: dict[str, object] = {
        "id": "his-determine-victory-0123456789ab",
        "rules": ["HIS-WIN-3"],
        "input": {},
        "rulings": {},
        "output": {},
    }
    text = failure_text(
        CheckRecord("t.py::test_x", "his", "invariant", ("HIS-WIN-3",), "failed", "", statement="Ties break."),
        vector,
        width=1000,
    )
    assert "  property: Ties break." in text.splitlines()
    clause = CheckRecord(
        "t.py::test_x", "his", "invariant", ("HIS-WIN-3",), "failed", "", clause="A tie is broken by the previous turn."
    )
    assert "  rule HIS-WIN-3: A tie is broken by the previous turn." in failure_text(clause).splitlines()
    assert json.loads(text.split("  as a vector: ")[1]) == vector


def test_a_clause_s_table_is_left_to_rulespec_rules_and_its_prose_on_both_sides_kept() -> None:
    rows = "| spaces | 0-3 | 4-6 |\n| --- | --- | --- |\n| Papacy | 15 | 14 |\n"
    table = f"Each line follows its track.\n\n{rows}\nThey add up."
    record = CheckRecord("t.py::test_x", "his", "invariant", ("HIS-SPECIAL-7",), "failed", "", clause=table)
    shown = " ".join(line.strip() for line in failure_text(record).splitlines())
    said = "rule HIS-SPECIAL-7: Each line follows its track. [a table: rulespec rules HIS-SPECIAL-7] They add up."
    assert said in shown
    assert "|" not in shown


def test_first_sentence_of_a_docstring() -> None:
    assert (
        first_sentence("Each operation answers as\n    the reference does. Then more.")
        == "Each operation answers as the reference does."
    )


def test_at_80_columns_the_json_is_cut_with_its_length_and_the_whole_kept_elsewhere() -> None:
    long = CheckRecord(
        RECORD.nodeid,
        "his",
        "vector",
        RECORD.rules,
        "failed",
        "",
        "HIS-WIN-3",
        "determine_victory",
        {"totals": [{"power": "england", "vp": n} for n in range(60)]},
        {},
        {"winner": "england"},
        {"winner": None},
        (Difference("$.winner", "england", None),),
    )
    lines = failure_text(long, width=80).splitlines()
    request = next(line for line in lines if line.startswith("  request to determine_victory: "))
    assert len(request) <= 80 and request.endswith(f"… ({len(as_json(long.request)):,} chars)")
    assert lines[-1] == CUT_NOTE and all(len(line) <= 80 for line in lines[1:])
    assert lines[0] == "his-win-tie fails HIS-WIN-3 (also involves HIS-WIN-2)"  # the ID whole, never cut
    assert CUT_NOTE not in failure_text(RECORD, width=400)


def test_a_label_too_long_to_leave_room_beside_it_has_its_json_on_the_line_below() -> None:
    """``request to may_play_copernicus_or_servetus: `` leaves no room at 80 columns for the 20 characters of JSON
    kept however narrow: the JSON goes below it, indented once more, cut there if it must be (at 80 columns) or whole
    where it fits (at 60); no line passes the width."""
    operation = "may_play_copernicus_or_servetus"
    short = {"turn": 6, "history": list(range(8))}
    long = {"cards": [{"power": "england", "vp": n} for n in range(60)]}  # "… (1,921 chars)": 19 columns left
    for request, width in ((short, 60), (long, 80)):
        record = CheckRecord(RECORD.nodeid, "his", "vector", RECORD.rules, "failed", "", "HIS-WIN-3", operation)
        lines = failure_text(replace(record, request=request), width=width).splitlines()
        below = lines[lines.index(f"  request to {operation}:") + 1]
        assert all(len(line) <= width for line in lines), lines
        whole = as_json(request)
        assert below == f"    {whole}" if request is short else below.endswith(f"… ({len(whole):,} chars)")


def test_the_closing_summary_names_each_failed_rule_and_its_first_failing_check() -> None:
    second = CheckRecord("x.json::other", "his", "vector", ("HIS-WIN-3",), "failed", "later")
    erred = CheckRecord("t.py::test_y", "his", "invariant", ("HIS-VP-1",), "error", "crash: the process exited " * 9)
    passed = CheckRecord("t.py::test_z", "his", "invariant", ("HIS-VP-2",), "passed", "")
    lines = closing_summary([RECORD, second, erred, passed], width=80)
    assert lines[0].startswith("2 rule(s) did not pass")
    assert lines[1] == "  HIS-WIN-3: his-win-tie: $.tie_broken_at_turn: expected 6, got null"
    assert lines[2] == "  HIS-VP-1: test_y:"  # why did not fit beside it: below, cut to the width
    assert lines[3].startswith("      (error) crash: the process exited") and len(lines[3]) == 80
    assert lines[3].endswith("…") and len(lines) == 4
    assert closing_summary([passed]) == []


def test_the_closing_summary_says_when_failures_come_from_a_request_answered_two_ways() -> None:
    """State kept between calls fails the rules its stale answers break; one line says what kind of slip that is."""
    twice = "result differs at $.winner (and non-determinism: the same request answered two ways)\n  got 1 then 2"
    stale = replace(RECORD, nodeid="x.json::stale", detail=twice)
    shrunk = replace(RECORD, nodeid="t.py::test_k", kind="invariant", detail="non-determinism: answered 1; earlier 2")
    lines = closing_summary([RECORD, stale, shrunk], width=80)
    assert lines[-2:] == [
        "2 failed check(s) got two answers to one request (non-determinism): state kept",
        "    between calls? Each is judged on the answer that breaks its rule.",
    ], lines
    assert not any("non-determinism" in line for line in closing_summary([RECORD], width=80))


def test_the_closing_summary_shows_a_rule_s_own_check_first_where_one_slip_is_blamed_on_it() -> None:
    """``collapse_card`` left out fails IMP-COLLAPSE-1 in another rule's check first: the summary shows the check of
    IMP-COLLAPSE-1's own, the one that says what the slip is."""
    missing = "missing field: output is not a AcquireResult: Object missing required field `collapse_card`"
    checks = [
        CheckRecord(
            f"x.json::imp-{n}", "imperium", "vector", (rule,), "error", missing, operation="acquire_market_card"
        )
        for n, rule in enumerate(("IMP-MARKET-1", "IMP-COLLAPSE-1", "IMP-COLLAPSE-1"))
    ]
    lines = closing_summary(checks, width=120)
    assert lines[0].startswith("1 rule(s) did not pass") and lines[1].startswith("  IMP-COLLAPSE-1: imp-1:")


# a failure of an invariant as a newcomer's first run shows it: the longest node ID, a long property and clause
LONG_ID = (
    "conformance/invariants/soe/test_tracks.py::test_maintenance_pays_the_upkeep_with_exactly_the_taxations_needed"
)
INVARIANT = CheckRecord(
    LONG_ID,
    "soe",
    "invariant",
    ("SOE-MAINT-3", "SOE-MAINT-4", "SOE-RULING-9"),
    "failed",
    "",
    "SOE-MAINT-3",
    "pay_maintenance",
    {"empires": [{"player": "a", "gold": n} for n in range(9)]},
    {"gold_per_taxation": 1},
    {"error": {"kind": "InvalidState", "field": "empires[2].player"}},
    {"empires": [{"player": "a", "gold": 0}]},
    (Difference("$.error", {"kind": "InvalidState", "field": "empires[2].player"}, "missing"),),
    statement="Population, income and maintenance: the tracks and the treasury after each step, whatever is drawn.",
    clause="A player short of gold must tax: each taxation yields the gold the rulings say and draws an unrest "
    "token, until the upkeep is paid; a player never disbands units instead of paying, and never goes into debt.",
)


def test_at_80_columns_no_line_of_a_failure_or_the_summary_is_wider_and_no_id_is_broken() -> None:
    vector = {"id": "soe-pay-maintenance-0123456789ab", "rules": ["SOE-MAINT-3"], "input": INVARIANT.request}
    shown = failure_text(INVARIANT, vector, width=80).splitlines()
    again = again_text(
        CheckRecord(LONG_ID + "x", "soe", "invariant", ("SOE-MAINT-3",), "failed", "why " * 40), "SOE-MAINT-3", 80
    )
    summary = closing_summary([INVARIANT], width=80)
    for line in [*shown, *again.splitlines(), *summary]:
        assert len(line) <= 80, line
    head = " ".join(line.strip() for line in shown[:2])
    assert head == (
        "test_maintenance_pays_the_upkeep_with_exactly_the_taxations_needed fails SOE-MAINT-3"
        " (also involves SOE-MAINT-4, SOE-RULING-9)"
    )
    assert "test_maintenance_pays_the_upkeep_with_exactly_the_taxations_neededx:" in again
    assert summary[1:3] == [
        "  SOE-MAINT-3:",
        "      test_maintenance_pays_the_upkeep_with_exactly_the_taxations_needed:",
    ]
    clause = " ".join(line.strip() for line in shown if line.startswith(("  rule ", "      ")))
    assert INVARIANT.clause in clause  # wrapped at spaces, whole


def test_a_pipe_is_80_columns_and_columns_says_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_terminal(*args: object) -> os.terminal_size:
        raise OSError("not a terminal")

    monkeypatch.setattr(os, "get_terminal_size", no_terminal)
    monkeypatch.delenv("COLUMNS", raising=False)
    assert terminal_width() == 80  # as rich takes a pipe to be: the table and the failures agree
    monkeypatch.setenv("COLUMNS", "132")
    assert terminal_width() == 132


def test_a_rules_further_failures_are_folded_under_its_first_and_the_rest_counted() -> None:
    from dataclasses import replace
    from types import SimpleNamespace

    from rulespec.conformance.harness.verify.failure_text import AGAIN_SHOWN, GroupedFailures

    records = [replace(RECORD, nodeid=f"{RECORD.nodeid}-{n}") for n in range(AGAIN_SHOWN + 3)]
    reports = [SimpleNamespace(nodeid=r.nodeid, longrepr=failure_text(r, width=80)) for r in records]
    reporter = SimpleNamespace(stats={"failed": list(reports)})
    grouped = GroupedFailures(lambda: records)
    summary = grouped.pytest_terminal_summary(reporter)
    next(summary)  # pytest prints the failures section here
    assert reporter.stats["failed"] == reports[:1]  # one section for the rule
    shown = str(reports[0].longrepr)
    assert shown.count("also fails HIS-WIN-3") == AGAIN_SHOWN
    assert "... and 2 more failing checks of HIS-WIN-3 (all in --report-json)" in shown  # 6 = 1 + 3 + 2
    with pytest.raises(StopIteration):
        next(summary)
    assert reporter.stats["failed"] == reports  # put back for pytest's own counts


def test_the_failures_read_in_the_records_order_whatever_order_the_checks_finished_in() -> None:
    """Under load, xdist's workers finish the checks in another order: each rule's first section and its "also" lines
    still follow the records (sorted by check), so two runs of one commit print the same text."""
    from dataclasses import replace
    from types import SimpleNamespace

    from rulespec.conformance.harness.verify.failure_text import GroupedFailures

    records = [replace(RECORD, nodeid=f"{RECORD.nodeid}-{n}") for n in range(3)]
    texts: list[str] = []
    for finished in (records, records[::-1], [records[1], records[2], records[0]]):
        reports = [SimpleNamespace(nodeid=r.nodeid, longrepr=failure_text(r, width=80)) for r in finished]
        reporter = SimpleNamespace(stats={"failed": list(reports)})
        summary = GroupedFailures(lambda: records).pytest_terminal_summary(reporter)
        next(summary)
        [shown] = reporter.stats["failed"]
        assert shown.nodeid == records[0].nodeid  # the rule's first check by the records, not the first to finish
        texts.append(str(shown.longrepr))
        with pytest.raises(StopIteration):
            next(summary)
        # pytest's own list put back whole, in the records' order: its short summary (``-rf``) reads alike too
        assert [report.nodeid for report in reporter.stats["failed"]] == [r.nodeid for r in records]
    assert texts[0] == texts[1] == texts[2]
    assert texts[0].index("his-win-tie-1:") < texts[0].index("his-win-tie-2:")


def test_the_failures_section_heads_a_rule_with_its_own_check_as_the_closing_summary_does() -> None:
    """``collapse_card`` left out, blamed on IMP-COLLAPSE-1 in another rule's check first: the section is headed by
    IMP-COLLAPSE-1's own check, the other told in an "also" line, at the place of the rule's first failure."""
    from types import SimpleNamespace

    from rulespec.conformance.harness.verify.failure_text import GroupedFailures

    missing = "missing field: output is not a AcquireResult: Object missing required field `collapse_card`"
    records = [
        CheckRecord(
            f"x.json::imp-{n}", "imperium", "vector", (rule,), "error", missing, operation="acquire_market_card"
        )
        for n, rule in enumerate(("IMP-MARKET-1", "IMP-COLLAPSE-1"))
    ]
    reports = [SimpleNamespace(nodeid=r.nodeid, longrepr=failure_text(r, width=80)) for r in records]
    reporter = SimpleNamespace(stats={"failed": list(reports)})
    summary = GroupedFailures(lambda: records).pytest_terminal_summary(reporter)
    next(summary)
    [shown] = reporter.stats["failed"]
    assert shown.nodeid == "x.json::imp-1" and "also errs on IMP-COLLAPSE-1: imp-0:" in str(shown.longrepr)
    with pytest.raises(StopIteration):
        next(summary)


def test_a_failing_vector_whose_operation_and_id_pass_80_columns_is_headed_by_its_id_alone(tmp_path: Path) -> None:
    """pytest heads each failure's section with its report line between rules of ``_``, at least two columns each side:
    ``grow_population: `` beside a 62-character ID would be 82 columns. A user's vector, worked out wrong on purpose
    (population 6 rising to 10, past SOE-POP-2's top of 9), so the reference fails it."""
    case = "a-users-vector-whose-name-is-long-enough-to-pass-eighty-columns"
    empire = {"player": "a", "gold": 1, "population": 6, "unrest": 0, "vp": 0, "armies": 0, "navies": 0, "forts": 0}
    vectors = {
        "game": "soe",
        "operation": "grow_population",
        "cases": [
            {
                "id": case,
                "description": "worked out wrong: 6 rises past the top of the track",
                "rules": ["SOE-POP-2"],
                "input": {"empires": [empire]},
                "output": {"empires": [{**empire, "population": 10}]},
            }
        ],
    }
    (tmp_path / "mine" / "soe").mkdir(parents=True)
    (tmp_path / "mine" / "soe" / "population.json").write_text(json.dumps(vectors), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "COLUMNS": "80"}
    done = rulespec(
        *("verify", "--game", "soe", "--rule", "SOE-POP-2", "--profile", "canary", "--vectors", "mine"),
        *("--", "-p", "no:cacheprovider", "-k", "not invariants"),
        cwd=tmp_path,
        env=env,
    )
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-2000:]
    headers = [line for line in done.stdout.splitlines() if line.startswith("_") and case in line]
    assert headers and all(len(line) <= 80 for line in headers), headers


def test_the_clause_quoted_is_the_one_the_failure_is_blamed_on() -> None:
    """An invariant primary to SOE-SCORE-2 whose answer shows SOE-SCORE-10 (the awards each right, the 0 ones left
    out) quotes SOE-SCORE-10, the clause to fix, not the one its expectation came from."""
    due = {"region": "r", "awards": [{"player": "a", "vp": 6}, {"player": "b", "vp": 0}]}
    got = {"region": "r", "awards": [{"player": "a", "vp": 6}]}
    record = CheckRecord(
        "t.py::test_score_region",
        "soe",
        "invariant",
        ("SOE-SCORE-2", "SOE-SCORE-10"),
        "failed",
        "",
        operation="score_region",
        request={"players": ["a", "b"]},
        rulings={},
        expected=due,
        got=got,
        differences=differences(due, got),
        clause="A region's entrants are the players with markers there.",
    )
    lines = failure_text(record, width=1000).splitlines()
    assert lines[0] == "test_score_region fails SOE-SCORE-10 (also involves SOE-SCORE-2)"
    quoted = [line for line in lines if line.startswith("  rule ")]
    assert quoted == [f"  rule SOE-SCORE-10: {' '.join(clause_texts('soe')['SOE-SCORE-10'].split())}"]
