"""Failing checks written as vectors, so a bug found once becomes a case the suite keeps.

A failing suite vector is referred to by its ID (``DIR/<game>/<operation>.suite.json``), never
copied under a new one; a failing vector of the user's own is already in their files. A failing
invariant is written as the request it last sent on which the implementation and the reference
disagree (Hypothesis replays the shrunk example last, so that is the
minimal one). Each case is written by the core's one writer of cases (``vector_writer.add_cases``): its
content-hash ID makes saving the same failure twice give the same case.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.games import VECTORS_DIR, Game
from rulespec.conformance.harness.subject import ImplementationError, NotImplementedOp, Subject, python_subject
from rulespec.conformance.harness.vector_writer import add_cases, new_case
from rulespec.conformance.harness.vectors import Case, LoadedCase
from rulespec.conformance.harness.verdict import Outcome, run_case
from rulespec.reference.errors import IllegalAction, InvalidState, RuleError

SAVED = Path("<saved failure>")
SUITE_CASE = "suite_case"  # a saved failure that is a suite vector: its ID, not a copy
SUITE_REFERENCES = ".suite.json"  # a file naming failing suite cases by ID, beside the cases saved


@dataclass(frozen=True)
class SentCall:
    """One request an invariant sent to the implementation under test."""

    game: str
    operation: str
    request: object
    rulings: object


def reference_expectation(game: Game, operation: str, request: object, rulings: object) -> dict[str, Any] | None:
    """The reference's answer as a case's expectation (``output`` or ``error``); None if it crashed."""
    try:
        result = python_subject(game, None).call(operation, request, rulings)
    except InvalidState as refusal:
        return {"error": {"kind": "InvalidState", "field": refusal.field}}
    except IllegalAction as refusal:
        return {"error": {"kind": "IllegalAction", "rule": refusal.rule}}
    except (RuleError, ImplementationError, NotImplementedOp):
        return None
    return {"output": json.loads(msgspec.json.encode(result))}


def saved_case(
    game: Game, operation: str, request: object, rulings: dict[str, Any], rules: Sequence[str], why: str
) -> dict[str, Any] | None:
    """A vector case (as JSON) asking ``request`` under ``rulings`` and expecting the reference's answer."""
    typed_rulings = msgspec.convert(rulings, game.rulings, strict=True)
    expected = reference_expectation(game, operation, request, typed_rulings)
    if expected is None:
        return None
    asked: dict[str, Any] = json.loads(msgspec.json.encode(request))
    return new_case(game, operation, asked, rulings, rules, why, expected)


def loaded(game: Game, operation: str, case: dict[str, Any]) -> LoadedCase:
    """A saved case, typed as the loader would type it."""
    typed = msgspec.convert(case, Case, strict=True)
    request = msgspec.convert(typed.input, game.operation(operation).request, strict=True)
    rulings = msgspec.convert(typed.rulings, game.rulings, strict=True)
    return LoadedCase(game.key, operation, typed, SAVED, 0, request, rulings)


def from_calls(
    game: Game, subject: Subject, calls: Iterable[SentCall], rules: Sequence[str], check: str, detail: str
) -> tuple[str, dict[str, Any]] | None:
    """The last call of a failing invariant on which ``subject`` and the reference disagree: (operation, case)."""
    for call in reversed(list(calls)):
        known = any(op.name == call.operation for op in game.operations)
        if call.game != game.key or not known or not isinstance(call.rulings, game.rulings):
            continue
        rulings: dict[str, Any] = json.loads(msgspec.json.encode(call.rulings))
        why = f"saved failure: {check} failed against {subject.label}: {detail}"[:300]
        case = saved_case(game, call.operation, call.request, rulings, rules, why)
        if case is None:
            continue
        if run_case(subject, loaded(game, call.operation, case)).outcome in (Outcome.FAILED, Outcome.ERROR):
            return call.operation, case
    return None


def saved_failure(
    game: Game,
    subject: Subject,
    failed: LoadedCase | None,
    calls: Iterable[SentCall],
    rules: Sequence[str],
    check: str,
    detail: str,
) -> tuple[str, str, dict[str, Any]] | None:
    """A failing check as (game, operation, case): the vector case itself, or else the invariant's last calls."""
    if failed is not None:
        if not failed.path.is_relative_to(VECTORS_DIR):
            return None  # the user's own vector (or one saved before): already a file they keep
        return game.key, failed.operation, {SUITE_CASE: failed.case.id}
    found = from_calls(game, subject, calls, rules, check, detail)
    return None if found is None else (game.key, *found)


def write_saved(directory: Path, saved: Iterable[tuple[str, str, dict[str, Any]]]) -> list[Path]:
    """Write (game, operation, case) as ``DIR/<game>/<operation>.json``, merged with cases already there;
    a suite case referred to by ID goes to ``DIR/<game>/<operation>.suite.json``, merged the same way."""
    by_file: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}
    by_suite: dict[tuple[str, str], set[str]] = {}
    for key, operation, case in saved:
        if SUITE_CASE in case:
            by_suite.setdefault((key, operation), set()).add(str(case[SUITE_CASE]))
        else:
            by_file.setdefault((key, operation), {})[str(case["id"])] = case
    written: list[Path] = []
    for (key, operation), cases in sorted(by_file.items()):
        written.append(add_cases(directory / key / f"{operation}.json", key, operation, list(cases.values())))
    for (key, operation), ids in sorted(by_suite.items()):
        path = directory / key / f"{operation}{SUITE_REFERENCES}"
        if path.is_file():
            ids |= set(json.loads(path.read_text(encoding="utf-8")).get("suite_cases", []))
        outputs.make_folder(path.parent)
        document = {"game": key, "operation": operation, "suite_cases": sorted(ids)}
        outputs.write_text(path, json.dumps(document, indent=2) + "\n")
        written.append(path)
    return written
