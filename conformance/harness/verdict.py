"""The four outcomes of a check, how one vector case is judged, and every path where two JSON answers differ
(each with both values, in the vectors' own terms)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, cast

import msgspec

from rulespec.conformance.harness.subject import ImplementationError, NotImplementedOp, Subject
from rulespec.conformance.harness.vectors import LoadedCase
from rulespec.reference.errors import IllegalAction, InvalidState, RuleError

MISSING = "missing"  # the expected answer has the path, the implementation's does not
UNEXPECTED = "unexpected"  # the implementation's answer has a path the expected one lacks
LENGTH = "length"  # both hold an array there, of different lengths (their common items are compared too)


@dataclass(frozen=True)
class Difference:
    """One path at which the implementation's answer departs from the expected one."""

    path: str
    expected: Any = None
    got: Any = None
    kind: str = "value"  # "value", or MISSING, UNEXPECTED, LENGTH


def as_json(value: object) -> str:
    """A value as one line of JSON, the way the user's answer travels."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def field(answer: object, name: str) -> Any:
    """``answer[name]`` of a JSON object, None for anything else (a game's ``blame.decided`` reads answers so)."""
    return cast(dict[str, Any], answer).get(name) if isinstance(answer, dict) else None


def reordered(expected: object, got: object) -> bool:
    """Whether two lists hold the same items, each as given, in another order: every item right, shown out of place
    (a game's ``blame.decided`` names the clause stating the order)."""
    if not (isinstance(expected, list) and isinstance(got, list)) or expected == got:
        return False
    return sorted(map(as_json, cast(list[object], expected))) == sorted(map(as_json, cast(list[object], got)))


def unwrapped(expected: object, got: object) -> bool:
    """Whether a list of one item was answered as that item alone (``"bob"`` for ``["bob"]``): the item right, the
    list's form lost (the clause naming the field says it is a list)."""
    return (
        isinstance(expected, list) and len(cast(list[object], expected)) == 1 and cast(list[object], expected)[0] == got
    )


def describe(difference: Difference) -> str:
    """``$.winner: expected "england", got "habsburgs"``."""
    path = difference.path
    if difference.kind == MISSING:
        return f"{path}: missing (expected {as_json(difference.expected)})"
    if difference.kind == UNEXPECTED:
        return f"{path}: unexpected (got {as_json(difference.got)})"
    if difference.kind == LENGTH:
        return f"{path}: expected {difference.expected} items, got {difference.got}"
    return f"{path}: expected {as_json(difference.expected)}, got {as_json(difference.got)}"


def differences(expected: object, got: object, path: str = "$") -> tuple[Difference, ...]:
    """Every path where ``got`` departs from ``expected``, in document order; () when they are equal.

    1 == 1.0 == True in Python, but a JSON answer must match in kind too.
    """
    other_kind = type(expected) is not type(got)
    if isinstance(expected, dict) and isinstance(got, dict):
        want_map = cast(dict[str, object], expected)
        got_map = cast(dict[str, object], got)
        found: list[Difference] = []
        for key in sorted(want_map.keys() | got_map.keys()):
            where = f"{path}.{key}"
            if key not in got_map:
                found.append(Difference(where, want_map[key], None, MISSING))
            elif key not in want_map:
                found.append(Difference(where, None, got_map[key], UNEXPECTED))
            else:
                found.extend(differences(want_map[key], got_map[key], where))
        return tuple(found)
    if isinstance(expected, list) and isinstance(got, list):
        want_list = cast(list[object], expected)
        got_list = cast(list[object], got)
        found = []
        if len(want_list) != len(got_list):
            found.append(Difference(path, len(want_list), len(got_list), LENGTH))
        for index, (want, given) in enumerate(zip(want_list, got_list)):
            found.extend(differences(want, given, f"{path}[{index}]"))
        return tuple(found)
    if expected != got or other_kind:
        return (Difference(path, expected, got),)
    return ()


class Outcome(StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    NOT_IMPLEMENTED = "not implemented"
    ERROR = "error"


@dataclass(frozen=True)
class Verdict:
    """One case's outcome; a failure also carries both answers as JSON and every path where they differ."""

    outcome: Outcome
    detail: str = ""
    expected: Any = None  # the case's ``output``, or ``{"error": ...}`` for a refusal
    got: Any = None  # the implementation's answer, in the same form
    differences: tuple[Difference, ...] = ()


def _refusal_json(error: RuleError) -> dict[str, Any]:
    """A refusal as the wire carries it (``refused``'s ``error``), reduced to what a case judges."""
    if isinstance(error, InvalidState):
        return {"error": {"kind": "InvalidState", "field": error.field}}
    if isinstance(error, IllegalAction):
        return {"error": {"kind": "IllegalAction", "rule": error.rule}}
    return {"error": {"kind": type(error).__name__}}


def _expected_json(loaded: LoadedCase) -> Any:
    error = loaded.case.error
    if error is None:
        return loaded.case.output
    wanted = {"field": error.field} if error.kind == "InvalidState" else {"rule": error.rule}
    return {"error": {"kind": str(error.kind), **wanted}}  # the plain JSON string, as an answer carries it


def _failed(loaded: LoadedCase, got: Any, detail: str, refused: bool) -> Verdict:
    """A failure carrying both answers; a refusal against a result is one difference, at ``$.error``."""
    expected = _expected_json(loaded)
    expected_refusal = loaded.case.error is not None
    if refused and not expected_refusal:  # one difference: a refusal where a result was due
        return Verdict(Outcome.FAILED, detail, expected, got, (Difference("$.error", None, got["error"], UNEXPECTED),))
    if expected_refusal and not refused:  # one difference: a result where a refusal was due
        return Verdict(
            Outcome.FAILED, detail, expected, got, (Difference("$.error", expected["error"], None, MISSING),)
        )
    return Verdict(Outcome.FAILED, detail, expected, got, differences(expected, got))


def describe_refusal(error: RuleError) -> str:
    if isinstance(error, InvalidState):
        return f"InvalidState on {error.field} = {error.value!r} ({error.reason})"
    if isinstance(error, IllegalAction):
        return f"IllegalAction {error.rule} ({error.reason})"
    return f"{type(error).__name__}: {error}"


def judge_refusal(loaded: LoadedCase, error: RuleError) -> Verdict:
    expected = loaded.case.error
    got = _refusal_json(error)
    if expected is None:
        return _failed(loaded, got, f"refused a legal input: {describe_refusal(error)}", refused=True)
    if isinstance(error, InvalidState) and expected.kind == "InvalidState":
        if error.field == expected.field:
            return Verdict(Outcome.PASSED)
        return _failed(loaded, got, f"InvalidState on {error.field!r}, expected on {expected.field!r}", refused=True)
    if isinstance(error, IllegalAction) and expected.kind == "IllegalAction":
        if error.rule == expected.rule:
            return Verdict(Outcome.PASSED)
        return _failed(
            loaded, got, f"IllegalAction under {error.rule!r}, expected under {expected.rule!r}", refused=True
        )
    return _failed(loaded, got, f"expected {expected.kind}, got {describe_refusal(error)}", refused=True)


def judge_result(loaded: LoadedCase, result: object) -> Verdict:
    expected = loaded.case.error
    # through JSON, so tuples compare as the arrays a vector holds
    # (msgspec 0.23.0, installed here, keeps tuples in to_builtins)
    encoded = msgspec.json.encode(result, order="sorted")
    actual: Any = msgspec.json.decode(encoded)
    if expected is not None:
        wanted = expected.field if expected.kind == "InvalidState" else expected.rule
        return _failed(loaded, actual, f"expected {expected.kind} ({wanted}), got a result", refused=False)
    if encoded == msgspec.json.encode(loaded.case.output, order="sorted"):
        return Verdict(Outcome.PASSED)  # the same JSON text is the same values, of the same kinds
    found = differences(loaded.case.output, actual)
    if found:
        shown = "; ".join(describe(difference) for difference in found)
        return Verdict(Outcome.FAILED, f"result differs at {shown}", loaded.case.output, actual, found)
    return Verdict(Outcome.PASSED)


def run_case(subject: Subject, loaded: LoadedCase) -> Verdict:
    """Ask the subject the case's question and judge its answer against the expectation."""
    try:
        result = subject.call(loaded.operation, loaded.request, loaded.rulings)
    except NotImplementedOp as exc:
        return Verdict(Outcome.NOT_IMPLEMENTED, str(exc))
    except ImplementationError as exc:
        return _read_anyway(loaded, exc)
    except RuleError as exc:
        return judge_refusal(loaded, exc)
    return judge_result(loaded, result)


TWICE = "the same request answered two ways"  # what a failure read from a request answered two ways adds, as a fault


def answered_twice(outcome: str, detail: str) -> bool:
    """Whether a failed check's answer came from a request answered two ways (state kept between calls), as the
    harness writes it: a vector's failure read anyway notes it at the end of its first line, an invariant's failure
    is the fault's own reason."""
    first = detail.split("\n", 1)[0]
    named = "non-determinism"  # wire.faults.Fault.NON_DETERMINISM's name
    said = first.startswith(f"{named}: ") or first.endswith(f" (and {named}: {TWICE})")
    return outcome == Outcome.FAILED.value and said


def _read_anyway(loaded: LoadedCase, fault: ImplementationError) -> Verdict:
    """A fault is the case's error, unless an output it came with, read without what its type lacks or with the
    values its type refuses, already departs from the expectation at the keys expected, no key missing or added
    (``null`` for a 0, a misspelt name): then the rule is broken whatever the shape, and the case fails, naming the
    fault too. A key spelt otherwise, a value right in another form (``4.0`` or ``"4"`` for ``4``), or a ``null`` for an
    empty list (which the wire protocol never sends: an empty list is ``[]``), stays the shape's error.

    A request answered two ways (state kept between calls) comes with both results: the first that departs fails
    the case, the rule it breaks being the slip's, wherever the state came from."""
    for output in fault.read_anyway:
        judged = judge_result(loaded, output)
        keyed = all(d.kind not in (MISSING, UNEXPECTED) for d in judged.differences)
        if judged.outcome is Outcome.FAILED and keyed and not all(map(_form_alone, judged.differences)):
            note, reason = fault.read_note(), fault.reason()
            said = f"{judged.detail} (and {note})" + (f"\n  {reason}" if note != reason else "")
            return replace(judged, detail=said)
    return Verdict(Outcome.ERROR, str(fault))


def _form_alone(difference: Difference) -> bool:
    """A difference of form, not of value: the number expected as text or as a float of the same value, or an empty
    list given as ``null`` (a list holding something lost that way is a value lost)."""
    due: object = difference.expected
    given: object = difference.got
    if difference.kind == "value" and due == [] and given is None:
        return True
    if difference.kind != "value" or isinstance(due, bool) or not isinstance(due, int):
        return False
    return (isinstance(given, float) and float(due) == given) or (isinstance(given, str) and given == str(due))
