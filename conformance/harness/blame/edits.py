"""The misreadings of a game's reference: each function edited once, as a port misreads one clause.

A port's bug is most often one misreading of one clause: a bound typed one off, ``<`` for ``<=``, a total taken as its
first term, a condition or a refusal left out (``nodes``; the bug zoos of docs/audits/ record them). Each such edit of
each function of the reference is compiled alone, as the function's code, for ``misread`` to swap in. An edit inside a
refusing guard misreads the rule its refusal cites; any other, the clause its step names (a statement whose first line
ends in a comment naming it), the clauses of the helper whose call it leaves out (of an adjustment, ``capped(x)`` read
as ``x``, those its function states), the clause of the module constant it misreads (named on the constant's line) or
one of the clauses its function's docstring names, in that order (``blame`` weighs which from the checks it fails),
and the clause of each ruling the edited part reads (``ruled``); a function stating a range of clauses is a sequence
of steps, and misreads only what its steps name and the rulings they read. A check of it moved (``reordered``)
misreads the order its docstring's clauses state, or the clause the later check names on its line. A published list
it reads, copied with one member wrong (``tables``), misreads the clause the list's line names, wherever it is read.
A value it passes to a helper taken as another of the same kind that it holds (``arguments``) misreads the clause of
the step around the call, else what the helper decides. A label it gives a call typed as another member of its
enumeration (``tables``) misreads the clause its enumeration's line names, else the step's.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import CodeType

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.blame.arguments import Helper, helpers, other_arguments, values_of_kinds
from rulespec.conformance.harness.blame.nodes import edited, fields_read, helped, strictness
from rulespec.conformance.harness.blame.reordered import compiled, named_on, reorderings, source_lines
from rulespec.conformance.harness.blame.ruled import ruling_fields, ruling_reads
from rulespec.conformance.harness.blame.tables import label_variants, labels, table_variants
from rulespec.conformance.harness.spec import find_rule_ids, is_rule_id, named_rules, spans_a_range


@dataclass(frozen=True)
class Misreading:
    """One edit of one function: where, the clause it misreads, and the function's edited code."""

    module: str
    function: str  # its qualified name: ``Class.method`` for a method
    number: int  # its place among the function's misreadings
    rules: tuple[str, ...]  # what it may misread: its guard's rule, else its constant's clause and its docstring's
    code: CodeType
    loops: bool  # the function has a ``while``: an edit may make it endless
    compares: bool = False  # it misreads a bound's strictness (``<`` for ``<=``), not a value the bound reads
    reads: tuple[str, ...] = ()  # the clauses of the rulings its edited part reads (``ruled``)
    each: bool = False  # its clauses each state the order for their own faults (every ruling checked first)

    @property
    def name(self) -> str:
        return f"{self.module}.{self.function}#{self.number}"


def _cited(guard: ast.If) -> str | None:
    """The rule a refusing guard's own ``raise`` cites (a string argument that is a whole rule ID)."""
    for node in guard.body:
        if isinstance(node, ast.Raise):
            for part in ast.walk(node):
                if isinstance(part, ast.Constant) and isinstance(part.value, str) and is_rule_id(part.value):
                    return part.value
    return None


def _untouched(function: ast.FunctionDef) -> set[int]:
    """Nodes no misreading edits: the docstring, annotations, a ``raise``'s arguments (not the exception: its field)."""
    skipped: list[ast.AST] = []
    if function.body and isinstance(function.body[0], ast.Expr) and isinstance(function.body[0].value, ast.Constant):
        skipped.append(function.body[0])
    for node in ast.walk(function):
        skipped += [getattr(node, name) for name in ("annotation", "returns") if getattr(node, name, None) is not None]
        if isinstance(node, ast.Raise) and node.exc is not None:
            skipped += list(ast.iter_child_nodes(node.exc))
    return {id(part) for node in skipped for part in ast.walk(node)} | {id(function.args)}


def _parents(function: ast.FunctionDef) -> dict[int, tuple[ast.AST, str, int | None]]:
    found: dict[int, tuple[ast.AST, str, int | None]] = {}
    for node in ast.walk(function):
        for name, value in ast.iter_fields(node):
            if isinstance(value, list):
                for at, item in enumerate(value):  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
                    if isinstance(item, ast.AST):
                        found[id(item)] = (node, name, at)
            elif isinstance(value, ast.AST):
                found[id(value)] = (node, name, None)
    return found


def _given(node: ast.AST, parents: dict[int, tuple[ast.AST, str, int | None]]) -> bool:
    """Whether ``node`` is a member of an enumeration (``Decider.SCORE``) given to a call: the label of an answer."""
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and id(node) in parents):
        return False
    parent = parents[id(node)][0]
    if isinstance(parent, ast.keyword) and id(parent) in parents:
        parent = parents[id(parent)][0]
    return isinstance(parent, ast.Call) and parent.func is not node


