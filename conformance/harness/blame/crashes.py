"""One crash over many rules' checks: the same exception of one operation, from one slip, blamed on one clause.

An implementation that throws on some legal input (a sum over an empty list with no start value, a field of an
empty slot read) throws the same exception, message and place alike, in every check that sends such an input,
whatever rule each check is primary to. Those errors are one fault. It is blamed on the clause that speaks of what
every crashing request has and no accepted request the run passed has: a field empty or null (``regions`` ``[]``:
the clause counting the markers on the map, which says that an empty map counts none), or a list of players' entries
that leaves a player of another such list out (an empire without an order). That clause is the one with a sentence
naming the field as empty or left out that neither refuses nor says what is checked (the legal input the crash came
on), among the checks' rules; else the one of them naming the field at all; else the spec's one such sentence's;
else, for a list every crashing request holds longer than any passed request does, the rule of the vectors refusing
it for its length. Otherwise (an operation that crashes whatever it is asked among them) the crash is blamed on the
rule most of its vectors are primary to, its first in the run's order on a tie.
"""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from typing import Any, cast

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.blame.fields import elected, unindexed
from rulespec.conformance.harness.blame.kept import kept
from rulespec.conformance.harness.blame.sentences import clause_texts, speaking_of
from rulespec.conformance.harness.blame.weighed import passed_cases
from rulespec.conformance.harness.records import CheckRecord, own_detail
from rulespec.conformance.harness.vectors import LoadedCase, load_game
from rulespec.conformance.harness.verdict import Outcome
from rulespec.conformance.harness.wire.faults import Fault


def crash(record: CheckRecord) -> str | None:
    """The record's exception as one line (its message and where it was thrown alike in every check one slip throws
    in), or None where the record is no exception of the implementation (over the wire, or in process: ``label.op
    raised``). An ``errored`` reply's stack is cut after its first frame: the frames below name the callers, which
    differ where one operation reaches the slip by two paths (the maintenance of a war and of a maintenance phase)."""
    if record.outcome != Outcome.ERROR.value or record.operation is None:
        return None
    line = own_detail(record).split("\n  request:", 1)[0]  # a re-derived vector's crash is the same crash
    if line.startswith(f"{Fault.EXCEPTION.value}: "):  # the message, then the context as JSON (wire/subject.py)
        return _NEWLINE.join(line.split(_NEWLINE)[:2])  # a stack's newlines are escaped in the JSON: its first frame
    return line if re.match(rf"\S+\.{re.escape(record.operation)} raised ", line) else None


_NEWLINE = "\\n"  # a newline inside a JSON string, as the context's text writes it


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
    """The one clause that speaks of a field every crashing request has empty (or short of a key) and no accepted
    request the run passed has: those of the crash's operation, else (an operation none of whose accepted vectors
    passed) those of the game's other operations that hold the field, each field judged only by requests holding it."""
    asked = [other.request for other in alike if other.request is not None]
    accepted = [loaded for loaded in passed_cases(among, game) if loaded.case.error is None]
    operations = {other.operation for other in alike}
    contrast = [loaded.case.input for loaded in accepted if loaded.operation in operations]
    contrast = contrast or [loaded.case.input for loaded in accepted]
    if not asked or not contrast:  # nothing of the game answered: nothing tells the crashing requests apart
        return None
    shared: set[str] = set(_features(asked[0])).intersection(*(set(_features(request)) for request in asked[1:]))
    judged = {path for path in shared if any(_top(path) in request for request in contrast)}
    shared = judged.difference(*(set(_features(request)) for request in contrast))
    rules = {rule for other in alike for rule in other.rules}
    names = {path.rsplit(".", 1)[-1].removesuffix("[]") for path in shared}
    emptied = {rule for name in names for rule in speaking_of(game, name, _EMPTY)}
    named = {
        rule for rule, text in clause_texts(game).items() if rule in rules for name in names if f"`{name}`" in text
    }
    for found in (emptied & rules, named, emptied):  # the checks' own clauses first; the whole spec's last
        if found:
            return found.pop() if len(found) == 1 else None
    return _bounding(game, asked, contrast)


def _bounding(game: str, asked: Sequence[Any], contrast: Sequence[Any]) -> str | None:
    """For a list every crashing request holds longer than any passed request holds it (a port that supports fewer
    players than the game allows), the rule of the vectors refusing that list for being longer than any accepted
    vector's (its count's bound)."""
    found: set[str] = set()
    for name in cast(dict[str, Any], asked[0]) if isinstance(asked[0], dict) else ():
        held = [len(cast(Sequence[Any], request[name])) for request in contrast if _listed(request, name)]
        longer = all(_listed(request, name) and len(request[name]) > max(held, default=-1) for request in asked)
        rule = _too_long(game).get(name) if held and longer else None
        found |= {rule} if rule else set()
    return found.pop() if len(found) == 1 else None


