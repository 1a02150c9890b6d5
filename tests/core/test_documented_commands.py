"""Every shell block of README.md and docs/ that calls ``rulespec`` runs as written, so no page can drift.

Each block runs in a fresh folder holding what the pages themselves give: every Python block whose first line names
a file (``# mypackage/engine.py``) is written there, and ``examples/`` and ``tests/`` (the canaries) are linked in.
The block's ``rulespec`` lines run in order, with the plain file edits between them (``sed``, ``mkdir``; its other
commands, nox, pip and pytest, are not run here), each bounded in time, at 80 columns. A command that judges an
implementation may find failures (exit 1: the starter engine fails on purpose), unless it is gated by the
expectations the page has just written (the pages show that gate passing); every other command exits 0. None may
end in a usage error (exit 2), a traceback or a timeout. A block that cannot run says why on the line above it:
``<!-- not run: needs GitHub -->``.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests import REPO_ROOT

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

PAGES = [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(
    r"(?:<!-- not run: (?P<reason>[^>]+?) -->\n)?^ *```(?P<lang>[a-z]*)\n(?P<body>.*?)^ *```$", re.S | re.M
)
SHELLS = {"", "sh", "bash", "shell", "console"}
FILE_BLOCK = re.compile(r"```python\n# (?P<path>[\w/]+\.py)\n(?P<body>.*?)^```", re.S | re.M)
ALSO_RUN = ("sed ", "mkdir ")  # the file edits a page shows between two rulespec commands
TIMEOUT = 600  # seconds a documented command may take on a loaded 2-core machine
JUDGES = {"verify", "diff", "plugged", "typecheck", "symbolic", "rulings"}  # commands whose exit 1 is a verdict


def expected_exits(command: str) -> set[int]:
    """The exit statuses a documented command may end with: 1 only for a verdict the page does not say passes."""
    words = shlex.split(command)
    if words[0] != "rulespec" or len(words) < 2 or words[1] not in JUDGES or "--expectations" in words:
        return {0}
    return {0, 1}


@dataclass(frozen=True)
class Block:
    page: Path
    line: int
    commands: tuple[str, ...]
    not_run: str | None

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(REPO_ROOT)}:{self.line}"


def _requoted(word: str) -> str:
    """A word quoted again for the shell, a file pattern (``report-*.json``) left for the shell to expand."""
    return word if re.fullmatch(r"[\w./-]*\*[\w./*-]*", word) else shlex.quote(word)


def commands_of(body: str) -> tuple[str, ...]:
    """The block's ``rulespec`` commands and file edits, continuation lines joined and comments dropped."""
    found: list[str] = []
    for line in body.replace("\\\n", " ").splitlines():
        if line.startswith(ALSO_RUN):
            found.append(line.partition("  #")[0].strip())
            continue
        if "rulespec " not in line:
            continue
        words = shlex.split(line, comments=True)
        for command in " ".join(map(_requoted, words)).split(" '&&' "):
            if command.startswith("rulespec "):
                found.append(command)
    return tuple(found)


def documented_blocks() -> list[Block]:
    blocks: list[Block] = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for fence in FENCE.finditer(text):
            commands = commands_of(fence["body"]) if fence["lang"] in SHELLS else ()
            if commands:
                line = text.count("\n", 0, fence.start("body"))
                blocks.append(Block(page, line, commands, fence["reason"]))
    return blocks


def documented_files() -> dict[str, str]:
    return {found["path"]: found["body"] for page in PAGES for found in FILE_BLOCK.finditer(page.read_text("utf-8"))}


BLOCKS = documented_blocks()


def test_the_pages_document_commands_and_the_starter_engine() -> None:
    assert len([block for block in BLOCKS if block.not_run is None]) >= 10
    assert "mypackage/engine.py" in documented_files()


@pytest.mark.parametrize("block", BLOCKS, ids=[block.name for block in BLOCKS])
def test_a_documented_block_runs_as_written(block: Block, tmp_path: Path) -> None:
    if block.not_run is not None:
        pytest.skip(f"not run: {block.not_run}")
    for relative, body in documented_files().items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(body, encoding="utf-8")
    for linked in ("examples", "tests"):
        (tmp_path / linked).symlink_to(REPO_ROOT / linked)
    bin_dir = str(Path(sys.executable).parent)
    env = os.environ | {"COLUMNS": "80", "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    for command in block.commands:
        try:
            done = subprocess.run(
                command, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=TIMEOUT
            )
        except subprocess.TimeoutExpired:
            pytest.fail(f"{block.name}: `{command}` took more than {TIMEOUT} s")
        said = done.stdout + done.stderr
        expected = expected_exits(command)
        assert done.returncode in expected, f"{block.name}: `{command}` exited {done.returncode}:\n{said[-3000:]}"
        assert "Traceback" not in said, f"{block.name}: `{command}` printed a traceback:\n{said[-3000:]}"


def test_a_file_pattern_is_left_for_the_shell_and_anything_else_quoted() -> None:
    assert commands_of("rulespec report merge report-*.json --out x.json  # all shards\n") == (
        "rulespec report merge report-*.json --out x.json",
    )
    assert commands_of("rulespec diff ref 'ref[tie_share=full]' --game soe") == (
        "rulespec diff ref 'ref[tie_share=full]' --game soe",
    )


def test_only_a_verdict_may_end_in_exit_1() -> None:
    assert expected_exits("rulespec verify --game soe --impl m:E --rule SOE-POP-1") == {0, 1}
    assert expected_exits("rulespec verify --game soe --impl m:E --expectations x.toml") == {0}
    assert expected_exits("rulespec rules SOE-POP-2") == {0}
    assert expected_exits("rulespec report html again/ site/report.json") == {0}
    assert expected_exits("sed -i.bak 's/a/b/' x.toml") == {0}


def test_ci_runs_exactly_the_readmes_test_command() -> None:
    run = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert run == "python3 -m pip install 'nox[uv]' && nox -t ci" and f"\n{run}\n" in readme
