"""The mutation machinery: its configuration, how survivors are judged, and what counts as equivalent."""

from __future__ import annotations

import importlib
import inspect
import tomllib

from rulespec.conformance.harness.mutation.run import base_settings, game_settings, pyproject_text
from rulespec.conformance.harness.mutation.score import (
    EQUIVALENTS_FILE,
    REFUSAL_DIAGNOSTICS,
    Equivalent,
    Equivalents,
    changed_lines,
    judge,
    load_equivalents,
    only_diagnostics,
    score,
)
from tests import REPO_ROOT

ORIGINAL = """def x_check__mutmut_orig(bonus, at):
    if bonus.debater != "protestant":
        raise IllegalAction("HIS-BONUS-1", f"{at}: a {bonus.debater} debater cannot be burned")
    if bonus.vp < 0:
        raise InvalidState(f"{at}.vp", bonus.vp, "VP are never negative", "HIS-STATE-1")
    return bonus.vp + 1
"""


def mutated(old: str, new: str) -> str:
    assert old in ORIGINAL
    return ORIGINAL.replace(old, new).replace("__mutmut_orig", "__mutmut_7")


def raw(source: str, status: str = "survived") -> dict[str, str]:
    return {
        "name": "rulespec.reference.here_i_stand.bonus.x_check__mutmut_7",
        "path": "reference/here_i_stand/bonus.py",
        "status": status,
        "original": ORIGINAL,
        "mutated": source,
    }


WITH_CATEGORY = Equivalents((), {REFUSAL_DIAGNOSTICS: "reasons are prose"})


def test_pyproject_configures_mutmut_over_the_reference_with_the_suite() -> None:
    data = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(dep.startswith("mutmut>=3.8") for dep in data["project"]["optional-dependencies"]["dev"])
    settings = base_settings()
    assert settings["source_paths"] == ["rulespec/reference/"]
    assert {"rulespec/conformance/", "rulespec/spec/"} <= set(settings["also_copy"])
    assert "--hypothesis-profile=canary" in settings["pytest_add_cli_args"]  # ci's examples, no shrinking


def test_each_game_mutates_only_its_own_reference_and_runs_only_its_own_checks() -> None:
    settings = game_settings("soe")
    assert settings["only_mutate"] == ["rulespec/reference/struggle_of_empires/*"]
    assert settings["pytest_add_cli_args_test_selection"][0] == "rulespec/conformance/vectors/soe"
    assert all(path.endswith("/soe") for path in settings["pytest_add_cli_args_test_selection"])
    assert tomllib.loads(pyproject_text(settings))["tool"]["mutmut"] == settings  # the scratch tree reads it back


def test_the_mutation_session_exists_and_is_not_run_by_default() -> None:
    text = (REPO_ROOT / "noxfile.py").read_text(encoding="utf-8")
    assert "def mutation(session" in text and "rulespec.conformance.harness.mutation" in text
    default = next(line for line in text.splitlines() if line.startswith("nox.options.sessions"))
    assert '"mutation"' not in default  # minutes per game: run on demand, not by plain `nox`


def test_the_recorded_equivalents_load_and_each_gives_a_reason() -> None:
    equivalents = load_equivalents(EQUIVALENTS_FILE)
    assert REFUSAL_DIAGNOSTICS in equivalents.categories
    assert all(entry.reason and entry.changes for entry in equivalents.mutants)


def test_every_recorded_equivalent_still_stands_in_the_reference() -> None:
    """An entry whose function or removed lines are gone matches no mutant: it only hides a stale record."""
    for entry in load_equivalents(EQUIVALENTS_FILE).mutants:
        module = importlib.import_module(entry.module)
        function = getattr(module, entry.function, None)
        assert callable(function), f"{entry.module}.{entry.function}: no such function (renamed? update the entry)"
        source = inspect.getsource(function)
        removed = [line.removeprefix("-").strip() for line in entry.changes if line.startswith("-")]
        assert removed and all(line in source for line in removed), f"{entry.module}.{entry.function}: {removed}"


def test_a_changed_reason_or_value_of_a_refusal_is_diagnostic_only() -> None:
    assert only_diagnostics(ORIGINAL, mutated('f"{at}: a {bonus.debater} debater cannot be burned"', "None"))
    assert only_diagnostics(ORIGINAL, mutated('"VP are never negative"', '"XXVP are never negativeXX"'))
    assert only_diagnostics(ORIGINAL, mutated('bonus.vp, "VP', 'None, "VP'))
    assert only_diagnostics(ORIGINAL, mutated('"HIS-STATE-1"', '"XXHIS-STATE-1XX"'))


