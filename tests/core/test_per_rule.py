"""The per-rule verdict: a failure fails its check's primary rule and implicates the rest; the table keeps IDs whole."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.console import Console

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.per_rule import render, tally, with_blame
from rulespec.conformance.harness.records import CheckRecord, read_report, write_report
from rulespec.conformance.harness.verdict import Difference
from tests.core.test_blame import _history_before_bonuses, records_of  # pyright: ignore[reportPrivateUsage]

SOE = game("soe")
RULES = ("SOE-SCORE-2", "SOE-SCORE-4", "SOE-SCORE-6", "SOE-POP-1", "SOE-POP-2", "SOE-INCOME-1")


def _record(name: str, rules: tuple[str, ...], outcome: str, kind: str = "vector") -> CheckRecord:
    return CheckRecord(f"conformance/vectors/soe/op.json::{name}", "soe", kind, rules, outcome, "")


RECORDS = [
    _record("a", ("SOE-SCORE-2", "SOE-SCORE-4", "SOE-SCORE-6"), "failed"),  # fails SCORE-2 only
    _record("b", ("SOE-SCORE-4",), "passed"),
    _record("c", ("SOE-SCORE-6",), "passed"),
    _record("d", ("SOE-POP-1",), "passed"),
    _record("e", ("SOE-POP-1", "SOE-POP-2"), "not implemented", "invariant"),
    _record("f", ("SOE-POP-2",), "not implemented"),
]


def test_a_failure_fails_its_primary_rule_and_implicates_the_others() -> None:
    statuses = {t.rule: t.status for t in tally([SOE], RECORDS, only=RULES).tallies}
    assert statuses == {
        "SOE-SCORE-2": "failed",
        "SOE-SCORE-4": "implicated",
        "SOE-SCORE-6": "implicated",
        "SOE-POP-1": "partial",  # one check passed, one not implemented
        "SOE-POP-2": "not implemented",  # none of its checks ran
        "SOE-INCOME-1": "unchecked",
    }


def test_worst_first_lists_failed_then_implicated_then_partial_then_not_implemented() -> None:
    order = [t.status for t in tally([SOE], RECORDS, only=RULES).worst_first()]
    assert order == ["failed", "implicated", "implicated", "partial", "not implemented", "unchecked"]


@pytest.mark.parametrize("width", [30, 50, 80, 200])
def test_the_table_keeps_rule_ids_whole_and_explains_its_counts(width: int) -> None:
    out = io.StringIO()
    render(tally([SOE], RECORDS, only=RULES), "x", Console(file=out, width=width), failed_only=False)
    text = out.getvalue()
    for rule in RULES:
        assert any(line.startswith(f"{rule} ") for line in text.splitlines()), f"{rule} cut at width {width}\n{text}"
    assert "checks passed / checks involving the rule" in " ".join(text.split())
    legend = text.split("vectors, invariants:", 1)[1].split("rules:", 1)[0]
    assert max(len(line) for line in legend.splitlines()) <= width, f"the legend is wider than {width}\n{text}"
    summary = "rules:" + text.split("rules:", 1)[1]  # the counts of rules and checks, wrapped as the legend is
    assert max(len(line) for line in summary.splitlines()) <= width, f"the counts are wider than {width}\n{text}"
    statuses = [line.split()[-1] for line in text.splitlines() if line.startswith("SOE-")]
    assert statuses == ["unchecked", "failed", "implicated", "implicated", "partial", "implemented"], text  # spec order


def test_failed_only_leaves_out_the_rules_that_passed() -> None:
    out = io.StringIO()
    records = [*RECORDS, _record("g", ("SOE-INCOME-1",), "passed")]
    render(tally([SOE], records, only=RULES), "x", Console(file=out, width=100), failed_only=True)
    shown = [line.split()[0] for line in out.getvalue().splitlines() if line.startswith("SOE-")]
    assert shown == ["SOE-SCORE-2", "SOE-SCORE-4", "SOE-SCORE-6", "SOE-POP-1", "SOE-POP-2"]


def test_a_report_keeps_every_field_and_an_older_one_still_reads(tmp_path: Path) -> None:
    full = CheckRecord(
        "n",
        "soe",
        "vector",
        ("SOE-POP-1", "SOE-POP-2"),
        "failed",
        "why",
        "SOE-POP-1",
        "grow_population",
        {"empires": []},
        {"rounding": "down"},
        {"empires": [1]},
        {"empires": [2]},
        (Difference("$.empires[0]", 1, 2),),
        0.25,
        "",
        "Population grows by 5.",
    )
    path = tmp_path / "report.json"
    write_report(path, [full])
    assert read_report(path) == [full]
    path.write_text(
        '[{"nodeid": "n", "game": "soe", "kind": "vector", "rules": ["SOE-POP-1"], "outcome": "passed", "detail": ""}]'
    )
    (older,) = read_report(path)
    assert older.primary_rule == "SOE-POP-1" and older.differences == ()


def test_a_report_names_the_rule_each_failure_is_blamed_on(tmp_path: Path) -> None:
    """A report read alone says what the table said: a failure primary to a bonus rule that the run blames on the
    clause stating the order (HIS-WIN-9) carries ``blamed`` HIS-WIN-9, the rule the verdict fails; a passed check
    carries none."""
    names = ("run_phase", "may_play_copernicus_or_servetus")
    records = records_of("his", SimpleNamespace(**{name: _history_before_bonuses(name) for name in names}), names)
    path = tmp_path / "report.json"
    write_report(path, with_blame(records))
    read = read_report(path)
    failed = [r for r in read if r.outcome == "failed"]
    assert failed and all(r.primary_rule != "HIS-WIN-9" and r.blamed == "HIS-WIN-9" for r in failed)
    assert all(r.blamed == "" for r in read if r.outcome == "passed")
    assert [t.rule for t in tally([game("his")], read).tallies if t.status == "failed"] == ["HIS-WIN-9"]
