"""The rules an invariant checks, read from its ``@pytest.mark.rules(...)`` markers (its own, its
class's, its module's).

One function, used by ``verify`` to credit a run's checks to rules and by ``coverage`` to list
what checks each rule, so the two cannot count differently.
"""

from __future__ import annotations

import pytest


def marked_rules(item: pytest.Item) -> tuple[str, ...]:
    """The rule IDs of every ``rules`` marker on the item and the nodes above it, first seen first, once each."""
    rules: list[str] = []
    for marker in item.iter_markers("rules"):
        rules.extend(str(rule) for rule in marker.args)
    return tuple(dict.fromkeys(rules))
