"""The report of several implementations: who each is, how it was run, and its checks.

One JSON file holds a list of implementations, each with its name, version (from the wire
handshake or the Python package), the profile, seed and suite stamp of its run, and its checks.
The checks are written and read by ``records.write_report`` / ``read_report`` alone, so they
carry whatever a check record carries, in the one format every capability reads. ``read_reports``
also takes a single implementation's ``--report-json``: named and described by its run's stamp (a report written
before stamps, by its file), its gate judged by ``report html`` (with ``--expectations``), as a run's was not kept.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import msgspec

from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.gate.judge import GateResult
from rulespec.conformance.harness.gate.stamp import Stamp
from rulespec.conformance.harness.per_rule import with_blame
from rulespec.conformance.harness.records import CheckRecord, read_report, read_run, write_report

KIND = "rulespec implementations"  # the value of "report" that marks this file


@dataclass(frozen=True)
class GateSummary:
    """The gate's verdict on a run, as the site tells it: which failures and gaps the expectations knew."""

    passed: bool
    reasons: tuple[str, ...] = ()  # why it failed, one line each
    known_failures: tuple[str, ...] = ()  # node IDs of the failed checks an expectation names
    known_gaps: tuple[str, ...] = ()  # node IDs of the not-implemented checks a known gap covers

    @classmethod
    def of(cls, gate: GateResult) -> GateSummary:
        failures = tuple(record.nodeid for record, _ in gate.expected)
        return cls(gate.passed, gate.reasons, failures, tuple(record.nodeid for record, _ in gate.gaps))


@dataclass(frozen=True)
class Identity:
    """Who an implementation is and how it was run: everything the file holds of it beside its checks."""

    name: str
    subject: str  # as given: "--impl module:attr" or "--cmd ..."; "" when not recorded
    version: str | None  # from the wire handshake or the Python package; None when unknown
    language: str | None
    games: tuple[str, ...]
    profile: str | None
    seed: str | None
    stamp: Stamp | None
    only_rules: tuple[str, ...] = ()  # the rules the run was narrowed to (verify --rule); empty: every rule
    gate: GateSummary | None = None  # the run's gate; None when not recorded (a plain --report-json)


@dataclass(frozen=True)
class Implementation:
    """One implementation's run and every check's record."""

    identity: Identity
    records: tuple[CheckRecord, ...]

    @property
    def name(self) -> str:
        return self.identity.name


def write_implementations(path: Path, implementations: Sequence[Implementation]) -> None:
    """One JSON file holding every implementation of a run, each with its checks as ``write_report`` writes them."""
    entries: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="rulespec-report-") as scratch:
        checks_file = Path(scratch) / "checks.json"
        for implementation in implementations:
            entry = cast(dict[str, Any], msgspec.to_builtins(implementation.identity))
            write_report(checks_file, with_blame(implementation.records))
            entry["checks"] = json.loads(checks_file.read_text(encoding="utf-8"))
            entries.append(entry)
    document = {"report": KIND, "implementations": entries}
    outputs.make_folder(path.parent)
    outputs.write_text(path, json.dumps(document, indent=2) + "\n")


def subject_name(subject: str) -> str:
    """An implementation's own name from its run's stamp: ``--impl pkg.engine:Engine`` is ``Engine``, ``--cmd node
    impl.js`` is its command, and the reference is ``reference``."""
    kind, _, text = subject.partition(" ")
    if kind == "--impl" and text:
        return text.rpartition(":")[2] or text
    if kind == "--cmd" and text:
        return text
    return "reference"


def _one_run(path: Path) -> Implementation:
    """One implementation's ``--report-json``: named and described by its stamp, or by its file when it has none."""
    run, found = read_run(path)
    records = tuple(found)
    games = tuple(dict.fromkeys(record.game for record in records))
    if run is None:
        return Implementation(Identity(path.stem, "", None, None, games, None, None, None), records)
    stamp = Stamp(run.games, run.suite, run.rules, run.profile, run.seed)
    name = subject_name(run.implementation)
    identity = Identity(
        name, run.implementation, None, None, run.games or games, run.profile, run.seed, stamp, run.only
    )
    return Implementation(identity, records)


def read_reports(path: Path) -> list[Implementation]:
    """The implementations in ``path``: a report of several, or one implementation's ``--report-json``.

    A malformed file is refused with the file and the field named (ValueError).
    """
    try:
        document: object = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: not a rulespec report: {exc}") from exc
    if not (isinstance(document, dict) and "implementations" in document):
        return [_one_run(path)]
    mapping = cast(dict[str, Any], document)
    if mapping.get("report") != KIND:
        raise ValueError(f"{path}: $.report is {mapping.get('report')!r}, expected {KIND!r}")
    entries: object = mapping["implementations"]
    if not isinstance(entries, list):
        raise ValueError(f"{path}: $.implementations must be a list")
    found: list[Implementation] = []
    with tempfile.TemporaryDirectory(prefix="rulespec-report-") as scratch:
        checks_file = Path(scratch) / "checks.json"
        for index, entry in enumerate(cast(list[object], entries)):
            where = f"{path}: $.implementations[{index}]"
            if not isinstance(entry, dict) or "checks" not in entry:
                raise ValueError(f"{where}: expected an object with 'checks'")
            fields = cast(dict[str, Any], entry)
            try:
                identity = msgspec.convert({k: v for k, v in fields.items() if k != "checks"}, Identity, strict=True)
            except msgspec.ValidationError as exc:
                raise ValueError(f"{where}: {exc}") from exc
            checks_file.write_text(json.dumps(fields["checks"]), encoding="utf-8")
            try:
                records = tuple(read_report(checks_file))
            except ValueError as exc:
                raise ValueError(f"{where}.checks: {str(exc).partition(': ')[2]}") from exc
            found.append(Implementation(identity, records))
    return found
