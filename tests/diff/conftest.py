"""The ruling matrix runs only when the marker expression names it (``nox -s ruling_matrix``, CI's ``all_tests``)."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "ruling_matrix" in (config.getoption("markexpr", "") or ""):
        return
    skip = pytest.mark.skip(reason="the ruling matrix runs in its own session: nox -s ruling_matrix")
    for item in items:
        if item.get_closest_marker("ruling_matrix") is not None:
            item.add_marker(skip)
