"""Which names in the reference carry nothing but refusal diagnostics.

The suite judges a refusal by its kind and its field or rule, never by its prose (see
``mutation_score``), so a mutant that changes only what reaches those unjudged arguments
cannot be killed. The value may get there directly, through a local name
(``rule = ...`` then ``refuse(path, value, reason, rule)``), or through a parameter of a
helper (``check_debate(bonus, at)``, whose ``at`` appears only in its refusals' reasons).
This module follows names through one function and into the functions it calls, in its
own module or imported from another module of the reference, and says which of them
are *quiet*: every use of them ends in an unjudged argument of a refusal.

It is conservative: a name rebound in any other way, a call through anything but a
plain name, or an argument after a ``*args`` counts as judged.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

# a call's unjudged argument slots: (positions, keywords)
Slots = tuple[frozenset[int], frozenset[str]]
NO_SLOTS: Slots = (frozenset(), frozenset())
Function = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass
class _Module:
    functions: dict[str, Function]
    imported: dict[str, tuple[str, str]]  # local name -> (module, name there)


@dataclass
class Flow:
    """Quiet names, found on demand across the reference's modules under ``root``."""

    root: Path
    refusals: Mapping[str, Slots]  # the refusals and their unjudged arguments
    _modules: dict[str, _Module | None] = field(default_factory=dict[str, "_Module | None"])
    _slots: dict[tuple[str, str], Slots] = field(default_factory=dict[tuple[str, str], Slots])
    _parents: dict[int, dict[int, ast.AST]] = field(default_factory=dict[int, dict[int, ast.AST]])

    def _module(self, name: str) -> _Module | None:
        if name not in self._modules:
            path = self.root.joinpath(*name.split(".")).with_suffix(".py")
            self._modules[name] = _read(path) if path.is_file() else None
        return self._modules[name]

    def _callee(self, module: str, name: str) -> tuple[str, Function] | None:
        found = self._module(module)
        if found is None:
            return None
        if name in found.functions:
            return module, found.functions[name]
        if name in found.imported:
            there, real = found.imported[name]
            target = self._module(there)
            if target is not None and real in target.functions:
                return there, target.functions[real]
        return None

    def slots(self, module: str, call: ast.Call) -> Slots:
        """The argument slots of ``call`` (made in ``module``) whose values reach only diagnostics."""
        if not isinstance(call.func, ast.Name):
            return NO_SLOTS
        name = call.func.id
        if name in self.refusals:
            return self.refusals[name]
        callee = self._callee(module, name)
        if callee is None:
            return NO_SLOTS
        key = (callee[0], name)
        if key not in self._slots:
            self._slots[key] = NO_SLOTS  # while being worked out (recursion): judged
            self._slots[key] = self._quiet_parameters(*callee)
        return self._slots[key]

    def _quiet_parameters(self, module: str, function: Function) -> Slots:
        arguments = function.args
        positional = [*arguments.posonlyargs, *arguments.args]
        quiet = {a.arg for a in (*positional, *arguments.kwonlyargs) if self.is_quiet(module, function, a.arg)}
        return frozenset(i for i, a in enumerate(positional) if a.arg in quiet), frozenset(quiet)

    def in_quiet_slot(self, module: str, call: ast.Call, child: ast.AST) -> bool:
        """Whether ``child``, an argument of ``call``, reaches only diagnostics."""
        positions, keywords = self.slots(module, call)
        for index, argument in enumerate(call.args):
            if isinstance(argument, ast.Starred):
                return False  # positions after it are unknown
            if argument is child:
                return index in positions
        return any(child is keyword and keyword.arg in keywords for keyword in call.keywords)

    def is_quiet(self, module: str, function: Function, name: str) -> bool:
        """Whether ``name`` (a parameter or local of ``function``) is bound only by ``=``.

        And read only into diagnostics.
        """
        parents = self._parents_of(function)
        for node in ast.walk(function):
            if isinstance(node, ast.Name) and node.id == name:
                if isinstance(node.ctx, ast.Load):
                    if not self._reaches_only_diagnostics(module, node, parents):
                        return False
                elif not _plain_assignment(parents.get(id(node)), node):
                    return False
            elif isinstance(node, ast.arg) and node.arg == name and not _is_parameter_of(function, node):
                return False  # a lambda's or nested function's parameter of the same name
        return True

    def quiet_assignment(self, module: str, function: Function, statement: ast.AST, child: ast.AST) -> bool:
        """Whether ``child`` is the value of ``statement``, a plain assignment to a quiet name of ``function``."""
        if isinstance(statement, ast.Assign) and child is statement.value and len(statement.targets) == 1:
            target = statement.targets[0]
            return isinstance(target, ast.Name) and self.is_quiet(module, function, target.id)
        if isinstance(statement, ast.AnnAssign) and child is statement.value and isinstance(statement.target, ast.Name):
            return self.is_quiet(module, function, statement.target.id)
        return False

    def quiet_default(self, module: str, function: Function, arguments: ast.arguments, child: ast.AST) -> bool:
        """Whether ``child`` is the default value of a quiet parameter of ``function``."""
        positional = [*arguments.posonlyargs, *arguments.args]
        with_default = positional[len(positional) - len(arguments.defaults) :]
        pairs: list[tuple[ast.arg, ast.expr | None]] = [
            *zip(with_default, arguments.defaults),
            *zip(arguments.kwonlyargs, arguments.kw_defaults),
        ]
        return any(child is default and self.is_quiet(module, function, parameter.arg) for parameter, default in pairs)

    def _reaches_only_diagnostics(self, module: str, node: ast.AST, parents: dict[int, ast.AST]) -> bool:
        child, parent = node, parents.get(id(node))
        while parent is not None and not isinstance(parent, ast.stmt):
            if isinstance(parent, ast.Call) and self.in_quiet_slot(module, parent, child):
                return True
            child, parent = parent, parents.get(id(parent))
        return False

    def _parents_of(self, function: Function) -> dict[int, ast.AST]:
        if id(function) not in self._parents:
            self._parents[id(function)] = {
                id(child): node for node in ast.walk(function) for child in ast.iter_child_nodes(node)
            }
        return self._parents[id(function)]


def _plain_assignment(statement: ast.AST | None, target: ast.Name) -> bool:
    """``name = value`` or ``name: T = value``, binding the name alone."""
    if isinstance(statement, ast.Assign):
        return len(statement.targets) == 1 and statement.targets[0] is target
    return isinstance(statement, ast.AnnAssign) and statement.target is target and statement.value is not None


def _is_parameter_of(function: Function, argument: ast.arg) -> bool:
    arguments = function.args
    return any(argument is a for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs))


def _read(path: Path) -> _Module:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    functions: dict[str, Function] = {}
    imported: dict[str, tuple[str, str]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions[node.name] = node
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            for alias in node.names:
                imported[alias.asname or alias.name] = (node.module, alias.name)
    return _Module(functions, imported)