@functools.cache
def _too_long(game: str) -> dict[str, str]:
    """Each request list a rule's vectors refuse for its length: refused whole, longer than the field is in any
    accepted vector, and never at a length accepted vectors hold (a count's bound: fewer than 2 or more than 7
    players; not any seeding at the third war, refused at lengths accepted elsewhere), to that rule."""
    held: defaultdict[str, set[int]] = defaultdict(set)
    for loaded in _accepted(game).values():
        for name in loaded.case.input:
            if _listed(loaded.case.input, name):
                held[name].add(len(loaded.case.input[name]))
    refused: defaultdict[tuple[str, str], set[int]] = defaultdict(set)
    for loaded in load_game(registry.game(game)):
        error, asked = loaded.case.error, loaded.case.input
        whole = error.field if error is not None else None  # the list refused whole, its count
        if whole is not None and whole in held and loaded.case.rules and _listed(asked, whole):
            refused[whole, loaded.case.rules[0]].add(len(asked[whole]))
    votes: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for (name, rule), lengths in refused.items():
        low, high = min(held[name]), max(held[name])
        if max(lengths) > high and all(length < low or length > high for length in lengths):
            votes[name][rule] += 1
    return elected(votes)


def _listed(request: Any, name: str) -> bool:
    """Whether the request holds a list under ``name``."""
    return isinstance(request, dict) and isinstance(cast(dict[str, Any], request).get(name), list | tuple)


# a sentence speaking of a field as empty, null or left out
_EMPTY = re.compile(r"\bnull\b|`\[\]`|\bempty\b|\bnone\b|\bnothing\b|\bwithout\b")


def _most(alike: Sequence[CheckRecord]) -> str:
    """The rule most of the crash's vectors (else its checks) are primary to, the first in the run's order on a tie."""
    vectors = [other for other in alike if other.kind == "vector"] or list(alike)
    votes = Counter(other.primary_rule for other in vectors)
    top = max(votes.values())
    return next(other.primary_rule for other in vectors if votes[other.primary_rule] == top)


def _features(value: Any, path: str = "") -> Iterator[str]:
    """The paths (indices dropped) in a request where a list is empty or a value is null, and those of a list of
    entries keyed like a sibling list that leaves out a key of it (``orders`` without an order for each empire's
    ``player``)."""
    if value is None or (isinstance(value, list | tuple) and not value):  # a report's lists, or a request's tuples
        yield unindexed(path)
    elif isinstance(value, dict):
        fields = cast(dict[str, Any], value)
        for key, inner in fields.items():
            yield from _features(inner, f"{path}.{key}" if path else key)
        for key in _short(fields):
            yield unindexed(f"{path}.{key}" if path else key)
    elif isinstance(value, list | tuple):
        for index, inner in enumerate(cast(Sequence[Any], value)):
            yield from _features(inner, f"{path}[{index}]")


def _short(fields: dict[str, Any]) -> Iterator[str]:
    """The fields of an object holding a player's (or a power's) entries that leave out a player another such field
    of the object has."""
    keyed = {name: _keys(inner) for name, inner in fields.items()}
    for name, keys in keyed.items():
        if any(keys and others and keys[0] == others[0] and others[1] - keys[1] for others in keyed.values()):
            yield name


def _keys(value: Any) -> tuple[str, frozenset[str]] | None:
    """For a non-empty list of a player's (or a power's) entries, that field's name and values; else None."""
    if not isinstance(value, list | tuple) or not value:
        return None
    listed = cast(Sequence[object], value)
    if not all(isinstance(entry, dict) for entry in listed):
        return None
    entries = cast(Sequence[dict[str, Any]], listed)
    for key in ("player", "power"):  # a player's or a power's entries: one per player where the game has one
        if all(isinstance(entry.get(key), str) for entry in entries):
            return key, frozenset(str(entry[key]) for entry in entries)
    return None


@functools.cache
def _accepted(game: str) -> dict[str, LoadedCase]:
    """The game's vectors that expect a result (not a refusal), by id."""
    return {loaded.case.id: loaded for loaded in load_game(registry.game(game)) if loaded.case.error is None}


def _top(path: str) -> str:
    """The request's own field a path starts at (``regions`` of ``regions[].control``)."""
    return path.split(".", 1)[0].removesuffix("[]")
