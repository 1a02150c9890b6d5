"""``rulespec diff A B --game KEY``: search for inputs where two sides answer differently.

Exit status 1 when a difference was found, 0 when none was within the budget, 2 when the
command cannot run (a side that does not load, an unknown operation, an unreadable --exclude).

With ``--write DIR``, each difference is added to ``DIR/<operation>.json`` as a ready-to-add case
(docs/architecture.md) expecting side A's answer under the full rulings A answered under (its own
switches included, so the case replays against A). The core's one writer of cases (``vectors``)
writes it, whose ID is a hash of what it asks: the same difference written twice is one case, and
a case found again is recognised. Its rules are the clauses the operation's reference function
names in its docstring, with the ruling clauses of the rulings the two sides were switched on.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rulespec.conformance.harness.diff.answers import Difference, Group, shown_json, wrapped
from rulespec.conformance.harness.diff.crosshair import crosshair_diff
from rulespec.conformance.harness.diff.explore import Found, explore
from rulespec.conformance.harness.diff.known import Known, known_differences
from rulespec.conformance.harness.diff.sides import Side, parse_side
from rulespec.conformance.harness.diff.summary import Searched, closing
from rulespec.conformance.harness.games import REGISTRY, Game, game
from rulespec.conformance.harness.rulings import json_value, ruling_clauses
from rulespec.conformance.harness.spec import docstring_rules
from rulespec.conformance.harness.vector_writer import add_cases, new_case
from rulespec.conformance.harness.verify.failure_text import terminal_width
from rulespec.conformance.harness.vocabulary import add_case_timeout, argument, cores, game_key, positive, seconds, seed

SIDES_HELP = "ref | ref[ruling=value,...] | impl:module:attr | cmd:COMMAND | git:REV"
DEFAULT_BUDGET = 400  # inputs per operation: every ruling alternative of every game is told apart well within it

DESCRIPTION = """\
Search for inputs on which side A and side B answer differently.

What is drawn: for each operation and input, the rulings (every field from its alternatives,
from a seeded stream of their own) and then a request from the game's strategies
(conformance/strategies/), drawn by Hypothesis: mostly valid requests weighted towards the
boundaries the rules turn on (ties, exact thresholds, empty piles), and some refusals on purpose.

What both sides receive: the same request and the same drawn rulings; a side named
ref[field=value] answers with that field switched. A field exactly one side switches is
drawn from its other alternatives, so every input asks what the switch changes.

The budget: --max-examples inputs per operation (default %(budget)d), derandomised unless
--seed is given, so two runs find the same.

Grouping: the search goes on after a difference. Differences are grouped by operation and by
what differs: the set of output paths two results differ at (indices as [*], an element that
names its kind as [source=...]), or the refusal (kind, field or rule) against the other side's
answer; and by what explains it: a group where the reference under one ruling switch answers
as B is set apart as explained by that switch. Each group is shrunk to its own minimal input
(its rulings then set back to the defaults where it still shows), shown with both answers, and
with --write added to DIR/<operation>.json as a vector expecting side A's answer under the
rulings side A answered under. The last lines sum the groups up by cause.

