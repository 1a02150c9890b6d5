"""Which rulings a part of a function of the reference reads: an edit there may misread the ruling, not only its rule.

A guard or a step that reads a ruling (``rulings.bonus_earners``, directly or through a local name set from it:
``open_earners = rulings.bonus_earners is BonusEarners.ANY``, or a local helper reading one: ``top(PIRACY_VP_MAX)``)
states the ruling beside the rule it cites or names, so ``edits`` lets a misreading of that part misread either;
``blame`` takes the ruling's clause only where another of its alternatives answers as the implementation did
(``_stating``), so a Bible translation refused under ``any`` where the voyages are widened misreads HIS-RULING-6 in
the Bible's guard, not the HIS-BONUS-9 it cites.
"""

from __future__ import annotations

import ast
import dataclasses
import functools

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.rulings import ruling_clause


@functools.cache
def ruling_fields(key: str) -> dict[str, str]:
    """Each ruling field of the game to the clause it settles."""
    rulings = registry.game(key).rulings
    return {found.name: ruling_clause(rulings, found.name) for found in dataclasses.fields(rulings)}


def _read(node: ast.AST, fields: dict[str, str], names: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The clauses of the rulings ``node`` reads: ``rulings.<field>``, or a local name set from one."""
    found: list[str] = []
    for part in ast.walk(node):
        if isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) and part.value.id == "rulings":
            found += [fields[part.attr]] if part.attr in fields else []
        elif isinstance(part, ast.Name) and isinstance(part.ctx, ast.Load):
            found += names.get(part.id, ())
    return tuple(dict.fromkeys(found))


def ruling_reads(function: ast.FunctionDef, fields: dict[str, str]) -> dict[int, tuple[str, ...]]:
    """Each node of the function (by ``id``) that reads a ruling to the clauses of the rulings it reads."""
    names: dict[str, tuple[str, ...]] = {}
    for statement in ast.walk(function):
        if isinstance(statement, ast.Assign) and all(isinstance(t, ast.Name) for t in statement.targets):
            read = _read(statement.value, fields, names)
            names |= {target.id: read for target in statement.targets if isinstance(target, ast.Name) and read}
        elif isinstance(statement, ast.FunctionDef) and statement is not function:  # a helper: ``top(limit)``
            read = _read(statement, fields, names)
            names |= {statement.name: read} if read else {}
    found: dict[int, tuple[str, ...]] = {}
    for node in ast.walk(function):
        read = _read(node, fields, names)
        if read:
            found[id(node)] = read
    return found
