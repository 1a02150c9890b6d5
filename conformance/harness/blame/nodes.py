"""The misreadings of one node of a function of the reference: what a port typing that part otherwise writes.

A bound typed one off (a number, or the module constant it reads), ``<`` for ``<=``, exactly read as at least (``==`` as
``>=``) or as at most where there is a bound (the second highest total, if any), a sum read otherwise (``sums``), a term
of a sum counted at two a unit (a rate one off), left out (or what a difference takes off) or read from another field of
the same value (the coins on a card added as its influence), a factor of a product left out (a rate taken as one) or
counted once whatever its count (the yield of one taxation however many), a total taken as its first or last term, as
the count of its terms or without its last term (a loop summing one line short), a fraction rounded the other way (or up
as the quotient plus one), a count the request asks for run one short, a loop run once too often or too few
(``range(n)``), a walk begun one past its first item or ended one short (a tie-break's walk back through the history
begun a turn too far back), a flag read backwards, ``min`` for ``max``, the best of some entries taken over every entry,
a helper's adjustment left out (one track kept to its printed top whatever the ruling), a condition or a refusal left
out (a step taken whatever its condition: spaces in unrest taken off whatever the ruling), all that qualify taken as the
first of them (a ``find`` for a ``filter``), entries each built and written onto one shared object (every empire showing
the last one's values), a count a position advances by taken as one, a sequence extended at its other end (a card put
first in the hand, not last) or with its items by their names (a card put in the hand as its name), a pile taken from
its other end (its bottom card for its top), the field a refusal names with its index added or dropped (``shuffles[0]``
for ``shuffles``), one field's change of a new value left out (the discard pile kept as it becomes the draw pile), a
table's member filed under another key (a power's special line on another power's sheet), a published list copied with
one member left out or typed as another (``tables``); ``edits`` compiles each.
"""

from __future__ import annotations

import ast
import builtins
import copy
from collections.abc import Iterator, Mapping, Sequence

from rulespec.conformance.harness.blame.ends import other_end, walked_short
from rulespec.conformance.harness.blame.sums import summed_otherwise
from rulespec.conformance.harness.blame.tables import filed_elsewhere

_Ops = dict[type[ast.cmpop], type[ast.cmpop]]
_STRICT: _Ops = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
_COMPARED: _Ops = {**_STRICT, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In}


