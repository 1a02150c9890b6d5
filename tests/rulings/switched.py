"""The reference playing fixed alternatives of some rulings whatever it is asked, as a real engine does.

``DominationFromTurn5`` plays domination from turn 5 (HIS-RULING-1's alternative), as the web port does;
``CountsUnrestFromTurn5`` also counts Protestant spaces in unrest (HIS-RULING-9's ``counted``), as the
Unity game does. ``python -m tests.rulings.switched NAME`` serves one over the wire, saying in its
``started`` message which rulings it plays.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

import msgspec

import rulespec.reference.here_i_stand as his
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.wire.messages import ENCODER, SENT, Implementation, Start, Started, Stop
from rulespec.conformance.harness.wire.serve import Served
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
