"""The rule the reference cites refusing one field of a request, its number put out of range (``probed``).

An entry's VP is bounded by the clause of the entry's kind, a count by its own: asking the reference the same request
with that one number below the least and above the most any field may hold, and reading the rule its refusal of
that field cites, names the field's rule in that place without a table of fields.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.rulings import typed_question
from rulespec.conformance.harness.spec import read_clauses
from rulespec.reference.errors import InvalidState

_STEP = re.compile(r"(\w+)|\[(\d+)\]")
# numbers out of every range a count or a value may have: below the least, above the most. Only numbers: a name's
# refusals (blank, unknown, repeated) are each another check, and a probe would find one that is not the one misread
_PROBES = (-1, 10**6)


@functools.cache
def rule_ids(key: str) -> frozenset[str]:
    """The game's clause IDs."""
    return frozenset(clause.id for clause in read_clauses(registry.game(key).spec_path))


def at(request: Any, field: str) -> Any:
    """The value at the field's path in the request (None where there is none)."""
    node = request
    for name, index in _STEP.findall(field):
        node = _child(node, name or int(index))
    return node


@functools.lru_cache(maxsize=1024)
def probed(key: str, operation: str, request: str, rulings: str, field: str) -> str | None:
    """The rule the reference cites when it refuses ``field`` of this request with the field's number put out of
    range (each of ``_PROBES``), when every probe it refuses there cites the same one; None otherwise (a path not in
    the request or not to a whole number, no refusal there, or two rules)."""
    played, changed = registry.game(key), json.loads(request)
    steps = [name or int(index) for name, index in _STEP.findall(field)]
    parent: Any = changed
    for step in steps[:-1]:
        parent = _child(parent, step)
    if not steps or type(_child(parent, steps[-1])) is not int:
        return None
    rules: set[str] = set()
    for probe in _PROBES:
        parent[steps[-1]] = probe  # the same slot each time: the rest of the request stays as asked
        typed = typed_question(played, operation, changed, json.loads(rulings))
        if typed is None:
            continue
        try:
            played.reference_call(operation)(*typed)
        except InvalidState as refusal:
            if refusal.field == field and refusal.rule in rule_ids(key):
                rules.add(refusal.rule)
        except Exception:  # noqa: BLE001 - a probe the reference refuses otherwise tells nothing of this field
            continue
    return rules.pop() if len(rules) == 1 else None


def _child(node: Any, step: str | int) -> Any:
    """``node[step]`` where the JSON has it (an array a list, or a tuple as a run's own records hold it), else None."""
    if isinstance(step, str) and isinstance(node, dict):
        return node.get(step)  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    if isinstance(step, int) and isinstance(node, (list, tuple)) and step < len(node):  # pyright: ignore[reportUnknownArgumentType]
        return node[step]  # pyright: ignore[reportUnknownVariableType]
    return None
