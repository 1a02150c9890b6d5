"""``rulespec typecheck``: mypy checks the plug-in boundary of a Python implementation against the game's Protocol."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.typecheck.command import boundary_module
from tests import REPO_ROOT, rulespec

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)


def _typecheck(key: str, impl: str) -> subprocess.CompletedProcess[str]:
    return rulespec("typecheck", "--game", key, "--impl", impl)


def test_the_reference_fits_its_protocol_whole() -> None:
    done = _typecheck("soe", "rulespec.reference.struggle_of_empires")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "satisfies StruggleOfEmpires" in done.stdout and "not implemented" not in done.stdout


def test_a_wrong_result_type_is_refused_naming_the_operation() -> None:
    done = _typecheck("soe", "tests.mistyped.soe:ScoreRegionAnswersVp")
    assert done.returncode == 1, done.stdout + done.stderr
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert errors and all(line.startswith("score_region: error:") for line in errors), done.stdout
    assert "RegionScore" in errors[0] and "score_regions: not implemented" in done.stdout


def test_a_missing_parameter_is_refused_naming_the_operation() -> None:
    done = _typecheck("soe", "tests.mistyped.soe:IncomeWithoutRulings")
    assert done.returncode == 1 and "collect_income: error:" in done.stdout, done.stdout + done.stderr


def test_a_canary_is_wrong_in_behaviour_not_in_type() -> None:
    done = _typecheck("his", "tests.canaries.his:TotalLeavesOutBonus")
    assert done.returncode == 0, done.stdout + done.stderr


def test_an_implementation_that_cannot_be_loaded_is_a_usage_error() -> None:
    done = _typecheck("soe", "tests.mistyped.soe:NoSuchClass")
    assert done.returncode == 2 and "cannot load --impl tests.mistyped.soe:NoSuchClass" in done.stderr, done.stderr


ENGINE = """\
import rulespec.reference.struggle_of_empires as soe
from rulespec.reference.struggle_of_empires.model import Empires, IncomeRequest, PopulationRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings


class SoeRules:
    def collect_income(self, request: IncomeRequest, rulings: Rulings, /) -> Empires:
        return soe.collect_income(request, rulings)

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> int:
        return 9
"""


def _package(root: Path) -> None:
    """``enginepkg``, no py.typed: grow_population answers the wrong type, collect_income the right one."""
    (root / "enginepkg").mkdir()
    (root / "enginepkg" / "__init__.py").write_text("", encoding="utf-8")
    (root / "enginepkg" / "rules.py").write_text(ENGINE, encoding="utf-8")


def _typecheck_in(where: Path, pythonpath: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": pythonpath}
    return rulespec("typecheck", "--game", "soe", "--impl", "enginepkg.rules:SoeRules", cwd=where, env=env)


def test_a_package_without_py_typed_is_read_wherever_verify_finds_it(tmp_path: Path) -> None:
    """From the current directory, and installed (on the path, as site-packages are) without a py.typed marker."""
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    _package(project)
    for where, path in ((project, str(REPO_ROOT)), (elsewhere, os.pathsep.join([str(project), str(REPO_ROOT)]))):
        done = _typecheck_in(where, path)
        assert done.returncode == 1, done.stdout + done.stderr
        assert "py.typed" not in done.stdout and "import-untyped" not in done.stdout, done.stdout
        errors = [line for line in done.stdout.splitlines() if ": error:" in line]
        assert errors and all(line.startswith("grow_population: error:") for line in errors), done.stdout


def test_the_whole_protocol_is_checked_only_when_every_operation_is_offered() -> None:
    soe = game("soe")
    every = boundary_module(soe, "pkg:Impl", True, {op.name for op in soe.operations})
    some = boundary_module(soe, "pkg:Impl", True, {"score_region"})
    assert "whole: " in every.source and "_impl = _impl_module.Impl()" in every.source
    assert "whole: " not in some.source
    assert some.missing == tuple(op.name for op in soe.operations if op.name != "score_region")
    line = next(n for n, what in some.lines.items() if what == "score_region")
    assert some.source.splitlines()[line - 1].startswith("score_region: Callable[")
