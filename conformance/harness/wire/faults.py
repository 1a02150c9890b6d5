"""Every way an implementation over the wire can fail, as an error naming the fault and showing the request."""

from __future__ import annotations

from enum import StrEnum

from rulespec.conformance.harness.outputs import inert
from rulespec.conformance.harness.subject import ImplementationError
from rulespec.conformance.harness.verdict import TWICE
from rulespec.conformance.harness.wire.process import (
    STDERR_KEPT,
    Closed,
    ClosedStdin,
    ClosedStdout,
    LineProcess,
    Overlong,
)

_SHOWN = 2000  # characters of a request or an output shown in a fault


class Fault(StrEnum):
    """Every way an implementation can fail to answer; each is reported under its own name."""

    START = "cannot start"
    HANDSHAKE = "bad handshake"
    TIMEOUT = "timeout"
    CRASH = "crash"
    MALFORMED_JSON = "malformed JSON"
    NOT_A_REPLY = "not a reply"
    WRONG_ID = "wrong request id"
    MISSING_FIELD = "missing field"
    WRONG_TYPE = "wrong type"
    UNKNOWN_FIELD = "unknown field"
    EXTRA_OUTPUT = "extra output on stdout"
    STDERR = "output on stderr"
    EXCEPTION = "exception in the implementation"
    NON_DETERMINISM = "non-determinism"
    TOO_DEEP = "JSON nested too deep"
    OVERLONG_LINE = "over-long line"
    CLOSED_STDOUT = "closed stdout"
    CLOSED_STDIN = "closed stdin"
    MUTATED_INPUT = "mutated its input"
    UNCLEAN_STOP = "unclean stop"
    STRAY_PROCESS = "stray process"


def shown_text(data: bytes | str) -> str:
    """An implementation's text as it may be shown: cut short, every control character escaped (inert in a terminal)."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    cut = text if len(text) <= _SHOWN else f"{text[:_SHOWN]}... ({len(text)} characters)"
    return inert(cut)


def tail_text(data: bytes, dropped: int = 0) -> str:
    """A process's stderr as it may be shown: its last STDERR_KEPT bytes whole (the reason is at the end), inert."""
    cut = data[-STDERR_KEPT:]
    dropped += len(data) - len(cut)
    before = f"({dropped} bytes before these) " if dropped else ""
    return before + inert(cut.decode("utf-8", "replace"))


class WireFault(ImplementationError):
    """One fault of an implementation on one request: the kind, what happened, and the request."""

    answers: tuple[object, ...] = ()  # a request answered two ways: both replies, for the subject to read

    def __init__(self, fault: Fault, detail: str, request: bytes | None = None) -> None:
        self.fault = fault
        self.detail = detail
        self.request = request
        shown = f"\n  request: {shown_text(request)}" if request is not None else ""
        super().__init__(f"{fault.value}: {detail}{shown}")

    def reason(self) -> str:
        return f"{self.fault.value}: {self.detail}"

    def read_note(self) -> str:
        if self.fault is Fault.NON_DETERMINISM:  # its reason quotes both replies: they go on a line of their own
            return f"{self.fault.value}: {TWICE}"
        return self.reason()


def gone(process: LineProcess, when: str, request: bytes, closed: Closed) -> WireFault:
    """The fault for a process that went away (or broke the line framing), with its last words on stderr."""
    if isinstance(closed, Overlong):
        return WireFault(Fault.OVERLONG_LINE, f"{closed} {when}; the process is restarted", request)
    _, err = process.drain()
    said = f"; stderr: {tail_text(err.strip(), process.err_dropped)}" if err.strip() else ""
    if isinstance(closed, ClosedStdout):
        return WireFault(Fault.CLOSED_STDOUT, f"the process closed its stdout but still runs, {when}{said}", request)
    status = process.exit_status(wait=1.0)
    if status is None and isinstance(closed, ClosedStdin):
        return WireFault(Fault.CLOSED_STDIN, f"the process closed its stdin but still runs, {when}{said}", request)
    if status is None:
        return WireFault(Fault.CRASH, f"the process closed its output and did not exit, {when}{said}", request)
    return WireFault(Fault.CRASH, f"the process exited (status {status}) {when}{said}", request)
