"""Determinism: a request gets the same answer asked twice in a row, and again later in the run.

Two replies are the same answer whatever their IDs and the order of their keys.
"""

from __future__ import annotations

import msgspec

from rulespec.conformance.harness.wire.faults import Fault, WireFault, shown_text
from rulespec.conformance.harness.wire.messages import Reply, Result
from rulespec.conformance.harness.wire.reply import Misfit, canonical_form

_MAX_REMEMBERED = 200_000  # answers kept for the determinism check


def canonical(reply: Reply | Misfit) -> bytes:
    """A reply without its ID, keys sorted: two equal answers give equal bytes."""
    if isinstance(reply, Misfit):
        return reply.answer
    if isinstance(reply, Result):  # a raw output has no plain form: it is read
        return canonical_form({"type": "result", "output": msgspec.json.decode(reply.output)})
    return canonical_form(msgspec.to_builtins(reply))


def same_answer(reply: Reply | Misfit, other: Reply | Misfit) -> bool:
    """Whether two replies give the same answer."""
    if isinstance(reply, Result) and isinstance(other, Result) and reply.output == other.output:
        return True  # the same bytes: the common case, without reading the outputs
    return canonical(reply) == canonical(other)


class Answers:
    """The answer each request got so far in the run, by the request without its ID."""

    def __init__(self) -> None:
        self._met: dict[bytes, Reply | Misfit] = {}

    def check(self, body: bytes, reply: Reply | Misfit, repeat: Reply | Misfit, shown: bytes) -> None:
        """``reply`` and ``repeat`` (the same request asked twice) agree, and with any earlier answer."""
        if not same_answer(reply, repeat):
            said = f"the same request, asked twice in a row, got {shown_text(canonical(reply))} then "
            raise _twice(f"{said}{shown_text(canonical(repeat))}", shown, reply, repeat)
        earlier = self._met.get(body)
        if earlier is not None and not same_answer(earlier, reply):
            said = f"answered {shown_text(canonical(reply))}; the same request earlier in the run got "
            raise _twice(f"{said}{shown_text(canonical(earlier))}", shown, reply, earlier)
        if len(self._met) >= _MAX_REMEMBERED:
            self._met.clear()
        self._met[body] = reply


def _twice(detail: str, shown: bytes, *answers: Reply | Misfit) -> WireFault:
    """The fault of a request answered two ways, holding both replies (a check judges each against the rule)."""
    fault = WireFault(Fault.NON_DETERMINISM, detail, shown)
    fault.answers = answers
    return fault
