"""``rulespec report merge``: shard reports joined into one report and one per-rule verdict, or refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.records import CheckRecord, read_report, write_report
from rulespec.conformance.harness.spec import read_clauses

SOE_RULES = [clause.id for clause in read_clauses(game("soe").spec_path)]


def _record(nodeid: str, rule: str, outcome: str = "passed") -> CheckRecord:
    return CheckRecord(nodeid, "soe", "vector", (rule,), outcome, "" if outcome == "passed" else "result differs")


def _shards(tmp_path: Path, failing: str | None = None) -> list[Path]:
    """Every SoE rule checked once, dealt over three reports; ``failing`` fails."""
    paths = [tmp_path / f"shard-{k}.json" for k in (1, 2, 3)]
    for k, path in enumerate(paths):
        mine = SOE_RULES[k::3]
        write_report(
            path, [_record(f"v.json::{rule}", rule, "failed" if rule == failing else "passed") for rule in mine]
        )
    return paths


def test_the_shards_merge_into_every_record_and_a_full_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "all.json"
    assert main(["report", "merge", *map(str, _shards(tmp_path)), "--out", str(out)]) == 0
    assert sorted(r.rules[0] for r in read_report(out)) == sorted(SOE_RULES)
    assert "FULL PASS" in capsys.readouterr().out


def test_a_failure_in_one_shard_fails_the_merge_on_its_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "merge", *map(str, _shards(tmp_path, failing=SOE_RULES[4]))]) == 1
    shown = capsys.readouterr().out
    assert any(SOE_RULES[4] in line and "failed" in line for line in shown.splitlines())


def test_a_missing_shard_leaves_its_rules_unchecked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "merge", *map(str, _shards(tmp_path)[:2])]) == 1
    assert "unchecked" in capsys.readouterr().out


def test_overlapping_or_unreadable_reports_are_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _shards(tmp_path)[0]
    assert main(["report", "merge", str(first), str(first)]) == 2
    assert "shards of one run share no check" in " ".join(capsys.readouterr().out.split())  # rich wraps lines
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main(["report", "merge", str(first), str(broken)]) == 2
    assert "broken.json: not a rulespec report" in " ".join(capsys.readouterr().out.split())
