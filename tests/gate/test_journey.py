"""The user's journey with the gate: a partial engine with one bug, its known failure and its known gaps, then the fix.

Runs ``rulespec`` in a temporary project holding the engine (tests/gate/user_engine.py), narrowed
to one rule per operation with the canary profile so it takes seconds.
"""

from __future__ import annotations

import os
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests import REPO_ROOT
from tests import rulespec as run_rulespec
from tests.gate import user_engine

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

# one rule per operation: POP-2 catches the bug, INCOME-1 passes, the rest are the missing operations' own
RULES = ("SOE-POP-2", "SOE-INCOME-1", "SOE-SCORE-9", "SOE-MAINT-1", "SOE-CLEAN-1", "SOE-UNREST-1", "SOE-END-1")
RUN = ("--game", "soe", "--impl", "soe_engine.engine:SoeRules", "--profile", "canary", *(f"--rule={r}" for r in RULES))
QUICK = ("--", "-p", "no:cacheprovider")

HAND_WRITTEN = """\
# what we know of our engine, and why
[[known_failures]]
rule = "SOE-POP-2"
reason = "issue 7: population is not capped at 9 yet"
""" + "".join(
    f'\n[[not_implemented]]\noperation = "{operation}"\nreason = "{operation}: planned for 2.0"\n'
    for operation in user_engine.MISSING
)


def rulespec(project: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return run_rulespec(*arguments, cwd=project, env={**os.environ, "PYTHONPATH": str(REPO_ROOT), "COLUMNS": "200"})


def test_a_partial_engine_gates_on_its_known_failure_and_gaps_then_on_its_fix(tmp_path: Path) -> None:
    user_engine.install(tmp_path)
    expectations = tmp_path / "rulespec-expectations.toml"
    expectations.write_text(HAND_WRITTEN, encoding="utf-8")
    junit = tmp_path / "junit.xml"

    gated = rulespec(tmp_path, "verify", *RUN, "--expectations", expectations.name, "--junit-xml", junit.name, *QUICK)
    assert gated.returncode == 0, gated.stdout[-3000:] + gated.stderr
    assert "gate: PASSED" in gated.stdout and "expected failure" in gated.stdout and "known gap" in gated.stdout

    # the report viewer agrees with the gate: known failures and gaps skipped with their reasons, the verdict a case
    cases = list(ET.parse(junit).getroot().iter("testcase"))
    assert not [case for case in cases if case.find("failure") is not None]
    skipped = [case.find("skipped") for case in cases]
    messages = [element.get("message", "") for element in skipped if element is not None]
    assert any(m.startswith("known failure: issue 7") for m in messages)
    assert any(m.startswith("not implemented: end_war (end_war: planned for 2.0)") for m in messages)
    gate_case = next(case for case in cases if case.get("name") == "gate")
    assert gate_case.get("classname") == "rulespec" and "PASSED" in (gate_case.findtext("system-out") or "")

    # the bug is fixed, the file is not: the gate turns red and says which entry to remove
    user_engine.install(tmp_path, fixed=True)
    red = rulespec(tmp_path, "verify", *RUN, "--expectations", expectations.name, "--junit-xml", junit.name, *QUICK)
    assert red.returncode == 1, red.stdout[-3000:]
    assert "known failure now passes: rule SOE-POP-2" in red.stdout
    gate_case = next(case for case in ET.parse(junit).getroot().iter("testcase") if case.get("name") == "gate")
    failure = gate_case.find("failure")
    assert failure is not None and "now pass" in failure.get("message", "")

    # written again: the fixed entry goes (and is named), every other entry keeps its hand-written reason
    written = rulespec(tmp_path, "expectations", "--write", expectations.name, *RUN, *QUICK)
    assert written.returncode == 0, written.stdout[-3000:] + written.stderr
    assert "known failure rule SOE-POP-2 now passes: removed" in written.stdout
    content = tomllib.loads(expectations.read_text(encoding="utf-8"))
    assert content["known_failures"] == []
    assert {(gap["operation"], gap["reason"]) for gap in content["not_implemented"]} == {
        (operation, f"{operation}: planned for 2.0") for operation in user_engine.MISSING
    }
    assert content["stamp"]["games"] == ["soe"]
    green = rulespec(tmp_path, "verify", *RUN, "--expectations", expectations.name, *QUICK)
    assert green.returncode == 0 and "gate: PASSED" in green.stdout, green.stdout[-3000:] + green.stderr
