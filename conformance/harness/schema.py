"""JSON Schemas derived from the types, so the schemas, the vectors and the code cannot drift.

msgspec writes the schema of each type; two things are added that types cannot say:
unknown properties are refused (a misspelt field in a vector must not be ignored), and
a case carries exactly one of ``output`` and ``error``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from rulespec.conformance.harness.games import Game, Operation
from rulespec.conformance.harness.spec import HASH_LENGTH, RULE_ID

RULE_ID_PATTERN = f"^{RULE_ID}$"
CASE_ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
CLAUSE_HASH_PATTERN = f"^[0-9a-f]{{{HASH_LENGTH}}}$"


def closed(schema: dict[str, Any]) -> dict[str, Any]:
    """Refuse unknown properties on every object the schema defines."""
    for definition in schema.get("$defs", {}).values():
        if definition.get("type") == "object" and "properties" in definition:
            definition["additionalProperties"] = False
    return schema


def type_schema(kind: type[Any]) -> dict[str, Any]:
    schema: dict[str, Any] = msgspec.json.schema(kind)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return closed(schema)


def refusal_kinds(schema: dict[str, Any]) -> None:
    """A refusal names its field (InvalidState) or its rule (IllegalAction), as a vector's error does."""
    refusal = schema.get("$defs", {}).get("Refusal")
    if refusal is not None:
        refusal["oneOf"] = [
            {"properties": {"kind": {"const": "InvalidState"}, "field": {"type": "string"}}, "required": ["field"]},
            {"properties": {"kind": {"const": "IllegalAction"}, "rule": {"type": "string"}}, "required": ["rule"]},
        ]


_MADE: dict[tuple[str, str], dict[str, Any]] = {}


def _cached(game: Game, name: str, kind: type[Any]) -> dict[str, Any]:
    key = (game.key, name)
    if key not in _MADE:
        _MADE[key] = type_schema(kind)
    return _MADE[key]


def operation_schemas(game: Game, operation: Operation) -> tuple[dict[str, Any], dict[str, Any]]:
    """The request and result schemas of one operation."""
    request = _cached(game, f"{operation.name}.request", operation.request)
    return request, _cached(game, f"{operation.name}.result", operation.response)


def rulings_schema(game: Game) -> dict[str, Any]:
    """A case's ``rulings``: any subset of the game's rulings, each with a valid value."""
    return _cached(game, "rulings", game.rulings)
