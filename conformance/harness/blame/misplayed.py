"""A ruling misplayed at every value it takes: the implementation's test of the ruling reads something else.

A port whose test of a ruling never reads the value it tests (the replacement card compared with suit names, not
its suit) answers under the default as another alternative does (every replacement gets unrest, as under ``all``),
and under a third alternative otherwise (no replacement gets one under ``region_only``). Either failure alone is a
rule's (a departure under the default stays the clauses stating it); together they show the ruling misplayed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import cast

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.blame.switches import reading_refuted, readings_explaining
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.rulings import json_value, value_text
from rulespec.conformance.harness.verdict import Outcome


def misplayed(record: CheckRecord, among: Sequence[CheckRecord], passed: frozenset[str]) -> str | None:
    """For a check that another alternative of a ruling answers, the ruling's clause where every failing check of its
    operation asked at the ruling's default is answered by one other alternative B (no vector the run passed refuting
    B), and a failing check asked at another value is answered, if at all, otherwise than B; None otherwise."""
    found = readings_explaining(record)
    if len(found) != 1 or record.operation is None:
        return None
    field, clause = found[0].field, found[0].clause
    default = getattr(registry.game(record.game).rulings(), field)
    asked = (record.game, record.operation)
    failing = [r for r in among if r.outcome == Outcome.FAILED.value and (r.game, r.operation) == asked]
    at_default = [r for r in failing if _asked(r, field) == _json(default)]
    elsewhere = [r for r in failing if _asked(r, field) not in (None, _json(default))]
    played = [set(_played(other, field)) for other in at_default]
    common = set[str].intersection(*played) if played else set[str]()
    kept = {v for v in common if not reading_refuted(record.game, field, value_text(default), v, passed)}
    # one playing B at every value (a third alternative answered as B too) misplays nothing of the ruling's test: its
    # failures are another clause's (unrest never slid under a replacement is answered under ``all`` as elsewhere)
    again = {value for other in elsewhere for value in _played(other, field)}
    return clause if kept and elsewhere and not kept & again else None


def _played(record: CheckRecord, field: str) -> tuple[str, ...]:
    """The alternatives of the ruling ``field`` that answer as the implementation did to this check."""
    return next((reading.played for reading in readings_explaining(record) if reading.field == field), ())


def _json(value: object) -> str:
    return json.dumps(json_value(value))


def _asked(record: CheckRecord, field: str) -> str | None:
    """The value the check asked the ruling at, as JSON text; None where the record holds no rulings."""
    rulings: object = record.rulings
    asked = cast(dict[str, object], rulings) if isinstance(rulings, dict) else {}
    return _json(asked[field]) if field in asked else None
