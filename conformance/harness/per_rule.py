"""The per-rule verdict: for every clause of the spec, what checked it and how that went.

Every check has one primary rule (``CheckRecord.primary_rule``), the one its expected value
comes from. A failing check fails the rule it is blamed on (``blamed_rule``) and only implicates the
other rules it involves: one wrong field never smears a failure over every rule a vector names. The
blame is the primary rule, except where the answer says better which rule went wrong:

- a legal input refused, or an input refused under a rule the check does not involve: the rule the
  refusal cites (an ``IllegalAction``'s), or the rule of the field an ``InvalidState`` names (the rule
  of the game's vectors that refuse that field), so a legal 9 refused fails the rule on populations
  and not each vector's own;
- a composite answer (``run_phase``: score sheets, each a list of lines) differing first inside a line
  whose ``source`` names a step of the reference (``electorates``): the clause that step's docstring
  names first, so a wrong electorates line fails HIS-SPECIAL-2 and not the phase's HIS-VP-1.
"""

from __future__ import annotations

import ast
import functools
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.games import REGISTRY, Game
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.spec import RULE_ID, read_clauses
from rulespec.conformance.harness.untrusted import terminal_text
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.verdict import Outcome

# A rule's statuses, worst first: the order the summaries list them in.
FAILED, ERROR, IMPLICATED, PARTIAL = "failed", "error", "implicated", "partial"
NOT_IMPLEMENTED, UNCHECKED, PASSED = Outcome.NOT_IMPLEMENTED.value, "unchecked", "passed"
STATUSES = (FAILED, ERROR, IMPLICATED, PARTIAL, NOT_IMPLEMENTED, UNCHECKED, PASSED)


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


_INDEX = re.compile(r"\[\d+\]")
_STEP = re.compile(r"\.(\w+)|\[(\d+)\]")
_FIRST_RULE = re.compile(rf"\b{RULE_ID}\b")


@functools.cache
def field_rules(key: str) -> dict[str, str]:
    """Each field the game's vectors refuse (its indices dropped: ``empires[].population``) to the primary rule of
    those vectors, the most common when several refuse it."""
    votes: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for loaded in load_game(registry.game(key)):
        error = loaded.case.error
        if error is not None and error.field and loaded.case.rules:
            votes[_INDEX.sub("[]", error.field)][loaded.case.rules[0]] += 1
    return {name: counter.most_common(1)[0][0] for name, counter in votes.items()}


@functools.cache
def step_rules(key: str) -> dict[str, str]:
    """Each function of the game's reference to the first clause its docstring names."""
    package = Path(str(getattr(registry.game(key).reference, "__file__"))).parent
    found: dict[str, str] = {}
    for path in sorted(package.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                named = _FIRST_RULE.search(ast.get_docstring(node) or "")
                if named:
                    found.setdefault(node.name, named.group(0))
    return found


def _step_of(key: str, answer: Any, path: str) -> str | None:
    """The clause of the innermost step (a line whose ``source`` names a reference function) on ``path``."""
    steps, rule = step_rules(key), None
    node = answer
    for name, index in _STEP.findall(path.removeprefix("$")):
        if name and isinstance(node, dict):
            node = node.get(name)  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
        elif index and isinstance(node, list) and int(index) < len(node):  # pyright: ignore[reportUnknownArgumentType]
            node = node[int(index)]  # pyright: ignore[reportUnknownVariableType]
        else:
            break
        source = node.get("source") if isinstance(node, dict) else None  # pyright: ignore
        if isinstance(source, str) and source in steps:
            rule = steps[source]
    return rule


def blamed_rule(record: CheckRecord) -> str:
    """The rule a check's failure is blamed on: its primary rule unless the answer names a better one."""
    primary = record.primary_rule
    if record.outcome != Outcome.FAILED.value or record.game not in REGISTRY:
        return primary
    expected, got = record.expected, record.got
    error: Any = got.get("error") if isinstance(got, dict) else None  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    due_refusal = isinstance(expected, dict) and "error" in expected
    if isinstance(error, dict) and expected is not None:
        cited = _cited(record.game, error)  # pyright: ignore[reportUnknownArgumentType]
        # a legal input refused, or a refusal under a rule the vector does not involve (a two-fault vector names
        # both its rules, so a refusal in the other order stays the vector's own)
        if cited and (not due_refusal or cited not in record.rules):
            return cited
        return primary
    if record.differences and not due_refusal:
        return _step_of(record.game, expected, record.differences[0].path) or primary
    return primary


def _cited(key: str, error: dict[str, Any]) -> str | None:
    """The rule a refusal cites: an IllegalAction's own, an InvalidState's field's (from the game's vectors)."""
    if error.get("kind") == "IllegalAction" and isinstance(error.get("rule"), str):
        return str(error["rule"])
    if error.get("kind") == "InvalidState" and isinstance(error.get("field"), str):
        return field_rules(key).get(_INDEX.sub("[]", str(error["field"])))
    return None


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
    for record in records:
        totals[record.outcome] += 1
        blamed = blamed_rule(record)
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
    "vectors, invariants: checks passed / checks involving the rule. failed: a check whose primary rule it is failed;"
    " implicated: its own checks passed, a check involving it failed;"
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
    console.print(f"rules: {len(verification.tallies)} ({rules})", soft_wrap=True)
    console.print(f"checks: {sum(verification.totals.values())} ({checks})", soft_wrap=True)
    for rule in verification.unknown_rules:
        console.print(f"[bold red]a check names {terminal_text(rule)}, which no spec defines[/]", soft_wrap=True)
    verdict = "[green]FULL PASS[/]" if verification.full_pass else "[bold red]NOT A FULL PASS[/]"
    console.print(f"verdict: {verdict}")
