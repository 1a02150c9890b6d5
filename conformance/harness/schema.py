"""JSON Schemas derived from the types, so the schemas, the vectors and the code cannot drift.

msgspec writes the schema of each type; two things are added that types cannot say:
unknown properties are refused (a misspelt field in a vector must not be ignored), and
a case carries exactly one of ``output`` and ``error``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from conformance.harness.games import SCHEMA_DIR, Game, Operation, all_games
from conformance.harness.vector_format import VectorFile
from conformance.harness.wire_messages import MESSAGES, REPLIES

RULE_ID_PATTERN = r"^[A-Z][A-Z0-9]*(-[A-Z0-9]+)*-[0-9]+[a-z]?$"
CASE_ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
CLAUSE_HASH_PATTERN = r"^[0-9a-f]{12}$"


def _closed(schema: dict[str, Any]) -> dict[str, Any]:
    """Refuse unknown properties on every object the schema defines."""
    for definition in schema.get("$defs", {}).values():
        if definition.get("type") == "object" and "properties" in definition:
            definition["additionalProperties"] = False
    return schema


def type_schema(kind: type[Any]) -> dict[str, Any]:
    schema: dict[str, Any] = msgspec.json.schema(kind)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return _closed(schema)


@cache
def vector_file_schema() -> dict[str, Any]:
    schema = type_schema(VectorFile)
    schema["title"] = "rulespec vector file"
    case = schema["$defs"]["Case"]
    case["properties"]["id"]["pattern"] = CASE_ID_PATTERN
    case["properties"]["rules"].update({"minItems": 1, "items": {"type": "string", "pattern": RULE_ID_PATTERN}})
    stamp = {"type": "string", "pattern": CLAUSE_HASH_PATTERN}
    case["properties"]["clauses"].update({"propertyNames": {"pattern": RULE_ID_PATTERN}, "additionalProperties": stamp})
    # exactly one expectation: a result, or a refusal
    case["oneOf"] = [
        {"required": ["output"], "not": {"required": ["error"]}},
        {"required": ["error"], "not": {"required": ["output"]}},
    ]
    error = schema["$defs"]["ExpectedError"]
    error["oneOf"] = [
        {"properties": {"kind": {"const": "InvalidState"}, "field": {"type": "string"}}, "required": ["field"]},
        {"properties": {"kind": {"const": "IllegalAction"}, "rule": {"type": "string"}}, "required": ["rule"]},
    ]
    return schema


def _refusal_kinds(schema: dict[str, Any]) -> None:
    """A refusal names its field (InvalidState) or its rule (IllegalAction), as a vector's error does."""
    refusal = schema.get("$defs", {}).get("Refusal")
    if refusal is not None:
        refusal["oneOf"] = [
            {"properties": {"kind": {"const": "InvalidState"}, "field": {"type": "string"}}, "required": ["field"]},
            {"properties": {"kind": {"const": "IllegalAction"}, "rule": {"type": "string"}}, "required": ["rule"]},
        ]


@cache
def wire_schemas() -> dict[str, dict[str, Any]]:
    """One schema per wire message, and ``reply``: any message that answers a ``run``."""
    schemas: dict[str, dict[str, Any]] = {}
    for name, message in MESSAGES.items():
        schema = type_schema(message)
        schema["title"] = f"rulespec wire protocol: {name}"
        _refusal_kinds(schema)
        schemas[name] = schema
    # msgspec cannot take a union of dataclasses: the reply is the oneOf of each, told apart by ``type``
    refs, definitions = msgspec.json.schema_components(tuple(REPLIES.values()), ref_template="#/$defs/{name}")
    reply = _closed({"$defs": definitions, "oneOf": list(refs)})
    reply["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    reply["title"] = "rulespec wire protocol: any reply to a run"
    _refusal_kinds(reply)
    schemas["reply"] = reply
    return schemas


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


def all_schemas() -> dict[Path, dict[str, Any]]:
    """Every schema the project publishes, by its path under conformance/schema."""
    schemas: dict[Path, dict[str, Any]] = {Path("vector.schema.json"): vector_file_schema()}
    for name, message in wire_schemas().items():
        schemas[Path("wire") / f"{name}.schema.json"] = message
    for game in all_games():
        schemas[Path(game.key) / "rulings.schema.json"] = rulings_schema(game)
        for operation in game.operations:
            request, result = operation_schemas(game, operation)
            schemas[Path(game.key) / f"{operation.name}.request.schema.json"] = request
            schemas[Path(game.key) / f"{operation.name}.result.schema.json"] = result
    return schemas


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def stale_schemas(root: Path = SCHEMA_DIR) -> list[Path]:
    """The published schema files that differ from the types (missing ones included)."""
    stale: list[Path] = []
    for relative, schema in all_schemas().items():
        path = root / relative
        if not path.is_file() or path.read_text(encoding="utf-8") != render(schema):
            stale.append(path)
    return stale


def write_schemas(root: Path = SCHEMA_DIR) -> list[Path]:
    written: list[Path] = []
    for relative, schema in all_schemas().items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(schema), encoding="utf-8")
        written.append(path)
    return written
