"""A process's start: the handshake, bounded by the start-up timeout, and what it wrote meanwhile.

What a process writes while it starts (a banner on stdout before its ``started``, warnings and logging on
stderr) is start-up output: kept, shown before the checks, never a check's fault nor a refused handshake.
"""

from __future__ import annotations

import time

import msgspec

from rulespec.conformance.harness.wire.faults import Fault, WireFault, gone, shown_text, tail_text
from rulespec.conformance.harness.wire.messages import (
    ENCODER,
    PROTOCOL_VERSION,
    RECEIVED,
    SUPPORTED_VERSIONS,
    Start,
    Started,
)
from rulespec.conformance.harness.wire.process import STDERR_KEPT, Closed, LineProcess, Timeout


def handshake(process: LineProcess, timeout: float) -> tuple[Started, str]:
    """``start`` answered with ``started`` within ``timeout`` s, and the start-up output (inert); else WireFault."""
    start = ENCODER.encode(Start(PROTOCOL_VERSION)) + b"\n"
    deadline = time.monotonic() + timeout
    said = bytearray()  # what it wrote on stdout before its 'started': start-up output, not an answer
    try:
        process.write(start, deadline)
        started = _started(process, deadline, said)
    except Timeout as exc:
        before = f"; before it, stdout had: {shown_text(bytes(said))}" if said else ""
        raise WireFault(Fault.HANDSHAKE, f"no 'started' within {timeout} s{before}", start) from exc
    except Closed as exc:
        raise gone(process, "before answering 'start'", start, exc) from exc
    if started.protocol not in SUPPORTED_VERSIONS:
        raise WireFault(
            Fault.HANDSHAKE, f"protocol {started.protocol}; this harness speaks {SUPPORTED_VERSIONS}", start
        )
    out, err = process.drain()  # warnings and logging of its start, written before it answered
    told = bytes(said + out + err).strip()
    return started, tail_text(told, process.err_dropped) if told else ""


def _started(process: LineProcess, deadline: float, said: bytearray) -> Started:
    """The 'started' line; every line before it (a banner, a log line) joins ``said``, its last 64 KiB kept."""
    while True:
        line = process.read_line(deadline)
        try:
            started = RECEIVED.decode(line)
        except (msgspec.DecodeError, RecursionError):
            started = None
        if isinstance(started, Started):
            return started
        said += line + b"\n"
        del said[:-STDERR_KEPT]
