"""Deliberately wrong implementations: each breaks one rule, and the suite must catch it there.

A canary that the suite passes proves a hole in the suite. Each game's module lists
its canaries in ``CANARIES``; ``tests/canaries/test_canaries.py`` runs ``rulespec verify``
against every one and requires a failure on each rule it names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Canary:
    name: str  # attribute of the game's canary module, loadable as --impl tests.canaries.<key>:<name>
    breaks: str  # what it gets wrong, in the game's words
    caught_on: tuple[str, ...]  # rule IDs that must fail


class Delegate:
    """Answers every operation as the reference does, except those a subclass overrides."""

    reference: Any = None

    def __getattr__(self, operation: str) -> Any:
        return getattr(self.reference, operation)
