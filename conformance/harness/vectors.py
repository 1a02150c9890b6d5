"""The vector format: a file of cases for one operation, as typed values, its JSON Schema, loading it with
every fault named by file and JSON path, and the one ID scheme of a case (``case_id``: asking the same twice gives
the same case, and a case found again is recognised). New cases are written by ``vector_writer``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, lru_cache
from importlib.metadata import version
from pathlib import Path
from typing import Any

import jsonschema
import msgspec

from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.schema import (
    CASE_ID_PATTERN,
    CLAUSE_HASH_PATTERN,
    RULE_ID_PATTERN,
    operation_schemas,
    rulings_schema,
    type_schema,
)
from rulespec.conformance.harness.vetted import note_passed, passed_before


class ErrorKind(StrEnum):
    INVALID_STATE = "InvalidState"
    ILLEGAL_ACTION = "IllegalAction"


@dataclass(frozen=True)
class ExpectedError:
    """A refusal the case expects: the kind, and the field (InvalidState) or rule (IllegalAction)."""

    kind: ErrorKind
    field: str | None = None
    rule: str | None = None


@dataclass(frozen=True)
class Case:
    id: str
    description: str
    rules: tuple[str, ...]
    input: dict[str, Any]
    rulings: dict[str, Any] = field(default_factory=dict[str, Any])
    output: dict[str, Any] | None = None
    error: ExpectedError | None = None
    # rule ID -> short hash of that clause's text when the case was last reviewed (clause_stamps)
    clauses: dict[str, str] = field(default_factory=dict[str, str])


@dataclass(frozen=True)
class VectorFile:
    game: str
    operation: str
    cases: tuple[Case, ...]


@cache
def vector_file_schema() -> dict[str, Any]:
    """The JSON Schema of a vector file, from the types, with what types cannot say."""
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


@dataclass(frozen=True)
class LoadedCase:
    """A case with where it came from and its input and rulings already typed."""

    game: str
    operation: str
    case: Case
    path: Path
    index: int
    request: Any
    rulings: Any
    rederived: bool = False  # its expectation is the reference's under the rulings declared (verify/declared.py)


class VectorError(ValueError):
    """A malformed vector file: names the file and the JSON path of the fault."""

    def __init__(self, path: Path, json_path: str, message: str) -> None:
        self.path = path
        self.json_path = json_path
        super().__init__(f"{path}: at {json_path}: {message}")


def _check(schema: dict[str, Any], value: Any, path: Path, base: str) -> None:
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path))  # pyright: ignore[reportUnknownMemberType]
    if errors:
        first = errors[0]
        where = base + first.json_path.removeprefix("$")
        raise VectorError(path, where, first.message)


_DEEPEST = 100  # levels of nesting named in the message about a file too deep to read (vectors nest a few)


def _too_deep_at(text: str) -> tuple[int, int]:
    """The line and column (from 1) where ``text``'s arrays and objects first nest past ``_DEEPEST`` levels."""
    depth, line, start, quoted, escaped = 0, 1, 0, False, False
    for at, char in enumerate(text):
        if quoted:
            quoted, escaped = (escaped or char != '"'), (not escaped and char == "\\")
        elif char == '"':
            quoted = True
        elif char in "[{":
            depth += 1
            if depth > _DEEPEST:
                return line, at - start + 1
        elif char in "]}":
            depth -= 1
        elif char == "\n":
            line, start = line + 1, at + 1
    return line, len(text) - start + 1


def _bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise VectorError(path, "$", f"cannot be read: {exc.strerror}") from exc


def _parsed(path: Path, data: bytes) -> Any:
    try:
        raw: Any = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise VectorError(
            path, "$", f"not UTF-8: byte {exc.start} is {exc.object[exc.start : exc.start + 1]!r}"
        ) from exc
    except json.JSONDecodeError as exc:
        raise VectorError(path, "$", f"not JSON: {exc}") from exc
    except RecursionError as exc:
        line, column = _too_deep_at(data.decode("utf-8"))
        raise VectorError(
            path,
            "$",
            f"JSON nested too deep to read: past {_DEEPEST} levels at line {line} column {column}"
            " (no vector nests more than a few levels)",
        ) from exc
    return raw


