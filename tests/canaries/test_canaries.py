"""Every canary is caught, on the rules it breaks, by ``rulespec verify`` as a user would run it.

The command's own entry point (``cli.main``) is called in this process: the canaries of a worker share one interpreter
and its imports, about a second of each run (58 runs), with the same arguments, output and exit status as the
console script. The Hypothesis profile the run loads is put back after it.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import all_games
from tests.canaries import Canary, caught

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)


def _canaries() -> list[tuple[str, Canary]]:
    found: list[tuple[str, Canary]] = []
    for game in all_games():
        try:
            module = importlib.import_module(f"tests.canaries.{game.key}")
        except ModuleNotFoundError:
            continue
        found.extend((game.key, canary) for canary in module.CANARIES)
    return found


CANARIES = _canaries()
Verify = Callable[..., tuple[int, str]]


@pytest.fixture
def verify(capsys: pytest.CaptureFixture[str]) -> Iterator[Verify]:
    """``rulespec verify ARGUMENTS`` run here: its exit status and what it printed."""
    loaded = settings.get_current_profile_name()

    def run(*arguments: str) -> tuple[int, str]:
        capsys.readouterr()
        code = main(["verify", *arguments])
        return code, capsys.readouterr().out

    yield run
    settings.load_profile(loaded)


def test_every_game_has_canaries() -> None:
    games = {key for key, _ in CANARIES}
    assert games == {game.key for game in all_games()}, "a game without canaries has unproven invariants"


@pytest.mark.parametrize("key", sorted({key for key, _ in CANARIES}))
def test_the_canaries_without_their_bugs_pass(key: str, verify: Verify) -> None:
    """``CORRECT``, the base each game's canaries bend, plugged in as they are, passes every vector of the game: it
    hands every operation and ruling to the reference unchanged, so a canary fails for its bug alone. Its invariants
    are the reference's own run (``nox -s conformance``, in CI beside this): the canary profile is ci's derandomised
    search, so they draw the very examples that run passes; running them again here cost a minute of CI."""
    correct: str = importlib.import_module(f"tests.canaries.{key}").CORRECT
    options = ("--game", key, "--impl", f"tests.canaries.{key}:{correct}", "--profile", "canary")
    code, printed = verify(*options, "--", "--ignore-glob=*/invariants/*")
    assert code == 0, f"{correct} does not pass every vector:\n{printed[-3000:]}"
    # every rule of the game passed, by its vectors alone
    assert re.search(r"^rules: (\d+) \(\1 passed\)$", printed, re.M), printed[-3000:]


@pytest.mark.parametrize(("key", "canary"), CANARIES, ids=[f"{k}:{c.name}" for k, c in CANARIES])
def test_canary_is_caught_on_its_rules(
    key: str, canary: Canary, tmp_path: Path, verify: Verify, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert canary.caught_on, "a canary caught on no rule proves nothing (and its run would stop at its first check)"
    report = tmp_path / "report.json"
    monkeypatch.setenv(caught.RULES, " ".join(canary.caught_on))
    code, printed = verify(
        *("--game", key, "--impl", f"tests.canaries.{key}:{canary.name}", "--profile", "canary"),
        *("--report-json", str(report)),
        *(f"--rule={rule}" for rule in canary.caught_on),  # the checks of the rules it must be caught on
        *("--", "-p", caught.__name__),
    )
    stopped = caught.STOPPED in printed  # pytest's own exit status for a stopped run, 2, says nothing of the verdict
    assert code == 1 or stopped, f"verify exited {code} for a canary that {canary.breaks}\n{printed[-3000:]}"
    assert "verdict: NOT A FULL PASS" in printed
    records = json.loads(report.read_text(encoding="utf-8"))["checks"]
    # a failing check fails its primary rule and only implicates the others: each rule it breaks must be
    # some failing check's primary
    failed = {record["primary"] for record in records if record["outcome"] == "failed"}
    missing = sorted(set(canary.caught_on) - failed)
    assert not missing, f"canary that {canary.breaks} was not failed on {missing}; failed rules: {sorted(failed)}"
    for rule in canary.caught_on:
        shown = any(line.startswith(f"{rule} ") and line.rstrip().endswith("failed") for line in printed.splitlines())
        assert shown, f"the table does not show {rule} failed"