def edited(
    node: ast.AST,
    fields: Mapping[str, Sequence[str]] | None = None,
    tables: Mapping[str, Sequence[ast.expr]] | None = None,
) -> Iterator[ast.AST | None]:
    """Each misreading of one node: what replaces it (None: a statement left out). ``fields``: each value the function
    reads fields of (``slot``) to those fields, for a term of a sum read from the wrong one of them; ``tables``: each
    module constant listing members of one kind to its copies with one member wrong (``tables``)."""
    if isinstance(node, ast.Compare):
        for at, op in enumerate(node.ops):
            other = _COMPARED.get(type(op))
            if other is not None:
                yield ast.Compare(node.left, [*node.ops[:at], other(), *node.ops[at + 1 :]], node.comparators)
            if isinstance(op, ast.Eq):  # exactly read as at least
                yield ast.Compare(node.left, [*node.ops[:at], ast.GtE(), *node.ops[at + 1 :]], node.comparators)
            if isinstance(op, ast.Eq) and len(node.ops) == 1 and not isinstance(node.comparators[0], ast.Constant):
                bounded = ast.Compare(node.comparators[0], [ast.IsNot()], [ast.Constant(None)])  # at most, if bounded
                yield ast.BoolOp(ast.And(), [bounded, ast.Compare(node.left, [ast.LtE()], node.comparators)])
            bound = node.comparators[at]
            if isinstance(op, (ast.Lt, ast.LtE)) and _asked(bound):  # a count asked for run one short (1 to n - 1)
                fewer = ast.BinOp(bound, ast.Sub(), ast.Constant(1))
                yield ast.Compare(node.left, node.ops, [*node.comparators[:at], fewer, *node.comparators[at + 1 :]])
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield ast.Constant(node.value + 1)
        yield ast.Constant(node.value - 1)
    elif isinstance(node, ast.Name) and node.id in (tables or {}) and isinstance(node.ctx, ast.Load):  # a list
        yield from (copy.deepcopy(variant) for variant in (tables or {})[node.id])
    elif isinstance(node, ast.Name) and node.id.isupper() and isinstance(node.ctx, ast.Load):  # a module's bound
        yield ast.BinOp(node, ast.Add(), ast.Constant(1))
        yield ast.BinOp(node, ast.Sub(), ast.Constant(1))
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
        yield ast.Constant(not node.value)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        yield ast.BinOp(node, ast.Add(), ast.Constant(1))
        yield ast.BinOp(node, ast.Sub(), ast.Constant(1))
        if isinstance(
            node.op, ast.Add
        ):  # another field of the same value summed; a term at two a unit (a rate one off)
            yield from _other_field(node, fields or {})
            for at, term in enumerate((node.left, node.right)):
                if isinstance(term, (ast.Name, ast.Attribute)) or _difference(term):
                    doubled = ast.BinOp(ast.Constant(2), ast.Mult(), term)
                    yield ast.BinOp(doubled, node.op, node.right) if at == 0 else ast.BinOp(node.left, node.op, doubled)
        # a term of a sum of quantities left out (an offset: one off, above); of a difference, what it takes off
        if not any(isinstance(t, ast.Constant) for t in (node.left, node.right)):
            yield copy.deepcopy(node.left)
            if isinstance(node.op, ast.Add):
                yield copy.deepcopy(node.right)
        if isinstance(node.op, ast.Add) and any(_sequence(t) for t in (node.left, node.right)):
            yield ast.BinOp(node.right, ast.Add(), node.left)  # a sequence extended at its other end
            for at, term in enumerate((node.left, node.right)):  # its items added by their names, not whole
                if _sequence(term):
                    named = _by_name(term)
                    yield ast.BinOp(named, node.op, node.right) if at == 0 else ast.BinOp(node.left, node.op, named)
        yield from _advanced_by_one(node)
        yield from summed_otherwise(node)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):  # a factor left out (a rate taken as one)
        if not any(isinstance(t, ast.Constant) for t in (node.left, node.right)):
            yield copy.deepcopy(node.left)
            yield copy.deepcopy(node.right)
            for count, rate in ((node.left, node.right), (node.right, node.left)):  # a count read as whether any
                yield ast.IfExp(copy.deepcopy(count), copy.deepcopy(rate), ast.Constant(0))
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.FloorDiv):  # rounded up instead of down
        yield ast.UnaryOp(ast.USub(), ast.BinOp(ast.UnaryOp(ast.USub(), node.left), ast.FloorDiv(), node.right))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _ceiling(node.operand):
        inner = node.operand
        assert isinstance(inner, ast.BinOp) and isinstance(inner.left, ast.UnaryOp)
        yield ast.BinOp(inner.left.operand, ast.FloorDiv(), inner.right)  # rounded down instead of up
        # rounded up as the quotient plus one (where there is something to divide): one too many when it divides
        quotient = ast.BinOp(inner.left.operand, ast.FloorDiv(), inner.right)
        some = ast.Compare(inner.left.operand, [ast.Gt()], [ast.Constant(0)])
        yield ast.IfExp(some, ast.BinOp(quotient, ast.Add(), ast.Constant(1)), ast.Constant(0))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield node.operand
    elif isinstance(node, ast.BoolOp):
        for dropped in range(len(node.values)):
            kept = [value for at, value in enumerate(node.values) if at != dropped]
            yield kept[0] if len(kept) == 1 else ast.BoolOp(node.op, kept)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
        yield ast.Call(ast.Name("max" if node.func.id == "min" else "min", ast.Load()), node.args, node.keywords)
        yield from _over_every(node)
    elif isinstance(node, ast.Call) and ast.unparse(node.func) == "sum" and len(node.args) == 1:
        terms = ast.Call(ast.Name("iter", ast.Load()), node.args, [])  # a total taken as its first term
        yield ast.Call(ast.Name("next", ast.Load()), [terms, ast.Constant(0)], [])
        counted = ast.Call(ast.Name("tuple", ast.Load()), node.args, [])  # a total taken as the count of its terms
        yield ast.Call(ast.Name("len", ast.Load()), [counted], [])
        last = ast.BoolOp(ast.Or(), [counted, ast.Tuple([ast.Constant(0)], ast.Load())])  # or as its last term
        yield ast.Subscript(last, ast.UnaryOp(ast.USub(), ast.Constant(1)), ast.Load())
        short = ast.Slice(None, ast.UnaryOp(ast.USub(), ast.Constant(1)), None)  # or summed one term short
        yield ast.Call(node.func, [ast.Subscript(counted, short, ast.Load())], [])
    elif isinstance(node, ast.Call) and ast.unparse(node.func) == "range" and len(node.args) == 1:
        for step in (ast.Add(), ast.Sub()):  # a loop run once too often, or once too few
            yield ast.Call(node.func, [ast.BinOp(node.args[0], step, ast.Constant(1))], [])
    elif isinstance(node, ast.Call) and (field := _refused_on(node)) is not None:  # its index added or dropped
        yield ast.Call(node.func, [field, *node.args[1:]], node.keywords)
    elif isinstance(node, ast.Call) and ast.unparse(node.func) == "replace" and len(node.keywords) > 1:
        for left in range(len(node.keywords)):  # one field's change left out: the discard pile kept after a shuffle
            yield ast.Call(node.func, node.args, node.keywords[:left] + node.keywords[left + 1 :])
    elif helped(node):  # a helper's adjustment left out: ``top(ENGLISH_HOME_SPACES)`` read as the bare bound
        assert isinstance(node, ast.Call)
        yield copy.deepcopy(node.args[0])
    elif isinstance(node, ast.expr) and _gathered(node):  # all that qualify taken as the first of them
        yield ast.Subscript(node, ast.Slice(None, ast.Constant(1), None), ast.Load())
        yield from _one_shared(node)
    elif isinstance(node, ast.AugAssign):
        yield from _advanced_by_one(node)
    elif isinstance(node, (ast.Assign, ast.Return)):  # a pile taken from its other end
        yield from other_end(node)
    elif isinstance(node, ast.If) and not node.orelse and isinstance(node.body[-1], (ast.Raise, ast.Return)):
        yield None  # a refusal, or a case, left out
    elif isinstance(node, ast.If) and not node.orelse:  # a step's condition left out: the step always taken
        yield ast.If(ast.Constant(True), node.body, [])
    elif isinstance(node, ast.comprehension):
        for dropped in range(len(node.ifs)):
            yield ast.comprehension(node.target, node.iter, node.ifs[:dropped] + node.ifs[dropped + 1 :], node.is_async)
        for walked in walked_short(node.iter):  # a walk over the items begun one past its first, or ended one short
            yield ast.comprehension(node.target, walked, node.ifs, node.is_async)
    elif isinstance(node, ast.For) and not node.orelse:  # a walk begun one past its first item, or ended one short
        for walked in walked_short(node.iter):
            yield ast.For(node.target, walked, node.body, node.orelse, node.type_comment)
    elif isinstance(node, ast.Dict) and len(node.values) > 1 and all(isinstance(v, ast.Tuple) for v in node.values):
        yield from filed_elsewhere(node)


