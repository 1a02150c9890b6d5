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

import importlib
import inspect
import os
import pkgutil
import sys
from collections.abc import Sequence
from pathlib import Path

from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.outputs import problem
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.vectors import written_cases
from rulespec.conformance.harness.verify.options import VerifyOptions
from rulespec.conformance.harness.vocabulary import close, did_you_mean

# (option, attribute of VerifyOptions, whether it names a folder)
OUTPUTS: tuple[tuple[str, str, bool], ...] = (
    ("--save-failures", "save_failures", True),
    ("--report-json", "report_json", False),
    ("--summary-md", "summary_md", False),
    ("--junit-xml", "junit_xml", False),
    ("--html", "html", True),
)


class UsageProblem(ValueError):
    """What is wrong with the command line, in one line."""


def _import(spec: str, module_name: str) -> object:
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # as verify does: a project's own module loads from its checkout
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        missing = exc.name or module_name
        if not module_name.startswith(missing):
            raise UsageProblem(f"--impl {spec}: importing {module_name} failed: {exc}") from exc
        parent, _, leaf = missing.rpartition(".")
        try:
            where = getattr(importlib.import_module(parent), "__path__", None) if parent else None
        except Exception:  # noqa: BLE001 - only for a suggestion
            where = None
        known = [module.name for module in pkgutil.iter_modules(where)] + (
            [] if parent else list(sys.builtin_module_names)
        )
        raise UsageProblem(f"--impl {spec}: no module named {missing!r}{did_you_mean(leaf, known)}") from exc
    except (Exception, SystemExit) as exc:  # the user's module may raise anything on import
        raise UsageProblem(f"--impl {spec}: importing {module_name} raised {type(exc).__name__}: {exc}") from exc


def load_impl(spec: str) -> object:
    """The object ``--impl module:attr`` names, instantiated if a class; UsageProblem saying what went wrong."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or spec.count(":") > 1:
        raise UsageProblem(f"--impl {spec!r}: expected MODULE or MODULE:ATTRIBUTE (mypackage.engine:SoeRules)")
    target: object = _import(spec, module_name)
    walked = module_name
    for part in attribute.split(".") if attribute else ():
        if not hasattr(target, part):
            public = [name for name in dir(target) if not name.startswith("_")]
            raise UsageProblem(f"--impl {spec}: {walked} has no attribute {part!r}{did_you_mean(part, public)}")
        target = getattr(target, part)
        walked = f"{walked}:{part}" if walked == module_name else f"{walked}.{part}"
    if inspect.isclass(target):
        try:
            target = target()
        except Exception as exc:  # the user's constructor may raise anything
            raise UsageProblem(
                f"--impl {spec}: cannot be constructed without arguments ({type(exc).__name__}: {exc}); "
                "name an instance or a module instead, or give the class defaults"
            ) from exc
    return target


def misspelled_operations(game: Game, target: object) -> list[str]:
    """'collect_incme looks like collect_income' for each public callable a few edits from an operation not offered."""
    operations = {op.name for op in game.operations}
    missing = {name for name in operations if not callable(getattr(target, name, None))}
    found: list[str] = []
    for name in dir(target):
        if name.startswith("_") or name in operations or not callable(getattr(target, name, None)):
            continue
        near = close(name, missing)
        if near:
            found.append(f"{name} looks like {near[0]}")
    return found


def check_impl(game: Game, spec: str) -> object:
    """The implementation, loaded and checked for misspelled operations (UsageProblem otherwise)."""
    target = load_impl(spec)
    misspelled = misspelled_operations(game, target)
    if misspelled:
        names = ", ".join(misspelled)
        raise UsageProblem(f"--impl {spec}: {names}, which {game.key} would report as not implemented: rename it")
    return target


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


def problem_with(options: VerifyOptions, games: Sequence[Game]) -> str | None:
    """The run's ``--impl`` and ``--rule`` checked before it: the problem in one line, or None."""
    try:
        if options.impl is not None:
            if len(games) != 1:
                raise UsageProblem(f"--impl {options.impl} implements one game: name it with --game KEY")
            check_impl(games[0], options.impl)
        check_rules(games, options.rules)
        for chosen in games:
            options.declared_rulings(chosen.key)
    except (UsageProblem, ValueError) as exc:
        return str(exc)
    return None


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