def _code_with(
    function: ast.FunctionDef,
    path: str,
    target: ast.AST,
    replacement: ast.AST | None,
    where: tuple[ast.AST, str, int | None],
) -> CodeType | None:
    """The function's code with ``target`` replaced (None: a statement left out), compiled while the tree holds the
    edit, then the tree put back as it was (no copy of the tree per edit)."""
    parent, name, at = where
    if replacement is not None:
        ast.fix_missing_locations(ast.copy_location(replacement, target))
    if at is None:
        if replacement is None:
            return None
        setattr(parent, name, replacement)
        try:
            return compiled(function, path)
        finally:
            setattr(parent, name, target)
    items: list[ast.AST] = getattr(parent, name)
    kept = list(items)
    items[at : at + 1] = [] if replacement is None else [replacement]
    if not items:
        items.append(ast.fix_missing_locations(ast.copy_location(ast.Pass(), target)))
    try:
        return compiled(function, path)
    finally:
        items[:] = kept


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef]]:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield node.name, node
        if isinstance(node, ast.ClassDef):
            for method in node.body:
                if isinstance(method, ast.FunctionDef):
                    yield f"{node.name}.{method.name}", method


@functools.cache
def _constants(root: Path) -> dict[str, str]:
    """Each module constant of the reference whose line names a clause (``LAST_TURN = 9  # HIS-WIN-7``)."""
    found: dict[str, str] = {}
    for path in sorted(root.glob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            defined = re.match(r"([A-Z][A-Z0-9_]*)\s*(?::[^=]*)?=[^#]*#(.*)$", line)
            named = find_rule_ids(defined.group(2)) if defined else ()
            if defined and named:
                found.setdefault(defined.group(1), named[0])
    return found


def _steps(function: ast.FunctionDef, lines: list[str]) -> dict[int, str]:
    """Node -> the clause of the innermost step around it whose line ends in a comment naming one: a statement by its
    first line (``best = max(scores)  # IMP-COLLAPSE-4``), or one line of a condition written over several (``and
    coins >= cost.coins  # IMP-PAY-4``): the steps of a function that is a sequence of clauses."""
    steps: dict[int, str] = {}
    for node in ast.walk(function):  # outside in: an inner step's clause is set last
        if node is function or not isinstance(node, (ast.stmt, ast.expr)):
            continue
        if isinstance(node, ast.expr) and node.lineno != node.end_lineno:
            continue  # a condition over several lines: its lines are the steps
        named = named_on(lines, node)
        if named:
            steps |= {id(part): named[0] for part in ast.walk(node)}
    return steps


def _adjusted_by(node: ast.AST, known: dict[str, Helper], alone: bool, stated: tuple[str, ...]) -> tuple[str, ...]:
    """What a helper decides, where an edit of ``node`` leaves its call out: a check made for its effect (``alone``, a
    statement: ``validate_rulings(rulings)``), the helper's clauses; an adjustment of a value (``capped(population +
    5)`` read as the bare sum), those of them the caller states (``stated``, a range spanning each), so a whole step of
    a sequence left out (``raise_population`` in the end of a war) stays the caller's."""
    if not (helped(node) and isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in known):
        return ()
    clauses = known[node.func.id].clauses
    return clauses if alone else tuple(clause for clause in clauses if clause in stated)


def _of_function(module: str, qualname: str, function: ast.FunctionDef, path: str, key: str) -> Iterator[Misreading]:
    docstring = ast.get_docstring(function) or ""
    # a step's own clauses; a function stating a range of clauses ("X-1 to X-8") is a sequence of steps: none
    named = () if spans_a_range(docstring) else find_rule_ids(docstring)
    spanned = named_rules(docstring)
    untouched = _untouched(function)
    guards: dict[int, str] = {}  # node -> the rule of the innermost refusing guard around it
    for node in ast.walk(function):
        if isinstance(node, ast.If) and (rule := _cited(node)) is not None:
            guards |= {id(part): rule for part in ast.walk(node)}  # walked outside in: the innermost guard last
    steps, constants = _steps(function, source_lines(path)), _constants(Path(path).parent)
    ruled = ruling_reads(function, ruling_fields(key))  # a part reading a ruling may misread it (``ruled``)
    loops = any(isinstance(node, ast.While) for node in ast.walk(function))
    parents, fields, tables = _parents(function), fields_read(function), table_variants(module, path)
    known = _helpers(key)
    number = 0
    for node in list(ast.walk(function)):
        own = guards.get(id(node)) or steps.get(id(node))  # the refusal's rule, else the step's clause
        constant = constants.get(node.id) if isinstance(node, ast.Name) else None
        alone = isinstance(parents[id(node)][0], ast.Expr) if id(node) in parents else False
        decided = _adjusted_by(node, known, alone, spanned)
        rules = (own,) if own else decided or tuple(dict.fromkeys((*([constant] if constant else []), *named)))
        rules = tuple(dict.fromkeys((*rules, *ruled.get(id(node), tuple[str, ...]()))))  # a sequence's step: its ruling
        head = node.iter if isinstance(node, ast.For) else node.test if isinstance(node, ast.If) else node
        reads = ruled.get(id(head), tuple[str, ...]())  # what the edited part itself reads, not a body it guards
        if constant and isinstance(node, ast.Name) and node.id in tables:
            rules = (constant,)  # a published list copied wrong misreads the clause publishing it, wherever it is read
        if id(node) in untouched or not rules:
            continue
        for replacement in edited(node, fields, tables):
            code = _code_with(function, path, node, replacement, parents[id(node)])
            if code is not None:
                number += 1
                yield Misreading(module, qualname, number, rules, code, loops, strictness(node, replacement), reads)
    values = values_of_kinds(function, known)
    for node in ast.walk(function):  # an argument given another value of its kind: what the helper decides
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)) or id(node) in untouched:
            continue
        helper = known.get(node.func.id)
        if helper is None:
            continue
        own = guards.get(id(node)) or steps.get(id(node))
        rules = (own,) if own else helper.clauses or named
        for replacement in other_arguments(node, helper, values) if rules else ():
            code = _code_with(function, path, node, replacement, parents[id(node)])
            if code is not None:
                number += 1
                yield Misreading(module, qualname, number, rules, code, loops)
    known_labels = labels(module)
    for node in ast.walk(function):  # a label given to a call typed as another of its kind: the label's clause
        if id(node) in untouched or not _given(node, parents):
            continue
        assert isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
        label = known_labels.get(node.value.id)
        own = guards.get(id(node)) or steps.get(id(node))
        rules = (label[1],) if label and label[1] else (own,) if own else named
        for replacement in label_variants(node, known_labels) if rules else ():
            code = _code_with(function, path, node, replacement, parents[id(node)])
            if code is not None:
                number += 1
                yield Misreading(module, qualname, number, rules, code, loops)
    for code, stated, later, case in reorderings(function, path):  # the order is the function's, not a check's
        if (not later and not named and len(stated) != 1) or (case and " then " not in docstring):
            continue  # a sequence of steps, or cases whose order no docstring states ("standard, then domination")
        number += 1
        unstated = tuple(r for r in named if r not in stated) or named or tuple(stated)  # two of one clause: its order
        ordered = named[:1] if case else later or unstated
        yield Misreading(module, qualname, number, ordered, code, loops, each=not case and len(later) > 1)


