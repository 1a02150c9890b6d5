"""``rulespec schema [--write]``: check the published schemas against the types, or write them again."""

from __future__ import annotations

import argparse

from conformance.harness.games import REPO_ROOT
from conformance.harness.schemas.published import stale_schemas, write_schemas
from conformance.harness.vocabulary import Commands


def schema(args: argparse.Namespace) -> int:
    if args.write:
        for path in write_schemas():
            print(f"wrote {path.relative_to(REPO_ROOT)}")
        return 0
    stale = stale_schemas()
    for path in stale:
        print(f"stale: {path.relative_to(REPO_ROOT)} (run: rulespec schema --write)")
    return 1 if stale else 0


def add_command(commands: Commands) -> None:
    schemas = commands.add_parser("schema", help="check (or --write) the JSON Schemas derived from the types")
    schemas.add_argument("--write", action="store_true", help="regenerate conformance/schema")
    schemas.set_defaults(handler=schema)
