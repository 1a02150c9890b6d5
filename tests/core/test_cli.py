"""The command line loads only the capability whose command runs."""

from __future__ import annotations

import subprocess
import sys


def _capabilities_loaded(*argv: str) -> set[str]:
    """The harness capabilities imported once ``rulespec ARGV`` has built its parser."""
    probe = (
        "import sys; from rulespec.conformance.harness.cli import parser; "
        f"parser({list(argv)!r}); "
        "print(' '.join(sorted({m.split('.')[3] for m in sys.modules if m.count('.') >= 4 "
        "and m.startswith('rulespec.conformance.harness.')})))"
    )
    ran = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(ran.stdout.split())


def test_a_command_loads_its_own_capability_and_not_the_others() -> None:
    loaded = _capabilities_loaded("rules", "SOE-POP-2")
    assert "rules" in loaded
    assert not loaded & {"diff", "symbolic", "mutation", "plugged", "schemas"}, loaded


def test_help_and_a_mistyped_command_build_every_command() -> None:
    for argv in (("--help",), ("verfy",), ()):
        assert {"verify", "diff", "symbolic", "plugged", "report", "rules", "coverage"} <= _capabilities_loaded(*argv)