def test_the_games_refuse_helper_counts_as_an_invalid_state() -> None:
    source = 'def x_v__mutmut_orig(e):\n    raise refuse("empires[0].gold", e.gold, "never negative", "SOE-GAME-3")\n'
    assert only_diagnostics(source, source.replace('"never negative"', "None"))
    assert not only_diagnostics(source, source.replace('"empires[0].gold"', '"XXempires[0].goldXX"'))
    assert only_diagnostics(source, source.replace('"SOE-GAME-3"', "None"))  # an InvalidState is judged on its field
    # refuse needs all four: a dropped argument raises TypeError instead of refusing
    assert not only_diagnostics(source, source.replace(', "SOE-GAME-3"', ""))
    assert not only_diagnostics(source, source.replace("e.gold, ", ""))


def test_an_invalid_state_that_loses_an_argument_but_keeps_its_field_is_diagnostic_only() -> None:
    assert only_diagnostics(
        ORIGINAL, mutated('bonus.vp, "VP are never negative", "HIS-STATE-1"', 'bonus.vp, "HIS-STATE-1"')
    )
    assert not only_diagnostics(ORIGINAL, mutated('f"{at}.vp", bonus.vp, ', "bonus.vp, "))  # the field moved
    assert not only_diagnostics(
        ORIGINAL, mutated('bonus.vp, "VP are never negative", "HIS-STATE-1"', '"HIS-STATE-1"')
    )  # cannot be built


def test_a_changed_rule_field_or_logic_is_not() -> None:
    assert not only_diagnostics(ORIGINAL, mutated('"HIS-BONUS-1"', '"XXHIS-BONUS-1XX"'))
    assert not only_diagnostics(ORIGINAL, mutated('f"{at}.vp"', "None"))
    assert not only_diagnostics(ORIGINAL, mutated("bonus.vp < 0", "bonus.vp <= 0"))
    assert not only_diagnostics(ORIGINAL, mutated("bonus.vp + 1", "bonus.vp - 1"))
    assert not only_diagnostics(ORIGINAL, ORIGINAL)  # no change at all is no mutant


def test_survivors_are_judged_killed_equivalent_or_surviving() -> None:
    reason_only = judge(raw(mutated('"VP are never negative"', "None")), WITH_CATEGORY)
    assert reason_only.equivalent and not reason_only.survived
    logic = judge(raw(mutated("bonus.vp + 1", "bonus.vp - 1")), WITH_CATEGORY)
    assert logic.survived and logic.module == "rulespec.reference.here_i_stand.bonus" and logic.function == "check"
    assert "-    return bonus.vp + 1" in logic.diff and "+    return bonus.vp - 1" in logic.diff
    killed = judge(raw(mutated("bonus.vp + 1", "bonus.vp - 1"), status="killed"), WITH_CATEGORY)
    assert killed.killed and not killed.survived
    # without the category recorded, a reason-only mutant counts as a survivor
    assert judge(raw(mutated('"VP are never negative"', "None")), Equivalents((), {})).survived
    assert score((reason_only, logic, killed)) == 50.0


def test_an_equivalence_recorded_before_a_comment_was_added_to_its_line_still_matches() -> None:
    """A clause's ID written at the end of the reference's line (for blame) changes no code: the mutant recorded
    equivalent without the comment is still the same mutant, and a ``#`` inside a string is no comment."""
    entry = Equivalent(
        "rulespec.reference.here_i_stand.bonus", "check", ("-return bonus.vp + 1", "+return bonus.vp - 1"), "why"
    )
    commented = mutated("bonus.vp + 1", "bonus.vp + 1  # HIS-BONUS-1: the VP").replace(
        "bonus.vp + 1  # HIS-BONUS-1: the VP", "bonus.vp - 1  # HIS-BONUS-1: the VP"
    )
    found = judge(
        {**raw(commented), "original": ORIGINAL.replace("bonus.vp + 1", "bonus.vp + 1  # HIS-BONUS-1: the VP")},
        Equivalents((entry,), {}),
    )
    assert found.equivalent == "why"
    assert changed_lines('-    x = "a  # b"\n') == ('-x = "a  # b"',)


def test_one_equivalent_mutant_is_matched_by_module_function_and_changed_lines() -> None:
    entry = Equivalent(
        "rulespec.reference.here_i_stand.bonus", "check", ("-return bonus.vp + 1", "+return bonus.vp - 1"), "why"
    )
    found = judge(raw(mutated("bonus.vp + 1", "bonus.vp - 1")), Equivalents((entry,), {}))
    assert found.equivalent == "why"
    elsewhere = Equivalent("rulespec.reference.here_i_stand.score", "check", entry.changes, "why")
    assert judge(raw(mutated("bonus.vp + 1", "bonus.vp - 1")), Equivalents((elsewhere,), {})).survived
