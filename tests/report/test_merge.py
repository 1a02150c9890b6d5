"""``rulespec report merge``: shard reports proven one whole run by their stamps, joined into one report, one
per-rule verdict and verify's gate, or refused by name."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.gate.expectations import PLACEHOLDER
from rulespec.conformance.harness.records import CheckRecord, RunStamp, checks_digest, read_run, write_report
from rulespec.conformance.harness.spec import read_clauses

SOE_RULES = [clause.id for clause in read_clauses(game("soe").spec_path)]
NODES = [f"v.json::{rule}" for rule in SOE_RULES]
RUN = RunStamp(
    "--impl engine:Game", ("soe",), "suite0", "rules0", "ci", None, None, len(NODES), checks_digest(NODES), ()
)


def _record(nodeid: str, outcome: str = "passed") -> CheckRecord:
    rule = nodeid.partition("::")[2]
    return CheckRecord(nodeid, "soe", "vector", (rule,), outcome, "" if outcome == "passed" else "result differs")


def _shards(tmp_path: Path, failing: str | None = None, **changed: object) -> list[Path]:
    """Every SoE rule checked once, dealt over three stamped reports; ``failing`` fails; ``changed`` in the third."""
    paths = [tmp_path / f"shard-{k}.json" for k in (1, 2, 3)]
    for k, path in enumerate(paths):
        mine = NODES[k::3]
        fields: dict[str, object] = {"shard": (k + 1, 3), "share": tuple(mine), **(changed if k == 2 else {})}
        run = dataclasses.replace(RUN, **fields)  # type: ignore[arg-type]
        write_report(
            path, [_record(node, "failed" if node.endswith(f"::{failing}") else "passed") for node in mine], run
        )
    return paths


def _refusal(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    assert main(["report", "merge", *arguments]) == 2
    return " ".join(capsys.readouterr().out.split())  # rich wraps lines


def test_the_shards_merge_into_every_record_and_a_full_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "all.json"
    assert main(["report", "merge", *map(str, _shards(tmp_path)), "--out", str(out)]) == 0
    run, records = read_run(out)
    assert sorted(r.rules[0] for r in records) == sorted(SOE_RULES)
    assert "FULL PASS" in capsys.readouterr().out
    assert run is not None and run.shard is None, "the merged report is a whole run, stamped"
    assert main(["report", "merge", str(out)]) == 0, "and merges alone"


def test_a_failure_in_one_shard_fails_the_merge_on_its_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "merge", *map(str, _shards(tmp_path, failing=SOE_RULES[4]))]) == 1
    shown = capsys.readouterr().out
    assert any(SOE_RULES[4] in line and "failed" in line for line in shown.splitlines())


def test_a_known_failure_passes_the_gate_of_a_sharded_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    known = tmp_path / "known.json"
    known.write_text(json.dumps({"known_failures": [{"rule": SOE_RULES[4], "reason": "rounding up, ticket 12"}]}))
    shards = [*map(str, _shards(tmp_path, failing=SOE_RULES[4]))]
    assert main(["report", "merge", *shards, "--expectations", str(known)]) == 0
    assert "gate: PASSED" in capsys.readouterr().out
    known.write_text(json.dumps({"known_failures": [{"rule": SOE_RULES[4], "reason": PLACEHOLDER}]}))
    assert "placeholder" in _refusal(capsys, *shards, "--expectations", str(known)).lower()


def test_a_missing_shard_is_refused_counting_the_checks_never_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shards = _shards(tmp_path)
    third = len(NODES[2::3])
    assert f"missing shard(s) 3/3: {third} of the run's {len(NODES)} checks never ran" in _refusal(
        capsys, *map(str, shards[:2])
    )
    assert "missing shard(s) 1/3, 2/3" in _refusal(capsys, str(shards[2]))


def test_a_doubled_shard_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, *rest = map(str, _shards(tmp_path))
    assert "shard 1/3 is given twice" in _refusal(capsys, first, first, *rest)


@pytest.mark.parametrize(
    ("changed", "named"),
    [
        ({"suite": "suite1"}, "suite hash 'suite0' and 'suite1'"),
        ({"profile": "deep"}, "profile 'ci' and 'deep'"),
        ({"implementation": "--cmd node engine.js"}, "implementation '--impl engine:Game' and '--cmd node engine.js'"),
        ({"run_digest": "0" * 16}, "checks collected"),
        ({"shard": (3, 4)}, "shards of different splits"),
    ],
)
def test_reports_of_different_runs_are_refused_naming_the_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], changed: dict[str, object], named: str
) -> None:
    assert named in _refusal(capsys, *map(str, _shards(tmp_path, None, **changed)))


def test_a_report_without_a_valid_stamp_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shards = _shards(tmp_path, failing=SOE_RULES[0])
    hand = tmp_path / "hand.json"
    write_report(hand, [_record(node) for node in NODES])  # every rule passed, and nothing to prove it
    assert "hand.json: carries no run stamp" in _refusal(capsys, str(hand))
    document = json.loads(shards[0].read_text())
    assert document["checks"][0]["outcome"] == "failed"
    document["checks"][0] |= {"outcome": "passed", "detail": ""}  # a failure made a pass by hand
    shards[0].write_text(json.dumps(document))
    assert "shard-1.json: its seal does not hold" in _refusal(capsys, *map(str, shards))


def test_a_report_missing_records_of_its_share_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "short.json"
    write_report(path, [_record(node) for node in NODES[1:]], dataclasses.replace(RUN, share=tuple(NODES)))
    assert "short.json: 1 check(s) of its share have no record" in _refusal(capsys, str(path))


def test_overlapping_or_unreadable_reports_are_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _shards(tmp_path)[0]
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert "broken.json: not a rulespec report" in _refusal(capsys, str(first), str(broken))