def read_json(path: Path) -> Any:
    """A vector file's JSON, or VectorError naming the file and where it stops reading (line and column)."""
    return _parsed(path, _bytes(path))


def load_file(game: Game, path: Path) -> tuple[LoadedCase, ...]:
    """Every case of one vector file, validated against the format and the operation's schemas."""
    return _validated(game, path, _bytes(path))


# One run reads a file more than once (collected, then weighed by blame and the report), and a process that runs
# verify again (the canaries' tests, an editor's plugin) reads it anew: validating it is most of the reading (the
# JSON Schema checks). The same bytes at the same path give the same cases, so they are validated once a process; and
# bytes that passed the same schemas before, in any process, skip the schema checks (``vetted``).
@lru_cache(maxsize=1024)
def _validated(game: Game, path: Path, data: bytes) -> tuple[LoadedCase, ...]:
    fingerprint = _fingerprint(game)
    vetted = passed_before(fingerprint, data)

    def check(schema: dict[str, Any], value: Any, where: str) -> None:
        if not vetted:
            _check(schema, value, path, where)

    raw = _parsed(path, data)
    check(vector_file_schema(), raw, "$")
    document = msgspec.convert(raw, VectorFile, strict=True)
    if document.game != game.key:
        raise VectorError(path, "$.game", f"{document.game!r} but the file lies under game {game.key!r}")
    try:
        operation = game.operation(document.operation)
    except KeyError as exc:
        raise VectorError(path, "$.operation", str(exc)) from exc
    request_schema, result_schema = operation_schemas(game, operation)
    loaded: list[LoadedCase] = []
    for index, case in enumerate(document.cases):
        at = f"$.cases[{index}]"
        check(request_schema, case.input, f"{at}.input")
        check(rulings_schema(game), case.rulings, f"{at}.rulings")
        if case.output is not None:
            check(result_schema, case.output, f"{at}.output")
        request = msgspec.convert(case.input, operation.request, strict=True)
        rulings = msgspec.convert(case.rulings, game.rulings, strict=True)
        loaded.append(LoadedCase(game.key, operation.name, case, path, index, request, rulings))
    if not vetted:
        note_passed(fingerprint, data)
    return tuple(loaded)


@cache
def _fingerprint(game: Game) -> str:
    """What a file's schema checks depend on besides its bytes: the format's schema and the game's, and the checker."""
    schemas = [vector_file_schema(), rulings_schema(game)]
    schemas += [schema for operation in game.operations for schema in operation_schemas(game, operation)]
    return json.dumps([game.key, version("jsonschema"), schemas], sort_keys=True)


def load_game(game: Game) -> tuple[LoadedCase, ...]:
    """Every case of the game, from every file under its vectors folder; a repeated case ID is refused."""
    cases: list[LoadedCase] = []
    seen: dict[str, LoadedCase] = {}
    for path in sorted(game.vectors_dir.glob("*.json")):
        for loaded in load_file(game, path):
            refuse_repeated_id(seen, loaded)
            cases.append(loaded)
    return tuple(cases)


def refuse_repeated_id(seen: dict[str, LoadedCase], loaded: LoadedCase) -> None:
    """Note ``loaded``'s case ID in ``seen``; VectorError naming both places when the game already has it."""
    first = seen.setdefault(loaded.case.id, loaded)
    if first is not loaded:
        raise VectorError(
            loaded.path,
            f"$.cases[{loaded.index}].id",
            f"{loaded.case.id!r} is already the ID of {first.path} $.cases[{first.index}] "
            "(a case ID is unique within its game)",
        )


def canonical(value: object) -> str:
    """The one JSON text of a value: keys sorted, no spaces, non-ASCII kept."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def case_id(game: str, operation: str, request: Any, rulings: Any) -> str:
    """``<game>-<operation>-<first 12 hex of sha256 of the canonical input and rulings>``."""
    digest = hashlib.sha256(canonical({"input": request, "rulings": rulings}).encode("utf-8")).hexdigest()
    return f"{game}-{operation.replace('_', '-')}-{digest[:12]}"
