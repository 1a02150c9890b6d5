"""Tests of the reference, the suite and the harness; they run from a rulespec checkout."""

from pathlib import Path

# The checkout itself: its docs, examples, canaries and pyproject (the suite's own files are under SUITE_ROOT).
REPO_ROOT = Path(__file__).resolve().parent.parent
