"""Which other alternative of a ruling makes the reference answer as the implementation did.

An implementation that answers as the reference does under another reading of one ruling (``unfriendly_tie``
``next_place`` where the check asked ``below_tie``) misread that ruling: its clause is blamed, not every rule whose
checks run under it. A declared ruling (the implementation says it plays it) is never switched.
"""

from __future__ import annotations

import dataclasses
import functools
import json

import msgspec

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.rulings import explaining, ruling_clause


def question_of(record: CheckRecord) -> tuple[str, str, str, str, str] | None:
    """A check's game, operation, request, rulings and answer, as the JSON the answer caches are keyed by."""
    if record.operation is None or record.got is None:
        return None
    request, rulings, got = (json.dumps(part, sort_keys=True) for part in (record.request, record.rulings, record.got))
    return record.game, record.operation, request, rulings, got


def ruling_explaining(record: CheckRecord) -> str | None:
    """For a check asked under an alternative of a ruling (never a declared one), that ruling's clause when another
    reading of it makes the reference answer as the implementation did; None when none does, or when readings of
    two rulings each would. Under the defaults the clauses state the reading, and a departure stays theirs."""
    found = switched(record)
    if len(found) != 1:
        return None
    ((clause, asked_default),) = found.items()
    return None if asked_default else clause


def switched(record: CheckRecord) -> dict[str, bool]:
    """The clause of each ruling (never a declared one) another alternative of which makes the reference answer as
    the implementation did, to whether the check asked that ruling's default."""
    question = question_of(record)
    return {} if question is None else dict(_explained(*question, tuple(sorted(record.declared))))


@functools.lru_cache(maxsize=4096)
def _explained(
    key: str, operation: str, request: str, rulings: str, got: str, declared: tuple[str, ...]
) -> tuple[tuple[str, bool], ...]:
    played = registry.game(key)
    try:
        typed_request = msgspec.convert(json.loads(request), played.operation(operation).request)
        typed_rulings = msgspec.convert(json.loads(rulings), played.rulings)
    except (msgspec.ValidationError, KeyError, TypeError):
        return ()  # a record this run could not type again: no evidence either way
    switches = explaining(played, operation, typed_request, typed_rulings, json.loads(got), declared)
    fields = dict.fromkeys(switch.split("=", 1)[0] for switch in switches)
    default = played.rulings()
    return tuple(
        (ruling_clause(played.rulings, field), getattr(typed_rulings, field) == getattr(default, field))
        for field in fields
    )


@functools.cache
def ruling_clauses(key: str) -> frozenset[str]:
    played = registry.game(key)
    return frozenset(ruling_clause(played.rulings, found.name) for found in dataclasses.fields(played.rulings))
