"""``.crosshair-cache/``: each condition's last result under the fingerprint of what it searched.

A result is reused when the fingerprint (the function, its contracts, all it reaches in the
reference, CrossHair's and Python's versions) is unchanged and the search it stands for was at
least as thorough: every path explored, or a budget no smaller than the one asked for. Only
clean results are kept; a counterexample is searched again, so it is always shown fresh.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from importlib.metadata import version
from pathlib import Path

import msgspec

from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.symbolic.search import CONFIRMED, NOT_REFUTED, Searched

DEFAULT_DIRECTORY = Path(".crosshair-cache")  # in the caller's directory, as pytest and Hypothesis keep theirs
_FILE = "results.json"


class Entry(msgspec.Struct):
    fingerprint: str
    result: Searched


def salt() -> str:
    """What a result also depends on besides the reference's own source."""
    return f"crosshair {version('crosshair-tool')}; python {sys.version_info[:3]}"


class ResultCache:
    """The results kept in ``directory`` (nothing is read or written when ``directory`` is None)."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self._entries: dict[str, Entry] = {}
        path = directory / _FILE if directory else None
        if path is not None and path.exists():
            try:
                self._entries = msgspec.json.decode(path.read_bytes(), type=dict[str, Entry])
            except msgspec.MsgspecError:
                print(
                    f"symbolic: {path} is not a result cache this version wrote; searching everything", file=sys.stderr
                )

    def reusable(self, condition: str, fingerprint: str, budget: float) -> Searched | None:
        entry = self._entries.get(condition)
        if entry is None or entry.fingerprint != fingerprint:
            return None
        result = entry.result
        if result.verdict == CONFIRMED or (result.verdict == NOT_REFUTED and result.budget >= budget):
            return replace(result, cached=True)
        return None

    def last_seconds(self, condition: str) -> float:
        """CPU seconds the condition took last time, fingerprint aside: to start the longest searches first."""
        entry = self._entries.get(condition)
        return entry.result.cpu_seconds if entry else float("inf")

    def keep(self, fingerprint: str, result: Searched) -> None:
        if result.verdict in (CONFIRMED, NOT_REFUTED) and not result.cached:
            self._entries[result.condition] = Entry(fingerprint, result)
        elif result.verdict not in (CONFIRMED, NOT_REFUTED):
            self._entries.pop(result.condition, None)

    def save(self) -> None:
        if self.directory is None:
            return
        outputs.make_folder(self.directory)
        entries = {name: self._entries[name] for name in sorted(self._entries)}
        # whole or not at all: a killed run leaves the old cache
        outputs.write_text(self.directory / _FILE, json.dumps(msgspec.to_builtins(entries), indent=1) + "\n")
