"""What real implementations and files do by accident, through ``rulespec`` itself: each ends bounded, rightly.

One process per case of the catalogue's RUNS group, each on a rule or two (``--rule``), so the group
costs a few runs of a few seconds each.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.records import CheckRecord, RunStamp, checks_digest, write_report
from tests import REPO_ROOT
from tests import rulespec as run_rulespec
from tests.faults.catalogue import RUNS

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

FAKE = REPO_ROOT / "tests" / "fakes" / "faulty_impl.py"
GROWTH = game("soe").vectors_dir / "grow_population.json"
BOUND = 240.0  # seconds for one run on a loaded machine
NAMES = {attack.name for attack in RUNS}


def rulespec(*arguments: str, cwd: Path = REPO_ROOT, **environment: str) -> subprocess.CompletedProcess[str]:
    began = time.monotonic()
    env = os.environ | {"NO_COLOR": "1", "COLUMNS": "200", "PYTHONPATH": str(REPO_ROOT)} | environment
    ran = run_rulespec(*arguments, cwd=cwd, env=env, timeout=BOUND)
    assert time.monotonic() - began < BOUND
    return ran


def verify(*arguments: str, cwd: Path = REPO_ROOT, **environment: str) -> subprocess.CompletedProcess[str]:
    return rulespec("verify", "--game", "soe", "--profile", "canary", *arguments, cwd=cwd, **environment)


def faulty(fault: str) -> str:
    return f"{sys.executable} {FAKE} --fault {fault} --on grow_population"


def records(path: Path) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["checks"]
    return found


def test_each_run_of_the_catalogue_has_its_test() -> None:
    tests = {name.removeprefix("test_").replace("_", "-") for name in globals() if name.startswith("test_")}
    assert NAMES <= tests, NAMES - tests


def test_one_operation_errored(tmp_path: Path) -> None:
    """Honest errored answers never open the breaker: grow_population's checks are errors, income's pass."""
    report = tmp_path / "report.json"
    ran = verify(
        *("--rule", "SOE-POP-1", "--rule", "SOE-INCOME-1", "--max-faults", "1", "--report-json", str(report)),
        *("--cmd", faulty("exception")),
    )
    assert ran.returncode == 1, ran.stdout + ran.stderr
    found = records(report)
    errors = [record for record in found if record["outcome"] == "error"]
    assert errors and all("grow_population" in record["nodeid"] or "SOE-POP-1" in record["rules"] for record in errors)
    assert all("SOE-INCOME-1" not in record["rules"] for record in errors)
    assert [record for record in found if "SOE-INCOME-1" in record["rules"] and record["outcome"] == "passed"]
    assert "circuit breaker" not in ran.stdout


HOSTILE = REPO_ROOT / "tests" / "faults" / "hostile_wire.py"


def hostile(mode: str) -> str:
    return f"{sys.executable} {HOSTILE} {mode}"


def test_one_operation_refused(tmp_path: Path) -> None:
    """Wrong refusals are rules failures of that operation's checks: never errors, never the breaker's business."""
    report = tmp_path / "report.json"
    ran = verify(
        *("--rule", "SOE-POP-1", "--rule", "SOE-END-4", "--max-faults", "1", "--report-json", str(report)),
        *("--cmd", hostile("refuses-growth")),
    )
    assert ran.returncode == 1, ran.stdout + ran.stderr
    found = records(report)
    growth = [record for record in found if "grow_population" in record["nodeid"] or "SOE-POP-1" in record["rules"]]
    assert growth and all(record["outcome"] == "failed" for record in growth), growth
    others = [record for record in found if record not in growth]
    # the adapter offers no end_war: a check of it is not implemented, never an error of the breaker's
    assert others and all(record["outcome"] in ("passed", "not implemented") for record in others), others
    assert any(record["outcome"] == "passed" for record in others), others
    assert "circuit breaker" not in ran.stdout


def test_slow_start_silent(tmp_path: Path) -> None:
    """A 2 s start-up, then silence: the restart's handshake counts, so the second fault opens the breaker, and
    nothing starts the process after that (a batch sent ahead, a replay of a failing call, a new operation)."""
    starts = tmp_path / "starts"
    began = time.monotonic()
    ran = verify(
        *("--rule", "SOE-POP-1", "--rule", "SOE-END-4", "--case-timeout", "0.25", "--max-faults", "6"),
        *("--cmd", hostile("silent")),
        HOSTILE_STARTUP="2",
        HOSTILE_STARTS=str(starts),
    )
    took = time.monotonic() - began
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "opened the circuit breaker" in ran.stdout, ran.stdout
    # one start checked and run (the handshake's process kept for the run), one restart: 0.25 + 2 + 0.25 s > 6 x 0.25
    assert len(starts.read_text(encoding="utf-8").split()) == 2, starts.read_text(encoding="utf-8")
    assert took < BOUND, took


def test_ending_faults(tmp_path: Path) -> None:
    """A daemon left behind is a stray process of the run, an error of no rule: the gate names nothing else."""
    ran = verify("--rule", "SOE-POP-1", "--cmd", hostile("setsid-daemon"))
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "stray process: processes" in ran.stdout, ran.stdout
    assert re.search(r"gate: FAILED \(\d+ passed, 1 error\)", ran.stdout), ran.stdout  # every check passed
    assert "no spec defines" not in ran.stdout and "\n  : " not in ran.stdout, ran.stdout


def test_max_faults_1_crash(tmp_path: Path) -> None:
    """The crash that opened the breaker is named, with its whole stderr, in the terminal, the report and the JUnit."""
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    ran = verify(
        *("--rule", "SOE-POP-1", "--max-faults", "1", "--report-json", str(report), "--junit-xml", str(junit)),
        *("--cmd", faulty("crash")),
    )
    assert ran.returncode == 1, ran.stdout + ran.stderr
    last = "faulty_impl: segmentation fault (pretend)"
    assert "crash: the process exited (status 3)" in ran.stdout and last in ran.stdout, ran.stdout
    assert "opened the circuit breaker" in ran.stdout
    details = [record["detail"] for record in records(report) if record["outcome"] == "error"]
    assert any(last in detail for detail in details), details
    assert all("crash" in detail for detail in details), details  # a check it stopped names the crash
    assert last in junit.read_text(encoding="utf-8")


def test_import_time_exit() -> None:
    ran = verify("--rule", "SOE-POP-1", "--impl", "tests.fakes.import_time", IMPORT_TIME="exit")
    assert ran.returncode == 2, ran.stdout + ran.stderr
    assert "ended its process (status 0)" in ran.stderr


def test_the_process_that_passed_the_preflight_is_the_one_the_run_asks(tmp_path: Path) -> None:
    """An ``--impl`` is loaded and checked in a process of its own before the run; that process then serves the run,
    so the module is imported once, not once to check it and again to run it."""
    log = tmp_path / "imports"
    ran = verify("--rule", "SOE-POP-1", "--impl", "tests.fakes.import_time", IMPORT_TIME_LOG=str(log))
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert len(log.read_text(encoding="utf-8").split()) == 1


def test_import_time_accidents(tmp_path: Path) -> None:
    """atexit, a thread, chdir and noise at import stay in the implementation's process; it passes, and exits."""
    ran = verify(
        *("--rule", "SOE-POP-1", "--report-json", "report.json", "--impl", "tests.fakes.import_time"),
        cwd=tmp_path,
        IMPORT_TIME="atexit,thread,chdir,noise",
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "verdict: FULL PASS" in ran.stdout
    assert (tmp_path / "report.json").is_file()  # the harness's folder, not the one the module moved to
    assert "start-up output of tests.fakes.import_time" in ran.stdout and "UserWarning" in ran.stdout
    assert "soe-engine [beta] \\x1b[31mready" in ran.stdout and "\x1b" not in ran.stdout
    assert "output on stderr" not in ran.stdout


def _vectors(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "mine.json").write_text(text, encoding="utf-8")
    return verify("--rule", "SOE-POP-1", "--vectors", str(tmp_path))


def test_vectors_trailing_comma(tmp_path: Path) -> None:
    ran = _vectors(tmp_path, GROWTH.read_text(encoding="utf-8").rstrip().removesuffix("}") + ",}")
    assert ran.returncode == 2, ran.stdout + ran.stderr
    assert "mine.json" in ran.stderr and "not JSON" in ran.stderr and "line " in ran.stderr


def test_vectors_unknown_game(tmp_path: Path) -> None:
    ran = _vectors(tmp_path, GROWTH.read_text(encoding="utf-8").replace('"game": "soe"', '"game": "SOE"'))
    assert ran.returncode == 2, ran.stdout + ran.stderr
    assert "mine.json: at $.game: 'SOE' is not a game" in ran.stderr and "did you mean 'soe'" in ran.stderr


def test_vectors_deep(tmp_path: Path) -> None:
    ran = _vectors(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert ran.returncode == 2, ran.stdout + ran.stderr
    assert "nested too deep" in ran.stderr and "Traceback" not in ran.stderr
    assert "mine.json" in ran.stderr and "line 1 column 101" in ran.stderr, ran.stderr  # the file, and where


def test_markup_names() -> None:
    """Handshake names holding rich markup and an escape sequence, side by side in one run."""
    commands = [f"env 'HOSTILE_NAME={name}' {hostile('good')}" for name in ("soe-engine [beta]", "x[/]\x1b[2J")]
    ran = verify("--rule", "SOE-POP-1", *(option for command in commands for option in ("--cmd", command)))
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "soe-engine [beta]" in ran.stdout and "x[/]" in ran.stdout
    assert "\x1b" not in ran.stdout and "Traceback" not in ran.stderr


def _stamped(path: Path, checks: list[dict[str, Any]], shard: tuple[int, int] | None = None, **run: Any) -> Path:
    """A report as verify writes it, stamped and sealed, owning ``checks`` (of a run of just those, or ``run``'s)."""
    records = [msgspec.convert(check, CheckRecord) for check in checks]
    nodeids = [record.nodeid for record in records]
    fields: dict[str, Any] = {"implementation": "--impl engine:Game", "games": ("soe",), "suite": "s", "rules": "r"}
    fields |= {"profile": "ci", "seed": None, "shard": shard, "share": tuple(nodeids), "run_checks": len(nodeids)}
    fields["run_digest"] = checks_digest(nodeids)
    fields |= run
    stamp = RunStamp(**fields)
    write_report(path, records, stamp)
    return path


def test_merge_markup_unknown_game(tmp_path: Path) -> None:
    record: dict[str, Any] = {"nodeid": "conformance/vectors/soe/x[/].json::a[/]", "game": "soe", "kind": "vector"}
    record |= {"rules": ["SOE-[/]-1"], "outcome": "passed", "detail": "[bold]x[/]"}
    (tmp_path / "[").mkdir()
    marked = _stamped(tmp_path / "[" / "]marked.json", [record])  # the path holds [/]
    ran = rulespec("report", "merge", str(marked))
    assert ran.returncode == 1 and "SOE-[/]-1" in ran.stdout and "Traceback" not in ran.stderr, ran.stdout + ran.stderr
    unknown = _stamped(tmp_path / "unknown.json", [record | {"nodeid": "b", "game": "zzz"}])
    ran = rulespec("report", "merge", str(marked), str(unknown))
    assert ran.returncode == 2, ran.stdout + ran.stderr
    assert "which rulespec lacks" in ran.stdout and "Traceback" not in ran.stderr


def _refused(*reports: Path) -> str:
    ran = rulespec("report", "merge", *map(str, reports))
    assert ran.returncode == 2 and "Traceback" not in ran.stderr, ran.stdout + ran.stderr
    return " ".join(ran.stdout.split())


def test_merge_missing_shard(tmp_path: Path) -> None:
    """verify's own shard 2/2, merged alone: refused, counting the checks of shard 1/2 that never ran."""
    report = tmp_path / "shard-2.json"
    done = verify("--rule", "SOE-POP-1", "--rule", "SOE-INCOME-1", "--shard", "2/2", "--report-json", str(report))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    shown = _refused(report)
    assert "missing shard(s) 1/2:" in shown and "checks never ran" in shown, shown


def _pair(tmp_path: Path, **second: Any) -> list[Path]:
    """Shards 1/2 and 2/2 of one run of two checks; ``second`` changes the second's stamp."""
    nodeids = [f"v.json::c{k}" for k in (1, 2)]
    checks: list[dict[str, Any]] = [
        {"nodeid": nodeid, "game": "soe", "kind": "vector", "rules": ["SOE-POP-1"], "outcome": "passed", "detail": ""}
        for nodeid in nodeids
    ]
    run: dict[str, Any] = {"run_checks": 2, "run_digest": checks_digest(nodeids), "only": ("SOE-POP-1",)}
    first = _stamped(tmp_path / "one.json", checks[:1], (1, 2), **run)
    return [first, _stamped(tmp_path / "two.json", checks[1:], (2, 2), **(run | second))]


def test_merge_doubled_shard(tmp_path: Path) -> None:
    first, _ = _pair(tmp_path)
    assert "shard 1/2 is given twice" in _refused(first, first)


def test_merge_different_runs(tmp_path: Path) -> None:
    assert "different runs: suite hash 's' and 'other'" in _refused(*_pair(tmp_path, suite="other"))
    assert "different runs: profile 'ci' and 'dev'" in _refused(*_pair(tmp_path, profile="dev"))
    assert "different runs: implementation" in _refused(*_pair(tmp_path, implementation="--cmd ./engine"))


def test_merge_hand_written(tmp_path: Path) -> None:
    first, second = _pair(tmp_path)
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(json.loads(second.read_text(encoding="utf-8"))["checks"]), encoding="utf-8")
    assert "hand.json: carries no run stamp" in _refused(first, hand)
    edited = json.loads(second.read_text(encoding="utf-8"))
    edited["run"]["share"] = []
    edited["checks"] = []  # a shard that owns nothing: its seal no longer holds
    second.write_text(json.dumps(edited), encoding="utf-8")
    assert "two.json: its seal does not hold" in _refused(first, second)


def test_merge_expectations(tmp_path: Path) -> None:
    """A partial engine gates a sharded run as it gates one run: its known gap listed, the merge passes."""
    first, second = _pair(tmp_path)
    run = json.loads(first.read_text(encoding="utf-8"))["run"]
    run = {"run_checks": 2, "run_digest": run["run_digest"], "only": tuple(run["only"])}
    gap = json.loads(second.read_text(encoding="utf-8"))["checks"]
    gap[0] |= {"outcome": "not implemented", "detail": "the implementation does not offer 'grow_population'"}
    second = _stamped(second, gap, (2, 2), **run)
    assert rulespec("report", "merge", str(first), str(second)).returncode == 1
    known = tmp_path / "known.toml"
    known.write_text('[[not_implemented]]\noperation = "grow_population"\nreason = "next release"\n', encoding="utf-8")
    ran = rulespec("report", "merge", str(first), str(second), "--expectations", str(known), "--game", "soe")
    assert "gate: PASSED" in ran.stdout, ran.stdout + ran.stderr
