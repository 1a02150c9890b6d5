"""Which rules each canary must be caught on, read from ``tests/canaries/<key>.py`` without importing it.

The canary modules belong to the test suite (they may import pytest or test helpers), and
coverage must work from an installed harness, so ``CANARIES`` is read from the source:
a tuple or list of ``Canary(name, breaks, caught_on)`` calls with literal arguments.
A module that builds ``CANARIES`` some other way is imported as a last resort.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

from rulespec.conformance.harness.games import checkout_root

_CHECKOUT = checkout_root()
# the canaries are tests of the checkout; an installed rulespec has none to show
CANARIES_DIR = _CHECKOUT / "tests" / "canaries" if _CHECKOUT else None


class UnreadableCanaries(ValueError):
    """``CANARIES`` is not a literal list of Canary calls."""


def _literal_canary(call: ast.expr) -> tuple[str, tuple[str, ...]]:
    if not (isinstance(call, ast.Call) and ast.unparse(call.func).split(".")[-1] == "Canary"):
        raise UnreadableCanaries(f"not a Canary(...) call: {ast.unparse(call)}")
    arguments: dict[str, ast.expr] = dict(zip(("name", "breaks", "caught_on"), call.args))
    arguments.update({keyword.arg: keyword.value for keyword in call.keywords if keyword.arg})
    try:
        name = ast.literal_eval(arguments["name"])
        caught_on = ast.literal_eval(arguments["caught_on"])
    except (KeyError, ValueError) as exc:
        raise UnreadableCanaries(f"Canary without a literal name or caught_on: {ast.unparse(call)}") from exc
    if isinstance(caught_on, str):
        caught_on = (caught_on,)
    return str(name), tuple(str(rule) for rule in caught_on)


def _from_source(path: Path) -> dict[str, tuple[str, ...]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == "CANARIES":
            if not isinstance(value, ast.Tuple | ast.List):
                raise UnreadableCanaries(f"{path}: CANARIES is not a tuple or list literal")
            return dict(_literal_canary(element) for element in value.elts)
    return {}


def _imported(key: str) -> dict[str, tuple[str, ...]]:
    if _CHECKOUT and str(_CHECKOUT) not in sys.path:
        sys.path.insert(0, str(_CHECKOUT))
    module = importlib.import_module(f"tests.canaries.{key}")
    return {str(canary.name): tuple(canary.caught_on) for canary in module.CANARIES}


def canaries_by_name(key: str, directory: Path | None = None) -> dict[str, tuple[str, ...]]:
    """Each canary of the game, by name, with the rule IDs it must be caught on; none when it has no module."""
    folder = directory or CANARIES_DIR
    path = folder / f"{key}.py" if folder else None
    if path is None or not path.is_file():
        return {}
    try:
        return _from_source(path)
    except UnreadableCanaries:
        return _imported(key)


def canaries_by_rule(key: str, directory: Path | None = None) -> dict[str, list[str]]:
    """rule ID -> the canaries that must be caught on it."""
    found: dict[str, list[str]] = {}
    for name, rules in canaries_by_name(key, directory).items():
        for rule in rules:
            found.setdefault(rule, []).append(name)
    return found
