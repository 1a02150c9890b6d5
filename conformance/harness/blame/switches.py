"""Which other alternative of a ruling makes the reference answer as the implementation did.

An implementation that answers as the reference does under another reading of one ruling (``unfriendly_tie``
``next_place`` where the check asked ``below_tie``) misread that ruling: its clause is blamed, not every rule whose
checks run under it. A declared ruling (the implementation says it plays it) is never switched.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.rulings import (
    alternatives,
    explaining,
    json_value,
    reference_json,
    ruling_clause,
    typed_question,
    value_text,
)
from rulespec.conformance.harness.vectors import LoadedCase, load_game
from rulespec.conformance.harness.verdict import Outcome


def question_of(record: CheckRecord) -> tuple[str, str, str, str, str] | None:
    """A check's game, operation, request, rulings and answer, as the JSON the answer caches are keyed by."""
    if record.operation is None or record.got is None:
        return None
    request, rulings, got = (json.dumps(part, sort_keys=True) for part in (record.request, record.rulings, record.got))
    return record.game, record.operation, request, rulings, got


def ruling_explaining(record: CheckRecord, passed: frozenset[str] = frozenset()) -> str | None:
    """For a check asked under an alternative of a ruling (never a declared one), that ruling's clause when another
    reading of it makes the reference answer as the implementation did; None when none does, or when readings of
    two rulings each would. Under the defaults the clauses state the reading, and a departure stays theirs.

    ``passed``: the vector cases the run passed. A reading that answers one of them asked as this check was otherwise
    than the reference is not the one the implementation plays (a ``gold_per_taxation`` of 3 that happens to refuse
    what a misread count refused, where the passed cases asked 2 show 2 played)."""
    found = readings_explaining(record)
    if len(found) != 1 or found[0].asked_default:
        return None
    (switch,) = found
    if passed and all(
        reading_refuted(record.game, switch.field, switch.asked, value, passed) for value in switch.played
    ):
        return None
    return switch.clause


def confined(record: CheckRecord, among: Sequence[CheckRecord], passed: frozenset[str]) -> str | None:
    """The clause of the ruling every failing answer of the run to this check's operation was asked under one
    alternative of, not its default, while a vector case of that operation the run passed asked another: a reading of
    that alternative no other reading answers as (the nation card shuffled into the hand and counted as drawn) fails
    the ruling, not each rule whose checks ran under it. None when those failures are one rule's checks alone (they
    stay that rule's), or when they share the alternatives of two rulings. A declared ruling never confines: the run
    asked every check under the value the implementation plays, whatever its bug."""
    asked = (record.game, record.operation)
    failing = [r for r in among if r.outcome == Outcome.FAILED.value and (r.game, r.operation) == asked]
    if len({r.primary_rule for r in failing}) < 2 or not all(isinstance(r.rulings, dict) for r in failing):
        return None
    played = registry.game(record.game)
    default: dict[str, object] = json_value(played.rulings())
    asked_under: list[dict[str, object]] = [json_value(r.rulings) for r in failing]  # a run's own: tuples, not lists
    shared = [
        (field, value)
        for field, value in asked_under[0].items()
        if field in default
        and field not in record.declared
        and value != default[field]
        and all(a.get(field) == value for a in asked_under)
    ]
    if len(shared) != 1:
        return None
    ((field, value),) = shared
    vectors = vector_cases(record.game)
    if not any(
        (loaded := vectors.get(case)) is not None
        and loaded.operation == record.operation
        and json_value(getattr(loaded.rulings, field)) != value
        for case in passed
    ):
        return None
    return ruling_clause(played.rulings, field)


