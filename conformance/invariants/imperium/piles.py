"""A player and its piles as an Imperium answer holds them, read for blame (``blame``, ``draw_blame``)."""

from __future__ import annotations

from typing import Any, cast

from rulespec.conformance.harness.verdict import as_json


def player_of(answer: Any) -> dict[str, Any]:
    """The answer's ``player`` (empty where there is none)."""
    player = cast(dict[str, Any], answer).get("player") if isinstance(answer, dict) else None
    return cast(dict[str, Any], player) if isinstance(player, dict) else {}


def cards_of(player: dict[str, Any], place: str) -> list[str]:
    """A pile of the player's as JSON text, card by card, to compare whole cards."""
    cards = player.get(place)
    return [as_json(card) for card in cast(list[object], cards)] if isinstance(cards, list) else []
