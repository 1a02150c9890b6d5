"""``rulespec diff`` separates causes: two bugs in one output field are two groups, and a difference a ruling
explains is set apart as that ruling."""

from __future__ import annotations

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.diff.explore import explore
from rulespec.conformance.harness.diff.sides import parse_side
from rulespec.conformance.harness.games import game

HIS = game("his")


def test_two_bugs_in_one_field_are_two_groups_each_with_its_own_input() -> None:
    a = parse_side(HIS, "ref")
    b = parse_side(HIS, "impl:tests.rulings.two_bugs_one_field:TwoBugsInOneField")
    found = explore(HIS, "special_vp", a, b, 150)
    groups = sorted(str(difference.group) for difference in found.differences)
    assert groups == [
        "output lines[source=electorates].vp, total",
        "output lines[source=english_protestant_spaces].vp, total",
    ]
    powers = {difference.request.power for difference in found.differences}
    assert powers == {"habsburgs", "england"}  # each group shrunk to an input of its own bug


def test_a_difference_a_ruling_explains_is_set_apart_under_that_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["diff", "ref", "impl:tests.rulings.switched:DominationFromTurn5", "--game", "his"]
        + ["--operation", "run_phase", "--max-examples", "200"]
    )
    printed = capsys.readouterr().out
    assert code == 1, printed
    assert "B answers as the reference under `domination_first_turn=5` on all" in printed, printed
    assert "DIFFERS" not in printed, printed  # nothing else differs
