"""Which operation a check exercised, so a known gap (an operation not implemented yet) can be matched to checks.

A not-implemented check says which operation was missing in its detail (``... does not offer
'end_game'``); any other vector check exercised the operation its file is written for. An
invariant may call several operations: it is matched to a gap only through its not-implemented detail.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import cast

from conformance.harness.games import REPO_ROOT
from conformance.harness.gate.expectations import KnownGap
from conformance.harness.records import CheckRecord
from conformance.harness.verdict import Outcome

MISSING = re.compile(r"does not offer '([A-Za-z_]\w*)'")


@functools.lru_cache(maxsize=256)
def _file_operation(path: str) -> str | None:
    """The ``operation`` a vector file is written for (None when the file cannot be read as one)."""
    where = Path(path) if Path(path).is_absolute() else REPO_ROOT / path
    try:
        document: object = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(document, dict):
        return None
    operation: object = cast(dict[str, object], document).get("operation")
    return operation if isinstance(operation, str) else None


def operation_of(record: CheckRecord) -> str | None:
    """The operation a check exercised: named by its not-implemented detail, or its vector file's operation."""
    if record.outcome == Outcome.NOT_IMPLEMENTED.value:
        found = MISSING.search(record.detail)
        return found.group(1) if found else None
    if record.kind == "vector":
        return _file_operation(record.nodeid.partition("::")[0])
    return None


def gap_covers(gap: KnownGap, record: CheckRecord) -> bool:
    """A not-implemented check covered by the gap: its operation, or one of its rules, is the gap's."""
    if record.outcome != Outcome.NOT_IMPLEMENTED.value:
        return False
    if gap.operation is not None:
        return operation_of(record) == gap.operation
    return gap.rule in record.rules


def exercised(gap: KnownGap, record: CheckRecord) -> bool:
    """The check ran the gap's operation (or a check of its rule) and got an answer: the gap is filled."""
    if record.outcome in (Outcome.NOT_IMPLEMENTED.value, Outcome.ERROR.value):
        return False
    if gap.operation is not None:
        return operation_of(record) == gap.operation
    return gap.rule in record.rules
