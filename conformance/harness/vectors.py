"""The vector format, and loading vector files with every fault named by file and JSON path."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import msgspec

from conformance.harness.games import Game
from conformance.harness.schema import operation_schemas, rulings_schema, vector_file_schema
from conformance.harness.vector_format import Case, VectorFile


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


def load_file(game: Game, path: Path) -> tuple[LoadedCase, ...]:
    """Every case of one vector file, validated against the format and the operation's schemas."""
    try:
        raw: Any = json.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise VectorError(
            path, "$", f"not UTF-8: byte {exc.start} is {exc.object[exc.start : exc.start + 1]!r}"
        ) from exc
    except json.JSONDecodeError as exc:
        raise VectorError(path, "$", f"not JSON: {exc}") from exc
    except RecursionError as exc:
        raise VectorError(path, "$", "JSON nested too deep to read (no vector nests more than a few levels)") from exc
    except OSError as exc:
        raise VectorError(path, "$", f"cannot be read: {exc.strerror}") from exc
    _check(vector_file_schema(), raw, path, "$")
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
        _check(request_schema, case.input, path, f"{at}.input")
        _check(rulings_schema(game), case.rulings, path, f"{at}.rulings")
        if case.output is not None:
            _check(result_schema, case.output, path, f"{at}.output")
        request = msgspec.convert(case.input, operation.request, strict=True)
        rulings = msgspec.convert(case.rulings, game.rulings, strict=True)
        loaded.append(LoadedCase(game.key, operation.name, case, path, index, request, rulings))
    return tuple(loaded)


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
