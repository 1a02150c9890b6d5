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
import io
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import msgspec

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.subject import PythonSubject, Subject, python_subject
from rulespec.conformance.harness.vectors import LoadedCase, load_game
from rulespec.conformance.harness.verdict import Outcome, run_case
from rulespec.conformance.harness.vocabulary import cores
from rulespec.conformance.harness.wire.encoding import wire_form
from rulespec.conformance.harness.wire.process import LineProcess
from rulespec.conformance.harness.wire.session import WireSession
from rulespec.conformance.harness.wire.subject import ProcessSubject
from rulespec.reference.errors import IllegalAction, InvalidState

sys.path.insert(0, str(Path(__file__).resolve().parent))
import targets  # beside this script, which is run as a file

REPO_ROOT = Path(__file__).resolve().parents[1]  # the checkout being measured

SOE = game("soe")
BENCH = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Figure:
    """Per case: wall time, the harness's CPU time, and the implementation process's CPU time."""

    wall: float
    harness_cpu: float
    implementation_cpu: float
    passed: int


def _cpu_of(pid: int | None) -> float:
    """CPU seconds a child has used so far (Linux /proc; 0 elsewhere)."""
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def per_case(subject: Subject, cases: Sequence[LoadedCase], rounds: int, pipelined: bool) -> Figure:
    """The best round's wall time per case, and CPU per case over all rounds."""
    best = float("inf")
    passed = 0
    pid = subject.session.pid if isinstance(subject, ProcessSubject) else None
    cpu_start, child_start = time.process_time(), _cpu_of(pid)
    for _ in range(rounds):
        start = time.perf_counter()
        if pipelined and isinstance(subject, ProcessSubject):
            subject.prefetch([(loaded.operation, loaded.request, loaded.rulings) for loaded in cases])
        verdicts = [run_case(subject, loaded) for loaded in cases]
        best = min(best, (time.perf_counter() - start) / len(cases))
        passed = sum(v.outcome == Outcome.PASSED for v in verdicts)
    asked = rounds * len(cases)
    harness = (time.process_time() - cpu_start) / asked
    return Figure(best, harness, (_cpu_of(pid) - child_start) / asked, passed)


def echo_command(cases: Sequence[LoadedCase], folder: Path) -> str:
    """The echo responder, given the right reply to every case, keyed by the request as the harness sends it."""
    replies: dict[str, str] = {}
    for loaded in cases:
        body = msgspec.json.encode(
            {
                "game": "soe",
                "operation": loaded.operation,
                "rulings": wire_form(loaded.rulings),
                "input": wire_form(loaded.request),
            }
        )
        try:
            reply: dict[str, object] = {
                "type": "result",
                "output": SOE.reference_call(loaded.operation)(loaded.request, loaded.rulings),
            }
        except InvalidState as refused:
            reply = {
                "type": "refused",
                "error": {"kind": "InvalidState", "field": refused.field, "reason": refused.reason},
            }
        except IllegalAction as refused:
            reply = {
                "type": "refused",
                "error": {"kind": "IllegalAction", "rule": refused.rule, "reason": refused.reason},
            }
        replies[body[1:].decode()] = msgspec.json.encode(reply)[1:].decode()
    table = folder / "replies.json"
    operations = sorted({loaded.operation for loaded in cases})
    table.write_text(json.dumps({"games": {"soe": operations}, "replies": replies}), encoding="utf-8")
    return f"{sys.executable} {BENCH / 'echo_impl.py'} {table}"


def pipe_floor(count: int) -> float:
    """Wall seconds per exchange of two lines with a process that echoes them: what any one-at-a-time round trip costs
    on this machine before the protocol does anything (the same pipes and waits as the harness's, no JSON)."""
    process = LineProcess(
        [sys.executable, "-u", "-c", "import sys\nfor l in sys.stdin.buffer: sys.stdout.buffer.write(l)"]
    )
    try:
        start = time.perf_counter()
        for _ in range(count):
            deadline = time.monotonic() + 5.0
            process.write(b"ask\nask\n", deadline)
            process.read_line(deadline)
            process.read_line(deadline)
        return (time.perf_counter() - start) / count
    finally:
        process.kill()


class Instant:
    """In-process, the right answer at once: what judging costs with no rules work and no protocol."""

    def __init__(self, cases: Sequence[LoadedCase]) -> None:
        self._answers: dict[int, object] = {}  # the result, or the refusal to raise
        for loaded in cases:
            call = SOE.reference_call(loaded.operation)
            try:
                self._answers[id(loaded.request)] = call(loaded.request, loaded.rulings)
            except (InvalidState, IllegalAction) as refused:
                self._answers[id(loaded.request)] = refused

    def __getattr__(self, operation: str) -> Callable[[object, object], object]:
        def answer(request: object, rulings: object) -> object:
            found = self._answers[id(request)]
            if isinstance(found, (InvalidState, IllegalAction)):
                raise found
            return found

        return answer


PERFORMANCE = REPO_ROOT / "docs" / "performance.md"


class Tee(io.TextIOBase):
    """What the bench prints, kept as well: docs/performance.md is written from it."""

    def __init__(self, shown: TextIO) -> None:
        self.shown = shown
        self.kept = io.StringIO()

    def write(self, text: str) -> int:
        self.kept.write(text)
        return self.shown.write(text)

    def flush(self) -> None:
        self.shown.flush()


