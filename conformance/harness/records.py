"""One check's outcome, the unit every per-rule verdict, report and gate counts."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CheckRecord:
    """One check's outcome: the unit the per-rule report counts."""

    nodeid: str
    game: str
    kind: str  # "vector" or "invariant"
    rules: tuple[str, ...]
    outcome: str
    detail: str
