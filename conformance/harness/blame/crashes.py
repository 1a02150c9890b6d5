"""One crash over many rules' checks: the same exception of one operation, from one slip, blamed on one clause.

An implementation that throws on some legal input (a sum over an empty list with no start value, a field of an
empty slot read) throws the same exception, message and place alike, in every check that sends such an input,
whatever rule each check is primary to. Those errors are one fault. It is blamed on the clause that speaks of what
every crashing request has empty and no accepted request the run passed has (``regions`` ``[]``: the clause counting
the markers on the map, which says that an empty map counts none), where one clause of the checks' rules names that
field; else (an operation that crashes whatever it is asked among them) on the rule most of the crash's vectors are
primary to, its first in the run's order on a tie.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, cast

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.blame.fields import unindexed
from rulespec.conformance.harness.blame.kept import kept
from rulespec.conformance.harness.blame.weighed import weighed
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.vectors import LoadedCase, load_game
from rulespec.conformance.harness.verdict import Outcome
from rulespec.conformance.harness.wire.faults import Fault


def crash(record: CheckRecord) -> str | None:
    """The record's exception as one line (message and stack alike in every check one slip throws in), or None
    where the record is no exception of the implementation (over the wire, or in process: ``label.op raised``)."""
    if record.outcome != Outcome.ERROR.value:
        return None
    line = record.detail.split("\n  request:", 1)[0]
    wire = line.startswith(f"{Fault.EXCEPTION.value}: ")
    return line if wire or f".{record.operation} raised " in line else None


def crash_rule(record: CheckRecord, among: Sequence[CheckRecord]) -> str | None:
    """The one clause a crash thrown alike in the checks of several rules is blamed on (None where the crash is one
    rule's alone, or the record no crash); each crash of the run weighed once (kept for the same run, asked again)."""
    thrown = crash(record)
    if thrown is None or not among:  # without the run, no crash is weighed (nor the cache of the run's given up)
        return None
    blamed = kept("crashes", among, dict[tuple[str, str, str], str | None])  # each crash weighed once a run
    # one operation's: a wire exception's words may be generic ("internal error"), the same for two slips elsewhere
    key = (record.game, record.operation or "", thrown)
    if key not in blamed:
        alike = [other for other in among if (other.game, other.operation or "", crash(other)) == key] or [record]
        several = len({other.primary_rule for other in alike}) >= 2
        blamed[key] = (_named(record.game, alike, among) or _most(alike)) if several else None
    return blamed[key]


def _named(game: str, alike: Sequence[CheckRecord], among: Sequence[CheckRecord]) -> str | None:
    """The one clause of the crashing checks' rules that names a field every crashing request has empty and no
    accepted request of those operations the run passed has."""
    asked = [other.request for other in alike if other.request is not None]
    contrast = list(_passed_inputs(game, {other.operation for other in alike}, weighed(among).passed.get(game, set())))
    if not asked or not contrast:  # an operation that never answered: nothing tells its crashing requests apart
        return None
    shared: set[str] = set(_empty(asked[0])).intersection(*(set(_empty(request)) for request in asked[1:]))
    for passed in contrast:
        shared -= set(_empty(passed))
    rules = {rule for other in alike for rule in other.rules}
    names = {path.rsplit(".", 1)[-1].removesuffix("[]") for path in shared}
    naming = {rule for rule, text in _texts(game).items() if rule in rules for name in names if f"`{name}`" in text}
    return naming.pop() if len(naming) == 1 else None


@functools.cache
def _texts(game: str) -> dict[str, str]:
    """Each clause of the game's spec, by ID."""
    return {clause.id: clause.text for clause in read_clauses(registry.game(game).spec_path)}


def _most(alike: Sequence[CheckRecord]) -> str:
    """The rule most of the crash's vectors (else its checks) are primary to, the first in the run's order on a tie."""
    vectors = [other for other in alike if other.kind == "vector"] or list(alike)
    votes = Counter(other.primary_rule for other in vectors)
    top = max(votes.values())
    return next(other.primary_rule for other in vectors if votes[other.primary_rule] == top)


def _empty(value: Any, path: str = "") -> Iterator[str]:
    """The paths (indices dropped) in a request where a list is empty or a value is null."""
    if value is None or (isinstance(value, list | tuple) and not value):  # a report's lists, or a request's tuples
        yield unindexed(path)
    elif isinstance(value, dict):
        for key, inner in cast(dict[str, Any], value).items():
            yield from _empty(inner, f"{path}.{key}" if path else key)
    elif isinstance(value, list | tuple):
        for index, inner in enumerate(cast(Sequence[Any], value)):
            yield from _empty(inner, f"{path}[{index}]")


@functools.cache
def _accepted(game: str) -> dict[str, LoadedCase]:
    """The game's vectors that expect a result (not a refusal), by id."""
    return {loaded.case.id: loaded for loaded in load_game(registry.game(game)) if loaded.case.error is None}


def _passed_inputs(game: str, operations: set[str | None], passed: Iterable[str]) -> Iterator[Any]:
    """The inputs of the accepted vectors of those operations the run passed."""
    for case_id in passed:
        loaded = _accepted(game).get(case_id)
        if loaded is not None and loaded.operation in operations:
            yield loaded.case.input
