"""Every order of checks the spec states is pinned: each row of a spec's "Order of checks" table names refusal
vectors, at least one per pair of neighbouring steps, so that an implementation with two steps swapped fails one.

A row lists its steps separated by ``;`` (the machine-readable form: one step, one clause or field group) and names
its vectors in the ``pinned by`` column. A refusal with two faults is the only check that tells an order from its
swap, so only refusals count. Rows still short of one refusal per pair are listed below with what they lack; the
test fails when a new row is short, and when a listed row is pinned at last (so the list only shrinks).
"""

from __future__ import annotations

import re

import pytest

from rulespec.conformance.harness.games import Game, all_games
from rulespec.conformance.harness.vectors import load_game

GAMES = all_games()
ROW = re.compile(r"^\| (?P<part>.+?) \| (?P<order>.+) \| (?P<pinned>[^|]+) \|$")
VECTOR_ID = re.compile(r"`([a-z0-9]+(?:-[a-z0-9]+)+)`")

# (game, the row's first cell): rows with fewer pinning refusals than pairs of neighbouring steps, today
SHORT = {
    ("his", "`run_phase`, `may_play_copernicus_or_servetus`"),
    ("his", "the board"),
    ("his", "the play"),
    ("imperium", "a player"),
    ("imperium", "`use_exhaust_ability`"),
    ("imperium", "`draw`"),
    ("imperium", "`acquire_market_card`"),
    ("imperium", "`pay_cost`"),
    ("imperium", "`resolve_action`"),
}


def order_rows(game: Game) -> list[tuple[str, list[str], list[str]]]:
    """Each row of the spec's Order of checks table: its part, its steps, the vector IDs it names."""
    text = game.spec_path.read_text(encoding="utf-8")
    section = text.split("### Order of checks", 1)[1].split("\n### ", 1)[0]
    rows: list[tuple[str, list[str], list[str]]] = []
    for line in section.splitlines():
        found = ROW.match(line.strip())
        if not found or line.startswith("| ---") or "pinned by" in line:
            continue
        steps = [step for step in re.split(r";\s*", found["order"]) if step.strip()]
        rows.append((found["part"], steps, VECTOR_ID.findall(found["pinned"])))
    return rows


@pytest.mark.parametrize("game", GAMES, ids=[game.key for game in GAMES])
def test_every_stated_order_is_pinned_by_refusals(game: Game) -> None:
    cases = {loaded.case.id: loaded.case for loaded in load_game(game)}
    rows = order_rows(game)
    assert rows, f"{game.spec_path} states no order of checks"
    problems: list[str] = []
    for part, steps, named in rows:
        unknown = [name for name in named if name not in cases]
        if unknown:
            problems.append(f"{part}: names vectors the suite lacks: {unknown}")
        refusals = [name for name in named if name in cases and cases[name].error is not None]
        short = len(refusals) < len(steps) - 1
        if short and (game.key, part) not in SHORT:
            problems.append(f"{part}: {len(steps)} steps, {len(refusals)} refusal(s) pin them; needs {len(steps) - 1}")
        if not short and (game.key, part) in SHORT:
            problems.append(f"{part}: pinned now; take it out of SHORT")
        if not named:
            problems.append(f"{part}: names no vector")
    assert not problems, "\n".join(problems)