def _over_every(node: ast.Call) -> Iterator[ast.AST]:
    """The best of some entries taken over every entry: ``max(then[p] for p in remaining)`` read as the most any power
    had that turn, not the most the tied ones had (a mapping's values, a list's items)."""
    if len(node.args) != 1 or node.keywords or not isinstance(walk := node.args[0], ast.GeneratorExp):
        return
    (loop,), read = walk.generators, walk.elt
    if loop.ifs or not isinstance(loop.target, ast.Name) or not isinstance(read, ast.Subscript):
        return
    if not (isinstance(read.value, ast.Name) and isinstance(read.slice, ast.Name) and read.slice.id == loop.target.id):
        return
    table = read.value.id
    mapping = ast.Call(
        ast.Name("isinstance", ast.Load()), [ast.Name(table, ast.Load()), ast.Name("dict", ast.Load())], []
    )
    values = ast.Call(ast.Attribute(ast.Name(table, ast.Load()), "values", ast.Load()), [], [])
    yield ast.Call(node.func, [ast.IfExp(mapping, values, ast.Name(table, ast.Load()))], [])


def _refused_on(node: ast.Call) -> ast.expr | None:
    """The field an ``InvalidState`` names written with its index added or dropped (``"shuffles"`` as
    ``"shuffles[0]"``, ``f"shuffles[{used}]"`` as ``"shuffles"``): a refusal path copied from a neighbouring check's."""
    if not (isinstance(node.func, ast.Name) and node.func.id == "InvalidState" and node.args):
        return None
    field = node.args[0]
    if isinstance(field, ast.Constant) and isinstance(field.value, str) and field.value:
        return ast.Constant(field.value + "[0]") if not field.value.endswith("]") else None
    if not isinstance(field, ast.JoinedStr) or len(field.values) < 3:
        return None
    *head, opened, _, closed = field.values
    shut = isinstance(closed, ast.Constant) and closed.value == "]"
    if not (shut and isinstance(opened, ast.Constant) and isinstance(opened.value, str) and opened.value.endswith("[")):
        return None
    rest = [*head, ast.Constant(opened.value[:-1])] if opened.value != "[" else head
    return ast.JoinedStr(rest) if rest else None


