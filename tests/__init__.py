"""Tests of the reference, the suite and the harness; they run from a rulespec checkout."""

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

# The checkout itself: its docs, examples, canaries and pyproject (the suite's own files are under SUITE_ROOT).
REPO_ROOT = Path(__file__).resolve().parent.parent
# ``rulespec`` as a user runs it, by this interpreter (so the checkout's rulespec, whatever is on PATH)
RULESPEC = (sys.executable, "-m", "rulespec.conformance.harness.cli")


def rulespec(
    *arguments: str, cwd: Path = REPO_ROOT, env: Mapping[str, str] | None = None, timeout: float | None = None
) -> subprocess.CompletedProcess[str]:
    """``rulespec ARGUMENTS`` in a process of its own, from ``cwd`` (the checkout), its output captured as text; the
    caller judges its exit status."""
    return subprocess.run(
        [*RULESPEC, *arguments], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
