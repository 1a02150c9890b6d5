"""The search itself: spend the budget, group what differs, shrink each group to its own minimal input.

Two Hypothesis runs of one probe. The first draws ``budget`` inputs and only looks: every
difference outside the groups set aside is counted under its group, and the search stops
early once ``max_differences`` groups are seen. The second is run once per group: the same
draws (derandomised, or the same ``--seed``), failing only on that group, so Hypothesis
shrinks the input while keeping that difference. Rulings are drawn per input and sent to
both sides; a field one side switches is drawn from its other alternatives, so every input
asks what the switch changes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as fixed_seed
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable

from rulespec.conformance.harness.diff.answers import Difference, Group, compare, explained
from rulespec.conformance.harness.diff.sides import Side
from rulespec.conformance.harness.diff.strategies import request_strategy, rulings_strategy
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.rulings import alternatives
from rulespec.conformance.harness.subject import PythonSubject

Seen = Callable[[Difference | None], None]  # told of every input drawn: its difference, or None


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
    game: Game,
    operation: str,
    a: Side,
    b: Side,
    budget: int,
    seed: int | None,
    shrink: bool,
    on: Seen,
    drawn_only: Callable[[Any, Any], None] | None = None,
) -> Callable[[], None]:
    rulings = rulings_strategy(game)
    requests: Callable[[Any], st.SearchStrategy[Any]] = request_strategy(game, operation)
    steered = {name: st.sampled_from(others) for name, others in other_alternatives(game, a, b).items()}

    @settings(
        max_examples=budget,
        database=None,
        deadline=None,
        derandomize=seed is None,
        phases=(Phase.generate, Phase.shrink) if shrink else (Phase.generate,),
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
        if drawn_only is not None:  # only the input is wanted
            drawn_only(request, drawn)
            return
        difference = compare(a, b, operation, request, drawn)
        on(explained(game, difference, b) if difference is not None else None)

    return fixed_seed(seed)(probe) if seed is not None else probe


def probe_inputs(
    game: Game, operation: str, budget: int, seed: int | None, on: Callable[[str, Any, Any], None]
) -> None:
    """``budget`` inputs of ``operation`` drawn as the search draws them, each handed to ``on(operation, request,
    rulings)`` (``rulespec rulings infer`` asks them of one side)."""
    reference = Side("ref", PythonSubject(game, game.reference, "ref"), {}, game.reference)

    def told(difference: Difference | None) -> None:
        return None

    def each(request: Any, rulings: Any) -> None:
        on(operation, request, rulings)

    try:
        _probe(game, operation, reference, reference, budget, seed, False, told, each)()
    except Unsatisfiable:
        pass


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
) -> Found:
    """Every group of difference the budget finds (up to ``max_differences``), each shrunk.

    ``known`` groups are set aside.
    """
    found = Found(operation)
    first: dict[Group, Difference] = {}

    def look(difference: Difference | None) -> None:
        found.drawn += 1
        if difference is None:
            return
        group = difference.group
        if group in known:
            found.set_aside += 1
            return
        found.seen[group] = found.seen.get(group, 0) + 1
        first.setdefault(group, difference)
        if max_differences is not None and len(first) >= max_differences:
            raise _Stop()

    try:
        _probe(game, operation, a, b, budget, seed, False, look)()
    except (_Stop, Unsatisfiable):
        pass  # enough groups seen, or the strategies ran dry: what was seen is the answer
    for group, unshrunk in first.items():
        shrunk = shrink(game, operation, a, b, budget, seed, group)
        if shrunk is None:
            found.unshrunk.add(group)
        found.differences.append(shrunk or unshrunk)
    return found


def shrink(
    game: Game, operation: str, a: Side, b: Side, budget: int, seed: int | None, group: Group
) -> Difference | None:
    """The same draws again, failing on ``group`` alone: Hypothesis's minimal input of that group."""

    def fail(difference: Difference | None) -> None:
        if difference is not None and difference.group == group:
            raise _Stop(difference)

    try:
        _probe(game, operation, a, b, budget, seed, True, fail)()
    except _Stop as stop:
        return stop.difference
    except Unsatisfiable:
        return None
    return None
