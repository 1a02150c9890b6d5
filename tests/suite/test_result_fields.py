"""Each spec's "What a result's fields hold" names a clause for every field a result writes in a form of its own.

Blame reads the table (``blame.shapes``): a field of a result missing or of another type breaks the clause it
names. So every row must name a real clause, real operations and a field their results hold, and every field that
only a result holds (no request carries it) must have a row.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import pytest

from rulespec.conformance.harness.blame.shapes import field_rows
from rulespec.conformance.harness.games import Game, all_games
from rulespec.conformance.harness.schema import operation_schemas
from rulespec.conformance.harness.spec import read_clauses

GAMES = all_games()


def _paths(schema: Any, defs: dict[str, Any], prefix: str = "", depth: int = 0) -> Iterator[str]:
    """Every property path of a schema (``standings[].place``), its ``$ref``s followed."""
    if depth > 8 or not isinstance(schema, dict):
        return
    node = cast(dict[str, Any], schema)
    if "$ref" in node:
        yield from _paths(defs[str(node["$ref"]).rsplit("/", 1)[-1]], defs, prefix, depth + 1)
    for branch in node.get("anyOf", []):
        yield from _paths(branch, defs, prefix, depth + 1)
    if "items" in node:
        yield from _paths(node["items"], defs, f"{prefix}[]", depth + 1)
    for name, inner in node.get("properties", {}).items():
        path = f"{prefix}.{name}" if prefix else name
        yield path
        yield from _paths(inner, defs, path, depth + 1)


def _fields(game: Game, side: int) -> dict[str, set[str]]:
    """Each operation's property paths, of its request (side 0) or its result (side 1)."""
    found: dict[str, set[str]] = {}
    for operation in game.operations:
        schema = operation_schemas(game, operation)[side]
        found[operation.name] = set(_paths(schema, schema.get("$defs", {})))
    return found


@pytest.mark.parametrize("game", GAMES, ids=[game.key for game in GAMES])
def test_every_row_names_a_clause_and_a_field_its_operations_results_hold(game: Game) -> None:
    rows = field_rows(game.spec_path)
    assert rows, f'{game.spec_path.name} has no "What a result\'s fields hold" table'
    clauses = {clause.id for clause in read_clauses(game.spec_path)}
    results = _fields(game, 1)
    problems: list[str] = []
    for row in rows:
        if row.clause not in clauses:
            problems.append(f"`{row.field}`: {row.clause} is no clause of the game")
        unknown = sorted(row.operations - set(results))
        if unknown:
            problems.append(f"`{row.field}`: no operation {unknown}")
        held = [name for name in row.operations or results if name in results and _holds(results[name], row.field)]
        if not held or (row.operations and len(held) != len(row.operations)):
            problems.append(f"`{row.field}`: not a field of every result it names ({sorted(row.operations)})")
    assert not problems, "\n".join(problems)


def _holds(paths: set[str], field: str) -> bool:
    return any(path == field or path.endswith(f".{field}") or path.endswith(f"].{field}") for path in paths)


@pytest.mark.parametrize("game", GAMES, ids=[game.key for game in GAMES])
def test_every_field_only_a_result_holds_has_a_row(game: Game) -> None:
    rows = field_rows(game.spec_path)
    asked = {path.rsplit(".", 1)[-1] for paths in _fields(game, 0).values() for path in paths}
    missing = sorted(
        f"{name} `{path}`"
        for name, paths in _fields(game, 1).items()
        for path in paths
        if path.rsplit(".", 1)[-1] not in asked
        and not any(_holds({path}, row.field) and (not row.operations or name in row.operations) for row in rows)
    )
    assert not missing, f"fields only a result holds, with no row in {game.spec_path.name}: {missing}"
