"""The search itself: spend the budget, group what differs, shrink each group to its own minimal input.

One Hypothesis run of a probe draws ``budget`` inputs (derandomised, or the same ``--seed``), asked of
both sides ``BATCH`` at a time, each batch sent ahead to a process side in one stream (pipelined); every
difference outside the groups set aside is counted under its group; the search stops early once
``max_differences`` groups are seen. Then each group is shrunk from its first input: that input's
choices are replayed (Hypothesis's reuse phase, from an example database in memory) and shrunk
for at most ``SHRINK_STEPS`` steps, failing only on that group, so no group draws the budget
again. Rulings are drawn per input and sent to both sides; a field one side switches is drawn from
its other alternatives, so every input asks what the switch changes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as fixed_seed
from hypothesis import strategies as st
from hypothesis.database import InMemoryExampleDatabase, choices_to_bytes
from hypothesis.errors import Unsatisfiable
from hypothesis.internal.conjecture import engine

from rulespec.conformance.harness.diff.answers import Difference, Group, compare, explained
from rulespec.conformance.harness.diff.sides import Side
from rulespec.conformance.harness.diff.strategies import request_strategy, rulings_strategy
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.rulings import alternatives
from rulespec.conformance.harness.subject import PythonSubject
from rulespec.conformance.harness.wire.subject import ProcessSubject

Drawn = Callable[[Any, Any, Sequence[Any]], None]  # told of every input drawn: request, rulings, its choices
# A group's shrink is bounded by steps, never by seconds (as profiles.SHRINK_STEPS for the invariants): fewer
# here, as each of up to dozens of groups shrinks in turn; a shrink that stalls stops sooner still.
SHRINK_STEPS = 100
BATCH = 50  # inputs sent ahead to a process side in one stream
# Without --seed, the seed Hypothesis derandomised the search with until the drawing and the asking were apart
# (the digest of the probe's source then): the same inputs are drawn, those every test and budget was tuned on.
DRAWS = (
    17964246621922499512541364679189471557973911575516326774421934037643284855710932178583705820781822741251738591570057
)
_KEY = b"rulespec-diff"  # the one key of each shrink's own in-memory database


@dataclass
class Found:
    """What one operation's search found: one shrunk difference per group, with how often each was seen."""

    operation: str
    drawn: int = 0
    differences: list[Difference] = field(default_factory=lambda: [])
    seen: dict[Group, int] = field(default_factory=lambda: {})
    unshrunk: set[Group] = field(default_factory=lambda: set())
    set_aside: int = 0  # differences in a group excluded as known


class _Stop(Exception):
    def __init__(self, difference: Difference | None = None) -> None:
        super().__init__("difference" if difference else "enough")
        self.difference = difference


def other_alternatives(game: Game, a: Side, b: Side) -> dict[str, tuple[Any, ...]]:
    """For each field exactly one side switches, the alternatives other than its switched value."""
    choices = alternatives(game.rulings)
    fields: dict[str, tuple[Any, ...]] = {}
    for name in set(a.switches) ^ set(b.switches):
        value = a.switches.get(name, b.switches.get(name))
        others = tuple(choice for choice in choices[name] if choice != value)
        if others:
            fields[name] = others
    return fields


