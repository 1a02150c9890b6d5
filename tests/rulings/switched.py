"""The reference playing fixed alternatives of some rulings whatever it is asked, as a real engine does.

``DominationFromTurn5`` plays domination from turn 5 (HIS-RULING-1's alternative), as the web port does;
``CountsUnrestFromTurn5`` also counts Protestant spaces in unrest (HIS-RULING-9's ``counted``), as the
Unity game does; ``DominationFromTurn5RoundingUp`` plays that ruling and has a bug besides (England's
converted home spaces rounded up, where HIS-SPECIAL-4 rounds down). ``python -m tests.rulings.switched
NAME`` serves one over the wire, saying in its ``started`` message which rulings it plays. ``Plays``
is any game's reference playing one switch, built per switch (the unsteered ruling matrix).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

import msgspec

import rulespec.reference.here_i_stand as his
from rulespec.conformance.harness.games import Game, game
from rulespec.conformance.harness.wire.messages import ENCODER, SENT, Implementation, Start, Started, Stop
from rulespec.conformance.harness.wire.serve import Served
from rulespec.reference.here_i_stand.model import ScoreLine, SpecialVp, SpecialVpRequest
from rulespec.reference.here_i_stand.rulings import Rulings, SpacesInUnrest


class Switched:
    """Every operation of the reference, with ``played`` forced onto the rulings it is asked under."""

    played: dict[str, Any] = {}

    def __getattr__(self, operation: str) -> Any:
        answer = getattr(his, operation)

        def call(request: object, rulings: Rulings, /) -> Any:
            return answer(request, replace(rulings, **self.played))

        return call


class DominationFromTurn5(Switched):
    played = {"domination_first_turn": 5}


class DominationFromTurn5RoundingUp(DominationFromTurn5):
    def special_vp(self, request: SpecialVpRequest, rulings: Rulings, /) -> SpecialVp:
        result: SpecialVp = self.__getattr__("special_vp")(request, rulings)
        up = -(-request.board.english_spaces_protestant // 2)  # the bug: HIS-SPECIAL-4 rounds down
        lines = tuple(
            ScoreLine(line.source, up) if line.source == "english_protestant_spaces" else line for line in result.lines
        )
        total = result.total + sum(new.vp - old.vp for new, old in zip(lines, result.lines, strict=True))
        return replace(result, lines=lines, total=total)


class Plays:
    """Game ``played``'s reference playing ``field=value`` whatever it is asked."""

    def __init__(self, played: Game, field: str, value: object) -> None:
        self.played, self.switch = played, {field: value}

    def __getattr__(self, operation: str) -> Any:
        if operation not in {found.name for found in self.played.operations}:
            raise AttributeError(operation)
        answer = self.played.reference_call(operation)

        def call(request: object, rulings: Any, /) -> Any:
            return answer(request, replace(rulings, **self.switch))

        return call


class CountsUnrestFromTurn5(Switched):
    played = {"domination_first_turn": 5, "spaces_in_unrest": SpacesInUnrest.COUNTED}


def main(name: str) -> int:
    """Serve ``name`` over the wire, its ``started`` naming the rulings it plays."""
    target: Switched = globals()[name]()
    served = Served(game("his"), target)
    plays = {"his": {field: (msgspec.to_builtins(value),) for field, value in target.played.items()}}
    for line in sys.stdin.buffer:
        message = SENT.decode(line)
        if isinstance(message, Stop):
            return 0
        if isinstance(message, Start):
            data = ENCODER.encode(Started(1, Implementation(name, "1"), {"his": tuple(served.offered())}, plays))
        else:
            data = ENCODER.encode(served.run(message))
        sys.stdout.buffer.write(data + b"\n")
        sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
