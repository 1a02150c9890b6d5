"""The files a run writes (``--save-failures``, ``--report-json``, ``--summary-md``, ``--junit-xml``, ``--html``).

Checked before the run, so a path that cannot be written is a usage error in a second rather than a
traceback after a long run; written without following a symlink (a dangling link in an output folder
must not make the harness create its target); and a write that still fails after the run is told
after the table and the verdict, never instead of them.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

# (option, attribute of verify's arguments, whether it names a folder: True, False, or None for either)
OUTPUTS: tuple[tuple[str, str, bool | None], ...] = (
    ("--save-failures", "save_failures", True),
    ("--report-json", "report_json", False),
    ("--summary-md", "summary_md", False),
    ("--junit-xml", "junit_xml", False),
    ("--html", "html", None),
)
WRITE_FAULTS = pytest.StashKey[list[str]]()  # writes that failed after the run, told after the verdict


def _writable_folder(folder: Path) -> str | None:
    """None when a file can be created in ``folder``, tried for real.

    Permissions alone do not tell: root, /proc, read-only mounts.
    """
    if not folder.exists():
        return f"its folder {folder} does not exist"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    probe = folder / f".rulespec-probe-{os.getpid()}"
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644))
        probe.unlink()
    except OSError as exc:
        return f"cannot create a file in {folder}: {exc.strerror}"
    return None


def problem(path: Path, folder: bool | None) -> str | None:
    """Why ``path`` cannot be written as an output file (or, with ``folder``, an output folder); None if it can."""
    if path.is_symlink():
        return f"{path} is a symbolic link; outputs are never written through one"
    if folder is None:  # a site or a single page: whichever it already is
        folder = path.is_dir()
    if folder:
        if path.exists() and not path.is_dir():
            return f"{path} is not a folder"
        return _writable_folder(path if path.exists() else path.parent.resolve())
    if path.is_dir():
        return f"{path} is a folder; give a file name"
    if path.exists():
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_NOFOLLOW | os.O_NONBLOCK))  # not truncated; a FIFO never waits
        except OSError as exc:
            return f"cannot be written: {exc.strerror}"
    return _writable_folder(path.parent.resolve())


def problems(args: argparse.Namespace) -> list[str]:
    """Every output option of ``args`` that names a path which cannot be written, one message each."""
    found: list[str] = []
    for option, attribute, folder in OUTPUTS:
        given: str | Path | None = getattr(args, attribute, None)
        if given:
            why = problem(Path(given), folder)
            if why:
                found.append(f"{option} {given}: {why}")
    return found


def write_text(path: Path, text: str) -> None:
    """Write ``path`` whole, through a new file beside it, never following a symlink at ``path``.

    OSError (with the path named) when it cannot be written.
    """
    if path.is_symlink():
        raise OSError(f"{path} is a symbolic link; outputs are never written through one")
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as written:
            written.write(text)
        os.replace(temporary, path)  # replaces the name itself: a link made meanwhile is replaced, not followed
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def make_folder(folder: Path) -> None:
    """Create ``folder`` (and its parents); refuse when it, or a part of it, is a symbolic link."""
    for part in (folder, *folder.parents):
        if part.is_symlink() and not part.exists():
            raise OSError(f"{part} is a dangling symbolic link; outputs are never written through one")
    if folder.is_symlink():
        raise OSError(f"{folder} is a symbolic link; outputs are never written through one")
    folder.mkdir(parents=True, exist_ok=True)


def note_failed_write(config: pytest.Config, message: str) -> None:
    config.stash.setdefault(WRITE_FAULTS, []).append(message)
