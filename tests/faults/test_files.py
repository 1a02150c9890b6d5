"""Malformed files and unwritable output paths of the catalogue: one clean message naming the file, before the run."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from rulespec.conformance.harness import cli, games, vectors
from rulespec.conformance.harness.coverage import command as coverage
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.gate import markdown
from rulespec.conformance.harness.vectors import LoadedCase, VectorError, load_file, refuse_repeated_id
from rulespec.conformance.harness.verify import saved_failures
from rulespec.conformance.harness.wire.command import parse_command
from tests import REPO_ROOT
from tests.faults.catalogue import FILES
from tests.faults.test_in_process import verify

SOE = game("soe")
GROWTH = SOE.vectors_dir / "grow_population.json"
EXPECTED = {attack.name: attack.expected for attack in FILES}


def refused(path: Path) -> str:
    with pytest.raises(VectorError) as raised:
        load_file(SOE, path)
    assert str(path) in str(raised.value)
    return str(raised.value)


def test_vector_invalid_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(GROWTH.read_bytes().replace(b'"cases"', b'"ca\xffses"', 1))
    assert EXPECTED["vector-invalid-utf8"] in refused(path)


def test_vector_deep(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert EXPECTED["vector-deep"] in refused(path)


@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_expectations_deep(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"deep{suffix}"
    path.write_text(("a = " if suffix == ".toml" else "") + "[" * 100_000 + "]" * 100_000)
    ran, _ = verify("--rule", "SOE-POP-1", "--expectations", str(path))
    assert ran.returncode == 2 and EXPECTED["expectations-deep"] in ran.stderr, ran.stdout + ran.stderr
    assert "Traceback" not in ran.stdout + ran.stderr


def test_a_file_read_again_is_judged_on_its_bytes_now(tmp_path: Path) -> None:
    """Loading is validated once per file's bytes (``vectors._validated``): a file changed in place, within the
    same second and to the same size, is read anew and refused, never answered from what it held before."""
    path = tmp_path / "growth.json"
    shutil.copy(GROWTH, path)
    first = load_file(SOE, path)
    assert load_file(SOE, path) == first
    text = path.read_text(encoding="utf-8")
    broken = text.replace('"population": ', '"populatioN": ', 1)  # the same length, an unknown field
    assert len(broken) == len(text) and broken != text
    path.write_text(broken, encoding="utf-8")
    assert "'population' is a required property" in refused(path)


def test_bytes_that_passed_skip_the_schema_checks_in_the_next_process_and_no_other_bytes_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``vetted``: a file that passed leaves a marker in the user's cache, so the same bytes read by a process with
    nothing in memory skip the JSON Schema checks; bytes changed in any way are checked again."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("RULESPEC_CACHE_DIR", str(cache))
    path = tmp_path / "growth.json"
    shutil.copy(GROWTH, path)
    first = load_file(SOE, path)
    assert len(list((cache / "vectors").iterdir())) == 1
    checked: list[object] = []
    monkeypatch.setattr(vectors, "_check", lambda *arguments: checked.append(arguments))  # pyright: ignore
    vectors._validated.cache_clear()  # pyright: ignore[reportPrivateUsage]  # a new process: nothing in memory
    assert load_file(SOE, path) == first and not checked
    path.write_text(path.read_text(encoding="utf-8").replace("\n", "\n ", 1), encoding="utf-8")  # the same cases
    load_file(SOE, path)
    assert checked, "other bytes are checked again"


def test_a_file_that_fails_is_never_remembered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("RULESPEC_CACHE_DIR", str(cache))
    path = tmp_path / "growth.json"
    path.write_text(GROWTH.read_text(encoding="utf-8").replace('"population": ', '"populatioN": ', 1))
    for _ in range(2):
        vectors._validated.cache_clear()  # pyright: ignore[reportPrivateUsage]
        assert "'population' is a required property" in refused(path)
    assert not (cache / "vectors").exists()


def test_a_cache_that_cannot_be_written_keeps_nothing_and_the_file_still_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "cache"
    blocked.write_text("a file where the cache's folder would be")
    monkeypatch.setenv("RULESPEC_CACHE_DIR", str(blocked))
    path = tmp_path / "growth.json"
    shutil.copy(GROWTH, path)
    assert load_file(SOE, path) and blocked.is_file()


def test_vector_duplicate_id(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    shutil.copy(GROWTH, first)
    shutil.copy(GROWTH, second)
    seen: dict[str, LoadedCase] = {}
    for loaded in load_file(SOE, first):
        refuse_repeated_id(seen, loaded)
    with pytest.raises(VectorError) as raised:
        refuse_repeated_id(seen, load_file(SOE, second)[0])
    message = str(raised.value)
    assert EXPECTED["vector-duplicate-id"] in message and str(first) in message and str(second) in message


def test_vector_id_dotdot(tmp_path: Path) -> None:
    document = json.loads(GROWTH.read_text(encoding="utf-8"))
    document["cases"][0]["id"] = "../../etc/passwd"
    path = tmp_path / "dotdot.json"
    path.write_text(json.dumps(document))
    assert EXPECTED["vector-id-dotdot"] in refused(path)


@pytest.mark.parametrize("command", ["coverage", "review"])
def test_coverage_and_review_on_a_malformed_vector(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "soe").mkdir()
    (tmp_path / "soe" / "broken.json").write_text('{"game": "soe", ')
    monkeypatch.setattr(games, "VECTORS_DIR", tmp_path)
    args = argparse.Namespace(game=["soe"], case=None)
    code = coverage.coverage_command(args) if command == "coverage" else coverage.review_command(args)
    said = capsys.readouterr().err
    assert code == 2
    assert EXPECTED[f"{command}-malformed"] in said and "broken.json" in said and "Traceback" not in said


def usage_error(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    assert cli.main(["verify", "--game", "soe", *arguments]) == 2
    return capsys.readouterr().err


def test_output_paths_are_checked_before_the_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a_file, a_folder, missing = tmp_path / "file", tmp_path / "folder", tmp_path / "missing" / "out"
    a_file.write_text("")
    a_folder.mkdir()
    cases = {
        "save-failures-at-file": ("--save-failures", a_file),
        "save-failures-unwritable": ("--save-failures", Path("/proc/rulespec")),
        "report-json-at-folder": ("--report-json", a_folder),
        "report-json-missing-folder": ("--report-json", missing),
        "summary-md-at-folder": ("--summary-md", a_folder),
        "summary-md-missing-folder": ("--summary-md", missing),
        "junit-xml-unwritable": ("--junit-xml", Path("/proc/rulespec.xml")),
    }
    for name, (option, path) in cases.items():
        said = usage_error(capsys, option, str(path))
        assert f"{option} {path}: " in said and EXPECTED[name] in said, (name, said)


def test_a_malformed_saved_failure_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "soe").mkdir()
    (tmp_path / "soe" / "grow_population.json").write_text("{")
    said = usage_error(capsys, "--save-failures", str(tmp_path))
    assert EXPECTED["save-failures-malformed"] in said and "grow_population.json" in said


def test_a_dangling_link_is_never_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    (tmp_path / "saved").mkdir()
    (tmp_path / "saved" / "soe").symlink_to(target)
    case: dict[str, Any] = {"id": "x", "description": "", "rules": ["SOE-POP-1"], "input": {}, "output": {}}
    with pytest.raises(OSError) as raised:
        saved_failures.write_saved(tmp_path / "saved", [("soe", "grow_population", case)])
    assert EXPECTED["save-failures-dangling-link"] in str(raised.value)
    assert not target.exists()


def test_markup_from_an_answer_is_inert_in_the_summary() -> None:
    shown = markdown._cell("got <img src=x onerror=alert(1)> [link](https://example.com) <details> | cell")  # pyright: ignore[reportPrivateUsage]
    assert EXPECTED["summary-md-markup"] in shown
    assert "<img" not in shown and "<details>" not in shown and "[link](" not in shown and "\\|" in shown


def test_a_write_that_fails_after_the_run_is_told_after_the_verdict(tmp_path: Path) -> None:
    (tmp_path / "soe").write_text("a file where the game's folder of saved failures goes")
    ran, _ = verify(
        "--rule", "SOE-POP-1", "--impl", "tests.faults.hostile_impl:AnsiRefusal", "--save-failures", str(tmp_path)
    )
    assert ran.returncode == 1
    assert "gate: FAILED" in ran.stdout and EXPECTED["report-write-fails-after-run"] in ran.stderr
    assert "Traceback" not in ran.stderr
    # the exception's escape sequences reach the terminal escaped
    assert "\x1b" not in ran.stdout and "\\x1b[2J" in ran.stdout


def test_cmd_shell_metacharacters_are_never_run_by_a_shell() -> None:
    with pytest.raises(ValueError) as raised:
        parse_command("x; rm -rf ~")
    assert EXPECTED["cmd-shell-metacharacters"] in str(raised.value)


def test_no_eval_exec_pickle_or_shell_on_data() -> None:
    forbidden = re.compile(r"\b(eval|exec)\(|\bpickle\b|shell=True|os\.system\(|\bmarshal\b")
    harness = REPO_ROOT / "conformance" / "harness"
    found = [
        f"{path.relative_to(REPO_ROOT)}:{number}"
        for path in harness.rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if forbidden.search(line) and not line.lstrip().startswith("#")
    ]
    assert found == [], found
    assert EXPECTED["no-eval-on-data"] == "" and os.sep == "/"


def test_an_impl_that_does_not_import_is_a_usage_error() -> None:
    ran, _ = verify("--rule", "SOE-POP-1", "--impl", "tests.faults.no_such_module")
    assert ran.returncode == 2, ran.stdout + ran.stderr  # a usage error before anything runs
    assert EXPECTED["impl-import-error"] in ran.stdout + ran.stderr and "Traceback" not in ran.stdout + ran.stderr
