"""The rules x implementations matrix of one game: its table in the terminal, and a badge per column.

Each cell is the per-rule verdict (``per_rule.tally``) of one implementation's checks of one rule,
so the matrix says exactly what each implementation's own table says, side by side. A column's
badge (``rulespec soe | passing · 33/72``, for a README) carries the gate's verdict and the rules passed, green
when the gate passes and red when it fails, so a partial engine whose gaps are known shows a green badge. It is
flat and two-part, as README badges usually are;
its widths come from the advance widths of Verdana at 11 px (the usual badge font) by character
class: close enough that the text never spills, and no font file is needed to draw one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from rich import box
from rich.console import Console
from rich.table import Table

from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.gate.judge import Bounds, judge
from rulespec.conformance.harness.outputs import terminal_text
from rulespec.conformance.harness.per_rule import RuleTally, Verification, tally
from rulespec.conformance.harness.records import CheckRecord, declared_text
from rulespec.conformance.harness.report.implementations import GateSummary, Implementation
from rulespec.conformance.harness.spec import Clause, read_clauses
from rulespec.conformance.harness.verdict import Outcome


@dataclass(frozen=True)
class Look:
    """How a verdict is shown: a symbol and a word besides the colour, so no reader needs the colour."""

    symbol: str
    word: str
    colour: str  # a rich style for the terminal; the site has its own palette per verdict


LOOKS: dict[str, Look] = {
    "passed": Look("✔", "pass", "green"),
    "failed": Look("✘", "FAIL", "bold red"),
    "error": Look("‼", "error", "bold magenta"),
    "implicated": Look("▲", "implicated", "yellow"),
    "partial": Look("◐", "partial", "cyan"),
    "not implemented": Look("∅", "not impl.", "blue"),
    "unchecked": Look("?", "unchecked", "red"),
}


def look(status: str) -> Look:
    """The look of a verdict; one this module does not know yet is shown by its own name, never hidden."""
    return LOOKS.get(status, Look("•", status, "white"))


@dataclass(frozen=True)
class Column:
    """One implementation in one game: its per-rule verdict, by rule ID."""

    implementation: Implementation
    verification: Verification
    by_rule: dict[str, RuleTally]
    records: tuple[CheckRecord, ...] = ()  # the implementation's checks of this game

    @property
    def gate(self) -> GateSummary:
        """The run's recorded gate; for a report that holds none, the gate without expectations (a full pass)."""
        recorded = self.implementation.identity.gate
        return recorded or GateSummary.of(judge(self.verification, self.records, Bounds()))

    @property
    def passed_rules(self) -> int:
        return sum(1 for row in self.verification.tallies if row.status == "passed")


@dataclass(frozen=True)
class GameMatrix:
    game: Game
    clauses: tuple[Clause, ...]
    columns: tuple[Column, ...]


def game_matrix(game: Game, implementations: Sequence[Implementation], only: Sequence[str] | None = None) -> GameMatrix:
    """The matrix of ``game``: a column per implementation run on it, a row per clause of its spec.

    The rows are those in ``only`` when given, else the rules the runs were narrowed to (``verify --rule``)
    when every run was, else every clause.
    """
    columns: list[Column] = []
    for implementation in implementations:
        records = [record for record in implementation.records if record.game == game.key]
        if not records and game.key not in implementation.identity.games:
            continue
        narrowed = only or implementation.identity.only_rules or None
        verification = tally([game], records, narrowed)
        by_rule = {row.rule: row for row in verification.tallies}
        columns.append(Column(implementation, verification, by_rule, tuple(records)))
    if not only and columns and all(column.implementation.identity.only_rules for column in columns):
        only = [rule for column in columns for rule in column.implementation.identity.only_rules]
    clauses = tuple(clause for clause in read_clauses(game.spec_path) if not only or clause.id in only)
    return GameMatrix(game, clauses, tuple(columns))


def _fraction(row: RuleTally) -> str:
    return f"{row.count(Outcome.PASSED)}/{row.checks}" if row.checks else "-"


