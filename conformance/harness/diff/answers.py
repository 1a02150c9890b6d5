"""What each side of ``rulespec diff`` answers, and how two answers differ: the difference and its group.

Answers are compared as the suite compares them: results as JSON, refusals by kind and field
(InvalidState) or rule (IllegalAction). A difference falls in a group, the key the search sorts
what it finds by (``explore``): two results differ at a set of JSON paths into the output
(``scores[*].total``, the core's ``differences`` without its ``$.``); two refusals, or a refusal and
a result, differ by what each side said (``IllegalAction HIS-BONUS-3`` against ``result``). Array
indices are written ``[*]``: the same fault shown by another player or another card is the same
difference, so it is one group, shrunk and shown once.
"""

from __future__ import annotations

import dataclasses
import json
import re
import textwrap
from dataclasses import dataclass
from typing import Any, cast

import msgspec

from rulespec.conformance.harness.diff.sides import Side
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.rulings import explaining, json_value
from rulespec.conformance.harness.subject import ImplementationError, NotImplementedOp
from rulespec.conformance.harness.vectors import ErrorKind, ExpectedError
from rulespec.conformance.harness.verdict import LENGTH, differences
from rulespec.reference.errors import IllegalAction, InvalidState, RuleError


def shown_json(value: object) -> str:
    """A typed value as one line of JSON, keys sorted (as a difference is shown)."""
    return json.dumps(json_value(value), sort_keys=True)


def wrapped(label: str, text: str, width: int) -> str:
    """``label: text`` wrapped to the terminal's width: JSON is cut only between its items, so the whole input
    stays readable (and can be copied: JSON ignores the line breaks) however narrow the terminal."""
    try:
        text = json.dumps(json.loads(text))  # items separated by ", ": the places to wrap
    except ValueError:
        pass  # a refusal or an error, said in words
    return textwrap.fill(text, width, initial_indent=f"  {label}: ", subsequent_indent="      ", break_on_hyphens=False)


@dataclass(frozen=True)
class Answer:
    """What one side said: a result, a refusal, an error, or that it lacks the operation."""

    kind: str  # "result", "refused", "error", "not implemented"
    output: Any = None  # the result as JSON
    error: ExpectedError | None = None  # the refusal, as a vector would expect it
    detail: str = ""

    def matches(self, other: Answer) -> bool:
        """Equal as the suite judges: same result, or a refusal of the same kind on the same field/rule."""
        if self.kind != other.kind:
            return False
        if self.kind == "result":
            return bool(self.output == other.output)
        if self.kind == "refused":
            return self.error == other.error
        return True  # two errors, or two gaps, say nothing about the rules

    def said(self) -> str | None:
        """The refusal as a group names it (``IllegalAction HIS-BONUS-3``); None for any other answer."""
        if self.error is None:
            return None
        return f"{self.error.kind} {self.error.field or self.error.rule}"

    def shown(self) -> str:
        if self.kind == "result":
            return msgspec.json.encode(self.output).decode()
        if self.error is not None:
            return f"{self.error.kind} on {self.error.field or self.error.rule} ({self.detail})"
        return f"{self.kind}: {self.detail}"


def refusal(error: RuleError) -> ExpectedError:
    if isinstance(error, InvalidState):
        return ExpectedError(ErrorKind.INVALID_STATE, field=error.field)
    if isinstance(error, IllegalAction):
        return ExpectedError(ErrorKind.ILLEGAL_ACTION, rule=error.rule)
    raise TypeError(f"{type(error).__name__} is neither InvalidState nor IllegalAction")


def ask(side: Side, operation: str, request: object, rulings: object) -> Answer:
    """Side's answer to the request under ``rulings`` (already switched for this side)."""
    try:
        result = side.subject.call(operation, request, rulings)
    except NotImplementedOp as exc:
        return Answer("not implemented", detail=str(exc))
    except ImplementationError as exc:
        return Answer("error", detail=str(exc))
    except RuleError as exc:
        return Answer("refused", error=refusal(exc), detail=getattr(exc, "reason", str(exc)))
    return Answer("result", output=json_value(result))


_INDEX = re.compile(r"\[\d+\]")
_STEP = re.compile(r"\.?([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")
# an array element with one of these says what kind of thing it is (a score line's source): two elements of
# other kinds differing are two causes, kept apart; any other index (a power, a player) is ``[*]``
KINDS = ("source", "kind")


