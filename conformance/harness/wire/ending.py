"""How an implementation's process ends: the faults of its stop, and the processes that outlived it or left its group.

A process told to stop must exit with status 0 within the grace, writing nothing; a descendant that left its
process group (a ``setsid`` daemon, a ``setpgid(0, 0)`` helper) is ended and named a stray, and so is one that
outlived a kill. Each is an error of the run (wire/session.py gathers them; verify records them).
"""

from __future__ import annotations

from rulespec.conformance.harness.wire.faults import Fault, WireFault, shown_text, tail_text
from rulespec.conformance.harness.wire.messages import ENCODER, Stop
from rulespec.conformance.harness.wire.process import STOP_GRACE, LineProcess


def stopped(process: LineProcess) -> list[WireFault]:
    """Tell the process to stop; the faults of its ending (an unclean exit, output on stdout or stderr)."""
    stop = ENCODER.encode(Stop()) + b"\n"
    status, out, err = process.stop(stop)
    ended: list[WireFault] = []
    if status is None:
        killed = f"still running {STOP_GRACE:g} s after 'stop' and the end of its stdin: killed"
        ended.append(WireFault(Fault.UNCLEAN_STOP, killed, stop))
    elif status != 0:
        ended.append(WireFault(Fault.UNCLEAN_STOP, f"exited with status {status} when told to stop", stop))
    if out.strip():
        ended.append(WireFault(Fault.EXTRA_OUTPUT, f"wrote to stdout after 'stop': {shown_text(out.strip())}", stop))
    if err.strip():
        ended.append(
            WireFault(Fault.UNCLEAN_STOP, f"wrote to stderr when told to stop: {tail_text(err.strip())}", stop)
        )
    return ended


def escaped(process: LineProcess, command: str) -> list[WireFault]:
    """The process's descendants that left its group, seen running or ended by its kill: a stray each time."""
    left = process.escaped()
    if not left:
        return []
    pids = ", ".join(map(str, left))
    said = (
        f"processes {pids} of {command!r} left its process group (setsid, setpgid): ended by the harness, which a"
        " kill of the group alone would have missed"
    )
    return [WireFault(Fault.STRAY_PROCESS, said)]


def survivors(process: LineProcess, command: str) -> list[WireFault]:
    """After a kill: the process's descendants still running, a stray."""
    left = process.survivors()
    if not left:
        return []
    pids = ", ".join(map(str, left))
    return [WireFault(Fault.STRAY_PROCESS, f"processes {pids} of {command!r}'s group survived a kill")]
