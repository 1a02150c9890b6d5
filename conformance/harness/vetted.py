"""Vector files whose bytes already passed their JSON Schema checks, remembered from one process to the next.

Checking a vector file against its schemas is most of the time it takes to read, and every process of a run reads the
same files again: each pytest-xdist worker of a ``verify``, each ``verify`` of a CI job. The same bytes under the same
schemas, checked by the same jsonschema, pass again; so a file that passed leaves an empty marker named by the hash of
all of that, and a later reading skips those checks. The types are still read whole (msgspec), and only passes are
kept: a file that fails is checked again, and its fault named, every time. Nothing is kept where the cache cannot be
written (a read-only home), and a file whose marker cannot be read is checked.

The cache: ``$RULESPEC_CACHE_DIR``, else ``$XDG_CACHE_HOME/rulespec``, else ``~/.cache/rulespec`` (where nox keeps the
virtualenvs of a project using rulespec from elsewhere, docs/install.md); its ``vectors/`` folder may be deleted at any
time.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def cache_dir() -> Path | None:
    """The user's rulespec cache, None where no home is known."""
    chosen = os.environ.get("RULESPEC_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME")
    if base:
        return Path(base) / "rulespec"
    try:
        return Path.home() / ".cache" / "rulespec"
    except RuntimeError:
        return None


def _marker(fingerprint: str, data: bytes) -> Path | None:
    root = cache_dir()
    digest = hashlib.sha256(fingerprint.encode("utf-8") + b"\0" + data).hexdigest()
    return None if root is None else root / "vectors" / digest


def passed_before(fingerprint: str, data: bytes) -> bool:
    """Whether these bytes passed the checks ``fingerprint`` stands for (the schemas and their checker) before."""
    marker = _marker(fingerprint, data)
    try:
        return marker is not None and marker.is_file()
    except OSError:
        return False


def note_passed(fingerprint: str, data: bytes) -> None:
    """Remember that these bytes passed: an empty file, made at once (two processes making it both succeed)."""
    marker = _marker(fingerprint, data)
    if marker is None:
        return
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass  # nothing kept: the next process checks the file again
