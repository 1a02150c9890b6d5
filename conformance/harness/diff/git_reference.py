"""The reference as it was at a git revision, answering in this process beside today's.

``git archive REV reference`` is unpacked into a temporary directory and imported as
the top-level ``reference`` (a name today's rulespec never uses; a revision that imports itself as
``rulespec.reference`` is read as ``reference``), with any ``reference`` modules set aside; the old modules are then
set aside in turn and swapped in around every call, so each revision sees only its own
types, rulings and errors. Requests and results cross between the two as JSON, the
suite's one codec, so the old revision needs only to read and write the same JSON.
"""

from __future__ import annotations

import importlib
import io
import subprocess
import sys
import tarfile
import tempfile
import typing
from collections.abc import Generator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec

from rulespec.conformance.harness.games import Game, checkout
from rulespec.conformance.harness.rulings import json_value
from rulespec.conformance.harness.subject import ImplementationError, NotImplementedOp, conform_result
from rulespec.reference.errors import IllegalAction, InvalidState

_ROOT = "reference"


def _ours(name: str) -> bool:
    return name == _ROOT or name.startswith(_ROOT + ".")


def export_revision(revision: str, into: Path) -> str:
    """Unpack ``reference/`` at ``revision`` into ``into``; the full commit ID. A bad revision is refused."""
    root = checkout(f"diff git:{revision}")
    found = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    if found.returncode != 0:
        raise ValueError(f"git:{revision}: not a commit of {root}")
    commit = found.stdout.strip()
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, _ROOT], cwd=root, capture_output=True, check=False
    )
    if archive.returncode != 0:
        raise ValueError(
            f"git:{revision}: no {_ROOT}/ at {commit[:12]}: {archive.stderr.decode(errors='replace').strip()}"
        )
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    for source in (into / _ROOT).rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        source.write_text(text.replace(f"rulespec.{_ROOT}", _ROOT), encoding="utf-8")
    return commit


class ModuleSet:
    """A set of ``reference.*`` modules that can be swapped into ``sys.modules`` and out again."""

    def __init__(self, modules: dict[str, ModuleType]) -> None:
        self.modules = modules

    @contextmanager
    def active(self) -> Generator[None]:
        saved = {name: module for name, module in sys.modules.items() if _ours(name)}
        for name in saved:
            del sys.modules[name]
        sys.modules.update(self.modules)
        try:
            yield
        finally:
            for name in [name for name in sys.modules if _ours(name)]:
                self.modules[name] = sys.modules.pop(name)  # keep what the old code imported lazily
            sys.modules.update(saved)


def import_isolated(root: Path, package: str) -> ModuleSet:
    """Import ``package`` (and ``rulespec.reference.errors``) from ``root`` without disturbing today's modules."""
    modules = ModuleSet({})
    with modules.active():
        sys.path.insert(0, str(root))
        importlib.invalidate_caches()
        try:
            importlib.import_module(package)
            importlib.import_module(f"{_ROOT}.errors")
        except ImportError as exc:
            raise ValueError(f"{root}: cannot import {package}: {exc}") from exc
        finally:
            sys.path.remove(str(root))
    return modules


class RevisionSubject:
    """A subject answering with the game's reference at a git revision."""

    def __init__(self, game: Game, revision: str) -> None:
        self.game = game
        self._directory = tempfile.TemporaryDirectory(prefix="rulespec-git-")
        commit = export_revision(revision, Path(self._directory.name))
        self._label = f"git:{revision} ({commit[:12]})"
        self._package = str(getattr(game.reference, "__name__")).removeprefix("rulespec.")
        try:
            self._modules = import_isolated(Path(self._directory.name), self._package)
        except ValueError as exc:
            raise ValueError(f"git:{revision}: {exc}") from exc

    @property
    def label(self) -> str:
        return self._label

    def _function(self, operation: str) -> Any:
        return getattr(self._modules.modules[self._package], operation, None)

    def supports(self, operation: str) -> bool:
        return callable(self._function(operation))

    def call(self, operation: str, request: object, rulings: object) -> Any:
        if not self.supports(operation):
            raise NotImplementedOp(self._label, operation)
        as_json, rulings_json = json_value(request), json_value(rulings)
        with self._modules.active():
            function = self._function(operation)
            hints = typing.get_type_hints(function)
            kinds = [hint for name, hint in hints.items() if name != "return"]
            errors = sys.modules[f"{_ROOT}.errors"]
            try:
                old_request = msgspec.convert(as_json, kinds[0], strict=True)
                old_rulings = msgspec.convert(rulings_json, kinds[1], strict=True)
                output = json_value(function(old_request, old_rulings))
            except errors.InvalidState as exc:
                raise InvalidState(exc.field, exc.value, exc.reason, getattr(exc, "rule", None)) from exc
            except errors.IllegalAction as exc:
                raise IllegalAction(exc.rule, exc.reason) from exc
            except msgspec.ValidationError as exc:
                raise ImplementationError(f"{self._label} cannot read today's {operation} request: {exc}") from exc
            except Exception as exc:
                raise ImplementationError(f"{self._label}.{operation} raised {type(exc).__name__}: {exc}") from exc
        return conform_result(self.game, operation, output, self._label)

    def close(self) -> None:
        self._directory.cleanup()
