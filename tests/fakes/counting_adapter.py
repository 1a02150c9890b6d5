"""An adapter serving the reference that counts how many requests it has read before it answers: pipelining, seen.

``python tests/fakes/counting_adapter.py KEY OUT``: the reference of game KEY over the wire (as
``wire/serve.py`` serves an ``--impl``). Before each reply it waits a moment and reads every line
already sent; on stopping it appends to OUT the most requests it ever held unanswered. Asked one by
one, the harness sends a request and its determinism copy and waits: never more than 2. Sent ahead,
a batch of vector cases arrives in one stream: all of it. ``tests/verify/test_pipelining.py`` reads OUT.
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.wire.serve import Served, serve

_SETTLE = 0.05  # seconds to let a stream of requests arrive before counting what has


class CountedLines:
    """stdin as lines; ``most`` is the most requests read and not yet answered, over the whole run."""

    def __init__(self) -> None:
        self._buffer = b""
        self.most = 0

    def _read(self, timeout: float | None) -> bool:
        """Read what is there (waiting up to ``timeout``); False at the end of stdin."""
        ready, _, _ = select.select([0], [], [], timeout)
        if not ready:
            return True
        chunk = os.read(0, 1 << 16)
        self._buffer += chunk
        return bool(chunk)

    def __iter__(self) -> Iterator[bytes]:
        while True:
            if b"\n" not in self._buffer:
                if not self._read(None):
                    return
                time.sleep(_SETTLE)
                while select.select([0], [], [], 0.0)[0] and self._read(0.0):
                    pass
                self.most = max(self.most, self._buffer.count(b'"type":"run"'))
                continue
            line, _, self._buffer = self._buffer.partition(b"\n")
            yield line


def main() -> int:
    key, out = sys.argv[1], Path(sys.argv[2])
    played = game(key)
    lines = CountedLines()
    try:
        return serve(Served(played, played.reference), lines, os.fdopen(os.dup(1), "wb"))
    finally:
        with out.open("a", encoding="utf-8") as counted:
            counted.write(f"{lines.most}\n")


if __name__ == "__main__":
    sys.exit(main())