def general(path: str, output: object = None) -> str:
    """``history[3].totals[0].vp`` -> ``history[*].totals[*].vp``; an element of ``output`` naming its kind stays
    apart: ``lines[2].vp`` -> ``lines[source=electorates].vp``."""
    if output is None:
        return _INDEX.sub("[*]", path)
    shown: list[str] = []
    here: Any = output
    for step in _STEP.finditer(path):
        name, index = step.group(1), step.group(2)
        if name is not None:
            shown.append(("." if shown else "") + name)
            here = cast(dict[str, Any], here).get(name) if isinstance(here, dict) else None
            continue
        items = cast(list[object], here) if isinstance(here, list) else None
        here = items[int(index)] if items is not None and int(index) < len(items) else None
        element = cast(dict[str, Any], here) if isinstance(here, dict) else None
        kind = next((key for key in KINDS if element is not None and isinstance(element.get(key), str)), None)
        shown.append(f"[{kind}={element[kind]}]" if kind is not None and element is not None else "[*]")
    return "".join(shown) or _INDEX.sub("[*]", path)


def _inside(path: str) -> str:
    """``$.scores[0].total`` -> ``scores[0].total``, ``$[1]`` -> ``[1]``; the whole value stays ``$``."""
    return path.removeprefix("$.") if path.startswith("$.") else path.removeprefix("$") or "$"


def differing_paths(one: object, two: object) -> set[str]:
    """The JSON paths where two decoded JSON values differ; a list of another length differs as a whole."""
    found = differences(one, two)
    resized = [difference.path for difference in found if difference.kind == LENGTH]
    return {
        _inside(difference.path)
        for difference in found
        if not any(difference.path.startswith(f"{path}[") for path in resized)
    }


@dataclass(frozen=True, order=True)
class Group:
    """One kind of difference of one operation: the paths two results differ at, or what each side said."""

    operation: str
    what: str  # "output scores[*].total, winner" or "IllegalAction HIS-BONUS-3 vs result"
    ruling: str = ""  # "domination_first_turn=5": B answers as the reference under this switch

    def __str__(self) -> str:
        return f"{self.what}, as the reference under {self.ruling}" if self.ruling else self.what


def group_of(operation: str, a_kind: str, a_said: str, b_kind: str, b_said: str, a_output: Any, b_output: Any) -> Group:
    """The group of a difference between side A's and side B's answers."""
    if a_kind == b_kind == "result":
        paths = sorted({general(path, a_output) for path in differing_paths(a_output, b_output)})
        return Group(operation, "output " + ", ".join(paths))
    return Group(operation, f"{general(a_said)} vs {general(b_said)}")


@dataclass(frozen=True)
class Difference:
    """An input on which the sides disagree, with both answers and the group it falls in."""

    operation: str
    request: Any
    rulings_a: Any  # the rulings side A answered under (a written vector carries these)
    rulings_b: Any  # the rulings side B answered under: A's, with B's switches
    a: Answer
    b: Answer
    ruling: str = ""  # the switch under which the reference answers as B did (``explained``), if one does

    @property
    def group(self) -> Group:
        a, b = self.a, self.b
        found = group_of(self.operation, a.kind, a.said() or a.kind, b.kind, b.said() or b.kind, a.output, b.output)
        return dataclasses.replace(found, ruling=self.ruling)


def answer_json(answer: Answer) -> Any:
    """An answer in the form a check holds (``rulings.reference_json``); None for an error or a gap."""
    if answer.kind == "result":
        return answer.output
    if answer.kind == "refused" and answer.error is not None:
        named = {"field": answer.error.field} if answer.error.field is not None else {"rule": answer.error.rule}
        return {"error": {"kind": str(answer.error.kind), **named}}
    return None


def explained(game: Game, difference: Difference, b: Side) -> Difference:
    """The difference with the first ruling switch (not one of B's own) under which the reference answers as B."""
    got = answer_json(difference.b)
    if got is None:
        return difference
    found = explaining(game, difference.operation, difference.request, difference.rulings_b, got, set(b.switches))
    return dataclasses.replace(difference, ruling=found[0]) if found else difference


def compare(a: Side, b: Side, operation: str, request: object, drawn: object) -> Difference | None:
    """Ask both sides under the drawn rulings (each with its own switches); the difference, if any."""
    rulings_a, rulings_b = a.rulings_for(drawn), b.rulings_for(drawn)
    one = ask(a, operation, request, rulings_a)
    two = ask(b, operation, request, rulings_b)
    return None if one.matches(two) else Difference(operation, request, rulings_a, rulings_b, one, two)
