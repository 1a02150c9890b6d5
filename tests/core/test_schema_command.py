"""``rulespec schema``: says what it checked; ``--write`` rewrites a checkout's schemas, never an installed suite."""

from __future__ import annotations

import pytest

from rulespec.conformance.harness import games
from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.schemas.command import all_schemas


def test_a_check_says_how_many_schemas_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert f"{len(all_schemas())} JSON Schemas under" in capsys.readouterr().out


def test_write_outside_a_checkout_is_a_usage_error_and_writes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(games, "checkout_root", lambda: None)  # as in a wheel: no checkout around the suite
    before = {path: path.stat().st_mtime_ns for path in games.SCHEMA_DIR.rglob("*.json")}
    assert main(["schema", "--write"]) == 2
    error = capsys.readouterr().err
    assert "works on a rulespec checkout" in error and "rulespec bundle OUT/" in error
    assert {path: path.stat().st_mtime_ns for path in games.SCHEMA_DIR.rglob("*.json")} == before
