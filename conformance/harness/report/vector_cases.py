"""A failed vector's question and answer from the suite itself, for reports whose records do not carry them.

The request, rulings and expected answer of a vector case are in its vector file; a check record
that does not hold them (a report written before records carried them) is shown with them here,
labelled as taken from the suite. What the implementation answered is the record's alone.
"""

from __future__ import annotations

import json

import msgspec

from conformance.harness.games import REPO_ROOT, Game
from conformance.harness.records import CheckRecord
from conformance.harness.vectors import LoadedCase, load_game


def cases_by_nodeid(game: Game) -> dict[str, LoadedCase]:
    """Every vector case of the game under the node ID its check has in a report."""
    return {f"{loaded.path.relative_to(REPO_ROOT).as_posix()}::{loaded.case.id}": loaded for loaded in load_game(game)}


def _json(value: object) -> str:
    return json.dumps(msgspec.to_builtins(value), indent=2, sort_keys=True, ensure_ascii=False)


def suite_fields(record: CheckRecord, cases: dict[str, LoadedCase]) -> list[tuple[str, str]]:
    """The case's operation, request, rulings and expected answer.

    Only when the record does not carry them (an older report).
    """
    if record.request is not None or record.nodeid not in cases:
        return []
    loaded = cases[record.nodeid]
    case = loaded.case
    expected = _json(case.output) if case.error is None else _json(case.error)
    return [
        ("operation (from the vector file)", f"{loaded.operation}: {case.description}"),
        ("request (from the vector file)", _json(case.input)),
        ("rulings (from the vector file)", _json(case.rulings)),
        ("expected (from the vector file)", expected),
    ]
