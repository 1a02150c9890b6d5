"""Where two JSON answers differ: every differing path, each with both values, in the vectors' own terms."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, cast

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
