"""Which misreadings of the reference answer as the implementation did, and which a passed vector refutes.

For a failing check, each misreading (``edits``) of each function of the reference that the check's request reaches
is swapped into the live function (its ``__code__``) for one call, then put back, and asked the same request: each
that answers as the implementation did explains the failure. ``blame`` weighs the explanations against the run: a
misreading that answers a vector the implementation passed otherwise than the reference is no explanation. A loop
a misreading made endless is stopped after a bounded number of steps, never a time, so the blame is repeatable.
"""

from __future__ import annotations

import ast
import functools
import importlib
import json
import sys
import threading
from collections.abc import Callable, Generator, Iterable
from contextlib import contextmanager
from pathlib import Path
from types import FrameType, FunctionType
from typing import Any

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.blame.edits import Misreading, by_name, functions, misreadings
from rulespec.conformance.harness.rulings import reference_json, typed_question
from rulespec.conformance.harness.vectors import load_game

_STEPS = 100_000  # lines a misread call may run: the reference answers any check in a few thousand
_SWAPPING = threading.Lock()  # one swapped function at a time, in any thread


class _Endless(Exception):
    """A misread call that ran past ``_STEPS`` lines."""


def _live(misreading: Misreading) -> FunctionType | None:
    found: Any = importlib.import_module(misreading.module)
    for part in misreading.function.split("."):
        found = getattr(found, part, None)
    return found if isinstance(found, FunctionType) else None


def _reached(call: Callable[[], Any], root: Path) -> set[tuple[str, int]]:
    """The functions of the reference (file, first line) that one call runs."""
    reached: set[tuple[str, int]] = set()
    prefix = str(root)

    def seen(frame: FrameType, event: str, _: object) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(prefix):
            reached.add((frame.f_code.co_filename, frame.f_code.co_firstlineno))

    previous = sys.getprofile()
    sys.setprofile(seen)
    try:
        call()
    finally:
        sys.setprofile(previous)
    return reached


@contextmanager
def _swapped(misreading: Misreading) -> Generator[bool, None, None]:
    """The live function runs the misread code inside the block (False: it could not be swapped)."""
    live = _live(misreading)
    with _SWAPPING:
        if live is None or len(live.__code__.co_freevars) != len(misreading.code.co_freevars):
            yield False
            return
        kept, live.__code__ = live.__code__, misreading.code
        try:
            yield True
        finally:
            live.__code__ = kept


def _bounded(call: Callable[[], Any]) -> Any:
    """``call()``, stopped with ``_Endless`` past ``_STEPS`` lines."""
    steps = 0

    def step(frame: FrameType, event: str, _: object) -> Any:
        nonlocal steps
        steps += 1
        if steps > _STEPS:
            raise _Endless
        return step

    previous = sys.gettrace()
    sys.settrace(step)
    try:
        return call()
    finally:
        sys.settrace(previous)


_UNSWAPPED = object()  # the answer of a misreading that could not be swapped in: never any check's


def _answer(misreading: Misreading, ask: Callable[[], Any]) -> Any:
    """The reference's answer to ``ask`` with ``misreading`` swapped in."""
    with _swapped(misreading) as swapped:
        if not swapped:
            return _UNSWAPPED
        return _bounded(ask) if misreading.loops else ask()


@functools.lru_cache(maxsize=4096)
def explaining(
    key: str, operation: str, request: str, rulings: str, got: str
) -> frozenset[tuple[str, tuple[str, ...]]]:
    """Each misreading (its name, the clauses it may misread) under which the reference answers ``got`` (JSON, as a
    check holds it) to this request (JSON, as sent); none for a request this run cannot type again."""
    played = registry.game(key)
    typed = typed_question(played, operation, json.loads(request), json.loads(rulings))
    if typed is None:
        return frozenset()
    typed_request, typed_rulings = typed
    answer = json.loads(got)
    root = Path(str(getattr(played.reference, "__file__"))).parent

    def ask() -> Any:
        return reference_json(played, operation, typed_request, typed_rulings)

    found: set[tuple[str, tuple[str, ...]]] = set()
    for function in sorted(_reached(ask, root)):
        for misread in misreadings(key, function):
            if _answer(misread, ask) == answer:
                found.add((misread.name, misread.rules))
    return frozenset(found)


@functools.cache
def _cases(key: str) -> dict[str, tuple[Callable[[], Any], set[tuple[str, int]], Any]]:
    """Each vector case of the game by its ID: the reference asked it, the functions it reaches, its answer."""
    played = registry.game(key)
    root = Path(str(getattr(played.reference, "__file__"))).parent
    found: dict[str, tuple[Callable[[], Any], set[tuple[str, int]], Any]] = {}
    for loaded in load_game(played):
        ask = functools.partial(reference_json, played, loaded.operation, loaded.request, loaded.rulings)
        found[loaded.case.id] = (ask, _reached(ask, root), ask())
    return found


@functools.lru_cache(maxsize=4096)
def refuted(key: str, name: str, passed: frozenset[str]) -> bool:
    """Whether the misreading ``name`` answers one of the game's vector cases ``passed`` (by ID: checks the
    implementation passed) otherwise than the reference: then the implementation does not read the clause so."""
    named = by_name(key, name)
    if named is None:
        return False
    function, misreading = named
    for case in sorted(passed):
        ask, reached, answer = _cases(key).get(case, (None, set[tuple[str, int]](), None))
        if ask is None or function not in reached:
            continue
        misread = _answer(misreading, ask)
        if misread is not _UNSWAPPED and misread != answer:
            return True
    return False


def inside_another(key: str, name: str, others: Iterable[str]) -> bool:
    """Whether misreading ``name`` edits a helper that the function another of ``others`` edits calls. Where both answer
    alike, the helper's own test misread says more than the caller passing over what it answers (domination never
    found: the lead compared with the leader itself, not the phase's domination case left out)."""
    found = by_name(key, name)
    if found is None:
        return False
    helper = found[1].function
    for other in others:
        caller = by_name(key, other)
        if caller is None or caller[1].function == helper:
            continue
        body = functions(key)[caller[0]].node
        if any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == helper for n in ast.walk(body)
        ):
            return True
    return False
