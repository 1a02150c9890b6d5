"""A failed check in the implementer's terms: the rule broken, what was asked and answered as JSON, every difference.

The same text is the terminal's failure section and the JUnit failure message. It holds
no Python reprs and no harness frames: a user in any language reads it, and can paste the
request into their own test.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from conformance.harness.differences import as_json, describe
from conformance.harness.records import CheckRecord

INDENT = "  "


def first_sentence(text: str) -> str:
    """The first sentence of a docstring, on one line."""
    flat = " ".join(text.split())
    match = re.match(r"(.+?[.!?])(\s|$)", flat)
    return match.group(1) if match else flat


def failure_text(record: CheckRecord, vector: Mapping[str, object] | None = None) -> str:
    """The failure section of one failed (or errored) check."""
    verb = "fails" if record.outcome == "failed" else "errs on"
    involved = f" (also involves {', '.join(record.involved)})" if record.involved else ""
    lines = [f"{record.nodeid} {verb} {record.primary_rule}{involved}"]
    if record.statement:
        lines.append(f"{INDENT}property: {record.statement}")
    if record.clause and record.kind != "vector":  # a vector is a worked example; `rulespec rules ID` prints its clause
        lines.append(f"{INDENT}rule {record.primary_rule}: {' '.join(record.clause.split())}")
    if record.detail and not record.differences:  # the differences below say it, path by path
        lines.append(f"{INDENT}why: {' '.join(record.detail.split())}")
    if record.operation is not None:
        lines.append(f"{INDENT}request to {record.operation}: {as_json(record.request)}")
        lines.append(f"{INDENT}rulings: {as_json(record.rulings)}")
    if record.differences or record.expected is not None:
        lines.append(f"{INDENT}expected: {as_json(record.expected)}")
        lines.append(f"{INDENT}got: {as_json(record.got)}")
    if len(record.differences) == 1:
        lines.append(f"{INDENT}difference: {describe(record.differences[0])}")
    elif record.differences:
        lines.append(f"{INDENT}differences ({len(record.differences)}):")
        lines += [f"{INDENT * 2}{describe(difference)}" for difference in record.differences]
    if vector is not None:
        lines.append(
            f"{INDENT}as a vector (or keep it with --save-failures DIR): {json.dumps(vector, ensure_ascii=False)}"
        )
    return "\n".join(lines)


def again_text(record: CheckRecord) -> str:
    """A further failure of a rule already shown in full: one line, its first difference (the report holds the rest)."""
    verb = "fails" if record.outcome == "failed" else "errs on"
    why = describe(record.differences[0]) if record.differences else " ".join(record.detail.split())
    more = f" (and {len(record.differences) - 1} more differences)" if len(record.differences) > 1 else ""
    return f"{INDENT}also {verb} {record.primary_rule}: {record.nodeid}: {why}{more}"
