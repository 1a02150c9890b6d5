"""The one writer of new vector cases: a case asked again gets the same ID (``vectors.case_id``), arrives stamped
with the clauses it names (``spec.clause_hash``), and is merged into its file in the suite's one JSON style, through
the output policy's safe writer."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any, cast

from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.spec import clause_hashes
from rulespec.conformance.harness.vectors import case_id


def stamps_for(rules: Collection[str], hashes: dict[str, str]) -> dict[str, str]:
    """The ``clauses`` a case naming ``rules`` carries today (rules no clause defines are left out)."""
    return {rule: hashes[rule] for rule in rules if rule in hashes}


def new_case(
    game: Game,
    operation: str,
    request: Any,
    rulings: Any,
    rules: Sequence[str],
    description: str,
    expectation: dict[str, Any],
) -> dict[str, Any]:
    """A vector case (as JSON) asking ``request`` under ``rulings``, stamped with the clauses it names.

    ``expectation`` is ``{"output": ...}`` or ``{"error": ...}``.
    """
    return {
        "id": case_id(game.key, operation, request, rulings),
        "description": description,
        "rules": list(rules),
        "clauses": stamps_for(rules, clause_hashes(game)),
        "rulings": rulings,
        "input": request,
        **expectation,
    }


def render_vector_file(document: dict[str, Any]) -> str:
    """The suite's one style for a vector file: 2-space indented JSON, non-ASCII kept, a final newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def written_cases(path: Path) -> list[dict[str, Any]]:
    """The cases already in ``path`` (none when it does not exist); ValueError naming the file when malformed."""
    return cast(list[dict[str, Any]], _written(path).get("cases", []))


def _written(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        document: Any = json.loads(path.read_text(encoding="utf-8"))
        cases: Any = cast(dict[str, Any], document).get("cases", []) if isinstance(document, dict) else None
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 at byte {exc.start}; move it aside to save failures here") from exc
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from exc
    except RecursionError as exc:
        raise ValueError(f"{path}: JSON nested too deep to read") from exc
    if not isinstance(cases, list) or not all(isinstance(case, dict) for case in cases):  # pyright: ignore[reportUnknownVariableType]
        raise ValueError(f"{path}: at $.cases: not a list of cases; move it aside to save failures here")
    return cast(dict[str, Any], document)


def add_cases(path: Path, game: str, operation: str, cases: Sequence[dict[str, Any]]) -> Path:
    """Merge ``cases`` into the vector file ``path`` (made, with its folder, if absent); ``path``.

    A case whose ID the file already holds is kept once, as newly written, in its place. A file
    holding another game's or operation's cases is refused (ValueError), as is a malformed one.
    """
    document = _written(path)
    if document and (document.get("game"), document.get("operation")) != (game, operation):
        raise ValueError(f"{path} holds {document.get('game')}.{document.get('operation')}, not {game}.{operation}")
    merged = {str(case.get("id")): case for case in written_cases(path)}
    merged.update((str(case["id"]), case) for case in cases)
    outputs.make_folder(path.parent)
    return outputs.write_text(
        path, render_vector_file({"game": game, "operation": operation, "cases": list(merged.values())})
    )
