"""CrossHair over one game's reference: inputs that meet a rule function's PEP 316 preconditions yet break a postcondition.

Each public rule function states ``pre:`` / ``post:`` lines in its docstring; the search is
bounded per condition, so the time is bounded too.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from conformance.harness.games import game

REFERENCE_TIMEOUT = 4.0  # seconds per condition over the reference's own contracts
IMPLEMENTATION_TIMEOUT = 60.0  # per search over a plugged implementation: its inputs must pass validation first



def reference_package(key: str) -> Path:
    path = getattr(game(key).reference, "__file__", None)
    if path is None:
        raise ValueError(f"the reference of {key!r} is not a module with a file")
    return Path(path).parent


def check(key: str, per_condition_timeout: float) -> tuple[int, float, str]:
    """Run ``crosshair check`` over one game's reference; (exit code, seconds, what it printed)."""
    command = [
        sys.executable,
        "-m",
        "crosshair",
        "check",
        "--analysis_kind=PEP316",
        f"--per_condition_timeout={per_condition_timeout}",
        str(reference_package(key)),
    ]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return done.returncode, time.perf_counter() - started, (done.stdout + done.stderr).strip()
