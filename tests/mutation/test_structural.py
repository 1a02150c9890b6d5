"""Order and condition mutants: which swaps and drops are written, and that each is the reference's own lines moved."""

from __future__ import annotations

import ast
from pathlib import Path

from rulespec.conformance.harness.mutation.score import judge, load_equivalents
from rulespec.conformance.harness.mutation.structural import CONDITION, ORDER, mutants
from rulespec.conformance.harness.mutation.trial import stats_tests

RULES = '''"""A rule module."""


def check(a, b, rows):
    """X-1: two checks, then steps."""
    if a < 0:
        raise ValueError("a")
    if b < 0:  # a comment that stays with its line
        raise ValueError("b")
    total = a + b
    doubled = total * 2
    lines = []
    lines.append(a)
    lines.append(b)
    kept = [r for r in rows if r > 0 and r < 9]
    return (line(a), line(b)), doubled, kept


def line(x):
    return x


def kinds(bonus):
    if bonus.kind == "burned":
        raise IllegalAction("X-2", "burned")
    if bonus.kind == "disgraced":
        raise IllegalAction("X-3", "disgraced")
    if bonus.vp < 0:
        raise IllegalAction("X-4", "negative")
    if bonus.vp > 9:
        raise IllegalAction("X-4", "too many")


def typed(rows: tuple[line, check]) -> tuple[line, check]:
    seen: dict[line, check] = {}
    return (line(rows), check(rows, seen, rows))
'''


def _found(
    tmp_path: Path, kinds: tuple[str, ...] = (ORDER, CONDITION), function: str = "check"
) -> list[tuple[str, str]]:
    package = tmp_path / "pkg"
    package.mkdir(parents=True)
    (package / "rules.py").write_text(RULES, encoding="utf-8")
    found = mutants(tmp_path, "pkg", kinds)
    for mutant in found:
        ast.parse(mutant.source)  # every mutant is Python
        assert mutant.module == "pkg.rules" and mutant.path == "pkg/rules.py"
    return [(m.kind, m.mutated) for m in found if m.function == function]


def test_two_independent_checks_are_swapped_dependent_steps_never(tmp_path: Path) -> None:
    found = _found(tmp_path, (ORDER,))
    swapped = [text for _, text in found if text.index('raise ValueError("b")') < text.index('raise ValueError("a")')]
    assert len(swapped) == 1 and "# a comment that stays with its line" in swapped[0]
    assert all(text.index("total = a + b") < text.index("doubled = total * 2") for _, text in found)  # would crash
    assert any(text.index("lines.append(b)") < text.index("lines.append(a)") for _, text in found)  # steps' order
    assert any("(line(b), line(a))" in text for _, text in found)  # a literal sequence of steps
    assert len(found) == 3
    # in kinds: two kinds no bonus has at once, two refusals judged the same: only the middle pair is swapped
    (only,) = _found(tmp_path / "again", (ORDER,), "kinds")
    assert only[1].index("bonus.vp < 0") < only[1].index('"disgraced"')


def test_one_condition_dropped_one_guard_removed(tmp_path: Path) -> None:
    found = [text for kind, text in _found(tmp_path, (CONDITION,)) if kind == CONDITION]
    assert any("if r > 0]" in text for text in found) and any("if r < 9]" in text for text in found)
    assert any("if a < 0" not in text for text in found) and any("if b < 0" not in text for text in found)
    assert any("kept = [r for r in rows]" in text for text in found)  # the comprehension's filter dropped
    assert len(found) == 5


def test_nothing_inside_a_type_annotation_is_swapped(tmp_path: Path) -> None:
    """A local's annotation is never evaluated: a swap there could never be killed, so none is written."""
    (only,) = _found(tmp_path, (ORDER,), "typed")
    assert "(check(rows, seen, rows), line(rows))" in only[1]
    assert only[1].count("[line, check]") == 3


def test_a_structural_survivor_is_judged_by_its_own_module_function_and_kind(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "rules.py").write_text(RULES, encoding="utf-8")
    mutant = mutants(tmp_path, "pkg", (ORDER,))[0]
    raw = {
        "name": mutant.name,
        "status": "survived",
        "original": mutant.original,
        "mutated": mutant.mutated,
        "module": mutant.module,
        "function": mutant.function,
        "kind": mutant.kind,
    }
    judged = judge(raw, load_equivalents(tmp_path / "none.toml"))
    assert judged.survived and judged.kind == ORDER and judged.function == "check"
    assert '-        raise ValueError("b")' in judged.diff and "+    if b < 0:" in judged.diff


def test_mutmut_coverage_picks_each_functions_checks_vectors_first(tmp_path: Path) -> None:
    stats = tmp_path / "mutmut-stats.json"
    stats.write_text(
        '{"tests_by_mangled_function_name": {"pkg.rules.x_check": ["t.py::slow", "v.json::case"],'
        ' "pkg.rules.xǁBoardǁscore": ["t.py::a"]}, "duration_by_test": {"t.py::slow": 3.0}}',
        encoding="utf-8",
    )
    reached = stats_tests(stats)
    assert reached == {"pkg.rules.check": ["v.json::case", "t.py::slow"], "pkg.rules.Board.score": ["t.py::a"]}
    assert stats_tests(tmp_path / "missing.json") is None