def swapped(record: CheckRecord, among: Sequence[CheckRecord], passed: frozenset[str] = frozenset()) -> str | None:
    """For a check asked under a ruling's default, that ruling's clause where the run shows two of its readings
    swapped: here another reading B answers as the implementation did, a failing check asked under B is answered as
    the default would, no failing check asked under a third reading is answered by any other, and those failures are
    the checks of two rules or more (``vp_floor`` read backwards: the floor applied under ``none`` and not under
    ``zero``). A departure under the default alone stays the clauses' (the default is stated in them), and so does one
    that other readings each answer here and there (unrest never slid under a replacement: under ``all`` too), or one
    a vector the run passed refutes (``passed``: asked the default, answered as the default where B would not: the
    suit read off the acquired card, not the replacement, answers as the ruling swapped only where the two differ).
    None otherwise."""
    found = readings_explaining(record)
    if len(found) != 1 or not found[0].asked_default:
        return None
    default, field = found[0].asked, found[0].field
    failing = [r for r in among if r.game == record.game and r.outcome == Outcome.FAILED.value]
    for other in found[0].played:
        if passed and reading_refuted(record.game, field, default, other, passed):
            continue
        shown: list[CheckRecord] = []
        asked_other = False
        for failed in failing:
            switch = next((s for s in readings_explaining(failed) if s.field == field), None)
            if switch is None:
                continue  # a failure this ruling does not explain
            wanted = {default: other, other: default}.get(switch.asked)
            if wanted is None or wanted not in switch.played:
                break  # a third reading, or another one played: not these two swapped
            shown.append(failed)
            asked_other = asked_other or switch.asked == other
        else:
            if asked_other and len({r.primary_rule for r in shown}) >= 2:
                return found[0].clause
    return None


def read_elsewhere(record: CheckRecord, among: Sequence[CheckRecord], passed: frozenset[str]) -> str | None:
    """For a check asked under a ruling's default that another of its alternatives answers, that ruling's clause where
    the run shows it read off another ruling's field: every failing check some alternative of the ruling answers
    played the one a function of the other ruling's value gives, that function giving two alternatives with no
    alternative in common over the run (``markerless_scores`` read from ``zero_unrest_penalised``, ``non_player_rank``
    from ``unfriendly_scope``), and no vector case the run passed answers otherwise under that reading. None
    otherwise: a departure under the default alone stays the clauses'."""
    found = [switch for switch in readings_explaining(record) if switch.asked_default]
    if len(found) != 1:
        return None
    field, played = found[0].field, registry.game(record.game)
    default: dict[str, object] = json_value(played.rulings())
    shown: list[tuple[frozenset[str], dict[str, object]]] = []  # what each explained failure may have played, asked
    for other in among:
        rulings: object = other.rulings
        if other.game == record.game and other.outcome == Outcome.FAILED.value and isinstance(rulings, dict):
            switch = next((s for s in readings_explaining(other) if s.field == field), None)
            if switch is not None:
                shown.append((frozenset(switch.played), {**default, **json_value(cast(dict[str, object], rulings))}))
    for source in default:
        if source == field or source in record.declared:
            continue
        reading: dict[str, frozenset[str]] = {}
        for may, asked in shown:
            value = json.dumps(asked[source])
            reading[value] = reading.get(value, may) & may
        if not all(reading.values()) or not any(a.isdisjoint(b) for a in reading.values() for b in reading.values()):
            continue
        if not _read_off_refuted(record.game, field, source, tuple(sorted(reading.items())), passed):
            return found[0].clause
    return None


@functools.lru_cache(maxsize=256)
def _read_off_refuted(
    key: str, field: str, source: str, reading: tuple[tuple[str, frozenset[str]], ...], passed: frozenset[str]
) -> bool:
    """Whether a vector case the run passed gets another answer from the reference with ``field`` played as
    ``reading`` gives it from the value of ``source`` (where it gives one alternative alone)."""
    game = registry.game(key)
    read = dict(reading)
    for case in sorted(passed):
        loaded = vector_cases(key).get(case)
        if loaded is None:
            continue
        chosen = read.get(json.dumps(json_value(getattr(loaded.rulings, source))), frozenset())
        if len(chosen) != 1:
            continue
        (text,) = chosen
        value = next(v for v in alternatives(game.rulings)[field] if value_text(v) == text)
        switched_rulings = dataclasses.replace(loaded.rulings, **{field: value})
        answer = reference_json(game, loaded.operation, loaded.request, loaded.rulings)
        if reference_json(game, loaded.operation, loaded.request, switched_rulings) != answer:
            return True
    return False


