"""The implementation under test, as Struggle of Empires' Protocol."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pytest

from rulespec.conformance.harness.games.soe import StruggleOfEmpires


@pytest.fixture
def soe(rulespec_subject: Callable[[str], object]) -> StruggleOfEmpires:
    """The plugged implementation (the reference when no ``--impl`` is given)."""
    return cast(StruggleOfEmpires, rulespec_subject("soe"))
