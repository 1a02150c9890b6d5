"""The four outcomes of a check, and how one vector case is judged."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, cast

import msgspec

from conformance.harness.subject import ImplementationError, NotImplementedOp, Subject
from conformance.harness.vectors import LoadedCase
from reference.errors import IllegalAction, InvalidState, RuleError


class Outcome(StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    NOT_IMPLEMENTED = "not implemented"
    ERROR = "error"


@dataclass(frozen=True)
class Verdict:
    outcome: Outcome
    detail: str = ""


def first_difference(expected: object, actual: object, path: str = "$") -> str | None:
    """The JSON path and values where ``actual`` first departs from ``expected``; None if equal."""
    # 1 == 1.0 == True in Python, but a JSON result must match in kind too
    other_kind = type(expected) is not type(actual)
    if isinstance(expected, dict) and isinstance(actual, dict):
        want_map = cast(dict[str, object], expected)
        got_map = cast(dict[str, object], actual)
        for key in sorted(want_map.keys() | got_map.keys()):
            if key not in got_map:
                return f"{path}.{key}: missing"
            if key not in want_map:
                return f"{path}.{key}: unexpected"
            found = first_difference(want_map[key], got_map[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        want_list = cast(list[object], expected)
        got_list = cast(list[object], actual)
        if len(want_list) != len(got_list):
            return f"{path}: expected {len(want_list)} items, got {len(got_list)}"
        for index, (want, got) in enumerate(zip(want_list, got_list)):
            found = first_difference(want, got, f"{path}[{index}]")
            if found:
                return found
        return None
    if expected != actual or other_kind:
        return f"{path}: expected {expected!r}, got {actual!r}"
    return None


def describe_refusal(error: RuleError) -> str:
    if isinstance(error, InvalidState):
        return f"InvalidState on {error.field} = {error.value!r} ({error.reason})"
    if isinstance(error, IllegalAction):
        return f"IllegalAction {error.rule} ({error.reason})"
    return f"{type(error).__name__}: {error}"


def judge_refusal(loaded: LoadedCase, error: RuleError) -> Verdict:
    expected = loaded.case.error
    if expected is None:
        return Verdict(Outcome.FAILED, f"refused a legal input: {describe_refusal(error)}")
    if isinstance(error, InvalidState) and expected.kind == "InvalidState":
        if error.field == expected.field:
            return Verdict(Outcome.PASSED)
        return Verdict(Outcome.FAILED, f"InvalidState on {error.field!r}, expected on {expected.field!r}")
    if isinstance(error, IllegalAction) and expected.kind == "IllegalAction":
        if error.rule == expected.rule:
            return Verdict(Outcome.PASSED)
        return Verdict(Outcome.FAILED, f"IllegalAction under {error.rule!r}, expected under {expected.rule!r}")
    return Verdict(Outcome.FAILED, f"expected {expected.kind}, got {describe_refusal(error)}")


def judge_result(loaded: LoadedCase, result: object) -> Verdict:
    expected = loaded.case.error
    # through JSON, so tuples compare as the arrays a vector holds (msgspec 0.23.0, installed here, keeps tuples in to_builtins)
    encoded = msgspec.json.encode(result, order="sorted")
    actual: Any = msgspec.json.decode(encoded)
    if expected is not None:
        wanted = expected.field if expected.kind == "InvalidState" else expected.rule
        return Verdict(Outcome.FAILED, f"expected {expected.kind} ({wanted}), got a result: {actual!r}")
    if encoded == msgspec.json.encode(loaded.case.output, order="sorted"):
        return Verdict(Outcome.PASSED)  # the same JSON text is the same values, of the same kinds
    difference = first_difference(loaded.case.output, actual)
    if difference:
        return Verdict(Outcome.FAILED, f"result differs at {difference}")
    return Verdict(Outcome.PASSED)


def run_case(subject: Subject, loaded: LoadedCase) -> Verdict:
    """Ask the subject the case's question and judge its answer against the expectation."""
    try:
        result = subject.call(loaded.operation, loaded.request, loaded.rulings)
    except NotImplementedOp as exc:
        return Verdict(Outcome.NOT_IMPLEMENTED, str(exc))
    except ImplementationError as exc:
        return Verdict(Outcome.ERROR, str(exc))
    except RuleError as exc:
        return judge_refusal(loaded, exc)
    return judge_result(loaded, result)
