#!/usr/bin/env python3
"""A Struggle of Empires implementation over the wire that attacks the harness on purpose.

    hostile_wire.py MODE

It answers with the reference until MODE strikes (on ``grow_population``, unless MODE says
otherwise). Each MODE is one case of tests/faults/catalogue.py; tests/faults/ runs them and
checks each ends bounded, named, with no process left. ``HOSTILE_NAME`` is the name it gives in
its handshake; ``HOSTILE_STARTUP`` seconds it takes to start (before it reads anything); each
start appends a line to the file ``HOSTILE_STARTS`` names.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from typing import Any

import msgspec

import rulespec.reference.struggle_of_empires as soe
from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.struggle_of_empires import model
from rulespec.reference.struggle_of_empires.rulings import Rulings

REQUESTS: dict[str, type[Any]] = {
    "grow_population": model.PopulationRequest,
    "end_game": model.EndGameRequest,
}
OUT = sys.stdout.buffer


def answer(message: dict[str, Any]) -> dict[str, Any]:
    request = msgspec.convert(message["input"], REQUESTS[message["operation"]], strict=True)
    rulings = msgspec.convert(message["rulings"], Rulings, strict=True)
    try:
        output = getattr(soe, message["operation"])(request, rulings)
    except InvalidState as exc:
        error = {
            "kind": "InvalidState",
            "field": exc.field,
            "value": msgspec.to_builtins(exc.value),
            "reason": exc.reason,
        }
        return {"type": "refused", "id": message["id"], "error": error}
    except IllegalAction as exc:
        return {
            "type": "refused",
            "id": message["id"],
            "error": {"kind": "IllegalAction", "rule": exc.rule, "reason": exc.reason},
        }
    return {"type": "result", "id": message["id"], "output": msgspec.to_builtins(output)}


def send(data: bytes) -> None:
    OUT.write(data)
    OUT.flush()


def strike(mode: str, message: dict[str, Any], reply: dict[str, Any], asked: int) -> bytes | None:
    """What to write for this request under ``mode`` (None: nothing)."""
    encoded = msgspec.json.encode(reply) + b"\n"
    if mode == "silent":  # answers the handshake, then never again
        time.sleep(3600)
    if mode == "refuses-growth":  # a well-formed refusal, where the rules refuse nothing
        error = {"kind": "IllegalAction", "rule": "SOE-POP-1", "reason": "growth is not offered in this build"}
        return msgspec.json.encode({"type": "refused", "id": reply["id"], "error": error}) + b"\n"
    if mode == "off-by-one-id":
        return msgspec.json.encode(reply | {"id": reply["id"] + 1}) + b"\n"
    if mode == "huge-line":  # a 50 MB reply line
        return b'{"type":"result","id":%d,"output":{"pad":"' % reply["id"] + b"x" * 50_000_000 + b'"}}\n'
    if mode == "no-newline":  # 70 MB and never a newline
        send(b"x" * 70_000_000)
        time.sleep(3600)
    if mode == "close-stdout":
        os.close(1)
        time.sleep(3600)
    if mode == "grandchild-holds-stdout":  # a child keeps stdout open while this one exits
        subprocess.Popen(["sleep", "60"])
        os._exit(1)
    if mode == "close-stdin" and asked == 2:  # takes no more requests, answers this one, keeps running
        os.close(0)
        send(encoded)
        time.sleep(3600)
    if mode == "stderr-flood":  # 200 MB on stderr, the reason last, then a crash
        block = b"noise " * 10_000 + b"\n"
        for _ in range(200_000_000 // len(block)):
            os.write(2, block)
        os.write(2, b"RuntimeError: the reason, at the very end\n")
        os._exit(3)
    if mode == "deep":
        return b'{"type":"result","id":%d,"output":' % reply["id"] + b"[" * 100_000 + b"]" * 100_000 + b"}\n"
    if mode == "crash-after-6" and asked > 6:
        os._exit(3)
    if mode == "exit-after-reply":  # answers, then is gone before the next request is written
        send(encoded)
        os._exit(0)
    if mode == "ansi-stderr":
        sys.stderr.write("\x1b[2J\x1b]0;pwned\x07verdict: FULL PASS\n")
        sys.stderr.flush()
    if mode == "html-name":  # markup where a player's name belongs
        for empire in reply["output"]["empires"]:
            empire["player"] = "<img src=x onerror=alert(1)> [link](https://example.com) <details>"
        return msgspec.json.encode(reply) + b"\n"
    if mode == "nan":
        return re.sub(rb'"population":\d+', b'"population":NaN', encoded, count=1)
    if mode == "huge-number":
        return re.sub(rb'"population":\d+', b'"population":' + b"9" * 400, encoded, count=1)
    if mode == "invalid-utf8":
        return encoded.replace(b'"player":"', b'"player":"\xff\xfe', 1)
    if mode == "twice":
        return encoded + encoded
    if mode == "flood":  # a few megabytes of log lines where the reply belongs
        return b"log line\n" * 200_000 + encoded
    if mode == "slow-drip":  # the reply a byte at a time, within the deadline
        for start in range(0, len(encoded), 16):
            send(encoded[start : start + 16])
            time.sleep(0.001)
        return None
    return encoded


def main() -> int:
    mode = sys.argv[1]
    starts = os.environ.get("HOSTILE_STARTS")
    if starts:
        with open(starts, "a", encoding="utf-8") as told:
            told.write(f"{os.getpid()}\n")
    time.sleep(float(os.environ.get("HOSTILE_STARTUP", "0")))  # a runtime, a JIT, a model loading
    if mode == "ignore-sigterm":
        import signal

        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if mode == "helper-child":  # a helper in its process group, left running when it stops
        subprocess.Popen(["sleep", "60"])
    if mode == "setpgid-child":  # a helper in a process group of its own
        subprocess.Popen(["sleep", "60"], process_group=0)
    if mode == "setsid-daemon":  # a daemon: double fork, a session of its own, stdio closed
        first = os.fork()
        if first == 0:
            os.setsid()
            if os.fork() == 0:
                null = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)
                time.sleep(60)
            os._exit(0)
        os.waitpid(first, 0)  # as daemon(3) callers do: the daemon is running, in a session of its own, from here on
    asked = 0
    held: bytes | None = None
    for line in sys.stdin.buffer:
        message = msgspec.json.decode(line)
        if message["type"] == "stop":
            if mode == "unclean-stop":
                sys.stderr.write('Traceback (most recent call last):\n  File "impl.py", line 1\nRuntimeError: boom\n')
                return 1
            if mode == "ignore-sigterm":
                time.sleep(3600)
            if mode == "after-stop":
                send(b"goodbye: flushing the cache\n")
            if mode == "slow-exit":  # a correct adapter freeing gigabytes on a loaded machine: seconds to exit
                time.sleep(2)
            return 0
        if message["type"] == "start":
            version = 99 if mode == "wrong-protocol" else 1
            games = {"soe": sorted(REQUESTS)}
            send(
                msgspec.json.encode(
                    {
                        "type": "started",
                        "protocol": version,
                        "implementation": {"name": os.environ.get("HOSTILE_NAME", "hostile"), "version": "0"},
                        "games": games,
                    }
                )
                + b"\n"
            )
            continue
        asked += 1
        reply = answer(message)
        data = (
            strike(mode, message, reply, asked)
            if message["operation"] == "grow_population" or mode == "crash-after-6"
            else None
        )
        if mode == "out-of-order":  # the reply to each pair in reverse order
            if held is None:
                held = msgspec.json.encode(reply) + b"\n"
                continue
            send(msgspec.json.encode(reply) + b"\n" + held)
            held = None
            continue
        if data is None and not (mode == "slow-drip" and message["operation"] == "grow_population"):
            data = msgspec.json.encode(reply) + b"\n"
        if data is not None:
            send(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
