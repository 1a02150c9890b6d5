"""``rulespec coverage`` and ``rulespec review``: what checks each rule, and re-stamping reviewed vectors.

Coverage is read statically (vector files, invariant markers, canary lists): it says what
*would* check each rule, with nothing run. It fails on a rule without a vector, a name
that no clause defines, and a stale vector (one whose clause changed since it was stamped).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from rulespec import SUITE_ROOT
from rulespec.conformance.harness.coverage.canary_rules import CANARIES_DIR, canaries_by_rule
from rulespec.conformance.harness.coverage.clause_stamps import StaleCase, review, stale_cases
from rulespec.conformance.harness.coverage.rules import rule_coverage
from rulespec.conformance.harness.games import REGISTRY, Game, checkout, game
from rulespec.conformance.harness.vectors import VectorError, load_game
from rulespec.conformance.harness.vocabulary import Commands, add_game, one_game, usage_error


@dataclass(frozen=True)
class RuleRow:
    rule: str
    vectors: tuple[str, ...]
    invariants: tuple[str, ...]
    canaries: tuple[str, ...]
    stale: tuple[str, ...]

    @property
    def problems(self) -> tuple[str, ...]:
        found: list[str] = []
        if not self.vectors:
            found.append("no vector")
        if not self.vectors and not self.invariants:
            found.append("no check")
        if self.stale:
            found.append(f"{len(self.stale)} stale")
        return tuple(found)


@dataclass(frozen=True)
class GameCoverage:
    game: Game
    rows: tuple[RuleRow, ...]
    unknown: dict[str, list[str]]  # a name no clause defines -> the checks or canaries naming it
    stale: tuple[StaleCase, ...]

    @property
    def ok(self) -> bool:
        return not self.unknown and not any(row.problems for row in self.rows)


def game_coverage(current: Game) -> GameCoverage:
    checks = rule_coverage(current)
    canaries = canaries_by_rule(current.key)
    stale = tuple(stale_cases(current))
    unknown = {rule: list(names) for rule, names in checks.unknown.items()}
    for rule, names in canaries.items():
        if rule not in checks.rules:
            unknown.setdefault(rule, []).extend(f"canary {name}" for name in names)
    rows = tuple(
        RuleRow(
            rule,
            tuple(checks.vectors.get(rule, ())),
            tuple(checks.invariants.get(rule, ())),
            tuple(canaries.get(rule, ())),
            tuple(case.case_id for case in stale if any(reason.startswith(f"{rule} ") for reason in case.reasons)),
        )
        for rule in checks.rules
    )
    return GameCoverage(current, rows, unknown, stale)


def _names(names: Sequence[str], limit: int = 3) -> str:
    shown = ", ".join(name.split("::")[-1] for name in names[:limit])
    return f"{shown}, +{len(names) - limit}" if len(names) > limit else shown or "-"


def render(coverage: GameCoverage, console: Console) -> None:
    table = Table(title=f"rule coverage: {coverage.game.title} ({coverage.game.key})")
    for column in ("rule", "vectors", "invariants", "canaries", "stale", "problems"):
        table.add_column(column, no_wrap=column != "canaries")
    for row in coverage.rows:
        problems = ", ".join(row.problems)
        table.add_row(
            row.rule,
            str(len(row.vectors)) if row.vectors else "[red]0[/]",
            str(len(row.invariants)),
            _names(row.canaries),
            f"[yellow]{len(row.stale)}[/]" if row.stale else "0",
            f"[bold red]{problems}[/]" if problems else "[green]ok[/]",
        )
    console.print(table)
    rows = coverage.rows
    # the canaries are tests of a checkout: an installed rulespec says so rather than count none
    canaries = f"{sum(1 for r in rows if r.canaries)} with a canary" if CANARIES_DIR else "canaries in a checkout only"
    console.print(
        f"{len(rows)} rules: {sum(1 for r in rows if r.vectors)} with a vector, "
        f"{sum(1 for r in rows if r.invariants)} with an invariant, {canaries}; {len(coverage.stale)} stale vector(s)"
    )
    for rule, names in sorted(coverage.unknown.items()):
        console.print(f"[bold red]{rule} is named by {_names(names)} but no clause defines it[/]")
    never = [case.case_id for case in coverage.stale if all(r.endswith(" not stamped") for r in case.reasons)]
    if never:
        console.print(f"[yellow]never stamped: {len(never)} case(s): {_names(never)}[/]")
    changed = [case for case in coverage.stale if case.case_id not in set(never)]
    for case in changed[:20]:
        console.print(f"[yellow]stale: {case.describe()}[/]", soft_wrap=True)
    if len(changed) > 20:
        console.print(f"[yellow]... and {len(changed) - 20} more stale[/]")
    if coverage.stale:
        console.print(f"check each still holds, then: rulespec review --game {coverage.game.key}")


def unreadable_vectors(keys: Sequence[str]) -> str | None:
    """The first fault of the games' vector files (file and position named), before anything reads them loosely."""
    for key in keys:
        try:
            load_game(game(key))
        except VectorError as exc:
            return str(exc)
    return None


def coverage_command(args: argparse.Namespace) -> int:
    console = Console()
    fault = unreadable_vectors(args.game or sorted(REGISTRY))
    if fault:
        print(f"rulespec coverage: {fault}", file=sys.stderr)
        return 2
    results = [game_coverage(game(key)) for key in (args.game or sorted(REGISTRY))]
    for result in results:
        render(result, console)
    return 0 if all(result.ok for result in results) else 1


def review_command(args: argparse.Namespace) -> int:
    try:
        checkout("review")  # it re-stamps the suite's own vector files: never those of an installed rulespec
    except ValueError as exc:
        return usage_error("review", str(exc))
    key = one_game("review", args.game)
    if key is None:
        return 2
    fault = unreadable_vectors([key])
    if fault:
        print(f"rulespec review: {fault}", file=sys.stderr)
        return 2
    try:
        rewritten = review(game(key), args.case or None)
    except KeyError as exc:
        print(f"rulespec review: {exc.args[0]}")
        return 2
    for path, cases in rewritten.items():
        print(f"re-stamped {len(cases)} case(s) in {path.relative_to(SUITE_ROOT)}")
    if not rewritten:
        print("every named case is already stamped with the current clauses")
    return 0


def add_commands(commands: Commands) -> None:
    """Add ``coverage`` and ``review`` to the ``rulespec`` command line."""
    shown = commands.add_parser("coverage", help="per rule: the vectors, invariants and canaries that check it")
    add_game(shown, "only this game (repeatable)")
    shown.set_defaults(handler=coverage_command)
    restamp = commands.add_parser("review", help="re-stamp vectors with the current clause hashes, once checked")
    add_game(restamp, "the game whose vectors to re-stamp")
    restamp.add_argument("--case", action="append", metavar="ID", help="only this case (repeatable; default: all)")
    restamp.set_defaults(handler=review_command)
