"""Three implementations as users bring them, and the verdict each gets: blame on the rule broken, the
difference as JSON.

- the README's starter Struggle of Empires implementation (only ``grow_population``): a verdict
  within the bounds a user waits for (CPU time, no silence, a short output, no traceback);
- a Here I Stand implementation misprinting one line of the phase sheet: one differing field of a
  vector listing a dozen rules fails that vector's primary rule and only implicates the others;
- an Imperium implementation naming ``market[1].card`` where the rules name ``market[1].card.name``.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import time
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import jsonschema
import pytest

from rulespec.conformance.harness.records import read_report, report_schema
from rulespec.conformance.harness.spec import RULE_ID
from tests import REPO_ROOT, RULESPEC

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

STARTER = "tests.fakes.soe_starter:SoeRules"
PHASE_SHEET = "tests.fakes.his_phase_sheet:ElectoratesLineOff"
MARKET_PATH = "tests.fakes.imperium_market_path:MarketCardPath"
VECTORS = ("--", "--ignore-glob=*/invariants/*")  # vectors only: a run of seconds
STATUS = re.compile(
    rf"^(?P<rule>{RULE_ID})\s.*\s"
    r"(?P<status>failed|error|implicated|partial|passed|unchecked|not implemented)\s*$"
)


def _verify(*options: str) -> tuple[subprocess.CompletedProcess[str], list[float]]:
    """``rulespec verify`` as a user runs it, with the time each line of its output arrived."""
    command = [*RULESPEC, "verify", *options]
    env = {key: value for key, value in os.environ.items() if key not in ("CI", "NO_COLOR")}
    # wide: these read each failure's whole JSON back (cut to a terminal's width: tests/verify/test_failure_text.py)
    env["COLUMNS"] = "100000"
    started = time.monotonic()
    arrivals: list[float] = []
    lines: list[str] = []
    with subprocess.Popen(
        command, cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    ) as run:
        assert run.stdout is not None
        for line in run.stdout:
            arrivals.append(time.monotonic() - started)
            lines.append(line)
        code = run.wait()
    return subprocess.CompletedProcess(command, code, "".join(lines), ""), arrivals


def _statuses(stdout: str) -> dict[str, str]:
    found = (STATUS.match(line.rstrip()) for line in stdout.splitlines())
    return {match["rule"]: match["status"] for match in found if match}


def _shown_json(stdout: str, label: str) -> list[Any]:
    """Every value printed after ``label:`` in the failure sections, parsed as JSON (so none is a Python repr)."""
    return [
        json.loads(line.split(f"{label}: ", 1)[1]) for line in stdout.splitlines() if line.startswith(f"  {label}: ")
    ]


PROGRESS_LINE = re.compile(r"^\s*\d+ s  ")  # "   11 s  209/271 checks ..."


def _valid_report(path: Path) -> list[dict[str, Any]]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(document, report_schema())
    records: list[dict[str, Any]] = document["checks"]
    assert len(read_report(path)) == len(records)
    return records


def test_the_readme_starter_gets_a_quick_short_verdict_without_tracebacks(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done, arrivals = _verify("--game", "soe", "--impl", STARTER, "--report-json", str(report))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    out = done.stdout
    silences = [later - earlier for earlier, later in zip([0.0, *arrivals], arrivals)]
    print(
        f"starter: {arrivals[-1]:.1f} s wall, {cpu:.1f} s CPU, {len(arrivals)} lines, "
        f"longest silence {max(silences):.1f} s"
    )
    assert done.returncode == 1, out[-3000:]
    # its speed is the bench's to measure (printed above); here only that it is never silent: the progress line
    # comes every few seconds, so even a loaded machine shows one within 10 s
    assert max(silences[1:]) <= 10, f"silent for {max(silences[1:]):.1f} s\n{out}"
    # short, whatever the suite's size: a table row per rule, and per failed rule one section of at most 15 lines
    # (its first failure whole, AGAIN_SHOWN more a line each, the rest counted) and its summary and gate lines,
    # besides the progress lines (one per tick, so as many as the run takes seconds on this machine)
    said = [line for line in out.splitlines() if not PROGRESS_LINE.match(line)]
    statuses = _statuses(out)
    failed_rules = [rule for rule, status in statuses.items() if status == "failed"]
    assert len(said) <= len(statuses) + 15 * len(failed_rules) + 10, out
    for noise in (
        "Traceback",
        "ExceptionGroup",
        "reproduce_failure",
        "PytestAssertRewriteWarning",
        "SKIPPED",
        "Falsifying",
    ):
        assert noise not in out, f"{noise} in the output\n{out}"
    # the refusals it lacks fail the rules they come from; the growth it implements is only implicated
    assert {rule for rule, status in statuses.items() if status == "failed"} == {
        "SOE-GAME-1",
        "SOE-GAME-2",
        "SOE-GAME-3",
        "SOE-GAME-4",
        "SOE-GAME-5",
        "SOE-RULING-9",
        "SOE-RULING-10",  # the rulings are checked before the request (soe-order-grow-population-rulings-...)
    }
    assert statuses["SOE-POP-1"] == "implicated" and statuses["SOE-POP-2"] == "implicated"
    assert statuses["SOE-INCOME-1"] == "not implemented"
    assert _shown_json(out, "request to grow_population") and _shown_json(out, "rulings") and _shown_json(out, "got")
    records = _valid_report(report)
    failed = [record for record in records if record["outcome"] == "failed"]
    assert all(r["request"] and r["rulings"] and r["expected"] and r["got"] and r["differences"] for r in failed)
    invariants = [record for record in failed if record["kind"] == "invariant"]
    assert invariants and all(record["statement"] and record["clause"] for record in invariants)


def test_one_misprinted_line_fails_the_primary_rule_and_implicates_the_others(tmp_path: Path) -> None:
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    done, _ = _verify(
        "--game", "his", "--impl", PHASE_SHEET, "--report-json", str(report), "--junit-xml", str(junit), *VECTORS
    )
    out = done.stdout
    assert done.returncode == 1, out[-3000:]
    statuses = _statuses(out)
    # the composite vector's first difference is the electorates line: blamed on its step's rule, not on HIS-VP-1
    assert [rule for rule, status in statuses.items() if status == "failed"] == ["HIS-SPECIAL-2"], out
    for rule in ("HIS-VP-1", "HIS-SPECIAL-7", "HIS-BONUS-10", "HIS-WIN-9"):
        assert statuses[rule] == "implicated", f"{rule}: {statuses[rule]}"
    assert "$.scores[1].special[0].vp: expected 3, got 4" in out
    (sheet,) = [r for r in _valid_report(report) if r["outcome"] == "failed"]
    assert sheet["primary"] == "HIS-VP-1" and "HIS-SPECIAL-2" in sheet["rules"] and sheet["operation"] == "run_phase"
    assert [d["path"] for d in sheet["differences"]] == ["$.scores[1].special[0].vp"]
    assert sheet["expected"]["scores"][1]["special"][0] == {"source": "electorates", "vp": 3}
    assert _shown_json(out, "expected") == [sheet["expected"]] and _shown_json(out, "got") == [sheet["got"]]
    # JUnit carries the same failure text (its message attribute is pytest's first line of it)
    checks = [case for case in ElementTree.parse(junit).iter("testcase") if case.get("name") != "gate"]
    (failure,) = [failure for case in checks for failure in case.iter("failure")]
    assert failure.text and "$.scores[1].special[0].vp: expected 3, got 4" in failure.text
    assert "request to run_phase: {" in failure.text and "Traceback" not in failure.text


def test_a_refusal_on_the_wrong_path_fails_the_rule_it_breaks_with_both_paths(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    rules = ("--rule", "IMP-STATE-1", "--rule", "IMP-STATE-2", "--rule", "IMP-STATE-3")
    done, _ = _verify(
        "--game", "imperium", "--impl", MARKET_PATH, "--profile", "canary", "--report-json", str(report), *rules
    )
    out = done.stdout
    assert done.returncode == 1, out[-3000:]
    statuses = _statuses(out)
    assert statuses["IMP-STATE-1"] == "failed", out
    assert statuses["IMP-STATE-2"] != "failed" and statuses["IMP-STATE-3"] != "failed", out
    assert '$.error.field: expected "market[1].card.name", got "market[1].card"' in out
    assert {"error": {"kind": "InvalidState", "field": "market[1].card"}} in _shown_json(out, "got")
    records = [r for r in _valid_report(report) if r["outcome"] == "failed"]
    assert records and {record["primary"] for record in records} == {"IMP-STATE-1"}
