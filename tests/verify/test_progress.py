"""Progress while checks run: rich on a terminal, plain lines in a pipe or under NO_COLOR or CI."""

from __future__ import annotations

import io

import pytest

from rulespec.conformance.harness.verify.progress import plain_wanted


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_the_rich_display(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("CI", raising=False)
    assert not plain_wanted(_Terminal())


@pytest.mark.parametrize("variable", ["NO_COLOR", "CI"])
def test_no_color_or_ci_gets_plain_lines_even_on_a_terminal(monkeypatch: pytest.MonkeyPatch, variable: str) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv(variable, "1")
    assert plain_wanted(_Terminal())


def test_a_pipe_gets_plain_lines() -> None:
    assert plain_wanted(io.StringIO())
