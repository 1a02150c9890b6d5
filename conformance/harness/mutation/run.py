"""Mutation testing: run mutmut over one game's reference against that game's conformance suite.

Each game is mutated on its own, in a scratch copy of the repository: only the game's
reference package is mutated and only its vectors and invariants run, so a run stays
bounded and two games never share mutmut's state. mutmut's per-test coverage picks, for
each mutant, only the checks that reach the mutated function. The shared settings are
``[tool.mutmut]`` in pyproject.toml; this module narrows them per game.

    python -m rulespec.conformance.harness.mutation [--game soe] [--kind order] [--max-children 2] [--workdir DIR]

Besides mutmut's own mutants (kind ``mutmut``), the order and condition mutants of ``structural`` (kinds
``order`` and ``condition``) run against the same checks (``trial``); ``--kind`` picks the kinds, ``--game``
the games, so one kind of one game runs in minutes.

The score, the survivors and the recorded equivalents are judged by
``rulespec.conformance.harness.mutation.score``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulespec import SUITE_ROOT
from rulespec.conformance.harness.games import INVARIANTS_DIR, REGISTRY, VECTORS_DIR, checkout, game
from rulespec.conformance.harness.mutation import structural, trial
from rulespec.conformance.harness.mutation.score import (
    EQUIVALENTS_FILE,
    MUTMUT,
    Mutant,
    judge,
    load_equivalents,
    render,
)
from rulespec.conformance.harness.vocabulary import argument, positive

KINDS = (*structural.KINDS, MUTMUT)

COPIED = ("reference", "conformance", "spec")  # what the suite needs to run, copied under the scratch tree's rulespec/

# Runs inside the scratch tree: what ``mutmut run`` does first (copy, then write every mutant), alone, so
# the mutants can be read before any test runs and those no check can kill are not run at all.
_GENERATE = """
import os
from mutmut.__main__ import create_mutants
from mutmut.mutation.trampoline import set_mutant_under_test
from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir
set_mutant_under_test("mutant_generation")
os.makedirs("mutants", exist_ok=True)
copy_src_dir()
copy_also_copy_files()
create_mutants(2)
"""

# Runs inside the scratch tree, where mutmut's own reader of its results is importable. It
# prints every mutant with its status and the source of the original and mutated function.
_EXPORT = """
import ast, json, sys
from pathlib import Path
from mutmut.__main__ import SourceFileMutationData, walk_mutatable_files
from mutmut.stats import status_by_exit_code
found = []
for path in walk_mutatable_files():
    data = SourceFileMutationData(path=path)
    data.load()
    text = (Path("mutants") / path).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    functions = {n.name: "".join(lines[n.lineno - 1:n.end_lineno])
                 for n in ast.walk(ast.parse(text)) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for name, code in sorted(data.exit_code_by_key.items()):
        local = name.rsplit(".", 1)[-1]
        original = local.rsplit("__mutmut_", 1)[0] + "__mutmut_orig"
        found.append({"name": name, "path": str(path), "status": status_by_exit_code[code],
                      "original": functions.get(original, ""), "mutated": functions.get(local, "")})
json.dump(found, sys.stdout)
"""


@dataclass(frozen=True)
class Run:
    """One game's mutation run: every mutant judged, and how long mutmut took."""

    key: str
    mutants: tuple[Mutant, ...]
    seconds: float


class MutationRunError(RuntimeError):
    """mutmut could not run (a failing clean suite, a bad configuration): says where its log is."""


def base_settings() -> dict[str, Any]:
    """``[tool.mutmut]`` of the repository's pyproject.toml: the settings every game shares."""
    data = tomllib.loads((checkout("mutation") / "pyproject.toml").read_text(encoding="utf-8"))
    settings: dict[str, Any] = data.get("tool", {}).get("mutmut", {})
    if not settings:
        raise MutationRunError("pyproject.toml has no [tool.mutmut] section")
    return settings


def suite_paths(key: str) -> list[str]:
    """The game's checks that exist, relative to the tree: pytest refuses a path that does not."""
    paths = [VECTORS_DIR / key, INVARIANTS_DIR / key]
    return [str(path.relative_to(SUITE_ROOT.parent)) for path in paths if path.exists()]


def game_settings(key: str, profile: str | None = None) -> dict[str, Any]:
    """The shared settings, narrowed to one game's reference package and one game's checks.

    ``profile`` swaps the Hypothesis profile the suite runs under (``mutation``: fewer examples).
    """
    package = Path(str(getattr(game(key).reference, "__file__"))).parent.relative_to(SUITE_ROOT.parent)
    settings = dict(base_settings())
    settings["only_mutate"] = [f"{package}/*"]
    settings["pytest_add_cli_args_test_selection"] = suite_paths(key)
    if profile is not None:
        kept = [arg for arg in settings.get("pytest_add_cli_args", []) if not arg.startswith("--hypothesis-profile")]
        settings["pytest_add_cli_args"] = [*kept, f"--hypothesis-profile={profile}"]  # registered by profiles.py
    return settings


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        items: list[Any] = value  # pyright: ignore[reportUnknownVariableType]
        return "[" + ", ".join(_toml_value(item) for item in items) + "]"
    raise TypeError(f"[tool.mutmut] value {value!r}: only strings, numbers, booleans and lists are supported")


def pyproject_text(settings: dict[str, Any]) -> str:
    lines = ["[tool.pytest.ini_options]", 'addopts = "-ra"', "", "[tool.mutmut]"]
    lines += [f"{name} = {_toml_value(value)}" for name, value in settings.items()]
    return "\n".join(lines) + "\n"


def prepare(key: str, workdir: Path, profile: str | None = None) -> Path:
    """A fresh scratch tree for one game: the suite's sources and a narrowed pyproject.toml."""
    tree = workdir / key
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    (tree / "rulespec").mkdir()
    shutil.copy(SUITE_ROOT / "__init__.py", tree / "rulespec" / "__init__.py")
    for name in COPIED:  # copied through the checkout's links: the scratch tree is laid out as the wheel is
        shutil.copytree(SUITE_ROOT / name, tree / "rulespec" / name, ignore=skip)
    (tree / "pyproject.toml").write_text(pyproject_text(game_settings(key, profile)), encoding="utf-8")
    return tree


def generate(tree: Path) -> None:
    """Write every mutant into the scratch tree's ``mutants/``, running no test."""
    done = subprocess.run([sys.executable, "-c", _GENERATE], cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise MutationRunError(f"generating mutants in {tree} failed:\n{done.stderr[-3000:]}")


def run_mutmut(tree: Path, max_children: int, names: Sequence[str]) -> float:
    """``mutmut run`` of the named mutants in the scratch tree; the seconds it took.

    Its output goes to ``mutmut.log``.
    """
    log = tree / "mutmut.log"
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or "mutmut"
    started = time.perf_counter()
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run(
            [mutmut, "run", "--max-children", str(max_children), *names],
            cwd=tree,
            stdout=out,
            stderr=subprocess.STDOUT,
            check=False,
        )
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace")[-3000:]
        raise MutationRunError(f"mutmut run exited {done.returncode} in {tree} (log: {log}):\n{tail}")
    return seconds


def export(tree: Path) -> list[dict[str, str]]:
    """Every mutant of the run: name, file, status, and the original and mutated function source."""
    done = subprocess.run([sys.executable, "-c", _EXPORT], cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise MutationRunError(f"reading mutmut's results in {tree} failed:\n{done.stderr[-3000:]}")
    found: list[dict[str, str]] = json.loads(done.stdout)
    return found


def mutate_game(key: str, workdir: Path, max_children: int, profile: str | None = None) -> Run:
    """Mutate one game's reference, run its suite against every mutant, judge each one."""
    tree = prepare(key, workdir, profile)
    started = time.perf_counter()
    generate(tree)
    equivalents = load_equivalents(EQUIVALENTS_FILE)
    # a mutant of a recorded category is equivalent whatever the suite does: not worth a run
    to_run = [raw["name"] for raw in export(tree) if judge(raw, equivalents).equivalent is None]
    if to_run:
        run_mutmut(tree, max_children, to_run)
    return Run(key, rejudge(tree), time.perf_counter() - started)


def structural_game(key: str, workdir: Path, workers: int, kinds: Sequence[str], profile: str | None) -> Run:
    """The game's order and condition mutants (of ``kinds``) against its checks (``trial.judge_all``)."""
    started = time.perf_counter()
    trees = workdir / "structural" / key
    mutants = trial.judge_all(
        lambda index: prepare(key, trees / str(index), profile),
        str(getattr(game(key).reference, "__name__")),
        tuple(kinds),
        suite_paths(key),
        workdir / key / "mutants" / "mutmut-stats.json",
        profile or "canary",
        workers,
    )
    return Run(key, mutants, time.perf_counter() - started)


def rejudge(tree: Path) -> tuple[Mutant, ...]:
    """Every mutant of a finished run, judged against the equivalents as they are now."""
    equivalents = load_equivalents(EQUIVALENTS_FILE)
    return tuple(judge(raw, equivalents) for raw in export(tree))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="rulespec-mutation", description="mutmut over each game's reference against its suite"
    )
    parser.add_argument("--game", action="append", choices=sorted(REGISTRY), help="only this game (repeatable)")
    parser.add_argument(
        "--kind", action="append", choices=KINDS, help="only mutants of this kind (repeatable; default: all three)"
    )
    parser.add_argument(
        "--max-children", type=argument(positive), default=2, metavar="N", help="mutants tested at once"
    )
    parser.add_argument(
        "--workdir", type=Path, default=Path(tempfile.gettempdir()) / "rulespec-mutation", help="scratch trees go here"
    )
    parser.add_argument(
        "--hypothesis-profile",
        default=None,
        metavar="NAME",
        help=(
            "run the invariants under this profile instead of canary "
            "(ci's examples, unshrunk; mutation: a quarter of them)"
        ),
    )
    parser.add_argument(
        "--rejudge",
        action="store_true",
        help="run nothing: judge the last run's mutants in --workdir against the equivalents now",
    )
    args = parser.parse_args(argv)
    kinds = args.kind or list(KINDS)
    worst = 0
    for key in args.game or sorted(REGISTRY):
        try:
            runs: list[Run] = []
            if MUTMUT in kinds:  # first: its coverage then picks the checks of the other kinds' mutants
                if args.rejudge:
                    runs.append(Run(key, rejudge(args.workdir / key), 0.0))
                else:
                    runs.append(mutate_game(key, args.workdir, args.max_children, args.hypothesis_profile))
            others = [kind for kind in kinds if kind != MUTMUT]
            if others and not args.rejudge:
                runs.append(structural_game(key, args.workdir, args.max_children, others, args.hypothesis_profile))
        except (MutationRunError, trial.CleanRunFailed) as exc:
            print(f"mutation {key}: {exc}")
            worst = 2
            continue
        mutants = tuple(m for run in runs for m in run.mutants)
        if not render(key, mutants, sum(run.seconds for run in runs)):
            worst = max(worst, 1)
    return worst
