"""One check's outcome, the unit every per-rule verdict, report and gate counts, and the report file that holds them.

``write_report`` and ``read_report`` are the one way a report is written and read; its JSON
Schema (``report_schema``) is published as conformance/schema/report.schema.json.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.differences import LENGTH, MISSING, UNEXPECTED, Difference
from rulespec.conformance.harness.schema import closed, type_schema
from rulespec.conformance.harness.verdict import Outcome


@dataclass(frozen=True)
class CheckRecord:
    """One check's outcome: the unit the per-rule report counts.

    ``rules`` are every rule the check involves, its primary rule first: a failure fails
    the primary and only implicates the others. A failed (or errored) check also carries
    what was asked and answered, as JSON in the wire's own form, so a report holds the
    difference and not only where to look for it.
    """

    nodeid: str
    game: str
    kind: str  # "vector" or "invariant"
    rules: tuple[str, ...]
    outcome: str
    detail: str
    primary: str = ""  # the rule the check's expected value comes from; rules[0] when not given
    operation: str | None = None
    request: Any = None  # the request as sent on the wire
    rulings: Any = None  # the rulings as sent on the wire
    expected: Any = None  # the expected answer: a result, or {"error": {...}} for a refusal
    got: Any = None  # the implementation's answer, in the same form
    differences: tuple[Difference, ...] = ()
    duration: float = 0.0  # seconds the check ran
    statement: str = ""  # an invariant's property, in one sentence (its docstring's first)
    clause: str = ""  # the primary rule's clause text
    # the rulings the implementation declared it plays (field -> values), which the verdict is under
    declared: dict[str, list[Any]] = field(default_factory=dict[str, list[Any]])
    rederived: bool = False  # a vector whose expectation is the reference's answer under the declared rulings

    @property
    def primary_rule(self) -> str:
        return self.primary or (self.rules[0] if self.rules else "")

    @property
    def involved(self) -> tuple[str, ...]:
        """The rules the check involves besides its primary one."""
        return tuple(rule for rule in self.rules if rule != self.primary_rule)


def declared_text(records: Sequence[CheckRecord], game: str | None = None) -> str:
    """The rulings declared for the records (of ``game``), ``domination_first_turn=5``: "" when none was declared.

    Several games' declarations are each named by their game (``his: domination_first_turn=5``)."""
    per_game: dict[str, str] = {}
    for record in records:
        if record.declared and (game is None or record.game == game) and record.game not in per_game:
            shown = (f"{field}={'|'.join(str(value) for value in values)}" for field, values in record.declared.items())
            per_game[record.game] = ", ".join(shown)
    if len(per_game) == 1 and (game is not None or len({record.game for record in records}) == 1):
        return next(iter(per_game.values()))
    return "; ".join(f"{key}: {shown}" for key, shown in sorted(per_game.items()))


def write_report(path: Path, records: Sequence[CheckRecord]) -> None:
    """``--report-json``: every check's record, in run order (its folder made when missing)."""
    outputs.make_folder(path.parent)
    outputs.write_text(path, json.dumps(msgspec.to_builtins(list(records)), indent=2) + "\n")


def read_report(path: Path) -> list[CheckRecord]:
    """The records of a report written by ``write_report`` (refused with the file named when malformed)."""
    try:
        return msgspec.json.decode(path.read_bytes(), type=list[CheckRecord])
    except (OSError, msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ValueError(f"{path}: not a rulespec report: {exc}") from exc


def report_schema() -> dict[str, Any]:
    """The JSON Schema of a report file, from the record type itself (so the two cannot drift)."""
    schema = closed(type_schema(list[CheckRecord]))
    record = schema["$defs"]["CheckRecord"]
    record["properties"]["outcome"]["enum"] = [outcome.value for outcome in Outcome]
    record["properties"]["kind"]["enum"] = ["vector", "invariant", "check"]
    schema["$defs"]["Difference"]["properties"]["kind"]["enum"] = ["value", MISSING, UNEXPECTED, LENGTH]
    schema["title"] = "rulespec report: every check's record, in run order"
    return schema
