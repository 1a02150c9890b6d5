"""Order and condition mutants of the reference, written with ``ast``: the readings mutmut's operators never make.

mutmut changes an operator or a constant; a port that reads the spec differently more often runs two checks in
the other order or leaves out one condition. So, for every rule function of a game's reference:

- **order**: two adjacent statements swapped, when both may refuse (an ``if ...: raise`` guard, a call of a
  check) and neither reads what the other writes, so the swap changes only which refusal a request with two
  faults gets (not two guards raising what the suite judges the same, nor two tests of one value against two
  constants, which no request meets both of); two adjacent appends to the same list (steps whose order is
  the answer's); two adjacent elements of a literal sequence of steps (a tuple of calls, or of functions);
- **condition**: one operand of an ``and``/``or`` dropped; one guard (an ``if`` with no ``else`` ending in
  ``raise``, ``return``, ``continue`` or ``break``) removed; one filter of a comprehension dropped.

Each mutant is an edit of the module's source text at the nodes' spans (so its diff is in the reference's own
lines, and an equivalent recorded against it is checked against the source like mutmut's), parsed again to be
sure it is Python. Statements that depend on each other are never swapped: the swap would only crash.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ORDER, CONDITION = "order", "condition"
KINDS = (ORDER, CONDITION)
_TERMINAL = (ast.Return, ast.Raise, ast.Continue, ast.Break)
_ACCUMULATE = frozenset({"append", "extend", "insert", "appendleft"})  # steps whose order is the answer's order
_BLOCKS = ("body", "orelse", "finalbody")


@dataclass(frozen=True)
class Structural:
    """One mutant: where it is, what it changes, and the whole mutated module to run."""

    kind: str
    module: str  # dotted, as mutmut names it
    path: str  # the module's file, relative to the tree
    function: str  # the rule function it lies in (``Class.method`` for a method)
    number: int  # its place among the function's mutants of its kind
    original: str  # the function's source
    mutated: str  # the function's source, mutated
    source: str  # the whole module, mutated

    @property
    def name(self) -> str:
        return f"{self.module}.{self.function}:{self.kind}-{self.number}"


@dataclass(frozen=True)
class _Edit:
    kind: str
    function: str
    start: tuple[int, int]  # (line, column) of the replaced span, lines from 1
    end: tuple[int, int]
    text: str


def _names(node: ast.AST, store: bool) -> set[str]:
    """The names a node writes (``store``) or reads; a subscript, attribute or method call on a name writes it."""
    found: set[str] = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store if store else ast.Load):
            found.add(child.id)
        if store and isinstance(child, (ast.Subscript, ast.Attribute)) and isinstance(child.ctx, ast.Store):
            base = child.value
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                base = base.value
            if isinstance(base, ast.Name):
                found.add(base.id)
        if store and isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute):
            if isinstance(child.func.value, ast.Name) and child.func.attr in _ACCUMULATE | {"add", "update", "pop"}:
                found.add(child.func.value.id)
    return found


def _callee(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def refusing_functions(trees: list[ast.Module]) -> frozenset[str]:
    """The names of the package's functions that may raise: a ``raise`` in them or a call of one that may."""
    bodies: dict[str, list[ast.AST]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                bodies.setdefault(node.name, []).append(node)
    refusing = {name for name, nodes in bodies.items() if any(_raises(n, frozenset()) for n in nodes)}
    while True:
        more = {name for name, nodes in bodies.items() if any(_raises(n, frozenset(refusing)) for n in nodes)}
        if more <= refusing:
            return frozenset(refusing)
        refusing |= more


def _raises(node: ast.AST, refusing: frozenset[str]) -> bool:
    return any(
        isinstance(child, ast.Raise) or (isinstance(child, ast.Call) and _callee(child) in refusing)
        for child in ast.walk(node)
    )


def _independent(a: ast.stmt, b: ast.stmt) -> bool:
    wrote_a, wrote_b = _names(a, store=True), _names(b, store=True)
    return not (wrote_a & (_names(b, store=False) | wrote_b)) and not (wrote_b & _names(a, store=False))


def _judged_refusal(statement: ast.stmt) -> str | None:
    """What the suite judges of the refusal a guard raises: an IllegalAction's rule, an InvalidState's field."""
    if not (isinstance(statement, ast.If) and len(statement.body) == 1 and isinstance(statement.body[0], ast.Raise)):
        return None
    raised = statement.body[0].exc
    if isinstance(raised, ast.Call) and raised.args and _callee(raised) in ("IllegalAction", "InvalidState", "refuse"):
        kind = "IllegalAction" if _callee(raised) == "IllegalAction" else "InvalidState"
        return f"{kind} {ast.dump(raised.args[0])}"
    return None


def _same_answer(a: ast.stmt, b: ast.stmt) -> bool:
    """Whether the swap cannot change the answer: both guards raise the same judged refusal, or both test one value
    against two different constants (a bonus has one kind: no request meets both)."""
    if _judged_refusal(a) is not None and _judged_refusal(a) == _judged_refusal(b):
        return True
    tests = [s.test for s in (a, b) if isinstance(s, ast.If)]
    compares = [t for t in tests if isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.ops[0], ast.Eq)]
    if len(compares) == 2:
        left, right = compares
        return ast.dump(left.left) == ast.dump(right.left) and ast.dump(left.comparators[0]) != ast.dump(
            right.comparators[0]
        )
    return False


