"""``nox -f ../rulespec/noxfile.py -s conformance -- ...`` run from a user's project: relative paths are the
caller's, and nothing is written into the rulespec checkout (a copy of it here, so the check is exact)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import REPO_ROOT

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

LEFT_OUT = (".git", ".nox", "__pycache__", ".hypothesis", ".mypy_cache", ".crosshair-cache", "node_modules", "build")


NOXFILE_BYTECODE = re.compile(r"__pycache__(/noxfile\.[\w-]+\.pyc)?")


def _writing_bytecode() -> dict[str, str]:
    """The caller's environment as a fresh machine has it: Python writes bytecode (this one's may not)."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def _tree(root: Path) -> set[str]:
    return {str(path.relative_to(root)) for path in root.rglob("*")}


@pytest.mark.skipif(shutil.which("uv") is None, reason="the noxfile's sessions are made with uv here")
def test_a_session_run_from_a_project_reads_and_writes_there_and_not_in_the_checkout(tmp_path: Path) -> None:
    checkout = tmp_path / "rulespec"
    shutil.copytree(REPO_ROOT, checkout, symlinks=True, ignore=shutil.ignore_patterns(*LEFT_OUT, "*.egg-info"))
    before = _tree(checkout)
    engine = tmp_path / "engine"
    (engine / "myengine").mkdir(parents=True)
    (engine / "pyproject.toml").write_text(
        '[project]\nname = "myengine"\nversion = "0"\n[build-system]\nrequires = ["hatchling"]\n'
        'build-backend = "hatchling.build"\n',
        encoding="utf-8",
    )
    (engine / "myengine" / "__init__.py").write_text(
        "from rulespec.reference import struggle_of_empires as Rules  # the reference, as a user's engine\n",
        encoding="utf-8",
    )
    project = tmp_path / "project"
    project.mkdir()
    (project / "known.toml").write_text("", encoding="utf-8")  # no known failure, no known gap
    ran = subprocess.run(
        [sys.executable, "-m", "nox", "-f", "../rulespec/noxfile.py", "-s", "conformance", "--"]
        + ["--game", "soe", "--impl", "myengine:Rules", "--install", "../engine", "--rule", "SOE-POP-1"]
        + ["--expectations", "known.toml", "--report-json", "report.json"],
        cwd=project,
        env={**_writing_bytecode(), "XDG_CACHE_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    assert (project / "report.json").is_file(), "--report-json is the caller's path"
    # the user's cache holds the session's virtualenv (nox-<hash>) and the vector files that passed (``vetted``)
    cached = sorted(path.name for path in (tmp_path / "cache" / "rulespec").iterdir())
    assert [name.partition("-")[0] for name in cached] == ["nox", "vectors"], cached
    # nox itself compiles the noxfile it imports, before any session runs: only the caller's
    # PYTHONDONTWRITEBYTECODE prevents that one file. Everything else a session writes would show here.
    written = sorted(path for path in _tree(checkout) - before if not NOXFILE_BYTECODE.fullmatch(path))
    assert not written, f"the session wrote into the rulespec checkout: {written[:10]}"
