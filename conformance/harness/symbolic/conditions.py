"""The reference's contracted functions, one condition at a time, and the fingerprint that says when one changed.

A condition is one ``post:`` line of one function (CrossHair searches each on its own). A function's
fingerprint hashes its source (so its contracts), and, transitively, the source of every function and
class of the reference it names, and the value of every constant it reads: change any of them and
its conditions are searched again; change nothing and the cached result stands.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import pkgutil
import re
import types
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import cast

from rulespec.conformance.harness.games import game

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CONSTANT = (int, float, str, bytes, bool, frozenset, tuple, type(None))


@dataclass(frozen=True)
class Condition:
    """One ``post:`` condition: CrossHair's unit of search, and of a result cached."""

    game: str
    module: str
    function: str
    index: int  # which of the function's conditions, in docstring order
    expression: str

    @property
    def name(self) -> str:
        return f"{self.module}.{self.function}#{self.index}"


def _contracted(function: object) -> bool:
    lines = (getattr(function, "__doc__", None) or "").splitlines()
    return any(line.strip().startswith(("pre:", "post:", "raises:")) for line in lines)


def _post_lines(function: object) -> list[str]:
    lines = (getattr(function, "__doc__", None) or "").splitlines()
    return [line.strip().removeprefix("post:").strip() for line in lines if line.strip().startswith("post:")]


def reference_modules(key: str) -> Iterator[types.ModuleType]:
    package = importlib.import_module(str(getattr(game(key).reference, "__name__")))
    yield package
    for found in pkgutil.iter_modules(getattr(package, "__path__", [])):
        yield importlib.import_module(f"{package.__name__}.{found.name}")


def conditions_of(key: str) -> list[Condition]:
    """Every ``post:`` condition of a public function defined in the game's reference package."""
    found: list[Condition] = []
    for module in reference_modules(key):
        for name, value in vars(module).items():
            if not inspect.isfunction(value) or value.__module__ != module.__name__ or not _contracted(value):
                continue
            found += [Condition(key, module.__name__, name, i, text) for i, text in enumerate(_post_lines(value))]
    return found


def load(condition: Condition) -> types.FunctionType:
    function: types.FunctionType = getattr(importlib.import_module(condition.module), condition.function)
    return function


def _stable(value: object) -> str:
    """A constant's text, the same in every process (a set's order follows the string hashes' per-process seed)."""
    if type(value) in (frozenset, tuple):
        parts = [_stable(part) for part in cast("Iterable[object]", value)]
        return f"{type(value).__name__}({', '.join(sorted(parts) if type(value) is frozenset else parts)})"
    return repr(value)


def fingerprint(function: types.FunctionType, salt: str, within: str = "rulespec.reference") -> str:
    """A hash of the function's source and contracts, of all it reaches in the package ``within`` (a dotted name), and
    of ``salt``."""
    digest = hashlib.sha256(salt.encode())
    seen: set[int] = set()
    pending: list[tuple[str, object]] = [(function.__qualname__, function)]
    while pending:
        name, value = pending.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if type(value) in _CONSTANT:
            digest.update(f"{name}={_stable(value)}\n".encode())
            continue
        module = getattr(value, "__module__", None) or ""
        inside = module == within or module.startswith(f"{within}.")
        if not inside or not (inspect.isfunction(value) or inspect.isclass(value)):
            continue  # the standard library, CrossHair and Python itself are the salt's business
        source = inspect.getsource(value)  # pyright: ignore[reportArgumentType]
        digest.update(f"{module}.{name}\n{source}\n".encode())
        # every identifier in the source, annotations and contracts included: more than it calls, never less
        scope = vars(importlib.import_module(module))
        for referenced in sorted(set(_IDENTIFIER.findall(source))):
            if referenced in scope:
                pending.append((referenced, scope[referenced]))
    return digest.hexdigest()
