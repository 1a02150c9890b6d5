"""Mixing refusals into valid draws, for the request strategies ``rulespec diff`` searches with."""

from __future__ import annotations

from typing import TypeVar

from hypothesis import strategies as st

T = TypeVar("T")


def refused_sometimes(valid: st.SearchStrategy[T], refused: st.SearchStrategy[T]) -> st.SearchStrategy[T]:
    """Seven valid draws in eight; the eighth is refused on purpose, so refusals are compared too."""
    # Hypothesis favours the simplest choice, index 0: let that be a valid draw
    return st.sampled_from((False,) * 7 + (True,)).flatmap(lambda refuse: refused if refuse else valid)