@dataclass(frozen=True)
class _Function:
    """One function of a game's reference, parsed: what its misreadings are made from."""

    module: str
    qualname: str
    node: ast.FunctionDef
    path: str  # its file: the name its edits are compiled under


@functools.cache
def functions(key: str) -> dict[tuple[str, int], _Function]:
    """Every function of the game's reference by its (file, first line), as its code names them; parsed, not edited."""
    package = registry.game(key).reference
    root = Path(str(getattr(package, "__file__"))).parent
    found: dict[tuple[str, int], _Function] = {}
    for path in sorted(root.glob("*.py")):
        module = (
            f"{getattr(package, '__name__')}.{path.stem}" if path.stem != "__init__" else getattr(package, "__name__")
        )
        for qualname, function in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            first = function.decorator_list[0].lineno if function.decorator_list else function.lineno
            found[(str(path), first)] = _Function(module, qualname, function, str(path))
    return found


@functools.cache
def _helpers(key: str) -> dict[str, Helper]:
    """The game's reference's module-level functions, as the functions calling them see them."""
    return helpers(function.node for function in functions(key).values() if "." not in function.qualname)


@functools.cache
def misreadings(key: str, where: tuple[str, int]) -> tuple[Misreading, ...]:
    """One function's misreadings (none for no function), made when first asked: a run edits only what it reaches."""
    if (function := functions(key).get(where)) is None:
        return ()
    return tuple(_of_function(function.module, function.qualname, function.node, function.path, key))


def by_name(key: str, name: str) -> tuple[tuple[str, int], Misreading] | None:
    """The misreading named ``module.function#number`` and its function's place; None when there is none so named."""
    qualified, _, number = name.rpartition("#")
    for where, function in functions(key).items():
        if f"{function.module}.{function.qualname}" == qualified:
            found = misreadings(key, where)
            return (where, found[int(number) - 1]) if number.isdigit() and 0 < int(number) <= len(found) else None
    return None
