"""The rules each invariant checks, as ``verify`` counts them: pytest collects the invariants and
``marked_rules`` reads each.

Reading ``@pytest.mark.rules(...)`` from the source misses the rules a marker takes from a
constant (``rules(*EMPIRES)``) or a class; collecting the items and asking the same function
``verify`` asks (``marks.marked_rules``) cannot differ from what a run credits.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import io
from dataclasses import dataclass

import pytest

from conformance.harness.games import INVARIANTS_DIR, REPO_ROOT, Game
from conformance.harness.verify.collection import marked_rules


@dataclass(frozen=True)
class Collected:
    nodeid: str
    rules: tuple[str, ...]
    doc: str  # the test's docstring: what it asserts


class _Items:
    def __init__(self) -> None:
        self.found: list[Collected] = []

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        for item in session.items:
            owners = [item, *item.listchain()[::-1]] if isinstance(item, pytest.Function) else []
            # the test's own docstring, else its class's or module's: what the check asserts
            doc = next((d for d in (inspect.getdoc(getattr(o, "obj", None)) for o in owners[:3]) if d), None)
            self.found.append(Collected(item.nodeid, marked_rules(item), doc or ""))


@functools.lru_cache(maxsize=8)
def invariant_rules(game: Game) -> tuple[Collected, ...]:
    """Node ID, rules and docstring of every invariant item of the game, collected as ``verify`` collects them."""
    folder = INVARIANTS_DIR / game.key
    if not folder.is_dir():
        return ()
    items = _Items()
    arguments = [
        str(folder),
        "--collect-only",
        "-q",
        "-p",
        "no:cacheprovider",
        "--rootdir",
        str(REPO_ROOT),
        f"--game={game.key}",
    ]
    with contextlib.redirect_stdout(io.StringIO()) as shown:
        code = pytest.main(arguments, plugins=[items])
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        raise RuntimeError(f"collecting {folder} failed (pytest exit {int(code)}):\n{shown.getvalue()[-2000:]}")
    return tuple(items.found)
