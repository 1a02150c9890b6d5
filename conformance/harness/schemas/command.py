"""``rulespec schema [--write]``: every JSON Schema the project publishes under conformance/schema, derived from
the types, checked against the files (or written again)."""

from __future__ import annotations

import argparse
import json
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from rulespec import SUITE_ROOT
from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.games import SCHEMA_DIR, all_games, checkout
from rulespec.conformance.harness.records import report_schema
from rulespec.conformance.harness.schema import (
    closed,
    operation_schemas,
    refusal_kinds,
    rulings_schema,
    type_schema,
)
from rulespec.conformance.harness.schemas.plug_in import PAGE, render_page
from rulespec.conformance.harness.vectors import vector_file_schema
from rulespec.conformance.harness.vocabulary import Commands, usage_error
from rulespec.conformance.harness.wire.messages import MESSAGES, REPLIES


@cache
def wire_schemas() -> dict[str, dict[str, Any]]:
    """One schema per wire message, and ``reply``: any message that answers a ``run``."""
    schemas: dict[str, dict[str, Any]] = {}
    for name, message in MESSAGES.items():
        schema = type_schema(message)
        schema["title"] = f"rulespec wire protocol: {name}"
        refusal_kinds(schema)
        schemas[name] = schema
    # msgspec cannot take a union of dataclasses: the reply is the oneOf of each, told apart by ``type``
    refs, definitions = msgspec.json.schema_components(tuple(REPLIES.values()), ref_template="#/$defs/{name}")
    reply = closed({"$defs": definitions, "oneOf": list(refs)})
    reply["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    reply["title"] = "rulespec wire protocol: any reply to a run"
    refusal_kinds(reply)
    schemas["reply"] = reply
    return schemas


def all_schemas() -> dict[Path, dict[str, Any]]:
    """Every schema the project publishes, by its path under conformance/schema."""
    schemas: dict[Path, dict[str, Any]] = {Path("vector.schema.json"): vector_file_schema()}
    schemas[Path("report.schema.json")] = report_schema()
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
        outputs.make_folder(path.parent)
        outputs.write_text(path, render(schema))
        written.append(path)
    return written


def schema(args: argparse.Namespace) -> int:
    """Check the published schemas against the types (0, or 1 naming each stale one); ``--write`` them, in a checkout
    only: an installed rulespec's schemas are its release's, never rewritten in place."""
    if args.write:
        try:
            root = checkout("schema --write")
        except ValueError as exc:
            return usage_error("schema", f"{exc}; `rulespec bundle OUT/` copies the installed schemas out")
        for path in write_schemas():
            print(f"wrote {path.relative_to(SUITE_ROOT)}")
        outputs.write_text(root / PAGE, render_page())  # the plug-in page lives in the checkout's docs/
        print(f"wrote {PAGE}")
        return 0
    stale = stale_schemas()
    for path in stale:
        print(f"stale: {path.relative_to(SUITE_ROOT)} (run: rulespec schema --write)")
    if not stale:
        print(f"{len(all_schemas())} JSON Schemas under {SCHEMA_DIR} match the types")
    return 1 if stale else 0


def add_command(commands: Commands) -> None:
    schemas = commands.add_parser("schema", help="check (or --write) the JSON Schemas derived from the types")
    schemas.add_argument(
        "--write", action="store_true", help="regenerate conformance/schema (and docs/plug-in.md in a checkout)"
    )
    schemas.set_defaults(handler=schema)
