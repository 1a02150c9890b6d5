"""A clause's text for the terminal: its paragraphs and list items reflowed, its tables drawn.

The spec is Markdown wrapped at 120 columns; printed as it is, its line breaks break the terminal's
lines again and a table's rows wrap into a column of bars. A table wider than the terminal and
longer across than down (a track: sixteen boxes, two scores) is drawn turned, one box a line.
"""

from __future__ import annotations

import re

from rich.console import Console
from rich.markup import escape
from rich.table import Table

_ITEM = re.compile(r"\s*([-*|]|\d+\.)\s")
_RULE_LINE = re.compile(r"\s*:?-{3,}:?\s*")  # a table's line under its header


def prose(text: str) -> str:
    """A clause's text as paragraphs and list items, each on one line for the terminal to wrap: the spec's own line
    breaks inside a sentence (it is wrapped at 120 columns) would otherwise break the terminal's lines again."""
    lines: list[str] = []
    for line in text.splitlines():
        if lines and lines[-1].strip() and line.strip() and not _ITEM.match(line):
            lines[-1] = f"{lines[-1]} {line.strip()}"
        else:
            lines.append(line.rstrip())
    return "\n".join(lines)


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def parts(text: str) -> list[str | list[list[str]]]:
    """The text in order: runs of prose (reflowed) and tables (their rows of cells, the header first)."""
    found: list[str | list[list[str]]] = []
    lines: list[str] = []
    table: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.lstrip().startswith("|"):
            if lines:
                found.append(prose("\n".join(lines)).strip("\n"))
                lines = []
            cells = _cells(line)
            if not all(_RULE_LINE.fullmatch(cell) for cell in cells):
                table.append(cells)
            continue
        if table:
            found.append(table)
            table = []
        lines.append(line)
    if any(line.strip() for line in lines):
        found.append(prose("\n".join(lines)).strip("\n"))
    return found


def drawn(rows: list[list[str]], width: int) -> Table:
    """A table as rich draws it; turned when it is wider than ``width`` and has more columns than rows."""
    columns = max(len(row) for row in rows)
    rows = [row + [""] * (columns - len(row)) for row in rows]
    natural = sum(max(len(row[at]) for row in rows) + 3 for at in range(columns)) + 1
    if natural > width and columns > len(rows):
        rows = [list(column) for column in zip(*rows, strict=True)]
    table = Table(*(escape(cell) for cell in rows[0]))
    for row in rows[1:]:
        table.add_row(*(escape(cell) for cell in row))
    return table


def show(console: Console, text: str) -> None:
    """Print a clause's text: prose wrapped by the console at word boundaries, each table drawn."""
    for part in parts(text):  # wrapped even on a console that leaves other lines whole (explain's, for check IDs)
        console.print(escape(part) if isinstance(part, str) else drawn(part, console.width), soft_wrap=False)
