"""What a verdict was reached against: the suite, the rules, the search budget and the tools.

An expectations file carries this stamp; when the suite or the rules have changed since,
its list of known failures may no longer mean what it meant, and the gate says so.
"""

from __future__ import annotations

import hashlib
import platform
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from importlib import metadata
from pathlib import Path

from rulespec import SUITE_ROOT
from rulespec.conformance.harness.games import INVARIANTS_DIR, REGISTRY, STRATEGIES_DIR, VECTORS_DIR, Game

TOOLS = ("rulespec", "pytest", "hypothesis", "msgspec", "pytest-xdist")


def files_hash(paths: Iterable[Path]) -> str:
    """sha256 over each file's path (relative to the repository) and bytes, in path order."""
    digest = hashlib.sha256()
    for path in sorted(set(paths)):
        digest.update(str(path.relative_to(SUITE_ROOT)).encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def suite_files(games: Sequence[Game]) -> list[Path]:
    """The games' vector files and invariant sources, with every strategies module they may draw from: the game's
    own (``his.py``, ``his_requests.py``, ``his_orders.py``) and those no game is named in (``faults.py``)."""
    modules = sorted(STRATEGIES_DIR.glob("*.py"))
    shared = [path for path in modules if not any(path.stem.startswith(key) for key in REGISTRY)]
    found: list[Path] = []
    for game in games:
        found.extend(VECTORS_DIR.joinpath(game.key).glob("*.json"))
        found.extend(INVARIANTS_DIR.joinpath(game.key).rglob("*.py"))
        found.extend(path for path in modules if path.stem.startswith(game.key))
        found.extend(shared)
    return found


def suite_hashes(games: Sequence[Game]) -> tuple[str, str]:
    """The suite's hash (vectors and invariant sources) and the rules' hash (spec files) of the games."""
    return files_hash(suite_files(games)), files_hash(game.spec_path for game in games)


def tool_versions() -> dict[str, str]:
    versions = {"python": platform.python_version()}
    for tool in TOOLS:
        try:
            versions[tool] = metadata.version(tool)
        except metadata.PackageNotFoundError:
            versions[tool] = "absent"
    return versions


@dataclass(frozen=True)
class Stamp:
    games: tuple[str, ...]
    suite: str  # hash of the vectors and invariant sources of the games
    rules: str  # hash of the games' spec files
    profile: str  # Hypothesis profile: dev, ci or deep
    seed: str | None = None  # --hypothesis-seed, when one was given
    tools: dict[str, str] = field(default_factory=dict[str, str])


def stamp_now(games: Sequence[Game], profile: str, seed: str | None) -> Stamp:
    return Stamp(tuple(game.key for game in games), *suite_hashes(games), profile, seed, tool_versions())


def differences(recorded: Stamp, current: Stamp) -> list[str]:
    """One line per way the current run differs from the stamp an expectations file was written with."""
    found: list[str] = []
    for item in fields(Stamp):
        then, now = getattr(recorded, item.name), getattr(current, item.name)
        if item.name == "tools":
            found.extend(
                f"{tool} {then.get(tool, 'absent')} then, {now.get(tool, 'absent')} now"
                for tool in sorted(then.keys() | now.keys())
                if then.get(tool) != now.get(tool)
            )
        elif then != now:
            found.append(f"{item.name}: {then} then, {now} now")
    return found


def seed_of(pytest_args: Sequence[str]) -> str | None:
    """The ``--hypothesis-seed`` among the arguments passed through to pytest, if any."""
    for index, argument in enumerate(pytest_args):
        if argument.startswith("--hypothesis-seed="):
            return argument.partition("=")[2]
        if argument == "--hypothesis-seed" and index + 1 < len(pytest_args):
            return pytest_args[index + 1]
    return None
