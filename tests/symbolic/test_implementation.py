"""``rulespec symbolic --impl``: CrossHair against a plugged implementation, reported per rule.

The slow test proves the point: a port whose population track ends at 10 is caught by
CrossHair alone, on the population clauses, with the input it found.
"""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.symbolic import implementation as symbolic_impl
from rulespec.conformance.harness.symbolic.command import main
from rulespec.conformance.harness.symbolic.implementation import Finding, generated_module, render
from tests import REPO_ROOT, rulespec

SOE = game("soe")
CANARY = "tests.canaries.soe:PopulationReachesTen"
PORT = "tests.fakes.soe_population_port:PopulationPort"


def test_the_generated_module_carries_the_reference_contracts_on_lines_of_their_own() -> None:
    source = generated_module(SOE, "grow_population", CANARY)
    tree = ast.parse(source)
    wrapper = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "grow_population")
    docstring = ast.get_docstring(wrapper) or ""
    assert "post: all(0 <= e.population <= MAX_POPULATION for e in __return__.empires)" in docstring.splitlines()
    assert "raises: InvalidState" in docstring.splitlines()
    names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert {"grow_population", "implementation", "reference"} <= names


def test_the_generated_module_imports_and_calls_the_implementation() -> None:
    namespace: dict[str, object] = {}
    exec(compile(generated_module(SOE, "grow_population", CANARY), "<generated>", "exec"), namespace)
    from rulespec.reference.struggle_of_empires.model import Empire, PopulationRequest
    from rulespec.reference.struggle_of_empires.rulings import Rulings

    request = PopulationRequest((Empire("ann", 0, 7, 0, 0, 0, 0, 0), Empire("bob", 0, 1, 0, 0, 0, 0, 0)))
    implementation = namespace["implementation"]
    reference = namespace["reference"]
    assert callable(implementation) and callable(reference)
    assert implementation(request, Rulings()) != reference(request, Rulings())  # 10 against 9
    refused = PopulationRequest(())
    assert implementation(refused, Rulings()) == ("InvalidState", "empires")  # refusals compare as values


def test_findings_are_reported_per_rule(capsys: pytest.CaptureFixture[str]) -> None:
    findings = [
        Finding(
            "grow_population",
            "contracts",
            ("SOE-POP-1", "SOE-POP-2"),
            True,
            False,
            "error: false when calling grow_population(...)",
        ),
        Finding("grow_population", "diffbehavior", ("SOE-POP-1", "SOE-POP-2"), False, False, ""),
        Finding("clean_up", "contracts", ("SOE-CLEAN-1",), False, False, ""),
    ]
    assert render(SOE, CANARY, findings) == 1
    printed = capsys.readouterr().out
    assert "SOE-POP-2        failed: grow_population contracts" in printed
    assert "SOE-CLEAN-1      no counterexample" in printed
    assert render(SOE, CANARY, findings[1:]) == 0


def test_an_implementation_needs_its_game_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--impl", CANARY]) == 2
    assert "--game" in capsys.readouterr().err
    assert main(["--game", "soe", "--impl", CANARY, "--operation", "no_such_operation"]) == 2


def test_the_reference_only_run_is_unchanged() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rulespec.conformance.harness.symbolic", "--help"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "--per-condition-timeout" in done.stdout and "--impl" in done.stdout


@pytest.mark.slow
def test_crosshair_catches_a_port_whose_population_reaches_ten_on_its_rule() -> None:
    # the port checks its own input (tests/fakes/soe_population_port.py): the canary in tests/canaries
    # runs the reference's full validation first, which costs CrossHair minutes to get through
    condition = ("--operation", "grow_population", "--per-condition-timeout", "20")
    done = rulespec("symbolic", "--game", "soe", "--impl", PORT, *condition, timeout=2000)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "COUNTEREXAMPLE" in done.stdout
    assert "SOE-POP-2        failed: grow_population" in done.stdout
    assert "grow_population(PopulationRequest(" in done.stdout  # the input found
    assert "population=10" in done.stdout  # and the answer that breaks the track's end


def test_each_search_is_told_as_it_ends_and_the_findings_keep_their_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def searched(played: object, operation: str, impl: str, search: str, seconds: float) -> Finding:
        return Finding(operation, search, ("SOE-POP-2",), found=operation == "grow_population", failed=False, output="")

    monkeypatch.setattr(symbolic_impl, "search_operation", searched)
    soe = game("soe")
    findings = symbolic_impl.check_implementation(soe, "tests.canaries.soe:Base", soe.reference, 3.0)
    said = capsys.readouterr().out
    operations = [op.name for op in soe.operations]
    assert [(f.operation, f.search) for f in findings] == [(op, s) for op in operations for s in symbolic_impl.SEARCHES]
    assert f"{2 * len(operations)} searches, 3 CPU s per condition" in said
    assert said.count("] soe.") == 2 * len(operations), said
    assert "soe.grow_population contracts: COUNTEREXAMPLE" in said
