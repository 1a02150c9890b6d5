"""A check's ID, as the terminal, the summary and an expectations file name it: a vector's case ID or an invariant's
test name. It must name one check in the whole suite, and an expectations entry must find its check however the
run rooted its node IDs."""

from __future__ import annotations

import ast
import io
from collections import Counter

from rich.console import Console

from rulespec.conformance.harness.games import INVARIANTS_DIR
from rulespec.conformance.harness.gate.conclude import print_gate
from rulespec.conformance.harness.gate.expectations import KnownFailure
from rulespec.conformance.harness.gate.judge import GateResult, check_id, covers
from rulespec.conformance.harness.records import CheckRecord

LONGEST_SHOWN = 70  # an ID on a line of its own, indented 4, fits 80 columns with its colon


def invariant_names() -> list[str]:
    names: list[str] = []
    for path in sorted(INVARIANTS_DIR.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names += [
            node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
        ]
    return names


def test_every_invariants_test_name_is_unique_in_the_suite_and_fits_a_line() -> None:
    names = invariant_names()
    assert len(names) > 50
    assert [name for name, n in Counter(names).items() if n > 1] == []
    assert max(map(len, names)) <= LONGEST_SHOWN


def invariant(nodeid: str) -> CheckRecord:
    return CheckRecord(nodeid, "soe", "invariant", ("SOE-POP-2",), "failed", "")


def test_a_check_is_named_by_its_case_id_or_test_name() -> None:
    vector = CheckRecord(
        "conformance/vectors/soe/grow_population.json::soe-pop-stops-at-nine", "soe", "vector", (), "passed", ""
    )
    assert check_id(vector) == "soe-pop-stops-at-nine"
    assert check_id(invariant("conformance/invariants/soe/test_tracks.py::test_pop[x]")) == "test_pop[x]"


def test_an_entry_finds_its_check_by_id_node_id_or_node_ids_tail() -> None:
    suite = invariant("conformance/invariants/soe/test_tracks.py::test_population_grows")
    # plain pytest over an installed suite roots node IDs where it was started
    installed = invariant(
        "venv/lib/python3.11/site-packages/rulespec/conformance/invariants/soe/test_tracks.py::test_population_grows"
    )
    for check in ("test_population_grows", "conformance/invariants/soe/test_tracks.py::test_population_grows"):
        assert covers(KnownFailure("why", check=check), suite) and covers(KnownFailure("why", check=check), installed)
    assert not covers(KnownFailure("why", check="test_population"), suite)
    assert not covers(KnownFailure("why", check="soe/test_tracks.py::test_population"), installed)


def test_the_gates_findings_fit_80_columns_and_keep_each_check_id_whole() -> None:
    long = "test_maintenance_pays_the_upkeep_with_exactly_the_taxations_needed"
    unexpected = tuple(invariant(f"conformance/invariants/soe/test_tracks.py::{long}{n}") for n in range(3))
    reason = "18 not implemented, more than --max-not-implemented 0; list these operations under not_implemented"
    counts = {"passed": 277, "failed": 4, "not implemented": 18, "expected failure": 4, "known gap": 18}
    gate = GateResult(False, (reason,), (), unexpected, (), (), (), counts)
    out = io.StringIO()
    print_gate(gate, Console(file=out, width=80, soft_wrap=True, color_system=None), unexpected)
    shown = out.getvalue()
    assert all(len(line) <= 80 for line in shown.splitlines()), shown
    assert all(f"{long}{n}" in shown.split() or f"{long}{n}," in shown.split() for n in range(3)), shown
    assert "gate: FAILED (277 passed" in shown
