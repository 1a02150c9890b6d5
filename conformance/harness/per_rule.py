"""The per-rule verdict: for every clause of the spec, what checked it and how that went.

Every check has one primary rule (``CheckRecord.primary_rule``), the one its expected value
comes from. A failing check fails the rule it is blamed on (``blame.blamed_rule``: the primary rule,
unless the answer says better which rule went wrong) and only implicates the other rules it involves:
one wrong field never smears a failure over every rule a vector names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from rich import box
from rich.console import Console
from rich.table import Table

from rulespec.conformance.harness.blame import blamed_rule
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.outputs import terminal_text
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.verdict import Outcome

# A rule's statuses, worst first: the order the summaries list them in.
FAILED, ERROR, IMPLICATED, PARTIAL = "failed", "error", "implicated", "partial"
NOT_IMPLEMENTED, UNCHECKED, PASSED = Outcome.NOT_IMPLEMENTED.value, "unchecked", "passed"
STATUSES = (FAILED, ERROR, IMPLICATED, PARTIAL, NOT_IMPLEMENTED, UNCHECKED, PASSED)
__all__ = ["FAILED", "IMPLICATED", "RuleTally", "Verification", "blamed_rule", "render", "tally", "with_blame"]


@dataclass
class RuleTally:
    """The checks involving one rule: all of them by kind, and those that name it primary."""

    rule: str
    title: str
    vectors: Counter[str] = field(default_factory=Counter[str])
    invariants: Counter[str] = field(default_factory=Counter[str])
    primary: Counter[str] = field(default_factory=Counter[str])  # outcomes of the checks it is primary in

    def count(self, outcome: Outcome) -> int:
        return self.vectors[outcome.value] + self.invariants[outcome.value]

    @property
    def checks(self) -> int:
        return sum(self.vectors.values()) + sum(self.invariants.values())

    @property
    def status(self) -> str:
        """failed (or error) on its own checks; implicated by another's; partial; not implemented; passed."""
        if self.checks == 0:
            return UNCHECKED
        if self.primary[Outcome.FAILED.value]:
            return FAILED
        if self.primary[Outcome.ERROR.value]:
            return ERROR
        if self.count(Outcome.FAILED) or self.count(Outcome.ERROR):
            return IMPLICATED
        missing = self.count(Outcome.NOT_IMPLEMENTED)
        if missing == self.checks:
            return NOT_IMPLEMENTED
        return PARTIAL if missing else PASSED


@dataclass(frozen=True)
class Verification:
    tallies: tuple[RuleTally, ...]
    unknown_rules: tuple[str, ...]
    totals: Counter[str]

    @property
    def full_pass(self) -> bool:
        return (
            not self.unknown_rules
            and all(t.status == PASSED for t in self.tallies)
            and sum(self.totals.values()) == self.totals[Outcome.PASSED.value]
        )

    def worst_first(self) -> list[RuleTally]:
        """The rules by status, worst first (failed, error, implicated, partial, not implemented), spec order within."""
        return sorted(self.tallies, key=lambda t: STATUSES.index(t.status))


def first_failing(failures: Iterable[CheckRecord], among: Sequence[CheckRecord]) -> dict[str, CheckRecord]:
    """Each rule the failures are blamed on (weighed against ``among``, the run) to the one to show first: the first
    of its own checks (its primary rule) where one failed, else the first blamed on it. One slip blamed on a rule
    from other rules' checks is then shown by the check that says what the slip is."""
    first: dict[str, CheckRecord] = {}
    for record in failures:
        rule = blamed_rule(record, among)
        if rule not in first or (record.primary_rule == rule != first[rule].primary_rule):
            first[rule] = record
    return first


def with_blame(records: Sequence[CheckRecord]) -> list[CheckRecord]:
    """The records as a report writes them: each failure and error with the rule the verdict fails for it
    (``blamed``, weighed against these records), so a report read alone says what the table said."""
    among = list(records)
    failing = (Outcome.FAILED.value, Outcome.ERROR.value)
    return [replace(r, blamed=blamed_rule(r, among)) if r.outcome in failing else replace(r, blamed="") for r in among]


