"""Mistakes in a command line found before anything runs: a usage error (one line, exit 2), never 500 failed checks.

An ``--impl`` that cannot be imported (no such module, a syntax error, an exception on import),
lacks the attribute, cannot be constructed without arguments, or offers an attribute that looks
like a misspelled operation (within a few edits of one it does not offer); an unknown ``--rule``
(a case-insensitive match is suggested) or ``--operation``. The module is found as verify finds
it: the current directory first, then the installed packages.

The files a run writes (``--save-failures``, ``--report-json``, ``--summary-md``, ``--junit-xml``,
``--html``) are checked before it by the one output policy (``rulespec.conformance.harness.outputs``): a long run
must not end in a file that cannot be written. A folder one of them names is made for the others
(``--report-json site/report.json --html site/``); a write that still fails after the run is told after
the table and the verdict, never instead of them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import msgspec

from rulespec.conformance.harness.games import REGISTRY, Game, game
from rulespec.conformance.harness.outputs import problem
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.subject import UsageProblem, check_impl, load_impl
from rulespec.conformance.harness.vector_writer import written_cases
from rulespec.conformance.harness.vectors import VectorError, load_file, read_json
from rulespec.conformance.harness.verify import early
from rulespec.conformance.harness.verify.declared import process_declared
from rulespec.conformance.harness.verify.options import VerifyOptions
from rulespec.conformance.harness.verify.subjects import keep, kept, served_command
from rulespec.conformance.harness.vocabulary import did_you_mean
from rulespec.conformance.harness.wire.command import parse_command
from rulespec.conformance.harness.wire.faults import WireFault, tail_text
from rulespec.conformance.harness.wire.messages import Started
from rulespec.conformance.harness.wire.process import Closed, LineProcess, Timeout
from rulespec.conformance.harness.wire.serve import Loaded
from rulespec.conformance.harness.wire.session import STARTUP_TIMEOUT, WireSession

__all__ = ["UsageProblem", "check_impl", "load_impl", "loaded", "problem_with", "unwritable"]

# (option, attribute of VerifyOptions, whether it names a folder)
OUTPUTS: tuple[tuple[str, str, bool], ...] = (
    ("--save-failures", "save_failures", True),
    ("--report-json", "report_json", False),
    ("--summary-md", "summary_md", False),
    ("--junit-xml", "junit_xml", False),
    ("--html", "html", True),
)


def check_rules(games: Sequence[Game], rules: Sequence[str]) -> None:
    """Every ``--rule`` is a clause of one of the games; a case-insensitive match or close IDs are suggested."""
    if not rules:
        return
    known = [clause.id for chosen in games for clause in read_clauses(chosen.spec_path)]
    for rule in rules:
        if rule in known:
            continue
        same = [other for other in known if other.lower() == rule.lower()]
        hint = f"; did you mean {same[0]}?" if same else did_you_mean(rule.upper(), known)
        games_named = ", ".join(chosen.key for chosen in games)
        raise UsageProblem(f"--rule {rule}: no clause of {games_named} has this ID{hint} (rulespec rules lists them)")


def check_operations(game: Game, operations: Sequence[str]) -> None:
    known = [op.name for op in game.operations]
    for name in operations:
        if name not in known:
            hint = did_you_mean(name, known)
            raise UsageProblem(
                f"--operation {name}: {game.key} has no such operation{hint} (known: {', '.join(known)})"
            )


def loaded(key: str, spec: str, timeout: float = STARTUP_TIMEOUT, case_timeout: float | None = None) -> Loaded:
    """``--impl spec`` loaded and checked (``check_impl``) in a process of its own, as it will be served: what it
    said about itself, or UsageProblem. An exit, a thread, a patch or a ``chdir`` at its import stays there.

    With ``case_timeout``, the process that passed is kept for the run (``subjects.keep``), which asks it without
    starting another: its start-up is paid once."""
    process = LineProcess(parse_command(served_command(key, spec) + " --check"))
    try:
        said = _loaded_line(process, spec, timeout)
    except UsageProblem:
        process.kill()
        raise
    if case_timeout is None:
        process.kill()
    else:
        session = WireSession(served_command(key, spec), case_timeout, repeat=False)
        session.begin(process=process)
        keep(session)
    return said


def _loaded_line(process: LineProcess, spec: str, timeout: float) -> Loaded:
    """The ``Loaded`` line of a ``serve --check`` process, or UsageProblem saying why there is none."""
    try:
        line = process.read_line(time.monotonic() + timeout)
    except Timeout:
        raise UsageProblem(
            f"--impl {spec}: not loaded within {timeout} s (does its import wait for something?)"
        ) from None
    except Closed:
        status = process.exit_status(wait=1.0)
        _, err = process.drain()
        said = tail_text(err.strip())
        if status == 2 and said:  # the loader's own one-line problem
            raise UsageProblem(said.rsplit("\n", 1)[-1]) from None
        raise UsageProblem(
            f"--impl {spec}: loading it ended its process (status {status}) before it was ready"
            + (f"; stderr: {said}" if said else "")
        ) from None
    try:
        return msgspec.json.decode(line, type=Loaded)
    except msgspec.DecodeError as exc:
        raise UsageProblem(f"--impl {spec}: its loader answered out of shape: {exc}") from None


def vector_problem(path: Path) -> str | None:
    """What makes a file under ``--vectors`` no vector file to run (it does not parse, names no game of rulespec,
    breaks the format), or None; a JSON file that is plainly no vector file (no ``game``, no ``cases``) is left."""
    try:
        raw = read_json(path)
    except VectorError as exc:
        return str(exc)
    if not isinstance(raw, dict) or not {"game", "cases"} & set(cast(dict[str, object], raw)):
        return None
    key = cast(dict[str, object], raw).get("game")
    if not isinstance(key, str) or key not in REGISTRY:
        lower = str(key).lower()
        hint = f"; did you mean {lower!r}?" if lower in REGISTRY else did_you_mean(lower, sorted(REGISTRY))
        return f"{path}: at $.game: {key!r} is not a game of rulespec{hint} (known: {', '.join(sorted(REGISTRY))})"
    try:
        load_file(game(key), path)
    except VectorError as exc:
        return str(exc)
    return None


def vector_problems(given: Sequence[str]) -> list[str]:
    """Every ``--vectors`` file that would not run, one message each: before the run, never a silent skip."""
    found: list[str] = []
    for text in given:
        root = Path(text)
        for path in sorted(root.rglob("*.json")) if root.is_dir() else [root]:
            problem_found = vector_problem(path)
            if problem_found:
                found.append(f"--vectors {text}: {problem_found}")
    return found


def problem_with(options: VerifyOptions, games: Sequence[Game]) -> str | None:
    """The run's ``--impl``, ``--rule`` and ``--cmd``'s handshake checked before it: the problem in a line, or None."""
    try:
        if options.impl is not None:
            if len(games) != 1:
                raise UsageProblem(f"--impl {options.impl} implements one game: name it with --game KEY")
            loaded(games[0].key, options.impl, case_timeout=options.case_timeout)
        check_rules(games, options.rules)
        for found in vector_problems(options.vectors):
            raise UsageProblem(found)
        for chosen in games:
            options.declared_rulings(chosen.key)
        if options.cmd is not None and len(options.subjects) == 1:
            started = check_handshake(options.cmd, options.case_timeout)
            for chosen in games:  # the rulings it says it plays agree with those declared
                process_declared(options, chosen.key, started.played(chosen.key), options.subjects[-1].option)
    except (UsageProblem, ValueError) as exc:
        return str(exc)
    return None


def check_handshake(cmd: str, timeout: float) -> Started:
    """A ``--cmd`` that cannot start or does not answer the handshake is a usage error, told as every other is;
    its ``started`` otherwise.

    The process that answered is kept for the run (``subjects.keep``): a slow start-up is paid once, not once to
    check it and again to run.
    """
    held = kept(cmd, timeout)
    if held is not None:
        return held.started()
    try:
        session = WireSession(cmd, timeout)
    except ValueError as exc:
        raise UsageProblem(f"--cmd {cmd!r}: {exc}") from exc
    started_early = early.take(cmd)
    if started_early is not None:
        session.begin(process=started_early)
    try:
        started = session.started()
    except WireFault as fault:
        session.close()
        raise UsageProblem(f"--cmd {cmd!r}: {fault}") from fault
    keep(session)
    return started


def unwritable(options: VerifyOptions) -> list[str]:
    """Every output option naming a path that cannot be written, and every vector file under ``--save-failures
    DIR`` that saving would have to merge and cannot read: one message each."""
    given = [(option, getattr(options, attribute), folder) for option, attribute, folder in OUTPUTS]
    made = [Path(path) for _, path, folder in given if path and folder]
    found: list[str] = []
    for option, path, folder in given:
        why = problem(Path(path), folder, made) if path else None
        if why:
            found.append(f"{option} {path}: {why}")
    directory = options.save_failures
    if directory and Path(directory).is_dir():
        for path in sorted(Path(directory).glob("*/*.json")):
            try:
                written_cases(path)
            except ValueError as exc:
                found.append(f"--save-failures {directory}: {exc}")
    return found
