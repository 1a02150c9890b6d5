"""The per-rule verdict: for every clause of the spec, what checked it and how that went."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table

from conformance.harness.games import Game
from conformance.harness.records import CheckRecord
from conformance.harness.spec import read_clauses
from conformance.harness.verdict import Outcome


@dataclass
class RuleTally:
    rule: str
    title: str
    vectors: Counter[str] = field(default_factory=Counter[str])
    invariants: Counter[str] = field(default_factory=Counter[str])

    def count(self, outcome: Outcome) -> int:
        return self.vectors[outcome.value] + self.invariants[outcome.value]

    @property
    def checks(self) -> int:
        return sum(self.vectors.values()) + sum(self.invariants.values())

    @property
    def status(self) -> str:
        if self.checks == 0:
            return "unchecked"
        for outcome in (Outcome.FAILED, Outcome.ERROR, Outcome.NOT_IMPLEMENTED):
            if self.count(outcome):
                return outcome.value
        return "passed"


@dataclass(frozen=True)
class Verification:
    tallies: tuple[RuleTally, ...]
    unknown_rules: tuple[str, ...]
    totals: Counter[str]

    @property
    def full_pass(self) -> bool:
        return (
            not self.unknown_rules
            and all(t.status == "passed" for t in self.tallies)
            and sum(self.totals.values()) == self.totals[Outcome.PASSED.value]
        )


def tally(games: Sequence[Game], records: Iterable[CheckRecord], only: Sequence[str] | None = None) -> Verification:
    """Count every record against every rule it names; records naming no known rule are kept apart.

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
    for record in records:
        totals[record.outcome] += 1
        for rule in record.rules:
            if rule not in known:
                unknown.add(rule)
            if rule not in tallies:
                continue
            bucket = tallies[rule].vectors if record.kind == "vector" else tallies[rule].invariants
            bucket[record.outcome] += 1
    return Verification(tuple(tallies.values()), tuple(sorted(unknown)), totals)


_STYLE = {"passed": "green", "failed": "bold red", "error": "bold magenta", "not implemented": "yellow", "unchecked": "red"}


def _fraction(counter: Counter[str]) -> str:
    total = sum(counter.values())
    return f"{counter[Outcome.PASSED.value]}/{total}" if total else "-"


def render(verification: Verification, label: str, console: Console | None = None) -> None:
    console = console or Console()
    table = Table(title=f"rulespec verdict for {label}", show_lines=False)
    for column in ("rule", "clause", "vectors", "invariants", "status"):
        table.add_column(column, no_wrap=column != "clause")
    for row in verification.tallies:
        status = row.status
        table.add_row(
            row.rule,
            row.title,
            _fraction(row.vectors),
            _fraction(row.invariants),
            f"[{_STYLE[status]}]{status}[/]",
        )
    console.print(table)
    statuses = Counter(t.status for t in verification.tallies)
    rules = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
    checks = ", ".join(f"{verification.totals[o.value]} {o.value}" for o in Outcome)
    console.print(f"rules: {len(verification.tallies)} ({rules})")
    console.print(f"checks: {sum(verification.totals.values())} ({checks})")
    for rule in verification.unknown_rules:
        console.print(f"[bold red]a check names {rule}, which no spec defines[/]")
    verdict = "[green]FULL PASS[/]" if verification.full_pass else "[bold red]NOT A FULL PASS[/]"
    console.print(f"verdict: {verdict}")
