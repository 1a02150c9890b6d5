"""Vector files from the user's own repository, run beside the suite's: ``--vectors DIR``, or a path given to pytest.

A file there is a vector file when it is JSON naming a game of the registry (``{"game": "soe",
"operation": ..., "cases": [...]}``, as ``--save-failures`` writes), or a list of suite cases
by ID (``<operation>.suite.json``: ``{"game": "soe", "suite_cases": [...]}``), which runs
those cases of the suite as they are, so a failing suite vector is referred to, never copied.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from pathlib import Path
from typing import cast

from conformance.harness.games import INVARIANTS_DIR, REGISTRY, VECTORS_DIR

SUITE_REFERENCES = ".suite.json"  # a file naming failing suite cases by ID
USER_ROOTS: list[Path] = []  # set once per run by the plugin (on every xdist worker too)


def set_roots(vectors: Iterable[str], arguments: Iterable[str], invoked_in: Path) -> None:
    """The ``--vectors`` folders, and every path given to pytest that is not the suite's own."""
    roots: list[Path] = []
    for text in [*vectors, *(argument.partition("::")[0] for argument in arguments)]:
        path = (invoked_in / text).resolve()
        inside_suite = any(
            path.is_relative_to(own) or own.is_relative_to(path) for own in (VECTORS_DIR, INVARIANTS_DIR)
        )
        if path.exists() and not inside_suite:
            roots.append(path)
    USER_ROOTS[:] = roots


@functools.lru_cache(maxsize=1024)
def user_game(path: Path) -> str | None:
    """The game a user's vector file names, or None when the file is not one (not JSON, no registered game)."""
    if path.suffix != ".json" or not path.is_file():
        return None
    try:
        document: object = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    key: object = cast(dict[str, object], document).get("game") if isinstance(document, dict) else None
    return key if isinstance(key, str) and key in REGISTRY else None


def is_user_vector(path: Path) -> bool:
    resolved = path.resolve()
    return any(resolved.is_relative_to(root) for root in USER_ROOTS) and user_game(resolved) is not None
