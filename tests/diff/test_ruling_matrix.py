"""Every alternative of every ruling of every game is told apart by ``rulespec diff`` with its default budget.

``rulespec diff ref 'ref[FIELD=ALT]' --game KEY``: the rulings are drawn per input, FIELD from the
alternatives other than ALT, so each input asks what ALT changes. The search runs the game's
operations in order and stops at the first that shows a difference; it must find one within
90 CPU seconds (the machine is shared: CPU time, not the wall clock, is what a search costs; the
slowest, found only in Struggle of Empires' last operation, took 62 s at a load average of 7).

Minutes for the whole matrix, so it runs in its own session (``nox -s ruling_matrix``), not in
the default ``tests`` session (tests/diff/conftest.py skips it there). The rulings are read from
each game's Rulings type, so a ruling added later is in the matrix without an edit here.
"""

from __future__ import annotations

import time

import msgspec
import pytest

from rulespec.conformance.harness.diff.command import DEFAULT_BUDGET
from rulespec.conformance.harness.diff.explore import explore
from rulespec.conformance.harness.diff.sides import parse_side
from rulespec.conformance.harness.games import REGISTRY, game
from rulespec.conformance.harness.rulings import alternatives
from rulespec.conformance.harness.spec import read_clauses

pytestmark = pytest.mark.ruling_matrix

CPU_SECONDS = 90.0
# rulings whose alternatives the spec shows to answer alike on the state modelled, with the clause saying so
EQUIVALENT = {("soe", "sequence"): ("SOE-RULING-13", "give the same result")}

MATRIX = [
    (key, name, msgspec.json.encode(choice).decode())
    for key in sorted(REGISTRY)
    for name, choices in alternatives(game(key).rulings).items()
    for choice in choices
]


@pytest.mark.parametrize(("key", "name", "alternative"), MATRIX)
def test_diff_tells_the_alternative_from_the_reference(key: str, name: str, alternative: str) -> None:
    if (key, name) in EQUIVALENT:
        clause, says = EQUIVALENT[(key, name)]
        text = " ".join(c.text for c in read_clauses(game(key).spec_path) if c.id == clause).replace("\n", " ")
        assert says in text, f"{clause} no longer says its alternatives {says}"
        pytest.skip(f"{clause}: the spec shows the alternatives {says} on the modelled state")
    chosen = game(key)
    reference, switched = parse_side(chosen, "ref"), parse_side(chosen, f"ref[{name}={alternative}]")
    start = time.process_time()
    found = None
    for operation in chosen.operations:
        found = explore(chosen, operation.name, reference, switched, DEFAULT_BUDGET, max_differences=1)
        if found.differences:
            break
    spent = time.process_time() - start
    print(f"{key} {name}={alternative}: {found.operation if found else '-'} {spent:.1f} s CPU")
    assert found is not None and found.differences, (
        f"ref[{name}={alternative}]: no difference in {DEFAULT_BUDGET} inputs per operation"
    )
    assert spent < CPU_SECONDS, f"ref[{name}={alternative}]: found in {found.operation} after {spent:.0f} CPU seconds"
