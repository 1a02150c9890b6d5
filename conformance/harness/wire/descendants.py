"""Every process an implementation started, whatever its process group or session, found and ended.

Killing a child's process group misses what left it: a daemon that double-forks through ``setsid``,
a helper that calls ``setpgid(0, 0)`` (build daemons and ``docker run`` do this). So each child gets a
token in its environment, which every descendant inherits (unless it clears its environment), and on
Linux the harness is made a child subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``): an orphan is re-parented
to the harness rather than to init, so ending it leaves no zombie behind and nothing outlives the run
unseen by its parent. The marks are read from ``/proc``.

Elsewhere (no ``/proc``: macOS, the BSDs) only the process group is seen: a descendant that left it
is not found there, which docs/wire.md says.
"""

from __future__ import annotations

import ctypes
import os
import secrets
import signal
import sys
from functools import cache

TOKEN = "RULESPEC_IMPLEMENTATION_RUN"  # the environment variable every descendant of an implementation inherits
_PROC = "/proc"
_PR_SET_CHILD_SUBREAPER = 36


@cache
def become_subreaper() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux); False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def new_token() -> str:
    return f"{os.getpid()}-{secrets.token_hex(8)}"


def _stat(pid: str) -> tuple[bytes, int, int] | None:
    """(state, ppid, pgrp) of a process, None when it is gone."""
    try:
        with open(f"{_PROC}/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1]), int(fields[2])


def _carries(pid: str, mark: bytes) -> bool:
    try:
        with open(f"{_PROC}/{pid}/environ", "rb") as environ:
            return any(entry.startswith(mark) for entry in environ.read().split(b"\0"))
    except OSError:
        return False


def descendants(group: int, token: str) -> list[int]:
    """The live processes of ``group`` and those carrying ``token`` in their environment, whatever their group.

    A token given as this process's ID and a dash finds the descendants of every implementation it started."""
    if not os.path.isdir(_PROC):
        try:
            os.killpg(group, 0)
        except (ProcessLookupError, PermissionError):
            return []
        return [group]
    mark = f"{TOKEN}={token}".encode()
    me = os.getpid()
    found: list[int] = []
    for name in os.listdir(_PROC):
        if not name.isdigit() or int(name) == me:
            continue
        stat = _stat(name)
        if stat is None or stat[0] == b"Z":
            continue
        if stat[2] == group or _carries(name, mark):
            found.append(int(name))
    return found


def outside_group(pids: list[int], group: int) -> list[int]:
    """Those of ``pids`` still running in a process group other than ``group``."""
    return [pid for pid in pids if _group_of(pid) not in (group, None)]


def _group_of(pid: int) -> int | None:
    try:
        return os.getpgid(pid)
    except (ProcessLookupError, PermissionError):
        return None


def end(pids: list[int]) -> None:
    """SIGKILL each, and reap those re-parented to this process (a subreaper's zombies are its own)."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            continue
    for pid in pids:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            continue
