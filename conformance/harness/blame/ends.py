"""A list read at its wrong end: a pile taken from its other end, or a walk over a list cut short at an end.

The first card of a pile is its top (the Conventions of each spec); a port that stores its piles the other way round
takes the bottom card for the top, or reads a region's n-th value as the n-th from the end. A loop begun at 1 or run
to ``length - 1`` skips the first or the last item. ``nodes`` offers each such reading of a statement as one
misreading.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterator


def other_end(node: ast.stmt) -> Iterator[ast.AST]:
    """A pile taken from its other end (the nation card taken from the bottom of the nation deck): in one statement,
    each ``pile[0]``, ``pile[n - 1]``, ``pile[1:]`` and ``pile[:1]`` of one pile read as ``pile[-1]``, ``pile[-n]``,
    ``pile[:-1]``, ``pile[-1:]``."""
    piles = {ast.unparse(n.value) for n in ast.walk(node) if isinstance(n, ast.Subscript) and _far(n.slice)}
    for pile in sorted(piles):
        flipped = copy.deepcopy(node)
        for part in ast.walk(flipped):
            if isinstance(part, ast.Subscript) and ast.unparse(part.value) == pile and (far := _far(part.slice)):
                part.slice = far
        yield flipped


def _far(index: ast.expr) -> ast.expr | None:
    """The same index counted from the other end: ``0`` as ``-1``, the n-th (``n - 1``) as the n-th from the end
    (``-n``: a list of values read lowest first), ``1:`` as ``:-1``, ``:1`` as ``-1:`` (else None)."""
    last = ast.UnaryOp(ast.USub(), ast.Constant(1))
    if isinstance(index, ast.Constant) and type(index.value) is int and index.value == 0:
        return last
    if isinstance(index, ast.BinOp) and isinstance(index.op, ast.Sub) and _is_one(index.right):
        return ast.UnaryOp(ast.USub(), copy.deepcopy(index.left))
    if not isinstance(index, ast.Slice) or index.step is not None:
        return None
    lower, upper = (bound.value if isinstance(bound, ast.Constant) else bound for bound in (index.lower, index.upper))
    if lower == 1 and upper is None:
        return ast.Slice(None, last, None)
    return ast.Slice(last, None, None) if lower is None and upper == 1 else None


def _is_one(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == 1


def walked_short(items: ast.expr) -> Iterator[ast.expr]:
    """A walk over the items begun one past the first, then ended one short: ``tuple(items)[1:]``, ``[:-1]``."""
    for cut in (ast.Slice(ast.Constant(1), None, None), ast.Slice(None, ast.Constant(-1), None)):
        yield ast.Subscript(ast.Call(ast.Name("tuple", ast.Load()), [items], []), cut, ast.Load())
