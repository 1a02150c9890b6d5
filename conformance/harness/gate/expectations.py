"""The expectations file: the failures a team knows of, each with its reason, and what they were seen against.

JSON (written by ``rulespec expectations --write``) or TOML (read only), never YAML:

    {"stamp": {...}, "known_failures": [{"check": "soe-score-region-...", "reason": "..."},
                                        {"rule": "SOE-SCORE-6", "reason": "..."}]}

A known failure names one check (a vector case ID, or an invariant's pytest node ID) or
one rule ID (any check of that rule may fail).
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from conformance.harness.gate.stamp import Stamp


@dataclass(frozen=True)
class KnownFailure:
    reason: str
    check: str | None = None
    rule: str | None = None

    @property
    def target(self) -> str:
        return f"check {self.check}" if self.check is not None else f"rule {self.rule}"


@dataclass(frozen=True)
class Expectations:
    stamp: Stamp
    known_failures: tuple[KnownFailure, ...] = ()


class ExpectationsError(ValueError):
    """A malformed expectations file, named with the place of the fault."""


def load(path: Path) -> Expectations:
    try:
        text = path.read_text(encoding="utf-8")
        raw: Any = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (OSError, ValueError) as exc:
        raise ExpectationsError(f"{path}: cannot read expectations: {exc}") from exc
    try:
        expectations = msgspec.convert(raw, Expectations, strict=True)
    except msgspec.ValidationError as exc:
        raise ExpectationsError(f"{path}: {exc}") from exc
    for index, known in enumerate(expectations.known_failures):
        if (known.check is None) == (known.rule is None):
            raise ExpectationsError(f"{path}: known_failures[{index}]: name exactly one of check and rule")
        if not known.reason.strip():
            raise ExpectationsError(f"{path}: known_failures[{index}] ({known.target}): give the reason it fails")
    return expectations


def save(path: Path, expectations: Expectations) -> None:
    if path.suffix == ".toml":
        raise ExpectationsError(f"{path}: expectations are written as JSON (TOML is read, not written)")
    raw: dict[str, Any] = msgspec.to_builtins(expectations)
    raw["known_failures"] = [{k: v for k, v in known.items() if v is not None} for known in raw["known_failures"]]
    path.write_text(json.dumps(raw, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
