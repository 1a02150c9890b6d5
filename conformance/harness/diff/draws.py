"""Where ``rulespec diff`` (and ``rulings infer``) draws its inputs: a request from Hypothesis, its rulings from a
stream of their own.

One Hypothesis run of a probe draws ``budget`` requests from the game's strategies (``strategies``),
derandomised, or seeded by ``--seed``. The rulings are drawn per input, every field from its
alternatives (``RulingDraws``, seeded as the search), and sent to both sides; a field one side
switches is drawn from its other alternatives, so every input asks what the switch changes. They are
not Hypothesis's choices: Hypothesis follows each new request with a few of its own variants, which
keep its first choices, so rulings drawn first were shared by runs of about six inputs, and a reading
an implementation plays, met only with a rare request, was asked once every six draws or not at all
(an engine playing HIS-RULING-3's ``play_on`` showed no difference in 400 inputs of any operation).
A replay (a group's shrink) asks one request's choices again under the rulings it was drawn with.

An operation whose request strategy is given the rulings (it draws under them: Struggle of Empires'
maintenance) draws them from Hypothesis, first, as before: its choices must replay alike.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as fixed_seed
from hypothesis import strategies as st
from hypothesis.database import InMemoryExampleDatabase
from hypothesis.errors import Unsatisfiable

from rulespec.conformance.harness.diff.sides import Side
from rulespec.conformance.harness.diff.strategies import reads_rulings, request_strategy, rulings_strategy
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.rulings import alternatives, declared_for
from rulespec.conformance.harness.subject import PythonSubject

Drawn = Callable[[Any, Any, Sequence[Any]], None]  # told of every input drawn: request, rulings, its choices
# Without --seed, the seed Hypothesis derandomised the search with until the drawing and the asking were apart
# (the digest of the probe's source then); the rulings' stream is seeded by it too.
DRAWS = (
    17964246621922499512541364679189471557973911575516326774421934037643284855710932178583705820781822741251738591570057
)
_KEY = b"rulespec-diff"  # the one key of each shrink's own in-memory database


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


class RulingDraws:
    """The rulings of each input in turn: every field drawn from its alternatives (a field one side switches, from
    its other alternatives; a field declared in this process, from its declared values), from a stream seeded
    by the search's seed and the operation, so the same search draws the same rulings."""

    def __init__(self, game: Game, operation: str, steered: dict[str, tuple[Any, ...]], seed: int | None) -> None:
        self.game = game
        declared = declared_for(game.rulings)
        self.choices = {
            name: steered.get(name) or declared.get(name) or values
            for name, values in alternatives(game.rulings).items()
        }
        self.stream = random.Random(f"{DRAWS if seed is None else seed}:{operation}")

    def __call__(self) -> Any:
        return self.game.rulings(**{name: self.stream.choice(values) for name, values in self.choices.items()})


def probe(
    game: Game,
    operation: str,
    a: Side,
    b: Side,
    budget: int,
    seed: int | None,
    replay: tuple[bytes, Any] | None,
    on: Drawn,
) -> Callable[[], None]:
    """A probe drawing ``budget`` inputs; with ``replay`` (a request's choices and its rulings), that input alone,
    then its request shrunk under those rulings."""
    requests: Callable[[Any], st.SearchStrategy[Any]] = request_strategy(game, operation)
    steered = other_alternatives(game, a, b)
    draws = RulingDraws(game, operation, steered, seed)
    hypothesis_rulings, rulings = reads_rulings(game, operation), rulings_strategy(game)
    database = None
    if replay is not None:
        database = InMemoryExampleDatabase()
        # under the secondary key: an input Hypothesis reuses from its primary key counts as shrunk already
        database.save(_KEY + b".secondary", replay[0])

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
    def search(data: st.DataObject) -> None:
        if hypothesis_rulings:  # the request is drawn under them: Hypothesis must draw them, to replay it
            drawn = data.draw(rulings, label="rulings")
            choices = {name: data.draw(st.sampled_from(others), label=name) for name, others in steered.items()}
            drawn = dataclasses.replace(drawn, **choices) if choices else drawn
        else:
            drawn = replay[1] if replay is not None else draws()
        request = data.draw(requests(drawn), label="request")
        on(request, drawn, data.conjecture_data.choices)

    search._hypothesis_internal_database_key = _KEY  # type: ignore[attr-defined]  # the key the replay is saved under
    if replay is not None:
        return search  # a seeded test reads no database
    return fixed_seed(DRAWS if seed is None else seed)(search)


def probe_inputs(
    game: Game, operation: str, budget: int, seed: int | None, on: Callable[[str, Any, Any], None]
) -> None:
    """``budget`` inputs of ``operation`` drawn as the search draws them, each handed to ``on(operation, request,
    rulings)`` (``rulespec rulings infer`` asks them of one side)."""
    reference = Side("ref", PythonSubject(game, game.reference, "ref"), {}, game.reference)

    def each(request: Any, rulings: Any, choices: Sequence[Any]) -> None:
        on(operation, request, rulings)

    try:
        probe(game, operation, reference, reference, budget, seed, None, each)()
    except Unsatisfiable:
        pass
