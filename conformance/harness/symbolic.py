"""Symbolic checks: CrossHair searches for inputs that break the reference's contracts.

Each public rule function states PEP 316 contracts (``pre:`` / ``post:`` lines in its
docstring). CrossHair explores inputs symbolically and reports any input that meets the
preconditions yet breaks a postcondition, or raises an exception the contract does not
declare. The search is bounded per condition, so the session's time is bounded too.

    python -m conformance.harness.symbolic [--game soe] [--per-condition-timeout 4]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from conformance.harness.games import REGISTRY, game


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulespec-symbolic", description="CrossHair over the reference's contracts")
    parser.add_argument("--game", action="append", choices=sorted(REGISTRY), help="only this game (repeatable)")
    parser.add_argument("--per-condition-timeout", type=float, default=4.0, metavar="SECONDS")
    args = parser.parse_args(argv)
    worst = 0
    for key in args.game or sorted(REGISTRY):
        code, seconds, output = check(key, args.per_condition_timeout)
        verdict = {0: "no counterexample", 1: "COUNTEREXAMPLE"}.get(code, f"crosshair failed (exit {code})")
        print(f"symbolic {key}: {verdict} in {seconds:.1f} s")
        if output:
            print(output)
        worst = max(worst, code)
    return worst


if __name__ == "__main__":
    sys.exit(main())
