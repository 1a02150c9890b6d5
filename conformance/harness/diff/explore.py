"""The search itself: spend the budget, group what differs, shrink each group to its own minimal input.

One Hypothesis run of a probe draws ``budget`` requests (derandomised, or the same ``--seed``), asked of
both sides ``BATCH`` at a time, each batch sent ahead to a process side in one stream (pipelined); every
difference outside the groups set aside is counted under its group; the search stops early once
``max_differences`` groups are seen. Then each group is shrunk from its first input: that request's
choices are replayed (Hypothesis's reuse phase, from an example database in memory) and shrunk
for at most ``SHRINK_STEPS`` steps under that input's rulings, failing only on that group, so no
group draws the budget again; then each ruling is set back to its first alternative (the spec's
default) where the group still shows.

Inputs are drawn by ``draws.probe``: a request from Hypothesis, its rulings from a stream of their own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from hypothesis.database import choices_to_bytes
from hypothesis.errors import Unsatisfiable
from hypothesis.internal.conjecture import engine

from rulespec.conformance.harness.diff.answers import Difference, Group, compare, explained
from rulespec.conformance.harness.diff.draws import probe
from rulespec.conformance.harness.diff.sides import Side
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.rulings import alternatives
from rulespec.conformance.harness.wire.subject import ProcessSubject

# A group's shrink is bounded by steps, never by seconds (as profiles.SHRINK_STEPS for the invariants): fewer
# here, as each of up to dozens of groups shrinks in turn; a shrink that stalls stops sooner still.
SHRINK_STEPS = 100
BATCH = 50  # inputs sent ahead to a process side in one stream


@dataclass
class Found:
    """What one operation's search found: one shrunk difference per group, with how often each was seen."""

    operation: str
    drawn: int = 0
    differences: list[Difference] = field(default_factory=lambda: [])
    seen: dict[Group, int] = field(default_factory=lambda: {})
    unshrunk: set[Group] = field(default_factory=lambda: set())
    set_aside: int = 0  # differences in a group excluded as known


@dataclass(frozen=True)
class _First:
    """A group's first input: its difference, the request's choices, and the rulings drawn for it."""

    difference: Difference
    choices: bytes
    drawn: Any


class _Stop(Exception):
    def __init__(self, difference: Difference | None = None) -> None:
        super().__init__("difference" if difference else "enough")
        self.difference = difference


def _send_ahead(sides: Sequence[Side], operation: str, inputs: Sequence[tuple[Any, Any, bytes]]) -> None:
    """The inputs sent in one stream to each side that is a process, each under that side's rulings."""
    for side in sides:
        if isinstance(side.subject, ProcessSubject):
            side.subject.prefetch([(operation, request, side.rulings_for(drawn)) for request, drawn, _ in inputs])


def explore(
    game: Game,
    operation: str,
    a: Side,
    b: Side,
    budget: int,
    *,
    seed: int | None = None,
    known: frozenset[Group] = frozenset(),
    max_differences: int | None = None,
    shrinking: bool = True,
) -> Found:
    """Every group of difference the budget finds (up to ``max_differences``), each shrunk.

    ``known`` groups are set aside. Without ``shrinking``, each group's first input is its difference (for a caller
    that asks only whether the sides differ: tests/diff/test_ruling_matrix.py).
    """
    found = Found(operation)
    first: dict[Group, _First] = {}
    pending: list[tuple[Any, Any, bytes]] = []
    stopped: list[bool] = []  # once enough groups are seen, every later call (Hypothesis's replay too) stops

    def asked() -> None:
        batch = pending[:]
        pending.clear()
        _send_ahead((a, b), operation, batch)
        for request, drawn, choices in batch:
            try:
                difference = compare(a, b, operation, request, drawn)
                _look(game, found, first, known, max_differences, b, difference, choices, drawn)
            except _Stop:
                stopped.append(True)
                raise

    def keep(request: Any, drawn: Any, choices: Sequence[Any]) -> None:
        if stopped:
            raise _Stop()
        pending.append((request, drawn, choices_to_bytes(choices)))
        if len(pending) >= BATCH:
            asked()

    try:
        probe(game, operation, a, b, budget, seed, None, keep)()
    except (_Stop, Unsatisfiable):
        pass  # enough groups seen, or the strategies ran dry: what was seen is the answer
    if not stopped:
        try:
            asked()  # the last inputs drawn, fewer than a batch
        except _Stop:
            pass
    for group, met in first.items():
        shrunk = shrink(game, operation, a, b, seed, group, met.choices, met.drawn) if shrinking else met.difference
        if shrunk is None:
            found.unshrunk.add(group)
        found.differences.append(shrunk or met.difference)
    return found


def _look(
    game: Game,
    found: Found,
    first: dict[Group, _First],
    known: frozenset[Group],
    max_differences: int | None,
    b: Side,
    difference: Difference | None,
    choices: bytes,
    drawn: Any,
) -> None:
    """One input's difference counted under its group (or set aside as known)."""
    found.drawn += 1
    if difference is None:
        return
    difference = explained(game, difference, b)
    group = difference.group
    if group in known:
        found.set_aside += 1
        return
    found.seen[group] = found.seen.get(group, 0) + 1
    first.setdefault(group, _First(difference, choices, drawn))
    if max_differences is not None and len(first) >= max_differences:
        raise _Stop()


@contextmanager
def _shrink_steps(steps: int) -> Generator[None]:
    """Hypothesis's count of successful shrinks bounded for the while (a module constant it lets be set)."""
    before = engine.MAX_SHRINKS
    engine.MAX_SHRINKS = min(before, steps)
    try:
        yield
    finally:
        engine.MAX_SHRINKS = before


def _in_group(
    game: Game, operation: str, a: Side, b: Side, group: Group, request: Any, drawn: Any
) -> Difference | None:
    """The difference the sides show on ``request`` under ``drawn``, when it falls in ``group``; else None."""
    difference = compare(a, b, operation, request, drawn)
    if difference is None:
        return None
    difference = explained(game, difference, b)
    return difference if difference.group == group else None


def shrink(
    game: Game, operation: str, a: Side, b: Side, seed: int | None, group: Group, choices: bytes, drawn: Any
) -> Difference | None:
    """The group's first input replayed from its request's ``choices`` under its rulings ``drawn``, failing on
    ``group`` alone: Hypothesis's minimal request of that group, within ``SHRINK_STEPS`` steps; then each ruling
    set back to its first alternative where the group still shows. None if the replay no longer shows it."""

    def fail(request: Any, rulings: Any, _: Sequence[Any]) -> None:
        difference = _in_group(game, operation, a, b, group, request, rulings)
        if difference is not None:
            raise _Stop(difference)

    try:
        with _shrink_steps(SHRINK_STEPS):
            probe(game, operation, a, b, 1, seed, (choices, drawn), fail)()
    except _Stop as stop:
        return simpler_rulings(game, operation, a, b, group, stop.difference) if stop.difference else None
    except Unsatisfiable:
        return None
    return None


def simpler_rulings(game: Game, operation: str, a: Side, b: Side, group: Group, difference: Difference) -> Difference:
    """The difference with each ruling no side switches set back to its first alternative (the spec's default),
    one field at a time, where the same request still shows the group."""
    drawn = difference.rulings_a
    for name, values in alternatives(game.rulings).items():
        if name in a.switches or name in b.switches or getattr(drawn, name) == values[0]:
            continue
        simpler = dataclasses.replace(drawn, **{name: values[0]})
        again = _in_group(game, operation, a, b, group, difference.request, simpler)
        if again is not None:
            drawn, difference = simpler, again
    return difference
