"""The evidence a run's records give the blame of each of its failures, weighed once per run.

Which vector cases the run passed (a misreading answering one of them otherwise is refuted), which misreadings of the
reference explain each failure and the primary rules of the failures each explains, the rulings those failures were
asked at their defaults (a misreading failing a ruling's default misreads the rule, not the ruling, unless the part
it misreads reads that ruling), and how often the game's suite names each step alone.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from rulespec.conformance.harness.blame.edits import by_name
from rulespec.conformance.harness.blame.kept import kept
from rulespec.conformance.harness.blame.misread import explaining as misreadings_explaining
from rulespec.conformance.harness.blame.suite import decided_step, steps_named
from rulespec.conformance.harness.blame.switches import at_default, question_of, vector_cases
from rulespec.conformance.harness.games import REGISTRY
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.vectors import LoadedCase
from rulespec.conformance.harness.verdict import Outcome


def explanations(record: CheckRecord) -> frozenset[tuple[str, tuple[str, ...]]]:
    asked = question_of(record)
    if record.outcome != Outcome.FAILED.value or asked is None or record.game not in REGISTRY:
        return frozenset()
    return misreadings_explaining(*asked)


@dataclass(frozen=True)
class Run:
    """The evidence a run's records give the blame of each of its failures."""

    passed: dict[str, frozenset[str]]  # per game, the vector cases passed (their expectations the vectors' own)
    primaries: defaultdict[str, Counter[str]]  # per misreading, the primary rules of the failing checks it explains
    defaulted: defaultdict[str, set[str]]  # per misreading, the rulings some failing check it explains asked at default
    # per game, ``sure_steps``: how many failures the suite names each step of alone, and each set of steps for
    steps: dict[str, tuple[Counter[str], Counter[tuple[str | None, ...]]]] = field(
        default_factory=dict[str, tuple[Counter[str], Counter[tuple[str | None, ...]]]]
    )


def weighed(among: Sequence[CheckRecord]) -> Run:
    """The evidence of ``among`` (``kept`` for the run)."""
    return kept("weighed", among, lambda: _weigh(among))


def passed_cases(among: Sequence[CheckRecord], game: str, operation: str | None = None) -> list[LoadedCase]:
    """The vector cases of the game (of one operation, where named) the run passed, in the run's order."""
    cases = vector_cases(game)
    passed = (cases.get(case) for case in weighed(among).passed.get(game, frozenset[str]()))
    return [loaded for loaded in passed if loaded is not None and operation in (None, loaded.operation)]


def _weigh(among: Sequence[CheckRecord]) -> Run:
    passed: defaultdict[str, set[str]] = defaultdict(set)
    for r in among:
        if r.kind == "vector" and r.outcome == Outcome.PASSED.value and not r.rederived:
            passed[r.game].add(r.nodeid.rpartition("::")[2])
    primaries: defaultdict[str, Counter[str]] = defaultdict(Counter)
    defaulted: defaultdict[str, set[str]] = defaultdict(set)
    for r in among:
        for name, _ in explanations(r):
            primaries[name][r.primary_rule] += 1
            defaulted[name] |= at_default(r) - set(_reads(r.game, name))  # a ruling it reads may be what it misreads
    return Run({game: frozenset(ids) for game, ids in passed.items()}, primaries, defaulted)


def _reads(key: str, name: str) -> tuple[str, ...]:
    """The clauses of the rulings the misreading's edited part reads (``turn < rulings.domination_first_turn``)."""
    found = by_name(key, name)
    return found[1].reads if found else ()


def sure_steps(among: Sequence[CheckRecord], game: str) -> tuple[Counter[str], Counter[tuple[str | None, ...]]]:
    """How many of the run's failing checks of the game the suite names each step of alone, and each set of steps
    of (kept with the run)."""
    run = weighed(among)
    if game not in run.steps:
        named = [steps_named(other) for other in among if other.game == game]
        alone = Counter(rule for rule in named if isinstance(rule, str))
        run.steps[game] = (alone, Counter(rules for rules in named if isinstance(rules, tuple)))
    return run.steps[game]


def decided(record: CheckRecord, among: Sequence[CheckRecord]) -> str | None:
    """The step the game's suite names (``suite.decided_step``), weighed against the run's other failures."""
    votes, sets = sure_steps(among, record.game) if among else (Counter[str](), Counter[tuple[str | None, ...]]())
    return decided_step(record, votes, sets)
