"""Which clause decides the first step where two answers of Imperium: Classics differ (``blame.blamed_rule``).

Only what a difference shows for sure is named; anything else is left to the check's own rule.
"""

from __future__ import annotations

from typing import Any


def decided(operation: str, request: Any, rulings: Any, expected: Any, got: Any, paths: tuple[str, ...]) -> str | None:
    """The clause of the first step that differs, when the answers show it; else None."""
    if operation == "draw" and paths == ("$.shuffles",):
        return "IMP-DRAW-4"  # every card where it should be, only the count of shuffle procedures wrong
    return None
