"""``rulespec diff`` separates causes: two bugs in one output field are two groups, and a difference a ruling
explains is set apart as that ruling."""

from __future__ import annotations

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.diff.explore import explore
from rulespec.conformance.harness.diff.sides import parse_side
from rulespec.conformance.harness.games import game
from rulespec.reference.here_i_stand.rulings import Rulings

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

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


def test_a_ruling_explained_group_shrinks_to_the_default_rulings() -> None:
    # the engine plays turn 5 whatever it is asked: the simplest rulings showing it are the spec's defaults (turn 4)
    a = parse_side(HIS, "ref")
    b = parse_side(HIS, "impl:tests.rulings.switched:DominationFromTurn5")
    found = explore(HIS, "determine_victory", a, b, 400)
    assert found.differences, "the default search met no domination on turn 4"
    for difference in found.differences:
        assert difference.group.ruling == "domination_first_turn=5", difference.group
        assert difference.rulings_a == Rulings(), difference.rulings_a


def test_a_ruling_and_a_bug_are_told_apart_and_summed_up_by_cause(capsys: pytest.CaptureFixture[str]) -> None:
    engine = "impl:tests.rulings.switched:DominationFromTurn5RoundingUp"
    code = main(["diff", "ref", engine, "--game", "his", "--operation", "special_vp", "--operation", "run_phase"])
    printed = capsys.readouterr().out
    assert code == 1, printed
    assert "diff special_vp: DIFFERS in output lines[source=english_protestant_spaces].vp, total (" in printed
    assert "diff run_phase: EXPLAINED in output outcome." in printed
    closing = printed[printed.index("diff his: ") :].splitlines()
    assert closing[0].startswith("diff his: 2 groups of difference in 2 operations, "), closing
    assert closing[1].startswith("  explained by `domination_first_turn=5`: 1 group, "), closing
    assert closing[2:4] == ["  not explained by a ruling: 1 group", closing[3]], closing
    assert closing[3].startswith("    special_vp: output lines[source=english_protestant_spaces].vp, total ("), closing
    assert (
        closing[4] == "  if B plays domination_first_turn=5, verify judges it so with --ruling domination_first_turn=5"
    )
