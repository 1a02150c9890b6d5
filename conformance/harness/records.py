"""One check's outcome, the unit every per-rule verdict, report and gate counts, and the report file that holds them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import msgspec


@dataclass(frozen=True)
class CheckRecord:
    """One check's outcome: the unit the per-rule report counts."""

    nodeid: str
    game: str
    kind: str  # "vector" or "invariant"
    rules: tuple[str, ...]
    outcome: str
    detail: str


def write_report(path: Path, records: Sequence[CheckRecord]) -> None:
    """``--report-json``: every check's record, in run order."""
    path.write_text(json.dumps([asdict(record) for record in records], indent=2) + "\n", encoding="utf-8")


def read_report(path: Path) -> list[CheckRecord]:
    """The records of a report written by ``write_report`` (refused with the file named when malformed)."""
    try:
        return msgspec.json.decode(path.read_bytes(), type=list[CheckRecord])
    except (OSError, msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ValueError(f"{path}: not a rulespec report: {exc}") from exc
