"""Values that reach only refusal diagnostics: through a local name, a helper's parameter, a default."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.conformance.harness.mutation.flow import Flow
from rulespec.conformance.harness.mutation.score import only_diagnostics

HELPERS = """
def refuse_count(value, path, top, reason, rule):
    if value < 0 or value > top:
        raise refuse(path, value, reason, rule)

def check_side(side, at):
    if side != "papal":
        raise IllegalAction("HIS-BONUS-2", f"{at}: a {side} debater cannot be disgraced")

def check_field(value, at):
    if value < 0:
        raise refuse(at, value, "never negative", "R-1")

def passes_on(side, at):
    check_side(side, f"{at}!")
"""

RULES = """
from pkg.helpers import check_field, check_side, passes_on, refuse_count

def validate(board, path="board", note="a board"):
    rule = "R-2" if board.kind == "a" else "R-3"
    span = f"0 to {board.top}"
    refuse_count(board.count, f"{path}.count", board.top, f"{note}: {span}", rule)
    check_side(board.side, path)
    passes_on(board.side, path)
    check_field(board.gold, f"{path}.gold")
    limit = board.top + 1
    if board.count > limit:
        raise refuse(f"{path}.count", board.count, "too many", rule)
"""


@pytest.fixture
def flow(tmp_path: Path) -> Flow:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "helpers.py").write_text(HELPERS, encoding="utf-8")
    (package / "rules.py").write_text(RULES, encoding="utf-8")
    return Flow(
        tmp_path, {"refuse": (frozenset({1, 2, 3}), frozenset()), "IllegalAction": (frozenset({1}), frozenset())}
    )


def quiet(flow: Flow, old: str, new: str) -> bool:
    assert old in RULES
    return only_diagnostics(RULES, RULES.replace(old, new, 1), "pkg.rules", flow)


def test_a_local_read_only_into_refusal_diagnostics_is_quiet(flow: Flow) -> None:
    assert quiet(flow, '"R-2" if board.kind == "a"', '"XXR-2XX" if board.kind == "a"')
    assert quiet(flow, 'board.kind == "a"', 'board.kind != "a"')  # the test of a quiet value's choice
    assert quiet(flow, 'span = f"0 to {board.top}"', "span = None")


def test_a_helper_parameter_read_only_into_diagnostics_is_quiet(flow: Flow) -> None:
    assert quiet(flow, 'f"{note}: {span}", rule)', "None, rule)")  # refuse_count's reason
    assert quiet(flow, "check_side(board.side, path)", "check_side(board.side, None)")  # at, in a reason only
    assert quiet(flow, "passes_on(board.side, path)", "passes_on(board.side, None)")  # handed on to another quiet one
    assert quiet(flow, 'note="a board"', 'note="XXa boardXX"')  # a quiet parameter's default


def test_a_value_that_reaches_a_judged_place_is_not(flow: Flow) -> None:
    assert not quiet(flow, 'check_field(board.gold, f"{path}.gold")', "check_field(board.gold, None)")  # a field
    assert not quiet(flow, 'f"{path}.count", board.top', "None, board.top")  # refuse_count's path is a field
    assert not quiet(flow, "board.count, f", "None, f")  # the value compared
    assert not quiet(flow, "limit = board.top + 1", "limit = board.top + 2")  # read by the test
    assert not quiet(flow, 'path="board"', 'path="XXboardXX"')  # path names fields
    assert not quiet(flow, "check_side(board.side, path)", "check_side(None, path)")


def test_an_unknown_callee_or_a_rebound_name_counts_as_judged(flow: Flow) -> None:
    rebound = RULES.replace(
        "    limit = board.top + 1\n", "    limit = board.top + 1\n    for rule in board.rules:\n        pass\n"
    )
    assert not only_diagnostics(rebound, rebound.replace('"R-2" if', '"XX" if'), "pkg.rules", flow)
    elsewhere = RULES.replace("check_side(board.side, path)", "other.check_side(board.side, path)")
    assert not only_diagnostics(
        elsewhere, elsewhere.replace("(board.side, path)", "(board.side, None)", 1), "pkg.rules", flow
    )
