"""A run judged under the rulings the implementation plays: declared with ``--ruling FIELD=VALUE`` (or the
expectations file) and by a process in its ``started`` message, the two agreeing (``rulings.agreed``).

Invariants draw a declared ruling only at its declared values (``rulings.drawn``, set here per game). A vector
case is asked under the declared rulings (``judged_under``): when that switches a ruling the case names, or
changes the reference's answer to it (a bag of 1 and 3 declared, where the case draws a 2 under rulings it
does not name), its expected answer is the reference's answer to the same request under the declared rulings,
and the case is marked *re-derived* in every output, never skipped; otherwise its expectation stands as it is.
Every record names the rulings it was judged under (``stamped``).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from typing import Any

import msgspec
import pytest

from rulespec.conformance.harness import rulings as ruling_fields
from rulespec.conformance.harness.games import Game, game
from rulespec.conformance.harness.records import REDERIVED, CheckRecord
from rulespec.conformance.harness.rulings import Declared, agreed, declare, declared_of, explaining, under
from rulespec.conformance.harness.vectors import ErrorKind, ExpectedError, LoadedCase
from rulespec.conformance.harness.verdict import Outcome
from rulespec.conformance.harness.verify.options import VerifyOptions
from rulespec.conformance.harness.verify.subjects import Subjects
from rulespec.reference.errors import IllegalAction, InvalidState

DECLARED = pytest.StashKey[dict[str, Declared]]()  # game key -> the rulings the run is judged under


def reference_answer(game: Game, operation: str, request: object, rulings: object) -> tuple[Any, ExpectedError | None]:
    """The reference's answer as a vector holds it: ``(output JSON, None)`` or ``(None, the refusal)``."""
    try:
        result = game.reference_call(operation)(request, rulings)
    except InvalidState as exc:
        return None, ExpectedError(ErrorKind("InvalidState"), field=exc.field)
    except IllegalAction as exc:
        return None, ExpectedError(ErrorKind("IllegalAction"), rule=exc.rule)
    return msgspec.json.decode(msgspec.json.encode(result, order="sorted")), None


def judged_under(game: Game, loaded: LoadedCase, declared: Declared) -> LoadedCase:
    """The case as the run asks it: under the declared rulings, its expectation re-derived when it must be."""
    rulings = under(loaded.rulings, declared)
    if rulings == loaded.rulings:
        return loaded
    named = {field: msgspec.to_builtins(getattr(rulings, field)) for field in loaded.case.rulings}
    output, error = reference_answer(game, loaded.operation, loaded.request, rulings)
    if named == loaded.case.rulings and (output, error) == (loaded.case.output, loaded.case.error):
        return dataclasses.replace(loaded, rulings=rulings)  # the switch leaves this case's answer as it is
    case = dataclasses.replace(loaded.case, rulings=named, output=output, error=error)
    return dataclasses.replace(loaded, case=case, rulings=rulings, rederived=True)


def wire_declared(declared: Declared) -> dict[str, list[Any]]:
    """The declared rulings in the report's JSON form: field -> the values played."""
    return {field: [msgspec.to_builtins(value) for value in values] for field, values in declared.items()}


def file_rulings(options: VerifyOptions) -> dict[str, Any]:
    """The rulings declared on the command line and in the expectations files, as an expectations file holds them
    (``{"domination_first_turn": 5}``, a list for a field playing several values): what ``--write`` records."""
    found: dict[str, Any] = {}
    for key in options.games:
        for field, values in wire_declared(options.declared_rulings(key)).items():
            found[field] = values[0] if len(values) == 1 else values
    return found


def stamped(record: CheckRecord, declared: Declared, rederived: bool) -> CheckRecord:
    """The record naming the rulings its verdict is under, and whether its expectation was re-derived."""
    if not declared and not rederived:
        return record
    said = f"{REDERIVED}{ruling_fields.shown(declared)}"
    detail = (f"{said}: {record.detail}" if record.detail else said) if rederived else record.detail
    return dataclasses.replace(record, declared=wire_declared(declared), rederived=rederived, detail=detail)


def hint(records: Sequence[CheckRecord]) -> str | None:
    """One line when an undeclared ruling would turn failures into passes: the switch under which the reference
    answers as the implementation did on the most failed checks (each failure's request, rulings and answer)."""
    explained: Counter[tuple[str, str]] = Counter()
    failed = 0
    for record in records:
        if record.outcome != Outcome.FAILED.value or record.operation is None or record.got is None:
            continue
        failed += 1
        played = game(record.game)
        try:
            request = msgspec.convert(record.request, played.operation(record.operation).request)
            rulings = msgspec.convert(record.rulings, played.rulings)
        except (msgspec.ValidationError, KeyError, TypeError):
            continue  # a record this run could not type again: no evidence either way
        for switch in explaining(played, record.operation, request, rulings, record.got, set(record.declared)):
            explained[record.game, switch] += 1
    if not explained:
        return None
    (key, switch), count = explained.most_common(1)[0]
    return (
        f"hint: {count} of the {failed} failed checks pass if the implementation plays {switch} in {key}: if it does, "
        f"declare it (--ruling {switch}); rulespec rulings infer --game {key} weighs every ruling"
    )


def process_declared(options: VerifyOptions, key: str, played: dict[str, tuple[Any, ...]], named: str) -> Declared:
    """Game ``key``'s rulings for the run: the options' (command line, expectations file) and those the process
    says it plays in its ``started`` (``played``), agreeing; ValueError naming both, or a value no alternative."""
    kind = game(key).rulings
    given = options.declared_rulings(key)
    texts = [(field, str(value)) for field, values in played.items() for value in values]
    return agreed(given, declared_of(kind, texts, where=f"{named}: its started message's rulings.{key}:"), kind, named)


def run_declared(options: VerifyOptions, subjects: Subjects) -> dict[str, Declared]:
    """Each game's rulings for the run, from the options and the process's ``started``; each game's strategies
    draw under them from now on. A disagreement, or a value no alternative, is a usage error naming both (found
    before the run by ``preflight``, which asks the same of the handshake)."""
    found: dict[str, Declared] = {}
    named = options.subjects[-1].option if options.subjects else "the reference"
    for key in options.games:
        try:
            found[key] = process_declared(options, key, subjects.played(key), named)
        except ValueError as exc:
            raise pytest.UsageError(str(exc)) from exc
        declare(game(key).rulings, found[key])
    return found


def forget(declared: dict[str, Declared]) -> None:
    """The run is over: its games' strategies draw every ruling again."""
    for key in declared:
        declare(game(key).rulings, {})
