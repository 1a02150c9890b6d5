#!/usr/bin/env python3
"""An implementation that answers at once: the protocol's own cost, with no rules work behind it.

It is given, per operation, one valid output (a JSON file: ``{"soe": {"grow_population": {...}}}``)
and answers every ``run`` with it, pasted after the request's ID: no decoding beyond the ID.
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as file:
        outputs: dict[str, dict[str, object]] = json.load(file)
    # the reply's tail per (game, operation), made once
    tails = {
        (game, op): (',"output":' + json.dumps(output, separators=(",", ":")) + "}\n").encode()
        for game, ops in outputs.items()
        for op, output in ops.items()
    }
    games = {game: sorted(ops) for game, ops in outputs.items()}
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        if line.startswith(b'{"type":"run","id":'):
            ident = line[19 : line.index(b",", 19)]
            game = line[line.index(b'"game":"') + 8 :].split(b'"', 1)[0].decode()
            op = line[line.index(b'"operation":"') + 13 :].split(b'"', 1)[0].decode()
            out.write(b'{"type":"result","id":' + ident + tails[(game, op)])
        elif b'"start"' in line:
            started = {"type": "started", "protocol": 1, "games": games,
                       "implementation": {"name": "echo", "version": "1", "language": "python"}}
            out.write(json.dumps(started).encode() + b"\n")
        else:
            return 0
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
