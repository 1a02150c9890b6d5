"""The closing lines of ``rulespec diff``: every group of difference it found, by cause.

Each operation's groups are printed as they are found; these last lines gather them for the whole
game, causes apart: the groups a ruling switch explains (the reference under that switch answers as
side B on every input of the group) are counted per switch, set apart from the groups no ruling
explains, which are named one by one with how often each was met. A switch that explains groups is
offered as what to declare (``--ruling``), since an implementation that plays it is judged under it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulespec.conformance.harness.diff.answers import Group


@dataclass(frozen=True)
class Searched:
    """One operation's search as the summary counts it: inputs drawn, and each group met with its count."""

    operation: str
    drawn: int
    seen: dict[Group, int]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def closing(key: str, searched: Sequence[Searched]) -> list[str]:
    """The lines that end a diff of game ``key``: the groups by cause, those a ruling explains set apart."""
    inputs = sum(one.drawn for one in searched)
    where = f"{_plural(len(searched), 'operation')}, {_plural(inputs, 'input')}"
    groups = [(one.operation, group, count) for one in searched for group, count in one.seen.items()]
    if not groups:
        return [f"diff {key}: no difference in {where}"]
    lines = [f"diff {key}: {_plural(len(groups), 'group')} of difference in {where}"]
    by_switch: dict[str, list[tuple[str, int]]] = {}
    for operation, group, count in groups:
        if group.ruling:
            by_switch.setdefault(group.ruling, []).append((operation, count))
    for switch, found in sorted(by_switch.items()):
        met = ", ".join(f"{operation} {count}" for operation, count in found)
        lines.append(
            f"  explained by `{switch}`: {_plural(len(found), 'group')}, {sum(n for _, n in found)} inputs ({met}): "
            f"B answers as the reference under it"
        )
    unexplained = [(operation, group, count) for operation, group, count in groups if not group.ruling]
    if unexplained:
        lines.append(f"  not explained by a ruling: {_plural(len(unexplained), 'group')}")
        lines += [f"    {operation}: {group.what} ({count} inputs)" for operation, group, count in unexplained]
    if by_switch:
        declared = " ".join(f"--ruling {switch}" for switch in sorted(by_switch))
        lines.append(f"  if B plays {', '.join(sorted(by_switch))}, verify judges it so with {declared}")
    return lines
