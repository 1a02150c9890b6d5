"""The integers the suite sends stay within the range docs/wire-protocol.md states, and each game reaches it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import pytest

from rulespec.conformance.harness.games import Game, all_games
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.wire.encoding import LARGEST

GAMES = all_games()


def integers(value: object) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for item in cast(dict[str, object], value).values():
            yield from integers(item)
    elif isinstance(value, list):
        for item in cast(list[object], value):
            yield from integers(item)


@pytest.mark.parametrize("game", GAMES, ids=[game.key for game in GAMES])
def test_every_integer_is_within_the_wire_range_and_the_bound_is_sent(game: Game) -> None:
    sent: set[int] = set()
    for loaded in load_game(game):
        found = set(integers(loaded.case.input)) | set(integers(loaded.case.output))
        beyond = sorted(n for n in found if abs(n) > LARGEST)
        assert not beyond, f"{loaded.case.id} carries {beyond}, past the wire's range"
        sent |= set(integers(loaded.case.input))
    assert LARGEST in sent, f"no {game.key} vector sends the wire's largest integer, {LARGEST}"
