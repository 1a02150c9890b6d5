"""Here I Stand implementations (``--impl``) right on every answer but wrong in the process's behaviour: what the
harness checks besides the rules, met once asked one by one and once speculated (``tests/wire/test_speculation.py``).

Each is the reference with its ``bonus_vp`` changed, and counts what its process was asked.
"""

from __future__ import annotations

import os
import time
from dataclasses import replace

import rulespec.reference.here_i_stand as reference
from rulespec.reference.here_i_stand.model import BonusVp, BonusVpRequest
from rulespec.reference.here_i_stand.rulings import Rulings


class _Reference:
    def __getattr__(self, operation: str) -> object:
        return getattr(reference, operation)


class SecondTimeWrong(_Reference):
    """Right the first time it meets a request, one VP too many every later time (a memo corrupted after use)."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def bonus_vp(self, request: BonusVpRequest, rulings: Rulings, /) -> BonusVp:
        answer = reference.bonus_vp(request, rulings)
        key = repr((request, rulings))
        if key in self.seen:
            return replace(answer, total=answer.total + 1)
        self.seen.add(key)
        return answer


class _Counting(_Reference):
    """Does something of its own (``aside``) while it answers its ``asked``-th request, counted in its process."""

    def __init__(self) -> None:
        self.asked = 0

    def aside(self) -> None:
        raise NotImplementedError

    def bonus_vp(self, request: BonusVpRequest, rulings: Rulings, /) -> BonusVp:
        self.asked += 1
        self.aside()
        return reference.bonus_vp(request, rulings)


class FifthSaysSomething(_Counting):
    """Writes a warning to stderr while it answers its fifth request."""

    def aside(self) -> None:
        if self.asked == 5:
            os.write(2, b"warning: fifth\n")


class SlowFirst(_Counting):
    """Its first request takes 1.3 s: past a case timeout of 1 s."""

    def aside(self) -> None:
        if self.asked == 1:
            time.sleep(1.3)
