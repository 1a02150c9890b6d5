"""A member of one of the reference's enumerations typed as another of its kind: in a published list, or as a label.

A module constant of the reference that lists members of one enumeration (``SEAFARERS = frozenset({Power.ENGLAND,
Power.FRANCE, Power.HABSBURGS})``: the powers a ruling lets voyage) is a table a port copies by hand; copied wrong,
it holds the Papacy in place of the Habsburgs, or leaves one out. Each such variant is written as the literal it
would be, for ``nodes`` to put where a function reads the constant; its clause is the one the constant's line names.

A table's member filed under another key (``filed_elsewhere``: England's line on the Protestants' sheet) is a
table copied wrong too.

A member given to a call (``Outcome(..., Decider.SCORE)``: the label an answer carries) is typed by a port line by
line, and a line copied from the one above keeps that line's label (``Decider.UNREST``). Each other member of its
enumeration is such a misreading (``labels``); its clause is the one the enumeration's ``class`` line names, the
clause that says when each label is given, else the clause of the step that gives it.
"""

from __future__ import annotations

import ast
import copy
import enum
import functools
import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path

from rulespec.conformance.harness.spec import find_rule_ids


def _members(value: ast.expr) -> list[ast.expr] | None:
    """The elements of a literal collection (``frozenset({...})``, a set, a tuple, a list), else None."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "frozenset":
        return _members(value.args[0]) if len(value.args) == 1 and not value.keywords else None
    return list(value.elts) if isinstance(value, (ast.Set, ast.Tuple, ast.List)) else None


def _kind(elements: list[ast.expr]) -> str | None:
    """The enumeration every element names a member of (``Power`` of ``Power.ENGLAND``), None if they differ."""
    kinds = {e.value.id for e in elements if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name)}
    named = all(isinstance(e, ast.Attribute) for e in elements)
    return kinds.pop() if named and len(kinds) == 1 else None


def _with(value: ast.expr, elements: list[ast.expr]) -> ast.expr:
    """The literal ``value`` holding ``elements`` instead of its own."""
    written = copy.deepcopy(value)
    inner = written.args[0] if isinstance(written, ast.Call) else written
    assert isinstance(inner, (ast.Set, ast.Tuple, ast.List))
    inner.elts = elements
    if isinstance(inner, ast.Set) and not elements:  # ``{}`` is a dict: an empty set is written ``set()``
        return ast.Call(ast.Name("set", ast.Load()), [], [])
    return written


def _variants(value: ast.expr, elements: list[ast.expr], kind: type[enum.Enum], name: str) -> list[ast.expr]:
    held = {e.attr for e in elements if isinstance(e, ast.Attribute)}
    found: list[ast.expr] = []
    for at in range(len(elements)):
        found.append(_with(value, elements[:at] + elements[at + 1 :]))  # left out
        for member in kind:
            if member.name not in held:  # typed as another of its kind
                other = ast.Attribute(ast.Name(name, ast.Load()), member.name, ast.Load())
                found.append(_with(value, [*elements[:at], other, *elements[at + 1 :]]))
    return found


@functools.cache
def table_variants(module: str, path: str) -> dict[str, tuple[ast.expr, ...]]:
    """Each constant of the module that lists members of one enumeration, to its variants copied wrong."""
    found: dict[str, tuple[ast.expr, ...]] = {}
    for statement in ast.parse(Path(path).read_text(encoding="utf-8")).body:
        target = statement.targets[0] if isinstance(statement, ast.Assign) and len(statement.targets) == 1 else None
        target = statement.target if isinstance(statement, ast.AnnAssign) else target
        value = statement.value if isinstance(statement, (ast.Assign, ast.AnnAssign)) else None
        if not (isinstance(target, ast.Name) and target.id.isupper() and value is not None):
            continue
        elements = _members(value)
        name = _kind(elements) if elements else None
        kind = getattr(importlib.import_module(module), name, None) if name else None
        if elements and name and isinstance(kind, type) and issubclass(kind, enum.Enum):
            found[target.id] = tuple(_variants(value, elements, kind, name))
    return found


@functools.cache
def labels(module: str) -> dict[str, tuple[tuple[str, ...], str | None]]:
    """Each enumeration of the game's reference the module names, to its members and the clause its ``class`` line
    names (None: none)."""
    package = module.rpartition(".")[0]
    found: dict[str, tuple[tuple[str, ...], str | None]] = {}
    for name, kind in vars(importlib.import_module(module)).items():
        if isinstance(kind, type) and issubclass(kind, enum.Enum) and kind.__module__.startswith(f"{package}."):
            line = inspect.getsourcelines(kind)[0][0]
            named = find_rule_ids(line.partition("#")[2])
            found[name] = (tuple(member.name for member in kind), named[0] if named else None)
    return found


def label_variants(node: ast.Attribute, known: dict[str, tuple[tuple[str, ...], str | None]]) -> list[ast.expr]:
    """The label ``node`` (``Decider.SCORE``) typed as each other member of its enumeration."""
    kind = node.value.id if isinstance(node.value, ast.Name) else ""
    members = known[kind][0] if kind in known else ()
    return [ast.Attribute(ast.Name(kind, ast.Load()), m, ast.Load()) for m in members if m != node.attr]


def filed_elsewhere(node: ast.Dict) -> Iterator[ast.AST]:
    """A table's member filed under another key (England's Protestant spaces line on the Protestants' sheet): each
    member of one key's row moved to the end of another key's row."""
    rows = [value.elts for value in node.values if isinstance(value, ast.Tuple)]
    for source, row in enumerate(rows):
        for at in range(len(row)):
            for target in (other for other in range(len(rows)) if other != source):
                moved = [list(copy.deepcopy(members)) for members in rows]
                moved[target].append(moved[source].pop(at))
                yield ast.Dict(list(node.keys), [ast.Tuple(members, ast.Load()) for members in moved])
