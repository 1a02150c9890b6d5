"""Spec, reference, vectors, invariants and schemas kept in step, for every game."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path
from types import ModuleType
from typing import cast

import pytest

from rulespec.conformance.harness.coverage.rules import rule_coverage
from rulespec.conformance.harness.games import Game, all_games
from rulespec.conformance.harness.rulings import alternatives, readings, ruling_clause, ruling_clauses
from rulespec.conformance.harness.schemas.command import stale_schemas
from rulespec.conformance.harness.schemas.plug_in import PAGE, render_page
from rulespec.conformance.harness.spec import named_rules, read_clauses
from rulespec.conformance.harness.subject import python_subject
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.verdict import Outcome, run_case
from tests import REPO_ROOT

GAMES = all_games()
ids = [game.key for game in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_spec_clauses_carry_the_games_prefix(game: Game) -> None:
    clauses = read_clauses(game.spec_path)
    assert clauses, f"{game.spec_path} defines no clause"
    strays = [c.id for c in clauses if not c.id.startswith(f"{game.rule_prefix}-")]
    assert not strays, f"clauses without the prefix {game.rule_prefix}-: {strays}"
    untitled = [c.id for c in clauses if not c.title or not c.text]
    assert not untitled, f"clauses without a title or text: {untitled}"


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_every_rule_has_a_vector_and_every_check_names_real_rules(game: Game) -> None:
    coverage = rule_coverage(game)
    assert not coverage.without_vector(), f"rules with no vector: {coverage.without_vector()}"
    assert not coverage.unknown, f"checks naming rules that no clause defines: {dict(coverage.unknown)}"


def _reference_text(game: Game) -> str:
    package = Path(inspect.getfile(cast(ModuleType, game.reference))).parent
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(package.glob("*.py")))


def _docstring_ids(source: str) -> set[str]:
    named: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.Module):
            docstring = ast.get_docstring(node) or ""
            named.update(named_rules(docstring))  # "SOE-SCORE-2 to SOE-SCORE-10" names each from 2 to 10
    return named


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_every_clause_is_implemented_by_a_named_function(game: Game) -> None:
    clauses = {c.id for c in read_clauses(game.spec_path)}
    source = _reference_text(game)
    rulings = {c for c in clauses if "-RULING-" in c}
    named = _docstring_ids(source)
    missing = sorted(clauses - rulings - named)
    assert not missing, f"clauses no reference docstring names: {missing}"
    unknown = sorted(i for i in named if i.startswith(f"{game.rule_prefix}-") and i not in clauses)
    assert not unknown, f"reference docstrings name clauses the spec lacks: {unknown}"
    unwired = sorted(r for r in rulings if r not in source)
    assert not unwired, f"rulings the reference never names: {unwired}"


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_the_reference_offers_every_operation(game: Game) -> None:
    for operation in game.operations:
        assert callable(getattr(game.reference, operation.name, None)), operation.name
        assert hasattr(game.protocol, operation.name), f"{game.protocol.__name__} lacks {operation.name}"


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_every_ruling_has_alternatives_and_a_spec_entry(game: Game) -> None:
    choices = alternatives(game.rulings)
    defaults = game.rulings()
    for name, values in choices.items():
        assert len(values) >= 2, f"ruling {name} offers no alternative"
        assert getattr(defaults, name) in values, f"ruling {name}: default not among its alternatives"


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_every_ruling_field_settles_a_clause_of_its_spec(game: Game) -> None:
    clauses = {c.id for c in read_clauses(game.spec_path)}
    for field in dataclasses.fields(game.rulings):
        clause = ruling_clause(game.rulings, field.name)
        assert clause in clauses and "-RULING-" in clause, f"ruling {field.name}: {clause} is no ruling of the spec"
    every = ruling_clauses(game.rulings, [field.name for field in dataclasses.fields(game.rulings)])
    assert len(every) == len(dataclasses.fields(game.rulings)), "two ruling fields settle the same clause"


def test_published_schemas_match_the_types() -> None:
    assert not stale_schemas(), "run: rulespec schema --write"


def test_the_plug_in_page_matches_the_protocols() -> None:
    """docs/plug-in.md is what the Protocols, the types and the first vectors say today."""
    assert (REPO_ROOT / PAGE).read_text(encoding="utf-8") == render_page(), f"{PAGE} is stale: rulespec schema --write"


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_vectors_pass_on_the_reference_under_every_unnamed_ruling(game: Game) -> None:
    """A case names the rulings its result depends on: switching any other ruling changes nothing."""
    reference = python_subject(game, None)
    fields = tuple(f.name for f in dataclasses.fields(game.rulings))
    problems: list[str] = []
    for loaded in load_game(game):
        verdict = run_case(reference, loaded)
        if verdict.outcome != Outcome.PASSED:
            problems.append(f"{loaded.case.id}: {verdict.detail}")
            continue
        free = tuple(name for name in fields if name not in loaded.case.rulings)
        for reading in readings(loaded.rulings, free):
            switched = dataclasses.replace(loaded, rulings=reading)
            verdict = run_case(reference, switched)
            if verdict.outcome != Outcome.PASSED:
                changed = {n: getattr(reading, n) for n in free if getattr(reading, n) != getattr(loaded.rulings, n)}
                problems.append(f"{loaded.case.id} depends on unnamed ruling {changed}: {verdict.detail}")
    assert not problems, "\n".join(problems[:20])
