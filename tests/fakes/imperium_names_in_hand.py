"""An Imperium implementation that answers as the reference does but puts each drawn card in the hand as its name.

A type slip a port makes (the 54th blind zoo's imp-01): the hand holds a string where the schema wants a card. The
invariants that play draws stop at that answer; ``tests/verify/test_misfits.py`` holds them to fail the rule of
the step that wrote it (IMP-DRAW-1), as the vectors do, never to be errors spread over every rule they check.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import rulespec.reference.imperium as reference
from rulespec.reference.imperium.model import DrawRequest
from rulespec.reference.imperium.rulings import Rulings


class NamesInHand:
    def draw(self, request: DrawRequest, rulings: Rulings, /) -> Any:
        result = reference.draw(request, rulings)
        kept = len(request.player.hand)
        hand: Any = (*result.player.hand[:kept], *(card.name for card in result.player.hand[kept:]))  # the slip itself
        return replace(result, player=replace(result.player, hand=hand))
