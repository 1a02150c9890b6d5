"""A line read where a reply belongs, parsed as the reply to one request: every fault the line alone shows."""

from __future__ import annotations

from typing import Any, cast

import msgspec

from conformance.harness.wire.faults import Fault, WireFault, shown_text
from conformance.harness.wire.messages import REPLIES


def parsed_reply(line: bytes, expected: int, shown: bytes) -> dict[str, Any]:
    """``line`` as the reply to request ``expected`` (``shown`` is that request); else the WireFault it is."""
    try:
        reply: Any = msgspec.json.decode(line)
    except RecursionError as exc:
        raise WireFault(
            Fault.TOO_DEEP, f"a reply nested deeper than JSON is read here: {shown_text(line[:200])}", shown
        ) from exc
    except msgspec.DecodeError as exc:
        # a line that does not even open like JSON is someone's print, not a broken reply
        if line.lstrip()[:1] not in (b"{", b"["):
            raise WireFault(
                Fault.EXTRA_OUTPUT, f"a line that is no message, where the reply belongs: {shown_text(line)}", shown
            ) from exc
        raise WireFault(Fault.MALFORMED_JSON, f"{exc}: {shown_text(line)}", shown) from exc
    if not isinstance(reply, dict):
        raise WireFault(Fault.NOT_A_REPLY, f"expected a JSON object: {shown_text(line)}", shown)
    found = cast(dict[str, Any], reply)
    if found.get("type") not in REPLIES:
        known = ", ".join(REPLIES)
        raise WireFault(Fault.NOT_A_REPLY, f"expected an object with type one of {known}: {shown_text(line)}", shown)
    answered = found.get("id")
    if answered != expected or isinstance(answered, bool):
        raise WireFault(Fault.WRONG_ID, f"a reply to request {answered!r} while waiting for {expected}", shown)
    return found
