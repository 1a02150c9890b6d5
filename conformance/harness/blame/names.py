"""A name the spec says is a name like any other, answered otherwise: the clause saying so.

A port that keys a table by the players' names meets a name its language treats as special (``__proto__`` in a
JavaScript object, a number-like name in a map that sorts its keys) and answers that player wrong, whatever the rule a
check is primary to. The spec names such names in a sentence that neither refuses nor says what is checked (SOE-GAME-2:
any string is a name, `__proto__` included). Where every failing check of an operation holds such a name, one clause
names it, and no vector of that operation holding it passed in the run, the failure is that clause's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

from rulespec.conformance.harness.blame.kept import kept
from rulespec.conformance.harness.blame.sentences import speaking_of
from rulespec.conformance.harness.blame.weighed import passed_cases
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verdict import Outcome

_NAMED = ("player", "players", "holder", "name")  # the keys whose strings are names (a list of names: ``players``)
_A_NAME = re.compile(r"\bnames?\b")  # a sentence about names, not one quoting the same string as a value


def named_clause(record: CheckRecord, among: Sequence[CheckRecord]) -> str | None:
    """The one clause naming a name every failing check of the operation holds, as a name like any other, where the
    run passed vectors of the operation, none holding that name (None: no such name, or no run to weigh it against)."""
    if record.outcome != Outcome.FAILED.value or not among or record.operation is None:
        return None
    passed = _passed_names(record.game, record.operation, among)
    if not passed:
        return None  # the operation answered no name right: nothing sets one name apart
    found = {
        clause
        for name in _shared_names(record.game, record.operation, among) - passed
        if _answered_wrong(record, name) and len(clauses := speaking_of(record.game, name, _A_NAME)) == 1
        for clause in clauses
    }
    return found.pop() if len(found) == 1 else None


_ENTRY = re.compile(r"\$\.(\w+)\[(\d+)\]")  # an entry of a list of the answer: ``$.empires[3]``
_MISFIT_AT = re.compile(r"at `(\$[^`]*)`")  # where the harness says an output's type was refused


def _answered_wrong(record: CheckRecord, name: str) -> bool:
    """Whether a difference of the answer (or the field its type refused) lies in the entry of that name: the entry
    at that place of the request's list of the same key, else of its ``players`` (a result's awards)."""
    paths = [difference.path for difference in record.differences] + _MISFIT_AT.findall(record.detail)
    request: Any = record.request
    asked = cast(dict[str, Any], request) if isinstance(request, dict) else {}
    for found in filter(None, (_ENTRY.match(path) for path in paths)):
        entries: Any = asked.get(found[1], asked.get("players"))
        at = int(found[2])
        listed = cast(list[Any], entries) if isinstance(entries, (list, tuple)) else []
        if at < len(listed) and name in set(_names(listed[at], "player")):
            return True
    return False


def _names(value: Any, key: str = "") -> Iterator[str]:
    """Every string the request holds under a key of names, at any depth."""
    if isinstance(value, str) and key in _NAMED:
        yield value
    elif isinstance(value, dict):
        for inner, item in cast(dict[str, Any], value).items():
            yield from _names(item, inner)
    elif isinstance(value, (list, tuple)):
        for item in cast(list[Any], value):
            yield from _names(item, key)


def _shared_names(game: str, operation: str, among: Sequence[CheckRecord]) -> frozenset[str]:
    """The names every failing check of the operation holds in its request: a name that sets the failures apart, not
    one a single failure happens to hold (``kept`` for the run, per operation)."""

    def work_out() -> frozenset[str]:
        failing = [
            frozenset(_names(r.request))
            for r in among
            if (r.game, r.operation) == (game, operation) and r.outcome == Outcome.FAILED.value
        ]
        return frozenset[str].intersection(*failing) if failing else frozenset[str]()

    return _by_operation(among, ("shared", game, operation), work_out)


def _passed_names(game: str, operation: str, among: Sequence[CheckRecord]) -> frozenset[str]:
    """The names the run's passed vectors of the operation hold (``kept`` for the run, per operation)."""

    def work_out() -> frozenset[str]:
        return frozenset(name for loaded in passed_cases(among, game, operation) for name in _names(loaded.case.input))

    return _by_operation(among, ("passed", game, operation), work_out)


def _by_operation(
    among: Sequence[CheckRecord], key: tuple[str, str, str], work_out: Callable[[], frozenset[str]]
) -> frozenset[str]:
    """The names of ``key`` for the run, worked out once: one ``kept`` table for the run, whatever the operation."""
    table: dict[tuple[str, str, str], frozenset[str]] = kept("names", among, dict[tuple[str, str, str], frozenset[str]])
    if key not in table:
        table[key] = work_out()
    return table[key]
