"""rulespec: typed reference rules of board games and the conformance suite that checks any implementation.

The one import namespace of the distribution. ``rulespec.reference`` is the reference implementation (its types
are what a Python engine is called with: ``from rulespec.reference.here_i_stand.model import ...``),
``rulespec.conformance`` the suite and its harness, and ``rulespec/spec`` the rules themselves, shipped as data.
In a checkout the three are links to the repository's top-level folders; in the wheel they are the folders.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

try:
    __version__ = version("rulespec")
except PackageNotFoundError:  # imported from a checkout that was never installed
    __version__ = "0+unknown"

# Where the suite's files are (spec/, conformance/vectors, conformance/schema, ...), whether installed or checked
# out: never resolved, so a checkout's links keep every path under it.
SUITE_ROOT = Path(__file__).parent
