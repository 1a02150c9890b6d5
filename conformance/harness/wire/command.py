"""A ``--cmd`` as the argv that starts it, or why it cannot start at all.

Kept apart from the process and the faults so ``verify/early.py`` can read a command line before the
harness's modules load.
"""

from __future__ import annotations

import shlex
import shutil


def parse_command(command: str) -> list[str]:
    """``--cmd`` as argv; ValueError naming the fault when it cannot be run at all."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise ValueError(f"--cmd {command!r}: cannot parse: {exc}") from exc
    if not argv:
        raise ValueError("--cmd is empty: give the command that starts the implementation")
    if shutil.which(argv[0]) is None:
        raise ValueError(f"--cmd {command!r}: no executable {argv[0]!r} (not a file, nor on PATH)")
    return argv
