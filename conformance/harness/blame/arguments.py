"""An argument given another value of its kind: a port that asks a helper about the wrong one of two cards.

A function of the reference that passes a value to one of the reference's own helpers (``gets_unrest(replacement,
rulings)``) may be ported passing another value of the same kind that it also holds (the acquired card, ``slot.card``:
the unrest slid by the wrong card's suit). The kind is the annotation of the helper's parameter; the values of a kind
are the function's own parameters annotated with it and what it passes to parameters annotated with it. Such a
misreading misreads the clause of the step around the call, else what the helper's docstring names: what the helper
decides about its argument.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from rulespec.conformance.harness.spec import find_rule_ids


@dataclass(frozen=True)
class Helper:
    """One function of the reference as its callers see it: its parameters' kinds and the clauses it decides."""

    kinds: tuple[str | None, ...]  # each parameter's annotation, as written (None: unannotated)
    names: tuple[str, ...]  # each parameter's name, for an argument given by keyword
    clauses: tuple[str, ...]  # what its docstring names


def helpers(functions: Iterable[ast.FunctionDef]) -> dict[str, Helper]:
    """Each function of the reference by its name (a name two modules define is nobody's: left out)."""
    found: dict[str, Helper] = {}
    seen: set[str] = set()
    for function in functions:
        parameters = [*function.args.posonlyargs, *function.args.args]
        helper = Helper(
            tuple(ast.unparse(p.annotation) if p.annotation else None for p in parameters),
            tuple(p.arg for p in parameters),
            find_rule_ids(ast.get_docstring(function) or ""),
        )
        if function.name in seen:
            found.pop(function.name, None)
        else:
            found[function.name] = helper
        seen.add(function.name)
    return found


def _passed(call: ast.Call, helper: Helper) -> Iterator[tuple[str, ast.expr]]:
    """Each value a call passes, with the kind of the parameter it is passed to."""
    for at, argument in enumerate(call.args[: len(helper.kinds)]):
        kind = helper.kinds[at]
        if kind is not None and not isinstance(argument, ast.Starred):
            yield kind, argument
    for keyword in call.keywords:
        if keyword.arg in helper.names:
            kind = helper.kinds[helper.names.index(keyword.arg)]
            if kind is not None:
                yield kind, keyword.value


def _value(node: ast.expr) -> bool:
    """A value the function holds, as written: a name or a field of one (``replacement``, ``slot.card``)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def values_of_kinds(function: ast.FunctionDef, known: Mapping[str, Helper]) -> dict[str, list[str]]:
    """Each kind to the values of it the function holds: its parameters annotated so, and what it passes as such."""
    found: dict[str, list[str]] = {}
    for parameter in [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]:
        if parameter.annotation is not None:
            found.setdefault(ast.unparse(parameter.annotation), []).append(parameter.arg)
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in known:
            for kind, argument in _passed(node, known[node.func.id]):
                values = found.setdefault(kind, [])
                written = ast.unparse(argument)
                if _value(argument) and written not in values:
                    values.append(written)
    return found


def other_arguments(call: ast.Call, helper: Helper, values: Mapping[str, Sequence[str]]) -> Iterator[ast.Call]:
    """The call with one value it passes replaced by another value of the same kind the function holds."""
    for kind, argument in _passed(call, helper):
        for other in values.get(kind, ()) if _value(argument) else ():
            if other != ast.unparse(argument):
                read = ast.parse(other, mode="eval").body
                args = [read if a is argument else a for a in call.args]
                keywords = [ast.keyword(k.arg, read) if k.value is argument else k for k in call.keywords]
                yield ast.Call(call.func, args, keywords)
