"""The one output policy: checked before the run, written whole, never through a symlink; a folder one option
names is made for the others."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.outputs import OutputError, append_text, problem, write_text


def test_a_folder_named_by_one_option_is_made_for_the_others(tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert problem(site / "report.json", False) is not None  # alone: its folder does not exist
    assert problem(site / "report.json", False, made=[site]) is None
    code = main(
        [
            "verify",
            "--game",
            "soe",
            "--rule",
            "SOE-POP-1",
            "--report-json",
            str(site / "report.json"),
            "--summary-md",
            str(site / "summary.md"),
            "--html",
            str(site),
            "--",
            "--ignore-glob=*/invariants/*",
        ]
    )
    assert code == 0
    assert (site / "report.json").is_file() and (site / "summary.md").is_file() and (site / "index.html").is_file()


def test_a_file_is_replaced_whole_and_a_symlink_is_never_written_through(tmp_path: Path) -> None:
    page = tmp_path / "page.txt"
    write_text(page, "one")
    assert write_text(page, "two") == page and page.read_text() == "two"
    assert [path.name for path in tmp_path.iterdir()] == ["page.txt"]  # no temporary left beside it
    (tmp_path / "victim").write_text("kept")
    (tmp_path / "summary.md").symlink_to(tmp_path / "victim")
    for write in (write_text, append_text):
        with pytest.raises(OutputError, match="symlink"):
            write(tmp_path / "summary.md", "text")
    assert (tmp_path / "victim").read_text() == "kept"


def test_an_append_keeps_what_is_there(tmp_path: Path) -> None:
    log = tmp_path / "step-summary.md"
    append_text(log, "first\n")
    append_text(log, "second\n")
    assert log.read_text() == "first\nsecond\n"
