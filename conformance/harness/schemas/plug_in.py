"""docs/plug-in.md, the plug-in interface per game, derived from each game's Protocol: every operation's signature,
the fields of its request and result types, their schemas, and the wire exchange of its first vector case.

Written by ``rulespec schema --write`` in a checkout; a test fails while the page in docs/ is stale."""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from typing import Any

from rulespec.conformance.harness.games import Game, Operation, all_games
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.wire.encoding import wire_form

PAGE = "docs/plug-in.md"

HEADER = """\
# The plug-in interface, per game

<!-- generated from conformance/harness/games/*.py by `rulespec schema --write`; a test fails while it is stale -->

An implementation offers some or all of a game's operations. In Python (`--impl module:attr`) each is a callable
`operation(request, rulings, /) -> result` over the reference's types, imported from `rulespec.reference`; an
operation it lacks is reported *not implemented*. In any language (`--cmd`), each is a `run` message answered by a
`result` (or `refused`, or `errored`) on the wire ([wire-protocol.md](wire-protocol.md)); requests and results are
the same types as JSON, with a schema each under `conformance/schema/<game>/`. The example of each operation is the
first case of its vectors, as the harness sends it and as it expects the answer.
"""


def type_name(annotation: Any) -> str:
    """A field's type as a reader writes it: ``tuple[PowerScore, ...]``, ``str | None``."""
    if isinstance(annotation, type) and not typing.get_args(annotation):
        return annotation.__name__
    # keep each type's own name, without the module it lives in
    return re.sub(r"\b(?:[A-Za-z_]\w*\.)+(\w+)", r"\1", str(annotation))


def fields_table(kind: type[Any]) -> list[str]:
    if not dataclasses.is_dataclass(kind):
        return [f"`{kind.__name__}`", ""]
    hints = typing.get_type_hints(kind)
    rows = [
        f"`{kind.__name__}` ({kind.__module__.removeprefix('rulespec.')}):",
        "",
        "| field | type |",
        "| --- | --- |",
    ]
    # a pipe inside a table's cell is written \|, or it would end the cell
    rows += [
        f"| `{field.name}` | `{type_name(hints[field.name])}` |".replace(" | None", " \\| None")
        for field in dataclasses.fields(kind)
    ]
    return [*rows, ""]


def example(game: Game, operation: Operation) -> list[str]:
    """The first vector case of the operation (its own file first), as the wire's run and the expected reply."""
    cases = [loaded for loaded in load_game(game) if loaded.operation == operation.name]
    cases.sort(key=lambda loaded: loaded.path.stem != operation.name)
    if not cases:
        return ["No vector case yet.", ""]
    case = cases[0].case
    run = {"type": "run", "id": 1, "game": game.key, "operation": operation.name}
    # as the harness sends it: every ruling, the case's own over the defaults (docs/wire-protocol.md)
    run |= {"rulings": wire_form(cases[0].rulings), "input": case.input}
    if case.output is not None:
        reply: dict[str, Any] = {"type": "result", "id": 1, "output": case.output}
    else:
        error = dataclasses.asdict(case.error) if case.error is not None else {}
        reply = {"type": "refused", "id": 1, "error": {key: value for key, value in error.items() if value is not None}}
    lines = [f"Example, vector case `{case.id}` ({case.description}):", "", "```json"]
    lines += [json.dumps(run, ensure_ascii=False), json.dumps(reply, ensure_ascii=False), "```", ""]
    return lines


def render_page() -> str:
    lines = [HEADER]
    for game in all_games():
        protocol = game.protocol
        lines += [f"## {game.title} (`{game.key}`)", ""]
        lines += [f"Protocol `{protocol.__name__}` in `conformance/harness/games/{game.key}.py`; rulings:", ""]
        lines += fields_table(game.rulings)
        for operation in game.operations:
            lines += [f"### `{operation.name}`", "", operation.summary, "", "```python"]
            lines += [
                f"def {operation.name}(self, request: {operation.request.__name__}, rulings: Rulings, /)"
                f" -> {operation.response.__name__}: ...",
                "```",
                "",
            ]
            lines += fields_table(operation.request) + fields_table(operation.response)
            schema = f"conformance/schema/{game.key}/{operation.name}"
            lines += [f"Schemas: `{schema}.request.schema.json`, `{schema}.result.schema.json`.", ""]
            lines += example(game, operation)
    return "\n".join(lines).rstrip("\n") + "\n"
