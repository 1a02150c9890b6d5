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


def per_case(subject: Subject, cases: Sequence[LoadedCase], rounds: int) -> tuple[float, int]:
    """Best seconds per case over ``rounds`` rounds, and how many cases passed in the last round."""
    best = float("inf")
    passed = 0
    for _ in range(rounds):
        start = time.perf_counter()
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

    def measure(label: str, make: Callable[[], Subject]) -> None:
        subject = make()
        run_case(subject, cases[0])  # start-up is not a case
        seconds, passed = per_case(subject, cases, args.rounds)
        subject.close()
        rows.append((label, seconds, passed))

    with tempfile.TemporaryDirectory() as folder:
        echo = echo_command(cases, Path(folder))
        python_example = f"{sys.executable} {REPO_ROOT / 'examples' / 'soe-python' / 'impl.py'}"
        node_example = f"node {REPO_ROOT / 'examples' / 'soe-node' / 'impl.js'}"
        measure("in-process, the reference", lambda: python_subject(SOE, None))
        measure("wire, Python example", lambda: ProcessSubject(SOE, WireSession(python_example)))
        if node:
            measure("wire, Node example", lambda: ProcessSubject(SOE, WireSession(node_example)))
            measure("wire, Node example, single ask", lambda: ProcessSubject(SOE, WireSession(node_example, repeat=False)))
        measure("wire, echo responder", lambda: ProcessSubject(SOE, WireSession(echo)))
        measure("wire, echo responder, single ask", lambda: ProcessSubject(SOE, WireSession(echo, repeat=False)))

    print(f"{len(cases)} Struggle of Empires vector cases, best of {args.rounds} rounds")
    print(f"{'subject':<36} {'cases/s':>9} {'us/case':>9} {'passed':>8}")
    for label, seconds, passed in rows:
        print(f"{label:<36} {1 / seconds:>9.0f} {seconds * 1e6:>9.1f} {passed:>4}/{len(cases)}")
    figures = {label: seconds for label, seconds, _ in rows}
    in_process = figures["in-process, the reference"]
    echo_cost = figures["wire, echo responder"]
    print(f"protocol cost per case (echo responder, all harness work included): {echo_cost * 1e6:.1f} us")
    print(f"  of which beyond judging in-process (echo - in-process reference): {(echo_cost - in_process) * 1e6:.1f} us")
    if node:
        print(f"Node example over the wire vs the reference in-process: {figures['wire, Node example'] / in_process:.1f}x the time")
    else:
        print("node not found: the Node example was not measured")
    return 0


if __name__ == "__main__":
    sys.exit(main())
