"""A line read where a reply belongs, as the reply to one request: every fault the line alone shows.

msgspec reads the line straight into its message type. A line that is no reply to this request (not
JSON, not a reply, another request's id) breaks the conversation and is raised. A reply to this request
whose fields its type refuses (missing, of the wrong type, unknown) leaves the conversation in step: it
comes back as a ``Misfit``, raised once the conversation's own checks (stray output, determinism) are done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import msgspec

from rulespec.conformance.harness.wire.faults import Fault, WireFault, shown_text
from rulespec.conformance.harness.wire.messages import RECEIVED, REPLIES, Reply, Started


@dataclass(frozen=True)
class Misfit:
    """A reply to the request that its message type refuses: the fault, what is wrong, and its ``canonical`` form."""

    fault: Fault
    detail: str
    answer: bytes


def read_reply(line: bytes, expected: int, shown: bytes) -> Reply | Misfit:
    """``line`` as the reply to request ``expected`` (``shown`` is that request); else the WireFault it is."""
    try:
        if not line.isascii():
            msgspec.json.decode(line)  # msgspec leaves the strings of a raw output unchecked: UTF-8 is checked here
        message = RECEIVED.decode(line)
    except RecursionError as exc:
        raise _too_deep(line, shown) from exc
    except msgspec.ValidationError as exc:
        found = _by_hand(line, expected, shown)
        if "unknown field" in str(exc):
            fault = Fault.UNKNOWN_FIELD
        else:
            fault = Fault.MISSING_FIELD if "missing required field" in str(exc) else Fault.WRONG_TYPE
        return Misfit(fault, f"a {found['type']!r} reply: {exc}", canonical_form(found))
    except msgspec.DecodeError as exc:
        raise _malformed(line, shown, exc) from exc
    if isinstance(message, Started):
        raise _not_a_reply(line, shown)
    if message.id != expected:
        raise WireFault(Fault.WRONG_ID, f"a reply to request {message.id!r} while waiting for {expected}", shown)
    return message


def _by_hand(line: bytes, expected: int, shown: bytes) -> dict[str, Any]:
    """A line its message type refuses, read as plain JSON: the fault that breaks the conversation, if any."""
    try:
        found: Any = msgspec.json.decode(line)
    except RecursionError as exc:
        raise _too_deep(line, shown) from exc
    except msgspec.DecodeError as exc:
        raise _malformed(line, shown, exc) from exc
    if not isinstance(found, dict):
        raise WireFault(Fault.NOT_A_REPLY, f"expected a JSON object: {shown_text(line)}", shown)
    reply = cast(dict[str, Any], found)
    if reply.get("type") not in REPLIES:
        raise _not_a_reply(line, shown)
    answered = reply.get("id")
    if answered != expected or isinstance(answered, bool):
        raise WireFault(Fault.WRONG_ID, f"a reply to request {answered!r} while waiting for {expected}", shown)
    return reply


def _malformed(line: bytes, shown: bytes, exc: msgspec.DecodeError) -> WireFault:
    # a line that does not even open like JSON is someone's print, not a broken reply
    if line.lstrip()[:1] not in (b"{", b"["):
        return WireFault(
            Fault.EXTRA_OUTPUT, f"a line that is no message, where the reply belongs: {shown_text(line)}", shown
        )
    return WireFault(Fault.MALFORMED_JSON, f"{exc}: {shown_text(line)}", shown)


def _too_deep(line: bytes, shown: bytes) -> WireFault:
    return WireFault(Fault.TOO_DEEP, f"a reply nested deeper than JSON is read here: {shown_text(line[:200])}", shown)


def _not_a_reply(line: bytes, shown: bytes) -> WireFault:
    known = ", ".join(REPLIES)
    return WireFault(Fault.NOT_A_REPLY, f"expected an object with type one of {known}: {shown_text(line)}", shown)


def canonical_form(reply: dict[str, Any]) -> bytes:
    """A reply's plain JSON without its ID, keys sorted: two equal answers give equal bytes."""
    return msgspec.json.encode({k: v for k, v in reply.items() if k != "id"}, order="sorted")