def tally(games: Sequence[Game], records: Iterable[CheckRecord], only: Sequence[str] | None = None) -> Verification:
    """Count every record against every rule it involves; records naming no known rule are kept apart.

    With ``only``, the verdict is on those rules alone (``verify --rule``).
    """
    tallies: dict[str, RuleTally] = {}
    known: set[str] = set()
    for game in games:
        for clause in read_clauses(game.spec_path):
            known.add(clause.id)
            if not only or clause.id in only:
                tallies[clause.id] = RuleTally(clause.id, clause.title)
    unknown: set[str] = set()
    totals: Counter[str] = Counter()
    records = list(records)
    for record in records:
        totals[record.outcome] += 1
        blamed = blamed_rule(record, records)
        # a record of no rule (the implementation's process, as it stopped) names no rule, not an unknown ""
        for rule in record.rules if blamed in record.rules or not blamed else (*record.rules, blamed):
            if rule not in known:
                unknown.add(rule)
            if rule not in tallies:
                continue
            bucket = tallies[rule].vectors if record.kind == "vector" else tallies[rule].invariants
            bucket[record.outcome] += 1
            if rule == blamed:
                tallies[rule].primary[record.outcome] += 1
    return Verification(tuple(tallies.values()), tuple(sorted(unknown)), totals)


_STYLE = {
    FAILED: "bold red",
    ERROR: "bold magenta",
    IMPLICATED: "magenta",
    PARTIAL: "cyan",
    NOT_IMPLEMENTED: "yellow",
    UNCHECKED: "red",
    PASSED: "green",
}
LEGEND = (
    "vectors, invariants: checks passed / checks involving the rule. failed: a check blamed on it failed;"
    " implicated: no failing check is blamed on it, but one involving it failed;"
    " partial: some checks passed, others not implemented"
)
MIN_TITLE = 12  # a clause title shorter than this says nothing: the column is dropped, so the IDs stay whole


def _fraction(counter: Counter[str]) -> str:
    total = sum(counter.values())
    return f"{counter[Outcome.PASSED.value]}/{total}" if total else "-"


def render(verification: Verification, label: str, console: Console | None = None, failed_only: bool = False) -> None:
    """The table of rules (only those not passed, with ``failed_only``), its legend, the counts and the verdict."""
    console = console or Console()
    rows = [t for t in verification.tallies if t.status != PASSED] if failed_only else list(verification.tallies)
    table = Table(
        title=f"rulespec verdict for {terminal_text(label)}", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False
    )
    widest = max((len(row.rule) for row in rows), default=4)
    status_width = max((len(row.status) for row in rows), default=6)
    table.add_column("rule", no_wrap=True, min_width=widest)
    # what is left once the IDs, counts and statuses have their room (and the separators theirs)
    room = console.width - widest - len("vectors") - len("invariants") - status_width - 4 * 3
    if room >= MIN_TITLE:
        table.add_column("clause", no_wrap=True, overflow="ellipsis", max_width=room)
    for column in ("vectors", "invariants"):
        table.add_column(column, no_wrap=True, justify="right")
    table.add_column("status", no_wrap=True, min_width=status_width)
    for row in rows:
        status = row.status
        titles = [row.title] if room >= MIN_TITLE else []
        table.add_row(
            terminal_text(row.rule),
            *map(terminal_text, titles),
            _fraction(row.vectors),
            _fraction(row.invariants),
            f"[{_STYLE[status]}]{status}[/]",
        )
    # never narrower than the IDs, counts and statuses need: a narrow terminal wraps a line, it never cuts an ID
    needed = widest + len("vectors") + len("invariants") + status_width + 4 * 3
    shown_width = console.width
    console.width = max(shown_width, needed)
    console.print(table, crop=False)
    console.width = shown_width
    console.print(LEGEND, style="dim")  # wrapped at word boundaries to the width, as the table is
    statuses = Counter(t.status for t in verification.tallies)
    rules = ", ".join(f"{statuses[s]} {s}" for s in STATUSES if statuses[s])
    checks = ", ".join(f"{verification.totals[o.value]} {o.value}" for o in Outcome)
    # wrapped to the console's width: with every status present the line passes 80 columns
    console.print(f"rules: {len(verification.tallies)} ({rules})", soft_wrap=False)
    console.print(f"checks: {sum(verification.totals.values())} ({checks})", soft_wrap=False)
    for rule in verification.unknown_rules:
        console.print(f"[bold red]a check names {terminal_text(rule)}, which no spec defines[/]", soft_wrap=True)
    verdict = "[green]FULL PASS[/]" if verification.full_pass else "[bold red]NOT A FULL PASS[/]"
    console.print(f"verdict: {verdict}")
