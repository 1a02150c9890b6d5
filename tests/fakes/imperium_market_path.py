"""An Imperium implementation that answers as the reference does but names a doubled card one level up.

Where the rules refuse a card lying in two places (IMP-STATE-1) with ``InvalidState`` on,
say, ``market[1].card.name``, it names ``market[1].card`` (the card, not its name): the kind
of slip a port makes. ``tests/verify/test_scenarios.py`` holds the verdict to blame
IMP-STATE-1 alone and to show both refusals and the differing path as JSON.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import rulespec.reference.imperium as reference
from rulespec.reference.errors import InvalidState

_CARD_NAME = re.compile(r"^(?P<card>.+)\.name$")


class MarketCardPath:
    def __getattr__(self, operation: str) -> Callable[[object, object], Any]:
        rule: Callable[[object, object], Any] = getattr(reference, operation)

        def call(request: object, rulings: object, /) -> Any:
            try:
                return rule(request, rulings)
            except InvalidState as refusal:
                named = _CARD_NAME.match(refusal.field)
                if named is None or refusal.rule != "IMP-STATE-1":
                    raise
                raise InvalidState(named["card"], refusal.value, refusal.reason, refusal.rule) from None

        return call
