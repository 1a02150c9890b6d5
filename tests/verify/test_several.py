"""Several implementations in one ``verify``: each run in turn, one table, a report and a site holding them all."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.per_rule import tally
from rulespec.conformance.harness.report.implementations import read_reports
from rulespec.conformance.harness.report.matrix import game_matrix
from tests.canaries.soe import CANARIES

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

CANARY = next(canary for canary in CANARIES if canary.name == "PopulationReachesTen")


def test_two_implementations_are_compared_in_one_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rule = CANARY.caught_on[0]
    code = main(
        [
            "verify",
            "--game",
            "soe",
            "--rule",
            rule,
            "--profile",
            "canary",
            "--impl",
            "ref=rulespec.reference.struggle_of_empires",
            "--impl",
            f"tests.canaries.soe:{CANARY.name}",
            "--report-json",
            str(tmp_path / "all.json"),
            "--html",
            str(tmp_path / "site"),
        ]
    )
    out = capsys.readouterr().out
    assert code == 1  # the canary fails its gate
    assert "gate: ref: PASSED" in out and f"gate: {CANARY.name}: FAILED" in out
    reference, canary = read_reports(tmp_path / "all.json")
    assert (reference.name, canary.name) == ("ref", CANARY.name)
    assert canary.identity.subject == f"--impl tests.canaries.soe:{CANARY.name}" and canary.identity.profile == "canary"
    assert reference.identity.stamp is not None and reference.identity.stamp == canary.identity.stamp
    matrix = game_matrix(game("soe"), [reference, canary], [rule])
    assert [column.by_rule[rule].status for column in matrix.columns] == ["passed", "failed"]
    # each implementation's report names, for each failure, the rule its verdict fails for it
    failed = {t.rule for t in tally([game("soe")], canary.records).tallies if t.status == "failed"}
    assert rule in failed and {r.blamed for r in canary.records if r.outcome == "failed"} == failed
    assert (tmp_path / "site" / "soe.html").is_file()
    assert ">passing · 1/1</text>" in (tmp_path / "site" / "badges" / "ref-soe.svg").read_text()