def switched(record: CheckRecord) -> dict[str, bool]:
    """The clause of each ruling (never a declared one) another alternative of which makes the reference answer as
    the implementation did, to whether the check asked that ruling's default."""
    return {switch.clause: switch.asked_default for switch in readings_explaining(record)}


def readings_explaining(record: CheckRecord) -> tuple[Reading, ...]:
    question = question_of(record)
    return _explained(*question, tuple(sorted(record.declared))) if question else ()


@dataclass(frozen=True)
class Reading:
    """One ruling another of whose alternatives answers as the implementation did."""

    clause: str
    field: str
    asked: str  # the value the check asked, as written on a command line
    asked_default: bool
    played: tuple[str, ...]  # the alternatives that answer so


@functools.lru_cache(maxsize=4096)
def _explained(
    key: str, operation: str, request: str, rulings: str, got: str, declared: tuple[str, ...]
) -> tuple[Reading, ...]:
    played = registry.game(key)
    typed = typed_question(played, operation, json.loads(request), json.loads(rulings))
    if typed is None:
        return ()
    typed_request, typed_rulings = typed
    found: dict[str, list[str]] = {}
    for switch in explaining(played, operation, typed_request, typed_rulings, json.loads(got), declared):
        field, _, value = switch.partition("=")
        found.setdefault(field, []).append(value)
    default = played.rulings()
    return tuple(
        Reading(
            ruling_clause(played.rulings, field),
            field,
            value_text(getattr(typed_rulings, field)),
            getattr(typed_rulings, field) == getattr(default, field),
            tuple(values),
        )
        for field, values in found.items()
    )


@functools.cache
def vector_cases(key: str) -> dict[str, LoadedCase]:
    """The game's vector cases by ID."""
    return {loaded.case.id: loaded for loaded in load_game(registry.game(key))}


@functools.lru_cache(maxsize=4096)
def reading_refuted(key: str, field: str, asked: str, played: str, passed: frozenset[str]) -> bool:
    """Whether a vector case the run passed, asked ``field`` = ``asked``, gets another answer from the reference
    under ``field`` = ``played``: then the implementation does not play ``played`` when asked ``asked``."""
    game = registry.game(key)
    value = next(v for v in alternatives(game.rulings)[field] if value_text(v) == played)
    for case in sorted(passed):
        loaded = vector_cases(key).get(case)
        if loaded is None or value_text(getattr(loaded.rulings, field)) != asked:
            continue
        switched_rulings = dataclasses.replace(loaded.rulings, **{field: value})
        answer = reference_json(game, loaded.operation, loaded.request, loaded.rulings)
        if reference_json(game, loaded.operation, loaded.request, switched_rulings) != answer:
            return True
    return False


def ruling_named(key: str, field: str) -> str | None:
    """The clause of the ruling a ``rulings.NAME`` field names (a value of ``sequence`` refused fails SOE-RULING-13,
    not the steps it orders); None for any other field."""
    head, _, rest = field.partition(".")
    name = re.match(r"\w+", rest)
    rulings = registry.game(key).rulings
    if head != "rulings" or name is None or name.group(0) not in {f.name for f in dataclasses.fields(rulings)}:
        return None
    return ruling_clause(rulings, name.group(0))


@functools.cache
def ruling_clauses(key: str) -> frozenset[str]:
    played = registry.game(key)
    return frozenset(ruling_clause(played.rulings, found.name) for found in dataclasses.fields(played.rulings))


def at_default(record: CheckRecord) -> frozenset[str]:
    """The clause of each ruling the check asked at its default (never a declared one: asked as the implementation
    plays it). A misreading failing such a check misreads what the rule states under the default, not the ruling."""
    rulings: object = record.rulings
    if not isinstance(rulings, dict):
        return frozenset()
    played = registry.game(record.game)
    default: dict[str, object] = json_value(played.rulings())
    asked: dict[str, object] = json_value(cast(dict[str, object], rulings))
    return frozenset(
        ruling_clause(played.rulings, name)
        for name, value in asked.items()
        if name in default and name not in record.declared and value == default[name]
    )
