"""Checks of the reference taken in another order: the misreading of the clause that states their order.

A port may make every check the reference makes and still refuse a request with two faults on the other one: it took
two checks in the other order (every bonus's claim before every bonus's shape). The order is stated by the function
that takes them, not by either check (each is still made as its clause says), so ``edits`` makes each move of one
check past its neighbouring checks (two swapped, or one put first past several) a misreading of the clauses the
function's docstring names, less the rules the checks it passes refuse under themselves (``score_power`` names
HIS-VP-2, which its ``validate_base_vp`` cites, and HIS-VP-3); except where the later check's clause says when it is
made ("checked after ``control``", "once every card has passed"): its line names that clause in a comment, and the
move misreads it. A check is a statement that may only refuse: a guard that raises, a call of a step whose answer is
not kept (``validate_bonuses(...)``), a loop of checks; or a step whose answer is kept in a name (``power =
validate_power(...)``) where its neighbour does not read that name, so the two still answer alike in either order but
for which fault is refused first. Two neighbouring steps of one state, each a call rebinding what it reads (the nation
card moved, then the discard pile shuffled), swapped misread the order their function states too; so do two
neighbouring cases that each answer under their own condition, where the function's docstring states their order
("standard, then domination, then the time limit"): its first clause (the turn marker advanced before a domination is
looked for: HIS-WIN-1).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path
from types import CodeType
from typing import cast

from rulespec.conformance.harness.spec import find_rule_ids


def compiled(function: ast.FunctionDef, path: str) -> CodeType | None:
    """The function's code, compiled alone (names are looked up in the live function's module when it runs)."""
    try:
        module = compile(ast.Module([function], []), path, "exec")
    except (SyntaxError, ValueError):
        return None
    return next((c for c in module.co_consts if isinstance(c, CodeType) and c.co_name == function.name), None)


def _check(statement: ast.stmt) -> bool:
    """Whether a statement may only refuse: swapped with another such, it changes which fault is refused."""
    if isinstance(statement, ast.If):  # a guard that raises, or a block of checks made only when asked (a play's)
        checks = isinstance(statement.body[-1], ast.Raise) or all(_check(inner) for inner in statement.body)
        return not statement.orelse and checks
    if isinstance(statement, ast.Expr):
        return isinstance(statement.value, ast.Call) and isinstance(statement.value.func, ast.Name)
    if isinstance(statement, ast.Assign):
        return isinstance(statement.value, ast.Call) and isinstance(statement.value.func, ast.Name)
    return isinstance(statement, ast.For) and not statement.orelse and all(_check(s) for s in statement.body)


def _case(statement: ast.stmt) -> bool:
    """Whether a statement answers early under its condition (``if dominant is not None: return ...``)."""
    return isinstance(statement, ast.If) and not statement.orelse and isinstance(statement.body[-1], ast.Return)


def _independent(first: ast.stmt, second: ast.stmt) -> bool:
    """Whether neither statement reads a name the other binds (a kept step's answer read by its neighbour)."""
    return not (_bound(first) & _read(second) or _bound(second) & _read(first))


def _chained(first: ast.stmt, second: ast.stmt) -> bool:
    """Two steps of one state: each a call whose answer rebinds names it reads, the second rebinding the first's."""
    return all(
        isinstance(step, ast.Assign) and isinstance(step.value, ast.Call) and _bound(step) & _read(step)
        for step in (first, second)
    ) and _bound(first) <= _bound(second)


def _bound(statement: ast.stmt) -> set[str]:
    targets = statement.targets if isinstance(statement, ast.Assign) else []
    named = [part for t in targets for part in (t.elts if isinstance(t, ast.Tuple) else [t])]  # ``player, used = ...``
    return {t.id for t in named if isinstance(t, ast.Name)}


def _read(statement: ast.stmt) -> set[str]:
    return {n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


@functools.cache
def cited_by_function(package: str) -> dict[str, set[str]]:
    """Each function of the reference package (its folder) to the rules its own refusals cite: those its strings
    name, its docstring left out."""
    found: dict[str, set[str]] = {}
    for path in sorted(Path(package).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                found.setdefault(node.name, set()).update(
                    rules_named(node.body[1:] if ast.get_docstring(node) else node.body)
                )
    return found


def rules_named(nodes: list[ast.stmt]) -> set[str]:
    return {
        rule
        for statement in nodes
        for node in ast.walk(statement)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        for rule in find_rule_ids(node.value)
    }


@functools.cache
def cited_through(package: str) -> dict[str, frozenset[str]]:
    """Each function of the reference package (its folder) to the rules a refusal on its way may cite: those its own
    strings name (``cited_by_function``) and the module constants it reads name (``CLAIMS = {BonusKind.WAR_WINNER:
    "HIS-BONUS-7", ...}``), and those of every function it calls, however deep (``validate_acquire_request`` refuses
    what its ``validate_unrest_pile`` does; two functions of one name are taken as one: more rules, never fewer)."""
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in sorted(Path(package).glob("*.py"))]
    constants = {
        target.id: rules_named([statement])
        for tree in trees
        for statement in tree.body
        if isinstance(statement, (ast.Assign, ast.AnnAssign))
        for target in (statement.targets if isinstance(statement, ast.Assign) else [statement.target])
        if isinstance(target, ast.Name)
    }
    named = {name: set(rules) for name, rules in cited_by_function(package).items()}
    reads: dict[str, set[str]] = {}  # the names each function reads: constants, functions
    for tree in trees:
        for function in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            reads.setdefault(function.name, set()).update(
                n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
            )
    for name, read in reads.items():
        named[name] |= set[str]().union(*(constants.get(r, set[str]()) for r in read))
    reached: dict[str, frozenset[str]] = {}
    for name in named:
        seen, stack = {name}, [name]
        while stack:
            for called in reads[stack.pop()] & named.keys() - seen:
                seen.add(called)
                stack.append(called)
        reached[name] = frozenset().union(*(named[n] for n in seen))
    return reached


def _called(node: ast.AST) -> set[str]:
    return {n.func.id for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def _stated(check: ast.stmt, path: str) -> set[str]:
    """The rules a check refuses under itself: those its own refusals cite, and those of the steps it calls."""
    through = cited_through(str(Path(path).parent))
    return rules_named([check]).union(*(through.get(name, frozenset[str]()) for name in _called(check)))


@functools.cache
def source_lines(path: str) -> list[str]:
    """The reference module's lines, read once."""
    return Path(path).read_text(encoding="utf-8").splitlines()


def named_on(lines: list[str], node: ast.stmt | ast.expr) -> tuple[str, ...]:
    """The clauses a comment at the end of the node's first line names (``# SOE-GAME-8: checked after control``)."""
    return find_rule_ids(lines[node.lineno - 1].partition("#")[2])


def _ordered_by(check: ast.stmt, path: str, late: bool) -> tuple[str, ...]:
    """The clauses the check's first line names in a comment: those that say when it is made (each ruling's clause
    says every operation checks it first: the fault due first tells which). A comment saying what it comes before
    (``the rulings before the request``) is broken only by the check ending later than it should, one saying what it
    comes after (``checked after control``) only by the check ending earlier."""
    comment = source_lines(path)[check.lineno - 1].partition("#")[2]
    said = comment.partition(":")[2]
    wrong_way = (" before " in f" {said} " and not late) or (" after " in f" {said} " and late)
    return () if wrong_way else tuple(find_rule_ids(comment))


def reorderings(function: ast.FunctionDef, path: str) -> Iterator[tuple[CodeType, set[str], tuple[str, ...], bool]]:
    """The function's code with one check of a block moved past its neighbouring checks, one or more (two swapped, or
    one put first: a play's kind checked before its values and its claim), the rules the checks it passes refuse
    under, and the clause that says when the one now late is made: named on the moved check's line when it moves up,
    on the last it passes when it moves down, else on the check pushed down itself (one stated to come first: the
    rulings before the request, the history before the play; none named: empty), and whether the two are cases that
    answer; the tree put back after each."""
    for node in ast.walk(function):
        for name in ("body", "orelse"):
            found: object = getattr(node, name, None) or []
            if not isinstance(found, list):
                continue
            block = cast(list[ast.stmt], found)
            for at, to in _moves(block):
                passed = block[min(at, to) : max(at, to) + 1]
                # a case's line names its own clause, not when it is taken: two cases' order is the function's
                case = _case(block[at])
                later = () if case else _ordered_by(block[at] if to < at else block[to], path, late=False)
                # else the clause a check now pushed down names for itself (the rulings before the request): the
                # moved one moved down, or the one just above a check moved up (the history before the play, however
                # far above it the play is checked)
                later = later or (() if case else _ordered_by(block[at] if to > at else block[at - 1], path, late=True))
                kept = list(block)
                block.insert(to, block.pop(at))
                try:
                    code = compiled(function, path)
                finally:
                    block[:] = kept
                if code is not None:
                    yield code, set[str]().union(*(_stated(check, path) for check in passed)), later, case


def _moves(block: list[ast.stmt]) -> Iterator[tuple[int, int]]:
    """Each (from, to) moving one check of the block past checks it shares no name with: two neighbours swapped once
    (as the later moving up), and a check moved two or more places up or down; and two neighbouring steps of one
    state swapped (``player = move_nation_card(player)`` then ``player, used = new_draw_pile(player, ...)``), and two
    neighbouring cases answering under their own conditions swapped."""
    for at, check in enumerate(block):
        if at and _chained(block[at - 1], check):
            yield at, at - 1
        if at and _case(block[at - 1]) and _case(check) and _independent(block[at - 1], check):
            yield at, at - 1
        if not _check(check):
            continue
        for step in (-1, 1):
            to = at + step
            while 0 <= to < len(block) and _check(block[to]) and _independent(check, block[to]):
                if step == -1 or to - at > 1:
                    yield at, to
                to += step