def _probe(
    game: Game, operation: str, a: Side, b: Side, budget: int, seed: int | None, replay: bytes | None, on: Drawn
) -> Callable[[], None]:
    """A probe drawing ``budget`` inputs; with ``replay`` (an input's choices), that input alone, then shrunk."""
    rulings = rulings_strategy(game)
    requests: Callable[[Any], st.SearchStrategy[Any]] = request_strategy(game, operation)
    steered = {name: st.sampled_from(others) for name, others in other_alternatives(game, a, b).items()}
    database = None
    if replay is not None:
        database = InMemoryExampleDatabase()
        # under the secondary key: an input Hypothesis reuses from its primary key counts as shrunk already
        database.save(_KEY + b".secondary", replay)

    @settings(
        max_examples=budget,
        database=database,
        deadline=None,
        derandomize=False,  # the search is seeded below instead; a replay's database rules both out
        phases=(Phase.reuse, Phase.shrink) if replay is not None else (Phase.generate,),
        verbosity=Verbosity.quiet,
        report_multiple_bugs=False,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(data=st.data())
    def probe(data: st.DataObject) -> None:
        drawn = data.draw(rulings, label="rulings")
        if steered:
            drawn = dataclasses.replace(
                drawn, **{name: data.draw(values, label=name) for name, values in steered.items()}
            )
        request = data.draw(requests(drawn), label="request")
        on(request, drawn, data.conjecture_data.choices)

    probe._hypothesis_internal_database_key = _KEY  # type: ignore[attr-defined]  # the key the replay is saved under
    if replay is not None:
        return probe  # a seeded test reads no database
    return fixed_seed(DRAWS if seed is None else seed)(probe)


def probe_inputs(
    game: Game, operation: str, budget: int, seed: int | None, on: Callable[[str, Any, Any], None]
) -> None:
    """``budget`` inputs of ``operation`` drawn as the search draws them, each handed to ``on(operation, request,
    rulings)`` (``rulespec rulings infer`` asks them of one side)."""
    reference = Side("ref", PythonSubject(game, game.reference, "ref"), {}, game.reference)

    def each(request: Any, rulings: Any, choices: Sequence[Any]) -> None:
        on(operation, request, rulings)

    try:
        _probe(game, operation, reference, reference, budget, seed, None, each)()
    except Unsatisfiable:
        pass


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
    first: dict[Group, tuple[Difference, bytes]] = {}
    pending: list[tuple[Any, Any, bytes]] = []
    stopped: list[bool] = []  # once enough groups are seen, every later call (Hypothesis's replay too) stops

    def asked() -> None:
        batch = pending[:]
        pending.clear()
        _send_ahead((a, b), operation, batch)
        for request, drawn, choices in batch:
            try:
                _look(game, found, first, known, max_differences, b, compare(a, b, operation, request, drawn), choices)
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
        _probe(game, operation, a, b, budget, seed, None, keep)()
    except (_Stop, Unsatisfiable):
        pass  # enough groups seen, or the strategies ran dry: what was seen is the answer
    if not stopped:
        try:
            asked()  # the last inputs drawn, fewer than a batch
        except _Stop:
            pass
    for group, (unshrunk, choices) in first.items():
        shrunk = shrink(game, operation, a, b, seed, group, choices) if shrinking else unshrunk
        if shrunk is None:
            found.unshrunk.add(group)
        found.differences.append(shrunk or unshrunk)
    return found


def _look(
    game: Game,
    found: Found,
    first: dict[Group, tuple[Difference, bytes]],
    known: frozenset[Group],
    max_differences: int | None,
    b: Side,
    difference: Difference | None,
    choices: bytes,
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
    first.setdefault(group, (difference, choices))
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


def shrink(
    game: Game, operation: str, a: Side, b: Side, seed: int | None, group: Group, choices: bytes
) -> Difference | None:
    """The group's first input replayed from its ``choices``, failing on ``group`` alone: Hypothesis's minimal input
    of that group, within ``SHRINK_STEPS`` steps; None if the replay no longer shows it."""

    def fail(request: Any, drawn: Any, _: Sequence[Any]) -> None:
        difference = compare(a, b, operation, request, drawn)
        if difference is not None:
            difference = explained(game, difference, b)
            if difference.group == group:
                raise _Stop(difference)

    try:
        with _shrink_steps(SHRINK_STEPS):
            _probe(game, operation, a, b, 1, seed, choices, fail)()
    except _Stop as stop:
        return stop.difference
    except Unsatisfiable:
        return None
    return None
