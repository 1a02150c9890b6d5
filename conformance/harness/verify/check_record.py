"""What a check's record holds beyond its outcome: its rules (primary first), and for a failure the whole difference.

A vector's failure carries its case's request and rulings as sent on the wire and the
verdict's two answers; an invariant's carries its shrunk failing call (failing_call), the
property it states and the text of its primary rule, so a report needs nothing else.
"""

from __future__ import annotations

import re
from collections import deque
from functools import cache
from typing import Any

import pytest

from conformance.harness.games import game
from conformance.harness.records import CheckRecord
from conformance.harness.spec import RULE_ID, read_clauses
from conformance.harness.verdict import Outcome
from conformance.harness.verify.checks import VERDICT, VectorItem, rules_of
from conformance.harness.verify.failing_call import failing_call
from conformance.harness.verify.failure_text import first_sentence
from conformance.harness.verify.saved_failures import SentCall
from conformance.harness.verify.subjects import SUBJECTS
from conformance.harness.wire.encoding import wire_form

_ASSERTED = re.compile(rf"^(?P<rule>{RULE_ID}):")
CALLS = pytest.StashKey["deque[SentCall]"]()  # what an invariant sent, newest last


@cache
def clause_texts(key: str) -> dict[str, str]:
    return {clause.id: clause.text for clause in read_clauses(game(key).spec_path)}


def message(excinfo: pytest.ExceptionInfo[BaseException] | None) -> str:
    """Why a check failed, in its own words: an assertion's message without pytest's Python-repr explanation."""
    if excinfo is None:
        return ""
    error = excinfo.value
    while isinstance(error, BaseExceptionGroup) and error.exceptions:  # pyright: ignore[reportUnknownMemberType]
        error = error.exceptions[0]  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    text = str(error).split("\nassert ")[0].strip()  # pyright: ignore[reportUnknownArgumentType]
    if text.startswith("assert "):
        text = ""  # a bare assert: pytest's explanation is all Python reprs; the answers say it in JSON
    if isinstance(error, (AssertionError, pytest.fail.Exception)):
        return " ".join(text.split())
    first = text.splitlines()[0] if text else ""
    return f"{type(error).__name__}: {first}".strip(": ")  # pyright: ignore[reportUnknownArgumentType]


def asserted_rule(detail: str, rules: tuple[str, ...]) -> str | None:
    """The rule an invariant's failing assertion names first (``"SOE-CLEAN-2: a grand alliance is still held"``)."""
    named = _ASSERTED.match(detail)
    return named["rule"] if named and named["rule"] in rules else None


def statement_of(item: pytest.Item) -> str:
    """An invariant's property in one sentence: its docstring's first, else its module's."""
    function = getattr(item, "obj", None)
    module = getattr(item, "module", None)
    for doc in (getattr(function, "__doc__", None), getattr(module, "__doc__", None)):
        if doc:
            return first_sentence(doc)
    return ""


def record_of(
    item: pytest.Item, key: str, outcome: Outcome, detail: str, duration: float
) -> tuple[CheckRecord, dict[str, Any] | None]:
    """The check's record and, for a failing invariant, its shrunk call as a ready vector case."""
    rules = rules_of(item)
    kind = "vector" if isinstance(item, VectorItem) else "invariant"
    primary = rules[0] if rules else ""
    record = CheckRecord(item.nodeid, key, kind, rules, outcome.value, detail, primary, duration=duration)
    if outcome not in (Outcome.FAILED, Outcome.ERROR):
        return record, None
    try:
        return _failure_record(item, key, outcome, detail, duration, rules, primary)
    except Exception as exc:  # noqa: BLE001 - showing the difference must never lose the check's outcome
        item.warn(pytest.PytestWarning(f"{item.nodeid}: could not show the failing call: {type(exc).__name__}: {exc}"))
        return record, None


def _failure_record(
    item: pytest.Item, key: str, outcome: Outcome, detail: str, duration: float, rules: tuple[str, ...], primary: str
) -> tuple[CheckRecord, dict[str, Any] | None]:
    kind = "vector" if isinstance(item, VectorItem) else "invariant"
    clause = clause_texts(key).get(primary, "")
    if isinstance(item, VectorItem):
        case = item.loaded
        verdict = item.stash.get(VERDICT, None)
        return CheckRecord(
            item.nodeid,
            key,
            kind,
            rules,
            outcome.value,
            detail,
            primary,
            case.operation,
            wire_form(case.request),
            wire_form(case.rulings),
            verdict.expected if verdict else None,
            verdict.got if verdict else None,
            verdict.differences if verdict else (),
            duration,
            "",
            clause,
        ), None
    statement = statement_of(item)
    subject = item.config.stash[SUBJECTS].get(key)
    calls: deque[SentCall] = item.stash.get(CALLS, deque[SentCall]())
    why = f"{item.nodeid}: {detail}" if detail else item.nodeid
    found = failing_call(game(key), subject, calls, rules, why[:300])
    if found is None:
        return CheckRecord(
            item.nodeid,
            key,
            kind,
            rules,
            outcome.value,
            detail,
            primary,
            duration=duration,
            statement=statement,
            clause=clause,
        ), None
    blamed = asserted_rule(detail, rules) or (found.cited if found.cited in clause_texts(key) else None)
    if blamed is not None:
        # the assertion names the rule it checks, or the expected answer is a refusal and the clause it
        # comes from is the one broken (a refusal check covers several; a differential one meets refusals)
        primary = blamed
        rules = (primary, *(rule for rule in rules if rule != primary))
        clause = clause_texts(key).get(primary, "")
    return CheckRecord(
        item.nodeid,
        key,
        kind,
        rules,
        outcome.value,
        detail,
        primary,
        found.operation,
        found.request,
        found.rulings,
        found.expected,
        found.got,
        found.differences,
        duration,
        statement,
        clause,
    ), found.vector