def _other_field(node: ast.BinOp, fields: Mapping[str, Sequence[str]]) -> Iterator[ast.AST]:
    """The sum with one term that reads a field of a value (``slot.influence``) reading another of its fields the
    function reads (``slot.coins``): influence taken as the coins on the same card."""
    for at, term in enumerate((node.left, node.right)):
        if not isinstance(term, ast.Attribute):
            continue
        for other in fields.get(ast.unparse(term.value), ()):
            if other != term.attr:
                read = ast.Attribute(copy.deepcopy(term.value), other, ast.Load())
                yield ast.BinOp(read, node.op, node.right) if at == 0 else ast.BinOp(node.left, node.op, read)


def fields_read(function: ast.FunctionDef) -> dict[str, list[str]]:
    """Each value the function reads fields of (as written: ``slot``, ``player.tokens``) to those fields, in order."""
    found: dict[str, list[str]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            read = found.setdefault(ast.unparse(node.value), [])
            read += [] if node.attr in read else [node.attr]
    return found


def helped(node: ast.AST) -> bool:
    """A value passed through one of the reference's own helpers (``top(limit)``): a call of a lower-case name that is
    no builtin, with one argument."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1):
        return False
    plain = not (node.keywords or isinstance(node.args[0], ast.Starred))
    return plain and node.func.id[:1].islower() and not hasattr(builtins, node.func.id)


def _difference(node: ast.AST) -> bool:
    """A quantity written as what is left of one after another (``influence - cost.influence``)."""
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub)


def _asked(node: ast.AST) -> bool:
    """A number the request gives (``request.count``): an attribute of a value, never a constant of the rules."""
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "request"


def _gathered(node: ast.AST) -> bool:
    """A collection of all the items that qualify: ``[x for x in xs if ...]``, ``tuple(x for x in xs if ...)``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("tuple", "list"):
        return len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.GeneratorExp)
    return isinstance(node, ast.ListComp)


def _one_shared(node: ast.expr) -> Iterator[ast.AST]:
    """Entries each built by a call (``tuple(grow(e) for e in empires)``) written onto one shared object, so every
    entry shows the last one's values: ``built[-1:] * len(built)``."""
    generator = node.args[0] if isinstance(node, ast.Call) and node.args else None
    if isinstance(generator, ast.GeneratorExp) and isinstance(generator.elt, ast.Call):
        yield ast.Call(ast.parse("lambda _built: _built[-1:] * len(_built)", mode="eval").body, [node], [])


def _sequence(node: ast.AST) -> bool:
    """A sequence written as such: a slice (``pile[:1]``), a tuple or a list."""
    sliced = isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice)
    return sliced or isinstance(node, (ast.Tuple, ast.List))


def _by_name(items: ast.expr) -> ast.expr:
    """``tuple(item.name for item in items)``: the items written by their names (a card put in the hand as its name)."""
    item = ast.Name("_item", ast.Load())
    each = ast.comprehension(ast.Name("_item", ast.Store()), copy.deepcopy(items), [], 0)
    return ast.Call(
        ast.Name("tuple", ast.Load()), [ast.GeneratorExp(ast.Attribute(item, "name", ast.Load()), [each])], []
    )


def _counted(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"


def _advanced_by_one(node: ast.BinOp | ast.AugAssign) -> Iterator[ast.AST]:
    """A position advanced by a count (``place += len(group)``) advanced by one instead: each group one place."""
    if isinstance(node, ast.AugAssign) and isinstance(node.op, (ast.Add, ast.Sub)) and _counted(node.value):
        yield ast.AugAssign(node.target, node.op, ast.Constant(1))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        if _counted(node.right):
            yield ast.BinOp(node.left, node.op, ast.Constant(1))
        if _counted(node.left) and isinstance(node.op, ast.Add):
            yield ast.BinOp(ast.Constant(1), node.op, node.right)


def _ceiling(node: ast.AST) -> bool:
    """``-x // y`` inside ``-(...)``: a division rounded up."""
    left = node.left if isinstance(node, ast.BinOp) and isinstance(node.op, ast.FloorDiv) else None
    return isinstance(left, ast.UnaryOp) and isinstance(left.op, ast.USub)


def strictness(node: ast.AST, replacement: ast.AST | None) -> bool:
    """Whether an edit only loosens or tightens a comparison, its bound kept: ``>`` for ``>=``, or exactly read as at
    least (``== 1`` as ``>= 1``: one winner where a tie was stated)."""
    if not (isinstance(node, ast.Compare) and isinstance(replacement, ast.Compare)):
        return False
    return all(
        type(a) is type(b) or _STRICT.get(type(a)) is type(b) or (isinstance(a, ast.Eq) and isinstance(b, ast.GtE))
        for a, b in zip(node.ops, replacement.ops)
    )
