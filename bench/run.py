"""How fast the suite checks an implementation: in-process, over the wire protocol, and the protocol alone.

Run by ``nox -s bench`` (or ``python bench/run.py``). Every figure comes from the same run on the
same machine, so compare them as ratios; nothing here asserts a time. Each figure is the best of
``--rounds`` rounds, each round every Struggle of Empires vector case, judged as the suite judges it.

Over the wire the harness asks every request twice (the determinism check, docs/wire-protocol.md),
so each case is two answers from the implementation in one round trip; the ``single ask`` rows turn
that check off to show what it costs.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from conformance.harness.games import REPO_ROOT, game
from conformance.harness.subject import Subject, python_subject
from conformance.harness.vectors import LoadedCase, load_game
from conformance.harness.verdict import Outcome, run_case
from conformance.harness.wire import ProcessSubject, WireSession

SOE = game("soe")
BENCH = Path(__file__).resolve().parent


def per_case(subject: Subject, cases: Sequence[LoadedCase], rounds: int, pipelined: bool) -> tuple[float, int]:
    """Best seconds per case over ``rounds`` rounds, and how many cases passed in the last round."""
    best = float("inf")
    passed = 0
    for _ in range(rounds):
        start = time.perf_counter()
        if pipelined and isinstance(subject, ProcessSubject):
            subject.prefetch([(loaded.operation, loaded.request, loaded.rulings) for loaded in cases])
        verdicts = [run_case(subject, loaded) for loaded in cases]
        best = min(best, (time.perf_counter() - start) / len(cases))
        passed = sum(v.outcome == Outcome.PASSED for v in verdicts)
    return best, passed


def echo_command(cases: Sequence[LoadedCase], folder: Path) -> str:
    """The echo responder, given one valid output per operation to answer with."""
    outputs: dict[str, object] = {}
    for loaded in cases:
        if loaded.case.output is not None:
            outputs.setdefault(loaded.operation, loaded.case.output)
    table = folder / "outputs.json"
    table.write_text(json.dumps({"soe": outputs}), encoding="utf-8")
    return f"{sys.executable} {BENCH / 'echo_impl.py'} {table}"


def main(argv: Sequence[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    options.add_argument("--rounds", type=int, default=20, help="rounds per figure; the best is kept")
    args = options.parse_args(argv)
    cases = load_game(SOE)
    node = shutil.which("node")
    rows: list[tuple[str, float, int]] = []

    def measure(label: str, make: Callable[[], Subject], pipelined: bool = False) -> None:
        subject = make()
        run_case(subject, cases[0])  # start-up is not a case
        seconds, passed = per_case(subject, cases, args.rounds, pipelined)
        subject.close()
        rows.append((label, seconds, passed))

    def wire(command: str, repeat: bool = True) -> Callable[[], Subject]:
        return lambda: ProcessSubject(SOE, WireSession(command, repeat=repeat))

    with tempfile.TemporaryDirectory() as folder:
        echo = echo_command(cases, Path(folder))
        python_example = f"{sys.executable} {REPO_ROOT / 'examples' / 'soe-python' / 'impl.py'}"
        node_example = f"node {REPO_ROOT / 'examples' / 'soe-node' / 'impl.js'}"
        measure("in-process, the reference", lambda: python_subject(SOE, None))
        measure("wire, Python example, one by one", wire(python_example))
        measure("wire, Python example, pipelined", wire(python_example), pipelined=True)
        if node:
            measure("wire, Node example, one by one", wire(node_example))
            measure("wire, Node example, pipelined", wire(node_example), pipelined=True)
            measure("wire, Node example, pipelined, single ask", wire(node_example, repeat=False), pipelined=True)
        measure("wire, echo responder, one by one", wire(echo))
        measure("wire, echo responder, pipelined", wire(echo), pipelined=True)
        measure("wire, echo responder, pipelined, single ask", wire(echo, repeat=False), pipelined=True)

    print(f"{len(cases)} Struggle of Empires vector cases, best of {args.rounds} rounds")
    print(f"{'subject':<46} {'cases/s':>9} {'us/case':>9} {'passed':>8}")
    for label, seconds, passed in rows:
        print(f"{label:<46} {1 / seconds:>9.0f} {seconds * 1e6:>9.1f} {passed:>4}/{len(cases)}")
    figures = {label: seconds for label, seconds, _ in rows}
    in_process = figures["in-process, the reference"]
    for way in ("pipelined", "one by one"):
        echo_cost = figures[f"wire, echo responder, {way}"]
        print(f"protocol cost per case, {way} (echo responder; encoding, both asks, decoding and judging): "
              f"{echo_cost * 1e6:.1f} us")
    if node:
        node_pipelined = figures["wire, Node example, pipelined"]
        print(f"Node example, pipelined, vs the reference in-process: {node_pipelined / in_process:.2f}x the time per case")
    else:
        print("node not found: the Node example was not measured")
    return 0


if __name__ == "__main__":
    sys.exit(main())