def _accumulator(statement: ast.stmt) -> str | None:
    """``x`` when the statement is ``x.append(...)`` (or extend, insert)."""
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        func = statement.value.func
        if isinstance(func, ast.Attribute) and func.attr in _ACCUMULATE and isinstance(func.value, ast.Name):
            return func.value.id
    return None


def _start(node: ast.AST) -> tuple[int, int]:
    decorators: list[ast.expr] = getattr(node, "decorator_list", [])
    first = min([node, *decorators], key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
    return first.lineno, first.col_offset  # type: ignore[attr-defined]


def _end(node: ast.AST) -> tuple[int, int]:
    return node.end_lineno or 0, node.end_col_offset or 0  # type: ignore[attr-defined]


class _Text:
    """The module's lines, read by (line, column) spans as ast gives them (columns in UTF-8 bytes)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines = source.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def offset(self, at: tuple[int, int]) -> int:
        if at[0] > len(self.lines):  # the line after the last one
            return len(self.source)
        line = self.lines[at[0] - 1]
        return self.starts[at[0] - 1] + len(line.encode("utf-8")[: at[1]].decode("utf-8"))

    def span(self, start: tuple[int, int], end: tuple[int, int]) -> str:
        return self.source[self.offset(start) : self.offset(end)]

    def replace(self, edit: _Edit) -> str:
        return self.source[: self.offset(edit.start)] + edit.text + self.source[self.offset(edit.end) :]


def _statement_edits(function: str, block: list[ast.stmt], text: _Text, refusing: frozenset[str]) -> Iterator[_Edit]:
    for at, (a, b) in enumerate(zip(block, block[1:])):
        docstring = at == 0 and isinstance(a, ast.Expr) and isinstance(a.value, ast.Constant)
        if docstring or isinstance(a, _TERMINAL) or _end(a)[0] >= _start(b)[0]:
            continue
        checks = _raises(a, refusing) and _raises(b, refusing) and _independent(a, b) and not _same_answer(a, b)
        shared = _accumulator(a)
        steps = shared is not None and shared == _accumulator(b)
        if steps and not _independent(a, b):  # the list both write is fine; anything else is not
            wrote = (_names(a, store=True) | _names(b, store=True)) - {shared}
            steps = not (wrote & (_names(a, store=False) | _names(b, store=False)))
        if checks or steps:
            # whole lines: the statement's own line from its indentation, so the swap keeps each line's indent
            first, last = (_start(a)[0], 0), (_end(b)[0] + 1, 0)
            between = "".join(text.lines[_end(a)[0] : _start(b)[0] - 1])
            lines_a = "".join(text.lines[_start(a)[0] - 1 : _end(a)[0]])
            lines_b = "".join(text.lines[_start(b)[0] - 1 : _end(b)[0]])
            yield _Edit(ORDER, function, first, last, lines_b + between + lines_a)
    for guard in block:
        if isinstance(guard, ast.If) and not guard.orelse and isinstance(guard.body[-1], _TERMINAL):
            yield _guard_removed(function, guard, len(block) == 1, text)


def _guard_removed(function: str, guard: ast.If, alone: bool, text: _Text) -> _Edit:
    start, end = (_start(guard)[0], 0), (_end(guard)[0] + 1, 0)
    indent = text.lines[guard.lineno - 1][: guard.col_offset]
    return _Edit(CONDITION, function, start, end, f"{indent}pass\n" if alone else "")


def _expression_edits(function: str, node: ast.AST, text: _Text) -> Iterator[_Edit]:
    if isinstance(node, ast.BoolOp):
        joiner = " and " if isinstance(node.op, ast.And) else " or "
        for dropped in range(len(node.values)):
            kept = [value for at, value in enumerate(node.values) if at != dropped]
            parts = [text.span(_start(value), _end(value)) for value in kept]
            wrap = len(kept) == 1 and isinstance(kept[0], (ast.BoolOp, ast.IfExp, ast.Lambda, ast.NamedExpr))
            joined = joiner.join(parts)
            yield _Edit(CONDITION, function, _start(node), _end(node), f"({joined})" if wrap else joined)
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
        for generator in node.generators:
            previous: ast.AST = generator.iter
            for condition in generator.ifs:
                if re.fullmatch(r"\s*if\s*", text.span(_end(previous), _start(condition))):
                    yield _Edit(CONDITION, function, _end(previous), _end(condition), "")
                previous = condition
    if isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) >= 2:
        calls = all(isinstance(e, ast.Call) for e in node.elts)
        functions = all(isinstance(e, ast.Name) for e in node.elts) and isinstance(node.ctx, ast.Load)
        if calls or functions:
            for a, b in zip(node.elts, node.elts[1:]):
                between = text.span(_end(a), _start(b))
                swapped = text.span(_start(b), _end(b)) + between + text.span(_start(a), _end(a))
                yield _Edit(ORDER, function, _start(a), _end(b), swapped)


def _annotations(node: ast.AST) -> set[int]:
    """The nodes inside type annotations: Python never evaluates a local's, so a swap there changes nothing."""
    typed = [getattr(child, name, None) for child in ast.walk(node) for name in ("annotation", "returns")]
    return {id(part) for annotation in typed if isinstance(annotation, ast.AST) for part in ast.walk(annotation)}


def _edits(function: str, node: ast.AST, text: _Text, refusing: frozenset[str]) -> Iterator[_Edit]:
    typed = _annotations(node)
    for child in ast.walk(node):
        for field in _BLOCKS:
            block = getattr(child, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield from _statement_edits(function, list(block), text, refusing)  # pyright: ignore
        if id(child) not in typed:
            yield from _expression_edits(function, child, text)


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        if isinstance(node, ast.ClassDef):
            for method in node.body:
                if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{node.name}.{method.name}", method


def _function_source(source: str, qualname: str) -> str:
    text = _Text(source)
    for name, node in _functions(ast.parse(source)):
        if name == qualname:
            return "".join(text.lines[_start(node)[0] - 1 : _end(node)[0]])
    return ""


def mutants(tree: Path, package: str, kinds: tuple[str, ...] = KINDS) -> list[Structural]:
    """Every order and condition mutant (of ``kinds``) of the package's modules, under ``tree``."""
    files = sorted((tree / package.replace(".", "/")).glob("*.py"))
    sources = {path: path.read_text(encoding="utf-8") for path in files}
    parsed = {path: ast.parse(source) for path, source in sources.items()}
    refusing = refusing_functions(list(parsed.values()))
    found: list[Structural] = []
    for path in files:
        module = ".".join(path.relative_to(tree).with_suffix("").parts)
        text = _Text(sources[path])
        for qualname, function in _functions(parsed[path]):
            seen: set[str] = set()
            numbers: dict[str, int] = dict.fromkeys(KINDS, 0)
            for edit in _edits(qualname, function, text, refusing):
                source = text.replace(edit)
                if edit.kind not in kinds or source in seen or source == sources[path]:
                    continue
                try:
                    ast.parse(source)
                except SyntaxError:
                    continue  # an edit the text cannot take (a comment between two operands): not a mutant
                seen.add(source)
                numbers[edit.kind] += 1
                original = _function_source(sources[path], qualname)
                mutated = _function_source(source, qualname)
                relative = str(path.relative_to(tree))
                found.append(
                    Structural(edit.kind, module, relative, qualname, numbers[edit.kind], original, mutated, source)
                )
    return found
