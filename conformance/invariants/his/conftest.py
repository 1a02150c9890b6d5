"""The ``his`` fixture: the implementation under test, seen as the HereIStand protocol."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pytest

from rulespec.conformance.harness.games.his import HereIStand


@pytest.fixture
def his(rulespec_subject: Callable[[str], object]) -> HereIStand:
    """The plugged implementation (the reference when none is named); a missing operation skips as not implemented.

    The subject refuses every name starting with ``_`` (Hypothesis looks up ``_repr_pretty_`` on each
    argument of a failing example) and its repr names the game.
    """
    return cast(HereIStand, rulespec_subject("his"))
