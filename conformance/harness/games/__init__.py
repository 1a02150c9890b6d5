"""What the harness knows of each game: its operations, rulings, reference and spec.

Each game module in this package defines its Protocol and ``GAME``, a :class:`Game` whose
operations are read from that Protocol (``operations_of``): ``soe`` (Struggle of Empires),
``his`` (Here I Stand), ``imperium`` (Imperium: Classics). The registry below names them; adding a
game is one module and one line here.
"""

from __future__ import annotations

import importlib
import inspect
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_type_hints

from rulespec import SUITE_ROOT

SPEC_DIR = SUITE_ROOT / "spec"
VECTORS_DIR = SUITE_ROOT / "conformance" / "vectors"
SCHEMA_DIR = SUITE_ROOT / "conformance" / "schema"
INVARIANTS_DIR = SUITE_ROOT / "conformance" / "invariants"
STRATEGIES_DIR = SUITE_ROOT / "conformance" / "strategies"

# How pytest runs over the suite's own folders, installed or checked out: no ini file and no conftest of the
# caller's project (a venv inside a project would hand pytest that project's addopts), paths relative to the
# suite, and no cache written beside the suite (into site-packages).
SUITE_PYTEST_ARGS = (
    "-c",
    os.devnull,
    "--confcutdir",
    str(SUITE_ROOT),
    "--rootdir",
    str(SUITE_ROOT),
    "-p",
    "no:cacheprovider",
)


def checkout_root() -> Path | None:
    """The rulespec checkout the harness runs from, if it does: there the suite's folders are links to its own."""
    return SUITE_ROOT.parent if (SUITE_ROOT / "reference").is_symlink() else None


def checkout(command: str) -> Path:
    """The checkout a contributor's command works on (its pyproject, tests, canaries and git history)."""
    root = checkout_root()
    if root is None:
        raise ValueError(f"rulespec {command} works on a rulespec checkout (git clone, then pip install -e .)")
    return root


# game key -> module of this package that defines GAME
REGISTRY: dict[str, str] = {
    "soe": "soe",
    "his": "his",
    "imperium": "imperium",
}


@dataclass(frozen=True)
class Operation:
    """One rule operation: ``reference(request, rulings) -> response``, all typed values."""

    name: str
    request: type[Any]
    response: type[Any]
    summary: str


def operations_of(protocol: type[Any]) -> tuple[Operation, ...]:
    """A game's operations, in its Protocol's order: each method's name, the type of its request (the first
    parameter after ``self``), its return type, and its one-line docstring as the summary."""
    found: list[Operation] = []
    for name, method in vars(protocol).items():
        if name.startswith("_") or not inspect.isfunction(method):
            continue
        hints = get_type_hints(method)
        request = list(inspect.signature(method).parameters)[1]
        found.append(Operation(name, hints[request], hints["return"], inspect.getdoc(method) or ""))
    return tuple(found)


@dataclass(frozen=True)
class Game:
    key: str
    title: str
    rule_prefix: str
    spec_file: str
    operations: tuple[Operation, ...]
    rulings: type[Any]
    reference: object
    protocol: type[Any]
    invariants_package: str

    @property
    def spec_path(self) -> Path:
        return SPEC_DIR / self.spec_file

    @property
    def vectors_dir(self) -> Path:
        return VECTORS_DIR / self.key

    def operation(self, name: str) -> Operation:
        for op in self.operations:
            if op.name == name:
                return op
        known = ", ".join(op.name for op in self.operations)
        raise KeyError(f"game {self.key!r} has no operation {name!r} (known: {known})")

    def reference_call(self, name: str) -> Callable[[Any, Any], Any]:
        call: Callable[[Any, Any], Any] = getattr(self.reference, name)
        return call


def game(key: str) -> Game:
    """The game registered under ``key``; an unknown key is refused with the known ones."""
    if key not in REGISTRY:
        raise KeyError(f"unknown game {key!r}; known games: {', '.join(sorted(REGISTRY))}")
    module = importlib.import_module(f"{__name__}.{REGISTRY[key]}")
    found: Game = module.GAME
    return found


def all_games() -> tuple[Game, ...]:
    return tuple(game(key) for key in sorted(REGISTRY))
