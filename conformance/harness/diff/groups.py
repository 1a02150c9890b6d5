"""What differs between two answers, as the key ``rulespec diff`` groups its differences by.

Two results differ at a set of JSON paths into the output (``scores[*].total``); two refusals,
or a refusal and a result, differ by what each side said (``IllegalAction HIS-BONUS-3`` against
``result``). Array indices are written ``[*]``: the same fault shown by another player or another
card is the same difference, so it is one group, shrunk and shown once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, cast

_INDEX = re.compile(r"\[\d+\]")


def general(path: str) -> str:
    """``history[3].totals[0].vp`` -> ``history[*].totals[*].vp``."""
    return _INDEX.sub("[*]", path)


def differing_paths(one: object, two: object, at: str = "") -> set[str]:
    """The JSON paths where two decoded JSON values differ; a list of another length differs as a whole."""
    found: set[str] = set()
    if isinstance(one, dict) and isinstance(two, dict):
        left_map: dict[str, Any] = cast(dict[str, Any], one)
        right_map: dict[str, Any] = cast(dict[str, Any], two)
        for key in sorted(set(left_map) | set(right_map)):
            where = f"{at}.{key}" if at else key
            found |= differing_paths(left_map.get(key), right_map.get(key), where)
        return found
    if isinstance(one, list) and isinstance(two, list):
        left_list = list(cast(Iterable[Any], one))
        right_list = list(cast(Iterable[Any], two))
        if len(left_list) != len(right_list):
            return {at or "$"}
        for index, (left, right) in enumerate(zip(left_list, right_list)):
            found |= differing_paths(left, right, f"{at}[{index}]")
        return found
    if isinstance(one, bool) != isinstance(two, bool) or one != two:  # JSON's true is not 1
        return {at or "$"}
    return set()


@dataclass(frozen=True, order=True)
class Group:
    """One kind of difference of one operation: the paths two results differ at, or what each side said."""

    operation: str
    what: str  # "output scores[*].total, winner" or "IllegalAction HIS-BONUS-3 vs result"

    def __str__(self) -> str:
        return self.what


def group_of(operation: str, a_kind: str, a_said: str, b_kind: str, b_said: str, a_output: Any, b_output: Any) -> Group:
    """The group of a difference between side A's and side B's answers."""
    if a_kind == b_kind == "result":
        paths = sorted({general(path) for path in differing_paths(a_output, b_output)})
        return Group(operation, "output " + ", ".join(paths))
    return Group(operation, f"{general(a_said)} vs {general(b_said)}")
