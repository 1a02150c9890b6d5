"""One run's evidence, worked out once: kept while the caller asks again about the same run.

Blame weighs each failing check against the whole run (``among``), and is asked once per check: what it learns from
the run (the vectors passed, the misreadings each failure fits, the clauses named for sure, each crash's clause) is
kept for that sequence, of that length, until another run is asked about.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rulespec.conformance.harness.records import CheckRecord

_T = TypeVar("_T")
_KEPT: dict[str, tuple[Sequence[CheckRecord], int, Any]] = {}  # by kind of evidence: the run, its length, it


def kept(kind: str, among: Sequence[CheckRecord], work_out: Callable[[], _T]) -> _T:
    """The evidence of ``kind`` for the run ``among``: worked out once (``work_out``), then kept for that run."""
    held = _KEPT.get(kind)
    if held is None or held[0] is not among or held[1] != len(among):
        held = _KEPT[kind] = (among, len(among), work_out())
    found: _T = held[2]
    return found
