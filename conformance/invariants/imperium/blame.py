"""Which clause decides the first step where two answers of Imperium: Classics differ (``blame.blamed_rule``).

Only what a difference shows for sure is named; anything else is left to the check's own rule.
"""

from __future__ import annotations

import json
from typing import Any


def decided(operation: str, request: Any, rulings: Any, expected: Any, got: Any, paths: tuple[str, ...]) -> str | None:
    """The clause of the first step that differs, when the answers show it; else None."""
    if operation == "draw" and paths == ("$.shuffles",):
        return "IMP-DRAW-4"  # every card where it should be, only the count of shuffle procedures wrong
    if operation == "acquire_market_card" and paths:
        if all(path.startswith("$.player.markers_on_nation_card") for path in paths):
            return "IMP-MARKET-2"  # the one step of an acquisition that adds action markers: the card's tokens
        if all(path.startswith("$.player.hand") for path in paths) and _same_cards(expected, got, "hand"):
            return "IMP-MARKET-3"  # the right cards in the wrong order: the acquired card first, then the unrest
        if all(path.startswith(("$.market[", "$.market_deck")) for path in paths):
            return "IMP-MARKET-4"  # the acquirer's side right, the market wrong: the slot's replacement
    return None


def _same_cards(expected: Any, got: Any, place: str) -> bool:
    """The player's ``place`` holds the same cards in both answers, in whatever order."""
    try:
        due, given = expected["player"][place], got["player"][place]
        return sorted(json.dumps(card, sort_keys=True) for card in due) == sorted(
            json.dumps(card, sort_keys=True) for card in given
        )
    except (KeyError, TypeError):
        return False
