"""What a check's record holds beyond its outcome: its rules (primary first), and for a failure the whole difference.

A vector's failure carries its case's request and rulings as sent on the wire and the verdict's two
answers; an invariant's carries its failing call, the property it states and the text of its primary
rule, so a report needs nothing else.

An invariant's failing call is its shrunk request: Hypothesis replays the shrunk failing example last,
so the last call on which the implementation and the reference disagree is the minimal one. It is asked
again here, through the same subject, and judged the way a vector case is, so an invariant's failure
reads exactly like a vector's: request, rulings, expected, got, every differing path.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pytest

from rulespec.conformance.harness.games import Game, game
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.spec import RULE_ID, clause_hashes
from rulespec.conformance.harness.subject import ImplementationError, Subject, python_subject
from rulespec.conformance.harness.verdict import Difference, Outcome, run_case
from rulespec.conformance.harness.verify.breaker import CircuitOpen
from rulespec.conformance.harness.verify.collection import VERDICT, VectorItem, rules_of
from rulespec.conformance.harness.verify.failure_text import clause_texts, first_sentence
from rulespec.conformance.harness.verify.saved_failures import SentCall, loaded, saved_case
from rulespec.conformance.harness.verify.subjects import SUBJECTS
from rulespec.conformance.harness.wire.encoding import wire_form
from rulespec.reference.errors import IllegalAction, InvalidState

_ASSERTED = re.compile(rf"^(?P<rule>{RULE_ID}):")
CALLS = pytest.StashKey["deque[SentCall]"]()  # what an invariant sent, newest last


@dataclass(frozen=True)
class FailingCall:
    """One request the invariant sent, as the wire carries it, and how the two answers differ."""

    operation: str
    request: Any
    rulings: Any
    expected: Any = None
    got: Any = None
    differences: tuple[Difference, ...] = ()
    vector: dict[str, Any] | None = None  # the call as a vector case expecting the reference's answer
    cited: str | None = None  # the rule the reference's refusal names, when the expected answer is a refusal


def failing_call(
    game: Game, subject: Subject, calls: Iterable[SentCall], rules: tuple[str, ...], why: str, ask: bool = True
) -> FailingCall | None:
    """The last call on which ``subject`` and the reference disagree; else the last call sent, without answers.

    Without ``ask`` (the check met a fault that cost time, or the circuit breaker is open) nothing is asked again:
    a replay would only pay the timeout or the restart once more.
    """
    sent = [call for call in calls if call.game == game.key and isinstance(call.rulings, game.rulings)]
    for call in reversed(sent if ask else ()):
        if not any(op.name == call.operation for op in game.operations):
            continue
        rulings: dict[str, Any] = wire_form(call.rulings)
        cited = _cited(game, call)
        if cited is not None and cited in clause_hashes(game):
            rules = (
                cited,
                *(rule for rule in rules if rule != cited),
            )  # the rule its expected refusal comes from, first
        case = saved_case(game, call.operation, call.request, rulings, rules, why)
        if case is None:
            continue  # the reference itself could not answer it: not the call the failure is about
        verdict = run_case(subject, loaded(game, call.operation, case))
        if verdict.outcome in (Outcome.FAILED, Outcome.ERROR):
            request = wire_form(call.request)
            return FailingCall(
                call.operation, request, rulings, verdict.expected, verdict.got, verdict.differences, case, cited
            )
    if not sent:
        return None
    last = sent[-1]
    return FailingCall(last.operation, wire_form(last.request), wire_form(last.rulings))


def _cited(game: Game, call: SentCall) -> str | None:
    """The rule the reference names when it refuses ``call``: the sentence a refusal's expected answer comes from."""
    try:
        python_subject(game, None).call(call.operation, call.request, call.rulings)
    except (InvalidState, IllegalAction) as refusal:
        return refusal.rule or None
    except Exception:  # noqa: BLE001 - the reference's own fault is not a rule; the static primary stands
        return None
    return None


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
    if isinstance(error, ImplementationError):  # a fault's every line (a crash's stderr), not the request; its reason
        return error.reason()  # says what the implementation did, whichever class carried it (a vector's or a wire's)
    if isinstance(error, CircuitOpen):
        return f"{type(error).__name__}: {text}"
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
    subjects = item.config.stash[SUBJECTS]
    calls: deque[SentCall] = item.stash.get(CALLS, deque[SentCall]())
    why = f"{item.nodeid}: {detail}" if detail else item.nodeid
    ask = not (subjects.breaker.open or subjects.breaker.check_faulted)
    found = failing_call(game(key), subjects.get(key), calls, rules, why[:300], ask)
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