Exclusion: --exclude FILE (a vector file, e.g. one --write gave, or an expectations file)
asks both sides each case it names; the groups those cases differ in are set aside as known,
so the search shows the next. --max-differences N stops an operation's search at N groups.
"""


def add_command(commands: Any) -> None:
    """Register ``diff`` on the ``rulespec`` command parser's subcommands."""
    run: argparse.ArgumentParser = commands.add_parser(
        "diff",
        help="search for inputs where two implementations, rulings or revisions answer differently",
        description=DESCRIPTION % {"budget": DEFAULT_BUDGET},
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.add_argument("a", metavar="A", help=f"side A, whose answer a written vector expects: {SIDES_HELP}")
    run.add_argument("b", metavar="B", help=f"side B: {SIDES_HELP}")
    run.add_argument(
        "--game",
        required=True,
        type=argument(game_key),
        metavar="KEY",
        help=f"the game; one of {', '.join(sorted(REGISTRY))}",
    )
    run.add_argument("--operation", action="append", help="only this operation (repeatable; default: all)")
    run.add_argument(
        "--max-examples",
        type=argument(positive),
        default=DEFAULT_BUDGET,
        metavar="N",
        help="inputs drawn per operation (default %(default)s)",
    )
    run.add_argument(
        "--max-differences",
        type=argument(positive),
        default=None,
        metavar="N",
        help="stop an operation's search at N groups of difference",
    )
    run.add_argument(
        "--exclude",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="vectors or expectations whose differences are known: set aside (repeatable)",
    )
    run.add_argument(
        "--seed", type=argument(seed), default=None, help="random search with this seed (default: derandomised)"
    )
    run.add_argument(
        "--write", type=Path, metavar="DIR", help="write each group's difference as a vector into DIR/<operation>.json"
    )
    run.add_argument("--crosshair", action="store_true", help="also run crosshair diffbehavior (Python sides only)")
    run.add_argument(
        "--crosshair-timeout", type=argument(seconds), default=10.0, metavar="SECONDS", help="per operation"
    )
    add_case_timeout(run.add_argument, "cmd: seconds to wait per reply")
    run.set_defaults(handler=diff)


def _groups(count: int) -> str:
    return f"{count} group{'' if count == 1 else 's'}"


def _operations(chosen: Game, names: list[str] | None) -> list[str]:
    every = [op.name for op in chosen.operations]
    for name in names or []:
        chosen.operation(name)  # an unknown name is refused with the known ones
    return names or every


def _report(difference: Difference, found: Found, a: Side, b: Side) -> None:
    group = difference.group
    shrunk = "" if group not in found.unshrunk else " (not shrunk: the second search did not meet it again)"
    seen = found.seen[group]
    if group.ruling:  # set apart: a reading the spec allows, not a bug
        print(
            f"diff {difference.operation}: EXPLAINED in {group.what}: B answers as the reference under "
            f"`{group.ruling}` on {f'all {seen} inputs' if seen > 1 else 'the 1 input'} where they differ "
            f"(of {found.drawn or '?'}){shrunk}"
        )
    else:
        print(f"diff {difference.operation}: DIFFERS in {group} ({seen} of {found.drawn or '?'} inputs){shrunk}")
    width = terminal_width()
    shown = [("input", shown_json(difference.request)), ("rulings A", shown_json(difference.rulings_a))]
    if difference.rulings_b != difference.rulings_a:
        shown.append(("rulings B", shown_json(difference.rulings_b)))
    shown += [(f"A {a.spec}", difference.a.shown()), (f"B {b.spec}", difference.b.shown())]
    print("\n".join(wrapped(label, text, width) for label, text in shown))


def _known(chosen: Game, a: Side, b: Side, paths: list[Path]) -> Known:
    known = known_differences(chosen, a, b, paths)
    if paths:
        groups = ", ".join(f"{g.operation}: {g}" for g in sorted(known.groups)) or "none"
        print(f"exclude: {known.cases} cases read; set aside {_groups(len(known.groups))} ({groups})")
        if known.agreeing:
            print(
                f"  the sides agree on {len(known.agreeing)} of them: "
                f"{', '.join(known.agreeing[:5])}{' ...' if len(known.agreeing) > 5 else ''}"
            )
    return known


def diff(args: argparse.Namespace) -> int:
    for name in ("max_examples", "max_differences"):
        value = getattr(args, name)
        if value is not None and value < 1:
            print(f"rulespec diff: --{name.replace('_', '-')} {value}: give 1 or more", file=sys.stderr)
            return 2
    try:
        chosen = game(args.game)
        operations = _operations(chosen, args.operation)
        a = parse_side(chosen, args.a, args.case_timeout)
        b = parse_side(chosen, args.b, args.case_timeout)
    except (KeyError, ValueError) as exc:
        print(f"rulespec diff: {exc}", file=sys.stderr)
        return 2
    differs = False
    searched: list[Searched] = []
    try:
        try:
            known = _known(chosen, a, b, args.exclude)
        except ValueError as exc:
            print(f"rulespec diff: {exc}", file=sys.stderr)
            return 2
        offered = [name for name in operations if a.subject.supports(name) and b.subject.supports(name)]
        found_all = _searches(chosen, a, b, offered, args, known.groups)
        for operation in operations:
            if operation not in offered:
                print(
                    f"diff {operation}: skipped, not offered by "
                    f"{a.spec if not a.subject.supports(operation) else b.spec}"
                )
                continue
            found = next(found_all)
            searched.append(Searched(operation, found.drawn, found.seen))
            aside = f"; {found.set_aside} known differences set aside" if found.set_aside else ""
            if not found.differences:
                print(f"diff {operation}: no difference in {found.drawn} inputs{aside}")
            else:
                differs = True
                print(
                    f"diff {operation}: {_groups(len(found.differences))} of difference in {found.drawn} inputs{aside}"
                )
            # the groups a ruling explains last, apart from the rest
            for difference in sorted(found.differences, key=lambda one: bool(one.ruling)):
                _report(difference, found, a, b)
                _write(chosen, difference, a, b, args.write)
            if args.crosshair:
                differs = crosshair_diff(chosen, operation, a, b, args.crosshair_timeout) or differs
    finally:
        a.subject.close()
        b.subject.close()
    if len(operations) > 1:
        print("\n".join(closing(chosen.key, searched)))
    return 1 if differs else 0


def _searches(
    chosen: Game, a: Side, b: Side, operations: list[str], args: argparse.Namespace, known: frozenset[Group]
) -> Iterator[Found]:
    """Each operation's search, in order. Two or more operations spread over the cores, one process each at a time
    with sides of its own (a ``cmd:`` side starts its own process there): the search is the same, only sooner."""
    workers = min(len(operations), cores())
    if workers < 2:
        yield from (_explore(chosen, operation, a, b, args, known) for operation in operations)
        return
    context = multiprocessing.get_context("spawn")  # no thread or pipe of this process is copied into a worker
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        jobs = [pool.submit(_search, chosen.key, operation, args, known) for operation in operations]
        try:
            yield from (job.result() for job in jobs)
        finally:
            for job in jobs:
                job.cancel()


def _explore(
    chosen: Game, operation: str, a: Side, b: Side, args: argparse.Namespace, known: frozenset[Group]
) -> Found:
    budget, seed, most = args.max_examples, args.seed, args.max_differences
    return explore(chosen, operation, a, b, budget, seed=seed, known=known, max_differences=most)


def _search(key: str, operation: str, args: argparse.Namespace, known: frozenset[Group]) -> Found:
    """One operation's search in a worker, between sides named as on the command line, closed after it."""
    chosen = game(key)
    a = parse_side(chosen, args.a, args.case_timeout)
    try:
        b = parse_side(chosen, args.b, args.case_timeout)
        try:
            return _explore(chosen, operation, a, b, args, known)
        finally:
            b.subject.close()
    finally:
        a.subject.close()


def _write(chosen: Game, found: Difference, a: Side, b: Side, directory: Path | None) -> None:
    if directory is None:
        return
    case = vector_case(chosen, found, a, b)
    if case is None:
        print(f"  not written: A gave no answer to expect ({found.a.kind})")
        return
    path = write_case(chosen, found.operation, case, directory)
    print(f"  wrote {path} case {case['id']}")


def vector_case(game: Game, difference: Difference, a: Side, b: Side) -> dict[str, Any] | None:
    """The case expecting A's answer; None when A gave none (it crashed or lacks the operation)."""
    if difference.a.kind == "result":
        expectation: dict[str, Any] = {"output": difference.a.output}
    elif difference.a.kind == "refused" and difference.a.error is not None:
        error = difference.a.error
        refusal = {"field": error.field} if error.field else {"rule": error.rule}
        expectation = {"error": {"kind": error.kind.value, **refusal}}
    else:
        return None
    switched = set(a.switches) | set(b.switches)
    rules = docstring_rules(game.reference_call(difference.operation)) + ruling_clauses(game.rulings, switched)
    description = f"rulespec diff {a.spec} vs {b.spec}: {b.spec} answers {difference.b.shown()}"
    rulings_json = json_value(difference.rulings_a)  # exactly what A answered under, its switches included
    request_json = json_value(difference.request)
    return new_case(
        game, difference.operation, request_json, rulings_json, list(dict.fromkeys(rules)), description, expectation
    )


def write_case(game: Game, operation: str, case: dict[str, Any], directory: Path) -> Path:
    """Add the case to ``directory/<operation>.json`` (made if absent); a case already there is kept once."""
    return add_cases(directory / f"{operation}.json", game.key, operation, [case])