def write_performance(text: str, argv: Sequence[str]) -> None:
    """docs/performance.md: this run's figures as printed, under a header saying so (never edited by hand)."""
    command = " ".join(["nox -s bench", *(["--", *argv] if argv else [])])
    PERFORMANCE.write_text(
        "# Performance\n\n"
        f"<!-- generated by `{command}` (bench/run.py): edits are overwritten by the next run -->\n\n"
        f"Generated by `{command}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{cores()} cores. Every figure below comes from that one run; other work on the machine slows "
        "its seconds, so read the ratios (each figure beside its floor, from the same run) and the load average "
        "printed with them. What each target means and which floor it is divided by: `bench/targets.py`.\n\n"
        f"```text\n{text.strip()}\n```\n",  # figures, not commands: a row may begin with one's name
        encoding="utf-8",
    )
    print(f"wrote {PERFORMANCE}")


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    tee = Tee(sys.stdout)
    sys.stdout = tee
    try:
        code = measured(given)
    finally:
        sys.stdout = tee.shown
    write_performance(tee.kept.getvalue(), given)
    return code


def measured(argv: Sequence[str]) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    options.add_argument("--rounds", type=int, default=20, help="rounds per figure; the best is kept")
    options.add_argument("--no-targets", action="store_true", help="only the per-case figures, not the gate's targets")
    options.add_argument("--no-cases", action="store_true", help="only the gate's targets, not the per-case figures")
    args, rest = options.parse_known_args(argv)  # the rest are the targets' options (bench/targets.py)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {cores()} cores at the start")
    if args.no_cases:
        targets.run(rest)
        return 0
    cases = load_game(SOE)
    node = shutil.which("node")
    rows: dict[str, Figure] = {}

    def measure(label: str, make: Callable[[], Subject], pipelined: bool = False) -> None:
        subject = make()
        run_case(subject, cases[0])  # start-up is not a case
        rows[label] = per_case(subject, cases, args.rounds, pipelined)
        subject.close()

    def wire(command: str, repeat: bool = True) -> Callable[[], Subject]:
        return lambda: ProcessSubject(SOE, WireSession(command, repeat=repeat))

    with tempfile.TemporaryDirectory() as folder:
        echo = echo_command(cases, Path(folder))
        python_example = f"{sys.executable} {REPO_ROOT / 'examples' / 'soe-python' / 'impl.py'}"
        node_example = f"node {REPO_ROOT / 'examples' / 'soe-node' / 'impl.js'}"
        measure("in-process, the reference", lambda: python_subject(SOE, None))
        measure("in-process, answers at once", lambda: PythonSubject(SOE, Instant(cases), "instant"))
        measure("wire, Python example, one by one", wire(python_example))
        measure("wire, Python example, pipelined", wire(python_example), pipelined=True)
        if node:
            measure("wire, Node example, one by one", wire(node_example))
            measure("wire, Node example, pipelined", wire(node_example), pipelined=True)
            measure("wire, Node example, pipelined, single ask", wire(node_example, repeat=False), pipelined=True)
        measure("wire, echo responder, one by one", wire(echo))
        measure("wire, echo responder, pipelined", wire(echo), pipelined=True)
        measure("wire, echo responder, pipelined, single ask", wire(echo, repeat=False), pipelined=True)

    print(f"{len(cases)} Struggle of Empires vector cases; wall: best of {args.rounds} rounds; CPU: mean over them")
    print(f"{'subject':<44} {'cases/s':>8} {'wall us':>8} {'harness CPU us':>15} {'impl CPU us':>12} {'passed':>8}")
    for label, figure in rows.items():
        print(
            f"{label:<44} {1 / figure.wall:>8.0f} {figure.wall * 1e6:>8.1f} {figure.harness_cpu * 1e6:>15.1f}"
            f" {figure.implementation_cpu * 1e6:>12.1f} {figure.passed:>4}/{len(cases)}"
        )
    instant = rows["in-process, answers at once"]
    print(
        f"judging alone (in-process, answers at once): {instant.wall * 1e6:.1f} us wall, "
        f"{instant.harness_cpu * 1e6:.1f} us CPU per case"
    )
    for way in ("pipelined", "one by one"):
        answered = rows[f"wire, echo responder, {way}"]
        wall = answered.wall - instant.wall
        cpu = answered.harness_cpu - instant.harness_cpu + answered.implementation_cpu
        print(
            f"protocol cost per case, {way}, both asks (echo minus judging): {wall * 1e6:.1f} us wall, "
            f"{cpu * 1e6:.1f} us CPU"
        )
    floor = pipe_floor(len(cases) * args.rounds)
    print(f"floor: two lines echoed by a process, one exchange at a time, no protocol: {floor * 1e6:.1f} us wall")
    if node:
        ratio = rows["wire, Node example, pipelined"].wall / rows["in-process, the reference"].wall
        print(f"Node example, pipelined, vs the reference in-process: {ratio:.2f}x the wall time per case")
    else:
        print("node not found: the Node example was not measured")
    if not args.no_targets:
        targets.run(rest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
