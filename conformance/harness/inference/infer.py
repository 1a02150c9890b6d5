"""The ruling values that best explain an implementation: greedy over the inputs where it differs from the reference.

An input is *explained* by a set of switches when the reference, asked the same request under the input's
rulings with those switches, answers as the implementation did. The switch explaining the most differing
inputs is chosen first, and kept while the next is weighed (an engine playing two alternatives may need
both on one input); what no switch explains is left, counted, as the implementation's own differences.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from rulespec.conformance.harness.diff.answers import answer_json, ask
from rulespec.conformance.harness.diff.draws import probe_inputs
from rulespec.conformance.harness.diff.sides import Side
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.rulings import reference_json, switches, value_text
from rulespec.conformance.harness.vectors import load_game


@dataclass(frozen=True)
class Asked:
    """One input the implementation answered otherwise than the reference: what it was asked, and its answer."""

    operation: str
    request: Any
    rulings: Any
    got: Any  # the implementation's answer in reference_json's form


@dataclass(frozen=True)
class Evidence:
    switch: str  # "domination_first_turn=5"
    explained: int  # differing inputs it explains (beyond the switches chosen before it)


@dataclass(frozen=True)
class Inference:
    asked: int  # inputs asked
    differing: int  # of them, answered otherwise than the reference under the rulings asked
    chosen: tuple[Evidence, ...]
    unexplained: tuple[Asked, ...]


def differing(game: Game, side: Side, budget: int, seed: int | None) -> tuple[int, list[Asked]]:
    """Every vector case and ``budget`` drawn inputs per operation: how many were asked, and those that differ."""
    asked = 0
    found: list[Asked] = []

    def look(operation: str, request: Any, rulings: Any) -> None:
        nonlocal asked
        if not side.subject.supports(operation):
            return
        asked += 1
        got = answer_json(ask(side, operation, request, rulings))
        if got is not None and got != reference_json(game, operation, request, rulings):
            found.append(Asked(operation, request, rulings, got))

    for loaded in load_game(game):
        look(loaded.operation, loaded.request, loaded.rulings)
    for operation in game.operations:
        if budget and side.subject.supports(operation.name):
            probe_inputs(game, operation.name, budget, seed, look)
    return asked, found


def _explains(game: Game, chosen: dict[str, Any]) -> Callable[[Asked], bool]:
    def explained(one: Asked) -> bool:
        rulings = dataclasses.replace(one.rulings, **chosen) if chosen else one.rulings
        return bool(reference_json(game, one.operation, one.request, rulings) == one.got)

    return explained


def infer(game: Game, asked: int, inputs: Iterable[Asked]) -> Inference:
    """The switches, best first, that explain the most of ``inputs``; what none explains."""
    left: list[Asked] = list(inputs)
    total = len(left)
    chosen: dict[str, Any] = {}
    evidence: list[Evidence] = []
    while left:
        best: tuple[int, str, Any] | None = None
        for field, value in switches(game.rulings, chosen):
            explains = _explains(game, {**chosen, field: value})
            count = sum(1 for one in left if getattr(one.rulings, field) != value and explains(one))
            if count and (best is None or count > best[0]):
                best = (count, field, value)
        if best is None:
            break
        count, field, value = best
        chosen[field] = value
        explains = _explains(game, chosen)
        left = [one for one in left if not explains(one)]
        evidence.append(Evidence(f"{field}={value_text(value)}", count))
    return Inference(asked, total, tuple(evidence), tuple(left))
