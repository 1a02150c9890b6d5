"""One check's outcome, the unit every per-rule verdict, report and gate counts, and the report file that holds them.

``write_report`` and ``read_report`` are the one way a report is written and read; its JSON
Schema (``report_schema``) is published as conformance/schema/report.schema.json. ``verify`` stamps
its report (``RunStamp``): the suite, profile and implementation of the run, its shard, the whole
run's checks (count and digest) and this report's share, and a seal over the stamp and the records,
so ``report merge`` can prove a set of reports is one run, whole. A report without a stamp (written
by hand, or by an older rulespec) is still read, as records whose completeness nothing proves.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.rulings import value_text
from rulespec.conformance.harness.schema import closed, type_schema
from rulespec.conformance.harness.verdict import LENGTH, MISSING, UNEXPECTED, Difference, Outcome


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
    # the rule the per-rule verdict fails for this failure (``per_rule.with_blame``, weighed against the records the
    # report was written with): its primary unless its answer names a better one; "" for a check that passed, and in
    # a report written before reports named it
    blamed: str = ""

    @property
    def primary_rule(self) -> str:
        return self.primary or (self.rules[0] if self.rules else "")

    @property
    def involved(self) -> tuple[str, ...]:
        """The rules the check involves besides its primary one."""
        return tuple(rule for rule in self.rules if rule != self.primary_rule)


REDERIVED = "re-derived under "  # how a re-derived vector's detail begins (``verify.declared.stamped``)


def own_detail(record: CheckRecord) -> str:
    """The detail as the check gave it: without the note of the rulings a re-derived expectation was worked out
    under, which ``verify`` puts first (the rulings are shown without ``: ``)."""
    if record.rederived and record.detail.startswith(REDERIVED):
        return record.detail.split(": ", 1)[-1]
    return record.detail


def declared_text(records: Sequence[CheckRecord], game: str | None = None) -> str:
    """The rulings declared for the records (of ``game``), ``domination_first_turn=5``: "" when none was declared.

    Several games' declarations are each named by their game (``his: domination_first_turn=5``)."""
    per_game: dict[str, str] = {}
    for record in records:
        if record.declared and (game is None or record.game == game) and record.game not in per_game:
            shown = (
                f"{field}={'|'.join(value_text(value) for value in values)}"
                for field, values in record.declared.items()
            )
            per_game[record.game] = ", ".join(shown)
    if len(per_game) == 1 and (game is not None or len({record.game for record in records}) == 1):
        return next(iter(per_game.values()))
    return "; ".join(f"{key}: {shown}" for key, shown in sorted(per_game.items()))


@dataclass(frozen=True)
class RunStamp:
    """What a report is a report of: the run (whole, or one shard of it) and the checks it owns."""

    implementation: str  # as given: "--impl module:attr", "--cmd ...", or "the reference"
    games: tuple[str, ...]
    suite: str  # gate.stamp's hash of the games' vectors and invariant sources
    rules: str  # gate.stamp's hash of the games' spec files
    profile: str
    seed: str | None
    shard: tuple[int, int] | None  # (K, N) of verify --shard K/N; None: the whole run
    run_checks: int  # the checks of the whole run, every shard's
    run_digest: str  # checks_digest of the whole run's check IDs
    share: tuple[str, ...]  # the IDs of the checks this report owns (its shard's share, or the whole run)
    only: tuple[str, ...] = ()  # the rules the run was narrowed to (verify --rule); empty: every rule
    seal: str = ""  # sealed(): over the stamp and the records, so an edit by hand shows

    @property
    def shard_text(self) -> str:
        return f"{self.shard[0]}/{self.shard[1]}" if self.shard else "the whole run"


def in_order(records: Iterable[CheckRecord]) -> list[CheckRecord]:
    """The records in the one order a run's are read in, whatever order the checks finished in: by game, a game's
    vectors before its invariants (a rule's first failure shown is a hand-worked case when it has one), then by
    check."""
    return sorted(records, key=lambda record: (record.game, record.kind != "vector", record.nodeid))


def checks_digest(nodeids: Iterable[str]) -> str:
    """sha256 over a set of check IDs, in sorted order (16 hex)."""
    return hashlib.sha256("\n".join(sorted(set(nodeids))).encode("utf-8")).hexdigest()[:16]


def _seal(run: RunStamp, records: Sequence[CheckRecord]) -> str:
    unsealed = dataclasses.replace(run, seal="")
    body = msgspec.json.encode(unsealed) + b"\0" + msgspec.json.encode(list(records))
    return hashlib.sha256(body).hexdigest()[:16]


def sealed(run: RunStamp, records: Sequence[CheckRecord]) -> RunStamp:
    return dataclasses.replace(run, seal=_seal(run, records))


def seal_holds(run: RunStamp, records: Sequence[CheckRecord]) -> bool:
    return run.seal == _seal(run, records)


REPORT = "rulespec checks"  # the value of "report" in a stamped report


@dataclass(frozen=True)
class StampedReport:
    """A report with its run's stamp: what ``verify --report-json`` writes."""

    report: str
    run: RunStamp
    checks: tuple[CheckRecord, ...]


def write_report(path: Path, records: Sequence[CheckRecord], run: RunStamp | None = None) -> None:
    """``--report-json``: every check's record, in run order, stamped (and sealed) when ``run`` is given."""
    outputs.make_folder(path.parent)
    document: Any = list(records) if run is None else StampedReport(REPORT, sealed(run, records), tuple(records))
    outputs.write_text(path, json.dumps(msgspec.to_builtins(document), indent=2) + "\n")


def read_run(path: Path) -> tuple[RunStamp | None, list[CheckRecord]]:
    """A report's stamp (None when it carries none) and records; refused with the file named when malformed."""
    try:
        document = msgspec.json.decode(path.read_bytes(), type=list[CheckRecord] | StampedReport)
    except (OSError, msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ValueError(f"{path}: not a rulespec report: {exc}") from exc
    if isinstance(document, list):
        return None, document
    if document.report != REPORT:
        raise ValueError(f"{path}: not a rulespec report: $.report is {document.report!r}, expected {REPORT!r}")
    return document.run, list(document.checks)


def read_report(path: Path) -> list[CheckRecord]:
    """The records of a report written by ``write_report``, stamped or not (refused with the file named)."""
    return read_run(path)[1]


def report_schema() -> dict[str, Any]:
    """The JSON Schema of a report file, from the record type itself (so the two cannot drift)."""
    either: Any = list[CheckRecord] | StampedReport  # a union is no type[...] to mypy
    schema = closed(type_schema(either))
    schema["$defs"]["StampedReport"]["properties"]["report"]["const"] = REPORT
    record = schema["$defs"]["CheckRecord"]
    record["properties"]["outcome"]["enum"] = [outcome.value for outcome in Outcome]
    record["properties"]["kind"]["enum"] = ["vector", "invariant", "check"]
    schema["$defs"]["Difference"]["properties"]["kind"]["enum"] = ["value", MISSING, UNEXPECTED, LENGTH]
    schema["title"] = "rulespec report: every check's record, in run order, with its run's stamp (or without)"
    return schema
