"""Where a site is written: a real directory, and files that are never symlinks followed elsewhere."""

from __future__ import annotations

import os
from pathlib import Path


class OutputError(ValueError):
    """The output path cannot be written safely; the message names it and why."""


def check_out_dir(path: Path) -> Path:
    """``path`` if a site can be written there: a directory or nothing yet, never a symlink or a file."""
    if path.is_symlink():
        raise OutputError(f"{path}: is a symlink; give the real directory to write the site into")
    if path.exists() and not path.is_dir():
        raise OutputError(f"{path}: is a file, not a directory to write the site into")
    return path


def make_dir(path: Path) -> Path:
    """The directory ``path`` (made if missing), refused when it or what stands in its place is a symlink."""
    check_out_dir(path)
    path.mkdir(parents=True, exist_ok=True)
    check_out_dir(path)  # made by someone else between the check and mkdir: still no symlink
    return path


def write_text(directory: Path, name: str, text: str) -> Path:
    """Write ``directory/name``; a symlink already standing there is refused, not followed (O_NOFOLLOW)."""
    target = directory / name
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(target, flags, 0o644)
    except OSError as exc:
        if target.is_symlink():
            raise OutputError(f"{target}: is a symlink; refusing to write through it") from exc
        raise OutputError(f"{target}: cannot write: {exc.strerror}") from exc
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)
    return target
