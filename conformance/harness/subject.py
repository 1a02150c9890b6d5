"""The implementation under test, whatever it is, behind one narrow interface.

A subject answers ``call(operation, request, rulings)`` with a typed result, raises
``InvalidState`` or ``IllegalAction`` when it refuses, ``NotImplementedOp`` for an
operation it does not offer and ``ImplementationError`` for anything else (a crash,
a result of the wrong shape). In-process Python implementations and out-of-process
ones speaking the wire protocol are both subjects, so every check runs on either.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from typing import Any, Protocol

import msgspec

from rulespec.conformance.harness.games import Game
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
        raise ImplementationError(
            f"{label}.{operation} returned {type(result).__name__}, not a valid {response.__name__}: {exc}"
        ) from exc


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


def load_python_target(spec: str) -> object:
    """Import ``module`` or ``module:attribute``; a class is instantiated with no arguments.

    The current directory is searched first, as ``python -m`` does, so a project's own
    module (``tests.canaries.soe:FriendlyTiesEverywhere``) loads from its checkout.
    """
    module_name, _, attribute = spec.partition(":")
    if not module_name:
        raise ValueError(f"--impl {spec!r}: expected 'module' or 'module:attribute'")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"--impl {spec!r}: cannot import module {module_name!r}: {exc}") from exc
    target: object = module
    for part in attribute.split(".") if attribute else ():
        if not hasattr(target, part):
            raise ValueError(f"--impl {spec!r}: {module_name} has no attribute {attribute!r}")
        target = getattr(target, part)
    if inspect.isclass(target):
        target = target()
    return target


def python_subject(game: Game, spec: str | None) -> PythonSubject:
    """The subject named by ``--impl`` (``None``: the reference itself)."""
    if spec is None:
        return PythonSubject(game, game.reference, f"reference.{game.key}")
    return PythonSubject(game, load_python_target(spec), spec)
