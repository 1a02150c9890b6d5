"""Every order of checks the spec states is pinned: each row of a spec's "Order of checks" table names refusal
vectors, at least one per pair of neighbouring steps, so that an implementation with two steps swapped fails one.

A row lists its steps separated by ``;`` (the machine-readable form: one step, one clause or field group) and names
its vectors in the ``pinned by`` column; the rows are read as the two-fault strategies read them
(``strategies.faults.order_rows``), so the order they draw from is the one checked here. A refusal with two faults
is the only check that tells an order from its swap, so only refusals count. Where two neighbouring steps can never
both fail in one request (an empty pile has no suit; a payment with a token to spare covers its cost), the row's
vectors say so and pin the steps around them.
"""

from __future__ import annotations

import pytest

from rulespec.conformance.harness.games import Game, all_games
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.strategies.faults import order_rows

GAMES = all_games()


@pytest.mark.parametrize("game", GAMES, ids=[game.key for game in GAMES])
def test_every_stated_order_is_pinned_by_refusals(game: Game) -> None:
    cases = {loaded.case.id: loaded.case for loaded in load_game(game)}
    rows = order_rows(game.spec_path)
    assert rows, f"{game.spec_path} states no order of checks"
    problems: list[str] = []
    for part, steps, named in rows:
        unknown = [name for name in named if name not in cases]
        if unknown:
            problems.append(f"{part}: names vectors the suite lacks: {unknown}")
        refusals = [name for name in named if name in cases and cases[name].error is not None]
        if len(refusals) < len(steps) - 1:
            problems.append(f"{part}: {len(steps)} steps, {len(refusals)} refusal(s) pin them; needs {len(steps) - 1}")
        if not named:
            problems.append(f"{part}: names no vector")
    assert not problems, "\n".join(problems)