def render_matrix(matrix: GameMatrix, console: Console | None = None) -> None:
    """One table: a row per rule, a column per implementation (symbol, word and passed/checks)."""
    console = console or Console()
    title = f"rulespec verdict for {matrix.game.key}: {len(matrix.columns)} implementations"
    # the look of a run of one implementation's table (per_rule.render)
    table = Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("rule", no_wrap=True)
    for column in matrix.columns:
        table.add_column(terminal_text(column.implementation.name), no_wrap=True, overflow="ellipsis", max_width=24)
    for clause in matrix.clauses:
        cells: list[str] = [terminal_text(clause.id)]
        for column in matrix.columns:
            row = column.by_rule.get(clause.id)
            if row is None:
                cells.append("")
                continue
            shown = look(row.status)
            cells.append(f"[{shown.colour}]{shown.symbol} {shown.word}[/] {_fraction(row)}")
        table.add_row(*cells)
    console.print(table)
    legend = "  ".join(f"{shown.symbol} {status}" for status, shown in LOOKS.items())
    console.print(f"legend: {legend}; n/m = checks passed of checks run")
    for column in matrix.columns:
        statuses = Counter(row.status for row in column.verification.tallies)
        rules = ", ".join(f"{n} {status}" for status, n in sorted(statuses.items()))
        checks = ", ".join(f"{column.verification.totals[o.value]} {o.value}" for o in Outcome)
        console.print(
            f"{terminal_text(column.implementation.name)}: {column.passed_rules}/{len(column.verification.tallies)}"
            f" rules passed ({rules}); checks: {checks}"
        )


# Verdana 11 px advance widths, rounded, by character class; anything else counts as a wide letter.
_WIDTHS: dict[str, float] = {
    **dict.fromkeys("ijl.,:;|!'", 3.4),
    **dict.fromkeys("frt()[]-/ ", 4.6),
    **dict.fromkeys("abcdeghknopqsuvxyz0123456789?#+=<>_", 7.0),
    **dict.fromkeys("ABCDEFGHIJKLNOPQRSTUVXYZ", 7.6),
    **dict.fromkeys("mwMW%", 10.4),
}
_WIDE = 8.0
_PAD = 6  # px of padding each side of a text

COLOURS = {"passing": "#2e7d32", "failing": "#c62828"}  # white text at >= 4.5:1 contrast
_LABEL_COLOUR = "#555"


def text_width(text: str) -> int:
    return round(sum(_WIDTHS.get(char, _WIDE) for char in text))


def badge_svg(label: str, message: str, verdict: str) -> str:
    """A flat badge: ``label`` on grey, ``message`` on the verdict's colour; every text escaped."""
    colour = COLOURS.get(verdict, COLOURS["failing"])
    left = text_width(label) + 2 * _PAD
    right = text_width(message) + 2 * _PAD
    width = left + right
    title = escape(f"{label}: {message}")  # the message opens with the verdict: passing or failing
    label_text, message_text = escape(label), escape(message)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" aria-label="{title}">'
        f"<title>{title}</title>"
        f'<rect width="{left}" height="20" fill="{_LABEL_COLOUR}"/>'
        f'<rect x="{left}" width="{right}" height="20" fill="{colour}"/>'
        f'<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">'
        f'<text x="{left / 2}" y="14">{label_text}</text>'
        f'<text x="{left + right / 2}" y="14">{message_text}</text>'
        "</g></svg>\n"
    )


def badge_text(game_key: str, column: Column) -> tuple[str, str, str]:
    """(label, message, verdict): ``rulespec his``, ``passing · 33/44 · domination_first_turn=5``, ``passing``: the
    gate, the rules passed, and the rulings declared."""
    verdict = "passing" if column.gate.passed else "failing"
    under = declared_text(column.implementation.records, game_key)  # the rulings the verdict is under, if declared
    message = f"{verdict} · {column.passed_rules}/{len(column.verification.tallies)}" + (f" · {under}" if under else "")
    return f"rulespec {game_key}", message, verdict


def badge_markdown(game_key: str, column: Column, badge: str, page: str) -> str:
    """The Markdown to show the badge in a README, linking to the game's page (paths relative to the site)."""
    label, message, _ = badge_text(game_key, column)
    return f"[![{label}: {message}]({badge})]({page})"


def column_badge(game_key: str, column: Column) -> str:
    """The column's badge: its gate's verdict and the game's rules passed of its rules, green or red by the gate."""
    return badge_svg(*badge_text(game_key, column))
