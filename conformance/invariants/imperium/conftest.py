"""The plugged implementation of Imperium: Classics, as the ``imperium`` fixture."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pytest

from rulespec.conformance.harness.games.imperium import Imperium


@pytest.fixture
def imperium(rulespec_subject: Callable[[str], object]) -> Imperium:
    """The implementation under test (the reference unless ``--impl`` names another)."""
    return cast(Imperium, rulespec_subject("imperium"))
