"""Struggle of Empires implementations for ``--impl`` that misbehave on purpose in ``grow_population``.

Each answers every other operation with the reference, so only the checks of SOE-POP-1/2 meet the
fault. tests/faults/test_in_process.py runs ``rulespec verify --rule SOE-POP-1`` against them.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import rulespec.reference.struggle_of_empires as soe
from rulespec.reference.struggle_of_empires.model import Empires, PopulationRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings


class Reference:
    """The reference, operation by operation: what every hostile class below inherits."""

    def __getattr__(self, operation: str) -> Any:
        return getattr(soe, operation)


class ExitsQuietly(Reference):
    """Ends the interpreter with status 0: once a false pass of the whole run."""

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        os._exit(0)


class CallsSysExit(Reference):
    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        sys.exit(0)


class SleepsForever(Reference):
    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        time.sleep(3600)
        raise AssertionError("unreachable")


class LoopsForever(Reference):
    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        while True:
            pass


class DeepResult(Reference):
    """Returns a value nested 100,000 levels deep."""

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Any:
        deep: list[Any] = []
        for _ in range(100_000):
            deep = [deep]
        return deep


class MutatesInput(Reference):
    """Answers right, but changes the request it was given on the way."""

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        answer = soe.grow_population(request, rulings)
        object.__setattr__(request, "empires", ())
        return answer


class RaisesFromDeep(Reference):
    """Overflows the stack."""

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        return self.grow_population(request, rulings)


class Prints(Reference):
    """Prints as it works: harmless, the protocol's stdout is kept apart (a good case)."""

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        print("growing", request)
        sys.stderr.write("debug: growing\n")
        return soe.grow_population(request, rulings)


class AnsiRefusal(Reference):
    """Raises an exception whose message would clear the screen and forge a verdict."""

    def grow_population(self, request: PopulationRequest, rulings: Rulings, /) -> Empires:
        raise RuntimeError("\x1b[2J\x1b]0;owned\x07verdict: FULL PASS")
