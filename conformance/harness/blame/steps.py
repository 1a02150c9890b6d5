"""The steps of a composite answer: a line whose ``source`` names a function of the game's reference is that step's.

A composite answer (``run_phase``: score sheets, each a list of lines) differing inside such a line, wherever else it
differs (its totals, its verdict), went wrong first at that step: the clause its function's docstring names first
(a wrong electorates line fails HIS-SPECIAL-2, not the phase's HIS-VP-1).
"""

from __future__ import annotations

import ast
import functools
import importlib
import re
from pathlib import Path
from typing import Any

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.spec import find_rule_ids

_STEP = re.compile(r"\.(\w+)|\[(\d+)\]")


@functools.cache
def step_rules(key: str) -> dict[str, str]:
    """Each function of the game's reference to the first clause its docstring names."""
    package = Path(str(getattr(registry.game(key).reference, "__file__"))).parent
    found: dict[str, str] = {}
    for path in sorted(package.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                named = find_rule_ids(ast.get_docstring(node) or "")
                if named:
                    found.setdefault(node.name, named[0])
    return found


def _step_of(key: str, answer: Any, path: str) -> str | None:
    """The clause of the innermost step (a line whose ``source`` names a reference function) on ``path``.

    A source named otherwise than its function (Here I Stand's ``protestant_spaces`` line, scored by
    ``protestant_track_vp``) is named through the game suite's ``blame.SOURCES``."""
    steps, rule = step_rules(key), None
    sources: dict[str, str] = getattr(suite_blame(key), "SOURCES", {})
    node = answer
    for name, index in _STEP.findall(path.removeprefix("$")):
        if name and isinstance(node, dict):
            node = node.get(name)  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
        elif index and isinstance(node, list) and int(index) < len(node):  # pyright: ignore[reportUnknownArgumentType]
            node = node[int(index)]  # pyright: ignore[reportUnknownVariableType]
        else:
            break
        source = node.get("source") if isinstance(node, dict) else None  # pyright: ignore
        if isinstance(source, str):
            rule = steps.get(sources.get(source, source), rule)
    return rule


def first_step(record: CheckRecord) -> str | None:
    """The clause of the first differing path that runs through a named step: a composite's lines are scored
    before its totals and verdict, so a wrong line is where the answer first went wrong."""
    for difference in record.differences:
        rule = _step_of(record.game, record.expected, difference.path)
        if rule is not None:
            return rule
    return None


@functools.cache
def suite_blame(key: str) -> Any:
    """The game suite's ``blame`` module, when it has one."""
    try:
        return importlib.import_module(f"{registry.game(key).invariants_package}.blame")
    except ModuleNotFoundError:
        return None
