"""The expectations file: the failures and the gaps a team knows of, each with its reason, and what
they were seen against.

JSON or TOML (read with tomllib, written with tomli-w), chosen by the file's extension; any other
extension is refused before anything runs:

    {"stamp": {...},
     "known_failures": [{"check": "soe-score-region-...", "reason": "..."}, {"rule": "SOE-SCORE-6", "reason": "..."}],
     "not_implemented": [{"operation": "end_game", "reason": "..."}, {"rule": "SOE-END-3", "reason": "..."}],
     "rulings": {"domination_first_turn": 5}}

A known failure names one check (a vector case ID, or an invariant's pytest node ID) or one rule ID
(any check of that rule may fail). A known gap names one operation (every check it leaves not
implemented) or one rule. ``rulings`` declares the readings the implementation plays, as ``--ruling
FIELD=VALUE`` does (a list for a field it plays several ways). ``expectations --write`` gives a new
entry the placeholder reason, which the gate refuses until someone replaces it with the real one.
"""

from __future__ import annotations

import dataclasses
import json
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import msgspec
import tomli_w

from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.gate.stamp import Stamp

FORMATS = (".json", ".toml")
PLACEHOLDER = "TODO: say why"  # what --write gives a new entry; the gate refuses it until edited


@dataclass(frozen=True)
class KnownFailure:
    reason: str
    check: str | None = None
    rule: str | None = None

    @property
    def target(self) -> str:
        return f"check {self.check}" if self.check is not None else f"rule {self.rule}"


@dataclass(frozen=True)
class KnownGap:
    """An operation (or a rule) the implementation does not offer yet, and why."""

    reason: str
    operation: str | None = None
    rule: str | None = None

    @property
    def target(self) -> str:
        return f"operation {self.operation}" if self.operation is not None else f"rule {self.rule}"


@dataclass(frozen=True)
class Expectations:
    stamp: Stamp | None = None  # written by --write; a hand-written file may leave it out
    known_failures: tuple[KnownFailure, ...] = ()
    not_implemented: tuple[KnownGap, ...] = ()
    # ruling field -> the value (or values) the implementation plays, as --ruling FIELD=VALUE declares them
    rulings: dict[str, str | int | list[str | int]] = dataclasses.field(
        default_factory=dict[str, str | int | list[str | int]]
    )

    @property
    def ruling_pairs(self) -> tuple[tuple[str, str], ...]:
        """The file's rulings as ``--ruling`` pairs, ``(field, value)``, one per value."""
        return tuple(
            (field, str(value))
            for field, given in self.rulings.items()
            for value in (given if isinstance(given, list) else [given])
        )

    @property
    def placeholders(self) -> list[str]:
        """The entries whose reason is still the placeholder ``--write`` gave them."""
        entries: list[KnownFailure | KnownGap] = [*self.known_failures, *self.not_implemented]
        return [entry.target for entry in entries if entry.reason.startswith(PLACEHOLDER)]


class ExpectationsError(ValueError):
    """A malformed expectations file, named with the place of the fault."""


def check_format(path: Path) -> Path:
    """``path`` if its extension is one the file may have; refused at once otherwise (before any check runs)."""
    if path.suffix not in FORMATS:
        raise ExpectationsError(
            f"{path}: an expectations file is .json or .toml, not {path.suffix or 'extensionless'!r}"
        )
    return path


def _parse(path: Path, text: str) -> Any:
    """The file's content; a syntax error is named with the file, line and column."""
    try:
        return tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except json.JSONDecodeError as exc:
        raise ExpectationsError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ExpectationsError(f"{path}: not valid TOML: {exc}") from exc
    except RecursionError as exc:  # an expectations file is two levels deep; this one is thousands
        raise ExpectationsError(f"{path}: nested too deep to be an expectations file") from exc


def _check_entry(path: Path, where: str, entry: KnownFailure | KnownGap, placeholders_allowed: bool) -> None:
    named = (entry.check, entry.rule) if isinstance(entry, KnownFailure) else (entry.operation, entry.rule)
    if sum(name is not None for name in named) != 1:
        either = "check and rule" if isinstance(entry, KnownFailure) else "operation and rule"
        raise ExpectationsError(f"{path}: {where}: name exactly one of {either}")
    if not entry.reason.strip():
        raise ExpectationsError(f"{path}: {where} ({entry.target}): give the reason")
    if entry.reason.startswith(PLACEHOLDER) and not placeholders_allowed:
        raise ExpectationsError(f"{path}: {where} ({entry.target}): replace the placeholder reason with the real one")


def load(path: Path, placeholders_allowed: bool = False) -> Expectations:
    """The file at ``path``, every entry checked; the gate refuses placeholder reasons, ``--write`` keeps them."""
    check_format(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ExpectationsError(f"{path}: cannot read expectations: {exc}") from exc
    parsed = _parse(path, text)
    _refuse_unknown_keys(path, parsed)
    try:
        expectations = msgspec.convert(parsed, Expectations, strict=True)
    except msgspec.ValidationError as exc:
        raise ExpectationsError(f"{path}: {exc}") from exc
    sections: tuple[tuple[str, Sequence[KnownFailure | KnownGap]], ...] = (
        ("known_failures", expectations.known_failures),
        ("not_implemented", expectations.not_implemented),
    )
    for section, entries in sections:
        for index, entry in enumerate(entries):
            _check_entry(path, f"{section}[{index}]", entry, placeholders_allowed)
    return expectations


def _refuse_unknown_keys(path: Path, parsed: object) -> None:
    """A misspelt section or field must not be read as an empty file that gates nothing (dataclasses ignore them)."""
    places: list[tuple[str, object, type[Any]]] = [("$", parsed, Expectations)]
    if isinstance(parsed, dict):
        document = cast(dict[str, object], parsed)
        for section, kind in (("known_failures", KnownFailure), ("not_implemented", KnownGap)):
            entries = document.get(section, [])
            if isinstance(entries, list):
                places += [(f"{section}[{i}]", entry, kind) for i, entry in enumerate(cast(list[object], entries))]
    for where, value, kind in places:
        if isinstance(value, dict):
            known = {field.name for field in dataclasses.fields(kind)}
            unknown = sorted(str(key) for key in cast(dict[object, object], value) if key not in known)
            if unknown:
                raise ExpectationsError(
                    f"{path}: at {where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(known))})"
                )


def to_builtins(expectations: Expectations) -> dict[str, Any]:
    """The file's content, without the unset (None) fields: JSON and TOML alike."""
    raw: dict[str, Any] = msgspec.to_builtins(expectations)
    if not raw["rulings"]:
        del raw["rulings"]
    if raw["stamp"] is None:
        del raw["stamp"]
    else:
        raw["stamp"] = {k: v for k, v in raw["stamp"].items() if v is not None}
    for section in ("known_failures", "not_implemented"):
        # what the entry names first, then why: the order a reader scans the file in
        raw[section] = [
            {k: v for k, v in sorted(entry.items(), key=lambda item: item[0] == "reason") if v is not None}
            for entry in raw[section]
        ]
    return raw


def save(path: Path, expectations: Expectations) -> None:
    check_format(path)
    raw = to_builtins(expectations)
    text = tomli_w.dumps(raw) if path.suffix == ".toml" else json.dumps(raw, indent=2, ensure_ascii=False) + "\n"
    outputs.write_text(path, text)
