"""A sum of the reference read otherwise as a whole: its counts as the kinds held, its difference on one term.

``nodes`` edits one part of a sum at a time; a port may read the whole sum another way. Counts of several kinds summed
(``empire.armies + empire.navies + empire.forts``) read as how many kinds are held: one unit per kind (the upkeep
paid once for armies, once for navies). A total less a cost (``empire.gold + raised - cost``) read as the cost taken
off the first term alone, floored at 0, the second added after: the treasury emptied, the taxations' yield kept whole.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator


def summed_otherwise(node: ast.BinOp) -> Iterator[ast.AST]:
    """Each whole misreading of the sum ``node`` (none for any other expression)."""
    counts = _counts(node)
    if len(counts) > 2:  # counted as the kinds held
        yield ast.parse(" + ".join(f"int(bool({ast.unparse(count)}))" for count in counts), mode="eval").body
    total = node.left
    if isinstance(node.op, ast.Sub) and isinstance(total, ast.BinOp) and isinstance(total.op, ast.Add):
        first = ast.BinOp(total.left, ast.Sub(), node.right)  # the cost off the first term alone
        floored = ast.Call(ast.Name("max", ast.Load()), [ast.Constant(0), first], [])
        yield ast.BinOp(floored, ast.Add(), total.right)


def _counts(node: ast.expr) -> list[ast.expr]:
    """The terms of a sum of fields (``empire.armies + empire.navies + empire.forts``); none for any other sum."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _counts(node.left), _counts(node.right)
        return [*left, *right] if left and right else []
    return [node] if isinstance(node, ast.Attribute) else []
