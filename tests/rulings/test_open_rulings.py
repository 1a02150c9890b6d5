"""A ruling the spec leaves open (SOE-RULING-9: any whole number from 1; SOE-RULING-10: any list of distinct values
from 0, gaps allowed; HIS-RULING-1 and -2: a house rule's turn or margin) is declared as the implementation plays it,
and each vector is judged under it."""

from __future__ import annotations

import pytest

from rulespec.conformance.harness.diff.sides import parse_switches
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.rulings import declared_of, value_text
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.verify.declared import judged_under
from rulespec.reference.here_i_stand.rulings import Rulings as HisRulings
from rulespec.reference.struggle_of_empires.rulings import Rulings

SOE = game("soe")


@pytest.mark.parametrize("written", ["1,3", "[1,3]", "[1, 3]", "(1, 3)", " 1, 3 "])
def test_a_bag_with_a_gap_is_declared_in_any_of_its_spellings(written: str) -> None:
    """`--ruling unrest_tokens=1,3`, and a ``started`` message's JSON list as the harness reads it (``[1, 3]``)."""
    assert declared_of(Rulings, [("unrest_tokens", written)]) == {"unrest_tokens": ((1, 3),)}


@pytest.mark.parametrize("refused", ["", "1,1", "-1,2", "1,x", "[]", "1;3"])
def test_a_bag_the_ruling_refuses_is_a_usage_error_naming_the_clause_and_what_it_allows(refused: str) -> None:
    """SOE-RULING-10: non-empty, no repeats, every value at least 0; never clamped, never deduplicated."""
    with pytest.raises(ValueError) as error:
        declared_of(Rulings, [("unrest_tokens", refused)])
    said = str(error.value)
    assert f"unrest_tokens={refused}: not an alternative of unrest_tokens (SOE-RULING-10)" in said
    assert said.endswith("its alternatives: 1,2,3; 0,1,2,3; or any list of distinct whole numbers >= 0 (such as 1,3)")


def test_a_bag_is_written_as_the_command_line_takes_it() -> None:
    """The hint and the verdict print a bag as ``1,2,3``: no brackets or spaces, so no shell needs it quoted."""
    assert value_text((1, 2, 3)) == "1,2,3"
    assert value_text([1, 3]) == "1,3"  # a record's ``declared``, as JSON decodes it
    assert declared_of(Rulings, [("unrest_tokens", value_text((0, 1, 2, 3)))]) == {"unrest_tokens": ((0, 1, 2, 3),)}


def test_a_case_whose_answer_a_declared_bag_changes_is_re_derived_though_it_does_not_name_the_ruling() -> None:
    """A draw of 2 under a bag of 1 and 3 is refused (SOE-MAINT-6): the case that draws one is asked under the
    declared bag and expects the reference's refusal; a case drawing only 1s and 3s keeps its expectation."""
    declared = declared_of(Rulings, [("unrest_tokens", "1,3")])
    unnamed = [c for c in load_game(SOE) if "unrest_tokens" not in c.case.rulings]
    judged = [(loaded, judged_under(SOE, loaded, declared)) for loaded in unnamed]
    changed = [(before, after) for before, after in judged if after.rederived]
    kept = [(before, after) for before, after in judged if not after.rederived]
    assert changed and kept
    for before, after in changed:
        assert after.rulings.unrest_tokens == (1, 3) and after.case.rulings == before.case.rulings
        assert (after.case.output, after.case.error) != (before.case.output, before.case.error)
    two_drawn = [before for before, _ in changed if before.operation == "pay_maintenance"]
    assert any(2 in draw["unrest_draws"] for before in two_drawn for draw in before.case.input["orders"])
    for before, after in kept:
        assert after.case == before.case and after.rulings.unrest_tokens == (1, 3)


def test_diff_switches_to_a_value_the_spec_leaves_open() -> None:
    assert parse_switches(SOE, "unrest_tokens=[1,3],gold_per_taxation=4") == {
        "unrest_tokens": (1, 3),
        "gold_per_taxation": 4,
    }
    with pytest.raises(
        ValueError, match=r"unrest_tokens=\[1,1\]: not an alternative of unrest_tokens \(SOE-RULING-10\)"
    ):
        parse_switches(SOE, "unrest_tokens=[1,1]")


def test_a_house_rule_turn_or_margin_is_declared_within_its_clauses_bounds() -> None:
    """HIS-RULING-1: any turn of the game, 1 to 9; HIS-RULING-2: any margin of 1 VP or more. An engine playing a house
    rule declares it (`--ruling domination_margin=10`) and is judged under it; outside the bounds, a usage error
    naming them (the reference would refuse every request)."""
    assert declared_of(HisRulings, [("domination_margin", "10"), ("domination_first_turn", "9")]) == {
        "domination_margin": (10,),
        "domination_first_turn": (9,),
    }
    for field, refused, bounds in [
        ("domination_first_turn", "10", "any whole number 1 to 9"),
        ("domination_first_turn", "0", "any whole number 1 to 9"),
        ("domination_margin", "0", "any whole number >= 1"),
    ]:
        with pytest.raises(ValueError, match=f"{field}={refused}: not an alternative .* or {bounds}$"):
            declared_of(HisRulings, [(field, refused)])
