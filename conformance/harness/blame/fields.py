"""The rule of a refused field, from the game's vectors: the primary rule of those refusing it (``field_rules``), in
an entry of one kind (``kind_rules``), or in another place (``field_rule``: the longest tail of its path)."""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict
from collections.abc import Mapping
from typing import TypeVar

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.blame.probed import at
from rulespec.conformance.harness.vectors import load_game

_INDEX = re.compile(r"\[\d+\]")
_K = TypeVar("_K")  # a field, or a field and a kind


def unindexed(path: str) -> str:
    """A field's path with its indices dropped (``empires[].population``): the same field in every entry."""
    return _INDEX.sub("[]", path)


@functools.cache
def field_rules(key: str) -> dict[str, str]:
    """Each field the game's vectors refuse (its indices dropped: ``empires[].population``) to the primary rule of
    those vectors, where one rule holds two thirds of them (``elected``: a split vote is no evidence)."""
    votes: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for loaded in load_game(registry.game(key)):
        error = loaded.case.error
        if error is not None and error.field and loaded.case.rules:
            votes[unindexed(error.field)][loaded.case.rules[0]] += 1
    return elected(votes)


@functools.cache
def kind_rules(key: str) -> dict[tuple[str, str], str]:
    """Each field of an entry that names its kind (``bonuses[].debater`` of a ``burned_debater``) to the primary rule
    of the vectors refusing it in an entry of that kind, where one rule has the most: the kinds' clauses split a
    field's vote that each kind's own vectors settle."""
    votes: defaultdict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for loaded in load_game(registry.game(key)):
        error = loaded.case.error
        kind = at(loaded.case.input, f"{error.field.rpartition('.')[0]}.kind") if error and error.field else None
        if error is not None and error.field and isinstance(kind, str) and loaded.case.rules:
            votes[unindexed(error.field), kind][loaded.case.rules[0]] += 1
    return elected(votes)


def elected(votes: Mapping[_K, Counter[str]]) -> dict[_K, str]:
    """Each key to the rule holding two thirds of its votes or more: a field the vectors of two rules refuse about as
    often (``shuffles``: 5 for a draw if able, 4 for a required draw's orders) names neither, whichever has one more."""
    elected: dict[_K, str] = {}
    for name, counter in votes.items():
        rule, most = counter.most_common(1)[0]
        if 3 * most >= 2 * counter.total():
            elected[name] = rule
    return elected


def field_rule(key: str, field: str) -> str | None:
    """The rule of the game's vectors that refuse the field, else of those refusing the same field in another place
    (the longest tail of its path that one rule's vectors refuse: ``control[].markers`` of ``region`` for that of
    ``regions[]``)."""
    rules, named = field_rules(key), unindexed(field)
    if named in rules:
        return rules[named]
    steps = named.split(".")
    for start in range(1, len(steps)):
        tail = ".".join(steps[start:])
        found = {rule for known, rule in rules.items() if known.endswith(f".{tail}")}
        if found:
            return found.pop() if len(found) == 1 else None
    return None
