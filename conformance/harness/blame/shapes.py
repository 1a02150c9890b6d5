"""A result not of its type (a field missing, a value of another type): the clause the spec names for that field.

Each spec's "What a result's fields hold" table names, for every field a result writes in a form of its own, the
clause that says what it holds. A slip in that form shows in every answer that carries the field, over the checks of
many rules (``collapse_card`` left out whenever nothing collapsed, a card where ``exhausted`` holds a name); each of
those failures breaks the one clause the table names, not each check's own rule. A null where a number is due is
one value's slip where other requests got a number, and the field's form where the run passed none of the
operation's results (a total written as NaN in every sheet).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.blame.fields import unindexed
from rulespec.conformance.harness.blame.weighed import passed_cases
from rulespec.conformance.harness.records import CheckRecord, own_detail
from rulespec.conformance.harness.spec import find_rule_ids

TABLE = "### What a result's fields hold"
_ROW = re.compile(r"^\|\s*`(?P<field>[^`]+)`\s*\|(?P<operations>[^|]*)\|[^|]*\|(?P<clause>[^|]*)\|$")
# the harness's own words for an output its type refuses, then msgspec's (the schema's field names, the output's path):
# an error's whole reason (wire: wire/subject.py; in process: subject.conform_result), or what a failure read anyway
# adds at its very end; anywhere else the words may be the implementation's own (an exception's message, a reason)
_WIRE = r"(?:missing field|wrong type): output is not a \w+: "
_MISSING = re.compile(r"Object missing required field `(?P<name>[^`]+)`(?: - at `\$(?P<at>[^`]*)`)?")
# another type than the field's: never a number of another kind (a share left unrounded is arithmetic), nor a null
# where a value is due (a value left out, the rule computing it misread) unless no request got one; a null for a list
# is the list's form
_TYPE = re.compile(r"Expected `(?P<due>[^`]+)`, got `(?P<got>[^`]+)` - at `\$(?P<at>[^`]*)`")
_NUMBERS = {"int", "float", "number"}


@dataclass(frozen=True)
class FieldRow:
    """One row of the table: a field (or a path inside a list's entries), the operations it is in, its clause."""

    field: str
    operations: frozenset[str]  # empty: every operation whose result holds the field
    clause: str


@functools.cache
def field_rows(spec: Path) -> tuple[FieldRow, ...]:
    """The rows of the spec's "What a result's fields hold" table, in order (none where it has no table)."""
    text = spec.read_text(encoding="utf-8")
    if TABLE not in text:
        return ()
    section = text.split(TABLE, 1)[1].split("\n#", 1)[0]
    rows: list[FieldRow] = []
    for line in section.splitlines():
        found = _ROW.match(line.strip())
        clauses = find_rule_ids(found["clause"]) if found else ()
        if found and len(clauses) == 1:
            operations = frozenset(re.findall(r"`([^`]+)`", found["operations"]))
            rows.append(FieldRow(found["field"], operations, clauses[0]))
    return tuple(rows)


def misfit_path(record: CheckRecord, among: Sequence[CheckRecord] = ()) -> str | None:
    """The path in the result (indices dropped, ``standings[].place``) of the field an output's type refused, as the
    harness reports it: a field missing, or a value of another type. None for any other fault or difference, and
    for a value's slip (``_value_slip``) unless a null was every answer's (``_null_throughout``)."""
    operation = re.escape(f".{record.operation} ")
    # in process: the label, then the operation returned (never after it raised: then the words are the exception's)
    misfit = rf"(?:{_WIRE}|(?:(?!{operation}raised )[^\n])*?{operation}returned \w+, not a valid \w+: )"
    # the reason itself (an error's; an invariant's misfit, recorded as a failure), else the last "(and ...)", which
    # the harness appends after a vector's differences, at the end of the first line (the differences may quote the
    # output; the lines below, the replies of a request answered two ways)
    first = own_detail(record).split("\n", 1)[0]
    found = re.fullmatch(f"{misfit}(?P<rest>[^\n]*)", first)
    if found is None and record.outcome == "failed" and first.startswith("result differs at "):
        found = re.fullmatch(rf"{misfit}(?P<rest>[^\n]*)\)", first.rsplit(" (and ", 1)[-1])
    if found is None:
        return None
    missing, typed = _MISSING.match(found["rest"]), _TYPE.match(found["rest"])
    if missing is not None:
        return unindexed(f"{missing['at'] or ''}.{missing['name']}").lstrip(".")
    if typed is None or not typed["at"]:
        return None
    path = unindexed(typed["at"]).lstrip(".")
    if _value_slip(typed["due"], typed["got"]) and not (
        typed["got"] == "null" and _null_throughout(record, among, path)
    ):
        return None
    return path


def _value_slip(due: str, got: str) -> bool:
    """A type refused that is a value's slip, not the field's form: a number of another kind, or a null where a
    value other than a list is due."""
    kinds = {kind.strip() for kind in due.split("|")}
    return (got in _NUMBERS and bool(kinds & _NUMBERS)) or (got == "null" and "array" not in kinds)


def _null_throughout(record: CheckRecord, among: Sequence[CheckRecord], path: str) -> bool:
    """Whether no answer of the record's operation in the run holds a value at ``path``: no vector of it answering a
    result passed, and no failing check's answer holds anything but null there. A null in every answer is the
    field's form (a total written as NaN, whatever the request), not one value's slip (a share past the printed
    values, where the other requests pass). Never without the run."""
    if not among or any(case.case.output is not None for case in passed_cases(among, record.game, record.operation)):
        return False
    answers = (r.got for r in among if (r.game, r.operation) == (record.game, record.operation))
    return not any(value is not None for answer in answers for value in _at(answer, path.split(".")))


def _at(answer: Any, steps: list[str]) -> Iterator[Any]:
    """The values at an unindexed path (``scores[].total``) of a JSON answer: every entry's, for a list's."""
    if not steps:
        yield answer
        return
    name, listed = steps[0].removesuffix("[]"), steps[0].endswith("[]")
    value = cast(dict[str, Any], answer).get(name) if isinstance(answer, dict) else None
    items = cast(list[Any], value) if listed and isinstance(value, (list, tuple)) else [] if listed else [value]
    for item in items:
        if item is not None or len(steps) == 1:
            yield from _at(item, steps[1:])


def misfit_clause(record: CheckRecord, among: Sequence[CheckRecord] = ()) -> str | None:
    """The clause the table names for the field of the record's answer that is not of its type: the row of the
    deepest field on the path (``special`` for ``scores[].special[].vp``), among the rows of the record's operation;
    None where no row, or rows of two clauses, fit."""
    path = misfit_path(record, among)
    if path is None or record.game not in registry.REGISTRY:
        return None
    rows = [
        row
        for row in field_rows(registry.game(record.game).spec_path)
        if not row.operations or record.operation is None or record.operation in row.operations
    ]
    segments = path.split(".")
    for end in range(len(segments), 0, -1):
        tail = ".".join(segments[:end]).removesuffix("[]")
        found = {row.clause for row in rows if tail == row.field or tail.endswith(f".{row.field}")}
        if found:
            return found.pop() if len(found) == 1 else None
    return None
