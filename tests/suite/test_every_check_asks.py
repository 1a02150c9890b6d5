"""Every check asks the implementation something: none can pass without a single call to it.

A check scoped to one rule asks only where the reference's answer turns on that rule. If its strategy
never draws such a request, the check passes having asserted nothing, whatever the implementation
does. Against an implementation that offers nothing, each check that asks is not implemented; one
that passes never asked. The ci profile is the gate's: derandomised, so this holds run after run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulespec.conformance.harness.games import Game, all_games
from tests import rulespec

pytestmark = pytest.mark.acceptance  # whole games over a whole command: nox -s acceptance (CI)

GAMES = all_games()


@pytest.mark.parametrize("game", GAMES, ids=[game.key for game in GAMES])
def test_no_check_passes_an_implementation_that_offers_nothing(game: Game, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    run = rulespec(
        "verify",
        "--game",
        game.key,
        "--profile",
        "ci",
        "--impl",
        "tests.fakes.offers_nothing:OffersNothing",
        "--report-json",
        str(report),
        timeout=600,
    )
    assert report.exists(), run.stdout[-2000:] + run.stderr[-2000:]
    checks = json.loads(report.read_text(encoding="utf-8"))["checks"]
    asked_nothing = sorted(check["nodeid"] for check in checks if check["outcome"] != "not implemented")
    assert checks and not asked_nothing, f"{len(asked_nothing)} check(s) never asked: {asked_nothing}"
