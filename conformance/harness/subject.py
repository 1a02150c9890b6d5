"""The implementation under test, whatever it is, behind one narrow interface.

A subject answers ``call(operation, request, rulings)`` with a typed result, raises
``InvalidState`` or ``IllegalAction`` when it refuses, ``NotImplementedOp`` for an
operation it does not offer and ``ImplementationError`` for anything else (a crash,
a result of the wrong shape). In-process Python implementations and out-of-process
ones speaking the wire protocol are both subjects, so every check runs on either.

A Python implementation (``--impl module:attr``) is loaded here with every mistake named (``load_impl``,
``check_impl``), but never in the harness's own process during ``verify``: the process that serves it
(wire/serve.py) loads it, and the preflight asks that process, so what the module does at import (an exit,
a thread, a patch, a ``chdir``) stays in its own process.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import sys
from typing import Any, Protocol

import msgspec

from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.vocabulary import close, did_you_mean
from rulespec.reference.errors import RuleError


class NotImplementedOp(Exception):
    """The subject does not offer this operation: reported as not implemented, never as passed."""

    def __init__(self, subject: str, operation: str) -> None:
        self.operation = operation
        super().__init__(f"not implemented: {subject} does not offer {operation!r}")


class ImplementationError(Exception):
    """The subject failed without a rules verdict: it crashed, hung or answered out of shape.

    ``costly`` marks a fault that cost time (a timeout, a crash and the restart after it): only these count
    toward the circuit breaker; an honest ``errored`` answer is the outcome of its own check alone.
    """

    costly = False
    # The outputs the fault came with, as read, so a check judges them where they already differ: an output of the
    # wrong shape (every field its type has and an unknown one beside them, or a value its type refuses, a null for
    # a 0), or the two results one request got (non-determinism). Empty: a field missing, or nothing readable.
    read_anyway: tuple[object, ...] = ()

    def reason(self) -> str:
        """What went wrong, every line of it, without the request (a check's record shows that apart)."""
        return str(self)

    def read_note(self) -> str:
        """What a failure read anyway adds at the end of its first line: the harness's own words alone, since blame
        reads them (``blame.shapes``); the reason whole where it quotes nothing of the implementation's."""
        return self.reason()


class Subject(Protocol):
    @property
    def label(self) -> str: ...

    def supports(self, operation: str) -> bool: ...

    def call(self, operation: str, request: object, rulings: object) -> Any: ...

    def close(self) -> None: ...


def conform_result(game: Game, operation: str, result: object, label: str) -> Any:
    """``result`` as the operation's result type, or ImplementationError saying why it is not one."""
    response = game.operation(operation).response
    try:
        return msgspec.convert(msgspec.to_builtins(result), response, strict=True)
    except (msgspec.ValidationError, TypeError) as exc:
        misfit = ImplementationError(
            f"{label}.{operation} returned {type(result).__name__}, not a valid {response.__name__}: {exc}"
        )
        if isinstance(exc, msgspec.ValidationError) and "missing required field" not in str(exc):
            misfit.read_anyway = (msgspec.to_builtins(result),)  # a value its type refuses: judged as given
        raise misfit from exc


class PythonSubject:
    """An implementation in this process: any object (or module) with the operations as callables."""

    def __init__(self, game: Game, target: object, label: str) -> None:
        self.game = game
        self.target = target
        self._label = label

    @property
    def label(self) -> str:
        return self._label

    def supports(self, operation: str) -> bool:
        return callable(getattr(self.target, operation, None))

    def call(self, operation: str, request: object, rulings: object) -> Any:
        if not self.supports(operation):
            raise NotImplementedOp(self._label, operation)
        function = getattr(self.target, operation)
        try:
            result = function(request, rulings)
        except RuleError:
            raise
        except Exception as exc:
            raise ImplementationError(f"{self._label}.{operation} raised {type(exc).__name__}: {exc}") from exc
        return conform_result(self.game, operation, result, self._label)

    def close(self) -> None:
        return None


class UsageProblem(ValueError):
    """What is wrong with the command line, in one line."""


def _import(spec: str, module_name: str) -> object:
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # as verify does: a project's own module loads from its checkout
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        missing = exc.name or module_name
        if not module_name.startswith(missing):
            raise UsageProblem(f"--impl {spec}: importing {module_name} failed: {exc}") from exc
        parent, _, leaf = missing.rpartition(".")
        try:
            where = getattr(importlib.import_module(parent), "__path__", None) if parent else None
        except Exception:  # noqa: BLE001 - only for a suggestion
            where = None
        known = [module.name for module in pkgutil.iter_modules(where)] + (
            [] if parent else list(sys.builtin_module_names)
        )
        raise UsageProblem(f"--impl {spec}: no module named {missing!r}{did_you_mean(leaf, known)}") from exc
    except (Exception, SystemExit) as exc:  # the user's module may raise anything on import
        raise UsageProblem(f"--impl {spec}: importing {module_name} raised {type(exc).__name__}: {exc}") from exc


def load_impl(spec: str) -> object:
    """The object ``--impl module:attr`` names, instantiated if a class; UsageProblem saying what went wrong."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or spec.count(":") > 1:
        raise UsageProblem(f"--impl {spec!r}: expected MODULE or MODULE:ATTRIBUTE (mypackage.engine:SoeRules)")
    target: object = _import(spec, module_name)
    walked = module_name
    for part in attribute.split(".") if attribute else ():
        if not hasattr(target, part):
            public = [name for name in dir(target) if not name.startswith("_")]
            raise UsageProblem(f"--impl {spec}: {walked} has no attribute {part!r}{did_you_mean(part, public)}")
        target = getattr(target, part)
        walked = f"{walked}:{part}" if walked == module_name else f"{walked}.{part}"
    if inspect.isclass(target):
        try:
            target = target()
        except Exception as exc:  # the user's constructor may raise anything
            raise UsageProblem(
                f"--impl {spec}: cannot be constructed without arguments ({type(exc).__name__}: {exc}); "
                "name an instance or a module instead, or give the class defaults"
            ) from exc
    return target


def misspelled_operations(game: Game, target: object) -> list[str]:
    """'collect_incme looks like collect_income' for each public callable a few edits from an operation not offered."""
    operations = {op.name for op in game.operations}
    missing = {name for name in operations if not callable(getattr(target, name, None))}
    found: list[str] = []
    for name in dir(target):
        if name.startswith("_") or name in operations or not callable(getattr(target, name, None)):
            continue
        near = close(name, missing)
        if near:
            found.append(f"{name} looks like {near[0]}")
    return found


def check_impl(game: Game, spec: str) -> object:
    """The implementation, loaded and checked for misspelled operations (UsageProblem otherwise)."""
    target = load_impl(spec)
    misspelled = misspelled_operations(game, target)
    if misspelled:
        names = ", ".join(misspelled)
        raise UsageProblem(f"--impl {spec}: {names}, which {game.key} would report as not implemented: rename it")
    return target


def python_subject(game: Game, spec: str | None) -> PythonSubject:
    """The subject named by ``--impl`` (``None``: the reference itself)."""
    if spec is None:
        return PythonSubject(game, game.reference, f"reference.{game.key}")
    return PythonSubject(game, load_impl(spec), spec)
