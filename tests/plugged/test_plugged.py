"""``rulespec plugged`` (and ``nox -s plugged``): typecheck, verify and symbolic against one
implementation, one verdict.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.plugged import command as plugged_command
from rulespec.conformance.harness.plugged.command import steps
from rulespec.conformance.harness.symbolic.implementation import conditions
from tests import REPO_ROOT, rulespec

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)


def _args(**given: object) -> argparse.Namespace:
    base: dict[str, object] = {"impl": None, "cmd": None, "profile": "ci", "rule": None, "expectations": None}
    base["per_condition_timeout"] = 60.0
    return argparse.Namespace(**{**base, **given})


def test_a_python_implementation_gets_all_three_steps_and_a_command_only_verify() -> None:
    python = steps(_args(impl="pkg.engine:Rules", expectations="known.toml"), "soe")
    assert [step.arguments[0] for step in python] == ["typecheck", "verify", "symbolic"]
    assert "--expectations" in python[1].arguments and "--impl" in python[2].arguments
    wire = steps(_args(cmd="node impl.js"), "soe")
    assert [step.arguments[:1] for step in wire] == [(), ("verify",), ()]
    assert all("Python only" in step.why_not for step in wire if not step.arguments)


def test_a_mistyped_implementation_stops_before_any_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugged", "--game", "soe", "--impl", "rulespec.reference.struggle_of_empire"]) == 2
    shown = capsys.readouterr()
    assert shown.out == "" and "did you mean struggle_of_empires?" in shown.err


def test_one_verdict_over_the_steps_that_ran(tmp_path: Path) -> None:
    """Over --cmd only verify runs (here the Python example adapter, which passes): its verdict is the whole one."""
    adapter = tmp_path / "adapter.py"
    adapter.write_text(
        (REPO_ROOT / "examples" / "soe-python" / "impl.py").read_text(encoding="utf-8"), encoding="utf-8"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "COLUMNS": "200"}
    run = (
        "plugged",
        "--game",
        "soe",
        "--profile",
        "canary",
        "--rule",
        "SOE-POP-1",
        "--cmd",
        f"{sys.executable} {adapter}",
    )
    done = rulespec(*run, cwd=tmp_path, env=env, timeout=900)
    tail = done.stdout[done.stdout.rindex("rulespec plugged") :]
    assert "typecheck  Python only" in tail and "symbolic   Python only" in tail, tail
    assert "verify     passed" in tail and "verdict: PASSED (1 of 3 steps ran)" in tail and done.returncode == 0, tail


def test_the_symbolic_step_shares_one_budget_over_the_cores_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugged_command, "cores", lambda: 2)
    # two searches at a time over 2 cores: Struggle of Empires' 38 conditions (30 post: lines of 8 operations, and
    # one diffbehavior each) share 200 CPU s as 5.3 s each
    assert sum(conditions(game("soe"), op.name) for op in game("soe").operations) == 38
    assert plugged_command.condition_seconds(38) == round(100.0 * 2 / 38, 1)
    assert plugged_command.condition_seconds(1) == 60.0, "never past a search's own bound"
    assert plugged_command.condition_seconds(100) == 5.0, "never below the least that finds anything"
    told = steps(_args(impl="pkg.engine:Rules", per_condition_timeout=None), "soe", 11.1)
    assert told[2].arguments[-2:] == ("--per-condition-timeout", "11.1")
    assert steps(_args(impl="pkg.engine:Rules"), "soe", 11.1)[2].arguments[-1] == "60.0", "a figure given wins"
