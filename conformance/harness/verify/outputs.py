"""The files a run writes (``--save-failures``, ``--report-json``, ``--summary-md``, ``--junit-xml``, ``--html``).

Each is checked before the run by the one output policy (``conformance.harness.outputs``); a folder
one of them names is made for the others (``--report-json site/report.json --html site/``); and a
write that still fails after the run is told after the table and the verdict, never instead of them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from conformance.harness.outputs import problem

# (option, attribute of verify's arguments, whether it names a folder)
OUTPUTS: tuple[tuple[str, str, bool], ...] = (
    ("--save-failures", "save_failures", True),
    ("--report-json", "report_json", False),
    ("--summary-md", "summary_md", False),
    ("--junit-xml", "junit_xml", False),
    ("--html", "html", True),
)
WRITE_FAULTS = pytest.StashKey[list[str]]()  # writes that failed after the run, told after the verdict


def problems(args: argparse.Namespace) -> list[str]:
    """Every output option of ``args`` that names a path which cannot be written, one message each."""
    given = [(option, getattr(args, attribute, None), folder) for option, attribute, folder in OUTPUTS]
    made = [Path(path) for _, path, folder in given if path and folder]
    found: list[str] = []
    for option, path, folder in given:
        if path:
            why = problem(Path(path), folder, made)
            if why:
                found.append(f"{option} {path}: {why}")
    return found


def note_failed_write(config: pytest.Config, message: str) -> None:
    config.stash.setdefault(WRITE_FAULTS, []).append(message)
