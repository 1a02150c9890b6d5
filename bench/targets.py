"""The gate's speed targets (issues 13 and 28), each beside a floor measured in the same run, so a noisy machine's
figures still mean something: compare the ratios, and read the load average printed with them.

| target | floor it is divided by |
| --- | --- |
| ``nox`` (default sessions) <= 180 s, ``nox -t ci`` <= 360 s (``--nox``, ``--ci``) | its own CPU seconds / the cores |
| ``verify``, 3 games, reference, ci <= 25 s | the same command in one process (``-- -n 0``) |
| each game over the wire, its Node example, <= 1.1x and <= 10 s (medians of 3) | the same checks, in-process |
| vector cases, invariants' calls pipelined in ``verify --cmd`` | none: requests held before a reply, per process |
| ``diff ref cmd:`` each example (Node; his-csharp, mono), every operation, default budget, <= 120 s | its ``verify`` |
| ``rulespec plugged``, a full game, <= 180 s (``--plugged``) | its own CPU seconds / the cores |
| one-bug canary <= 2x a correct one, SoE < 60 s | the canaries' base without a bug, same game, same command |

A canary counts only when verify fails it on the rule it breaks and shows a falsifying example (the
minimal input Hypothesis shrank to) or the failing vector case.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rulespec.conformance.harness.games import all_games
from rulespec.conformance.harness.records import read_report
from rulespec.conformance.harness.vocabulary import cores

REPO_ROOT = Path(__file__).resolve().parents[1]  # the checkout being measured

VERIFY = [sys.executable, "-m", "rulespec.conformance.harness.cli", "verify"]
DIFF = [sys.executable, "-m", "rulespec.conformance.harness.cli", "diff"]
NODE_EXAMPLE = f"node {REPO_ROOT / 'examples' / 'soe-node' / 'impl.js'}"


@dataclass(frozen=True)
class Timed:
    wall: float
    cpu: float  # user + system of the command and every process it waited for
    code: int
    output: str


def timed(command: Sequence[str], cwd: Path = REPO_ROOT, env: dict[str, str] | None = None) -> Timed:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timed(wall, cpu, done.returncode, done.stdout + done.stderr)


def row(label: str, figure: Timed, target: str, floor_label: str, floor: float, floor_cpu: float | None = None) -> None:
    """One figure; with ``floor_cpu``, also the ratio of CPU seconds (a loaded machine inflates it least)."""
    ratio = figure.wall / floor if floor > 0 else float("inf")
    cpu_ratio = f" {figure.cpu / floor_cpu:>6.2f}x" if floor_cpu else ""
    print(
        f"{label:<46} {figure.wall:>8.1f} {figure.cpu:>8.1f} {target:>10}   "
        f"{floor_label:<34} {floor:>8.1f} {ratio:>6.2f}x{cpu_ratio}"
    )


def header() -> None:
    print(f"\nload average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {cores()} cores")
    print(
        f"{'figure':<46} {'wall s':>8} {'CPU s':>8} {'target':>10}   {'floor':<34} {'floor s':>8} {'ratio':>7}"
        f" {'CPU ratio':>9}"
    )


def nox_fresh(sessions: Sequence[str], tagged: Sequence[str] = (), target: str = "<= 180 s") -> None:
    """The default sessions (or those tagged) in a fresh clone of the committed tree: no .nox, no .crosshair-cache,
    no .hypothesis."""
    chosen = [*(["-s", *sessions] if sessions else []), *(["-t", *tagged] if tagged else [])]
    label = f"nox -t {' '.join(tagged)}" if tagged else "nox (default sessions)"
    with tempfile.TemporaryDirectory(prefix="rulespec-bench-clone-") as scratch:
        clone = Path(scratch) / "rulespec"
        subprocess.run(["git", "clone", "-q", "--no-local", str(REPO_ROOT), str(clone)], check=True)
        nox = shutil.which("nox") or "nox"
        figure = timed([nox, *chosen], cwd=clone)
        row(f"{label}, fresh clone", figure, target, "its CPU s / cores", figure.cpu / cores())
        for session, seconds in re.findall(r"nox > Session (\S+) was successful in (.+)", figure.output):
            print(f"  {session}: {seconds}")
        if figure.code != 0:
            print(f"  nox exited {figure.code}:\n{figure.output[-2000:]}")
        if tagged:
            return
        again = timed([nox, "-R", *chosen], cwd=clone)
        row("nox again, unchanged (-R: venvs and caches kept)", again, "", "its CPU s / cores", again.cpu / cores())


def verify_three_games() -> None:
    spread = timed([*VERIFY, "--profile", "ci"])
    single = timed([*VERIFY, "--profile", "ci", "--", "-n", "0"])
    row("verify, 3 games, reference, ci", spread, "<= 25 s", "the same in one process (-n 0)", single.wall, single.cpu)
    row("  the same in one process (-n 0)", single, "", "its CPU s / cores", single.cpu / cores())
    for figure in (spread, single):
        if figure.code != 0:
            print(f"  verify exited {figure.code}:\n{figure.output[-2000:]}")


def median_of(figures: Sequence[Timed]) -> Timed:
    """The run of median wall time, its CPU the median CPU (the exit status: the worst)."""
    middle = sorted(figures, key=lambda figure: figure.wall)[len(figures) // 2]
    cpu = statistics.median(figure.cpu for figure in figures)
    return Timed(middle.wall, cpu, max(figure.code for figure in figures), middle.output)


def over_the_wire(repeat: int = 3) -> None:
    """Each game's Node example over the wire against the same game's checks in-process, each run ``repeat`` times
    in turn (in-process, wire, in-process, ...), so a moment of load falls on both; the medians are compared."""
    if shutil.which("node") is None:
        print("node not found: the wire target was not measured")
        return
    for key in sorted(g.key for g in all_games()):
        example = REPO_ROOT / "examples" / f"{key}-node" / "impl.js"
        if not example.is_file():
            print(f"{key}: no Node example: not measured over the wire")
            continue
        floors: list[Timed] = []
        wires: list[Timed] = []
        for _ in range(repeat):
            floors.append(timed([*VERIFY, "--game", key, "--profile", "ci"]))
            wires.append(timed([*VERIFY, "--game", key, "--profile", "ci", "--cmd", f"node {example}"]))
        floor, wire = median_of(floors), median_of(wires)
        row(
            f"verify {key} over the wire, Node example, ci",
            wire,
            "<= 1.1x, 10 s",
            f"{key}, the reference in-process",
            floor.wall,
            floor.cpu,
        )
        print(
            f"  median of {repeat}: wire {', '.join(f'{f.wall:.1f}' for f in wires)} s; "
            f"in-process {', '.join(f'{f.wall:.1f}' for f in floors)} s"
        )
        for figure in (*wires, *floors):
            if figure.code != 0:
                print(f"  verify exited {figure.code}:\n{figure.output[-2000:]}")
                break


def examples(scratch: Path) -> list[tuple[str, str, str]]:
    """Each example implementation that can run here: (game, its name, its command); the C# one built into
    ``scratch`` first (Debian's mono-mcs)."""
    found: list[tuple[str, str, str]] = []
    for key in sorted(g.key for g in all_games()):
        example = REPO_ROOT / "examples" / f"{key}-node" / "impl.js"
        if shutil.which("node") is not None and example.is_file():
            found.append((key, f"{key}-node", f"node {example}"))
    if shutil.which("mcs") and shutil.which("mono"):
        built = subprocess.run(
            ["sh", str(REPO_ROOT / "examples" / "his-csharp" / "build.sh"), str(scratch)], check=False
        )
        if built.returncode == 0:
            found.append(("his", "his-csharp", f"mono {scratch / 'his.exe'}"))
    return found


def diff_games(keys: Sequence[str] = ()) -> None:
    """Each game's whole ``diff`` against each of its examples (every operation, the default budget), beside
    ``verify`` of the same process: issue 24 asks at most 2 minutes on 2 cores. ``keys``: only those games."""
    with tempfile.TemporaryDirectory(prefix="rulespec-bench-diff-") as scratch:
        chosen = [example for example in examples(Path(scratch)) if not keys or example[0] in keys]
        if not chosen:
            print("diff: no example implementation can run here (node, mono): not measured")
        for key, name, command in chosen:
            floor = timed([*VERIFY, "--game", key, "--cmd", command])
            figure = timed([*DIFF, "ref", f"cmd:{command}", "--game", key])
            label = f"verify {key} --cmd, the same"
            row(f"diff {key} ref cmd:, {name}", figure, "<= 120 s", label, floor.wall, floor.cpu)
            if figure.code not in (0, 1):  # 1: a difference found, which is what diff is for
                print(f"  diff exited {figure.code}:\n{figure.output[-2000:]}")
            if floor.code != 0:
                print(f"  verify exited {floor.code}:\n{floor.output[-2000:]}")


def pipelined() -> None:
    """Requests sent ahead in a default ``verify --cmd`` run, counted by the process: the most requests it held before
    a reply (2 when asked one by one: a request and its determinism copy). The whole run (vector cases sent ahead, and
    the invariants' speculated calls), then its invariants alone."""
    with tempfile.TemporaryDirectory(prefix="rulespec-bench-pipelined-") as scratch:
        for label, only in (("", ()), (" -k 'not json'", ("--", "-k", "not json"))):
            counted = Path(scratch) / f"counted-{len(only)}"
            adapter = f"{sys.executable} {REPO_ROOT / 'tests' / 'fakes' / 'counting_adapter.py'} soe {counted}"
            figure = timed([*VERIFY, "--game", "soe", "--profile", "ci", "--cmd", adapter, *only])
            held = counted.read_text(encoding="utf-8").split() if counted.is_file() else []
            print(
                f"{f'held before a reply: soe --cmd{label}':<46} {figure.wall:>8.1f}"
                f" {figure.cpu:>8.1f} {'> 2':>10}   per process (run, workers): {', '.join(held) or 'none'}"
            )
            if figure.code != 0:
                print(f"  verify exited {figure.code}:\n{figure.output[-2000:]}")


def plugged(key: str = "soe") -> None:
    """``rulespec plugged`` over a correct implementation of a full game (the canaries' base): its three steps."""
    module = importlib.import_module(f"tests.canaries.{key}")
    figure = timed([*VERIFY[:-1], "plugged", "--game", key, "--impl", f"tests.canaries.{key}:{module.CORRECT}"])
    row(
        f"rulespec plugged {key}, --impl {module.CORRECT}"[:46],
        figure,
        "<= 180 s",
        "its CPU s / cores",
        figure.cpu / cores(),
    )
    if figure.code != 0:
        print(f"  plugged exited {figure.code}:\n{figure.output[-2000:]}")


def _judged(report: Path, rules: Sequence[str]) -> str:
    """How verify showed the canary: caught on its rules, each with the request of its smallest failing check."""
    records = read_report(report) if report.is_file() else []
    shown: dict[str, int] = {}
    for record in records:
        if record.outcome == "failed" and record.primary_rule in rules and record.operation is not None:
            size = len(json.dumps(record.request, separators=(",", ":")))
            shown[record.primary_rule] = min(size, shown.get(record.primary_rule, size))
    if set(shown) != set(rules):
        return f"NOT CAUGHT on {', '.join(sorted(set(rules) - set(shown)))}"
    return f"caught; input {max(shown.values())} chars"


def canaries(keys: Sequence[str], per_game: int | None) -> None:
    """Each game's canaries judged as a user would (whole game, ci), against the correct one.

    The correct one is the canaries' own base without a bug (``CORRECT`` in the game's canary
    module), plugged in the same way (``--impl``, its own process): the ratio is what the bug costs,
    finding and shrinking it, and not what plugging in costs (the reference in-process is printed too).
    A canary counts as judged when every rule it breaks is the primary rule of a failed check that
    shows its request; the figure beside it is the longest such request, as compact JSON (the
    largest of the smallest inputs shown per rule: what shrinking left the user to read).
    """
    for key in keys:
        module = importlib.import_module(f"tests.canaries.{key}")
        chosen = list(module.CANARIES)[:per_game] if per_game else list(module.CANARIES)
        reference = timed([*VERIFY, "--game", key, "--profile", "ci"])
        row(f"{key}: the reference in-process", reference, "", "", reference.wall, reference.cpu)
        correct = timed([*VERIFY, "--game", key, "--profile", "ci", "--impl", f"tests.canaries.{key}:{module.CORRECT}"])
        row(
            f"{key}: a correct one, --impl {module.CORRECT}",
            correct,
            "",
            "the reference in-process",
            reference.wall,
            reference.cpu,
        )
        if correct.code != 0:
            print(
                f"  the correct one did not pass (exit {correct.code}): its ratios mean nothing\n"
                f"{correct.output[-2000:]}"
            )
        worst = 0.0
        with tempfile.TemporaryDirectory(prefix="rulespec-bench-canary-") as scratch:
            for canary in chosen:
                report = Path(scratch) / f"{canary.name}.json"
                impl = f"tests.canaries.{key}:{canary.name}"
                figure = timed(
                    [*VERIFY, "--game", key, "--profile", "ci", "--impl", impl, "--report-json", str(report)]
                )
                worst = max(worst, figure.wall)
                judged = _judged(report, canary.caught_on)
                row(f"  {canary.name[:44]}", figure, "<= 2x", judged[:34], correct.wall, correct.cpu)
        limit = " (target < 60 s)" if key == "soe" else ""
        print(
            f"  {key}: worst canary {worst:.1f} s wall, {worst / correct.wall:.2f}x the correct one"
            f" ({worst / reference.wall:.2f}x the reference in-process){limit}"
        )


def run(args: Sequence[str] | None = None) -> None:
    """Every target; ``--nox`` adds the fresh-clone ``nox`` (minutes), ``--canaries N`` limits the canaries per game."""
    import argparse

    options = argparse.ArgumentParser(prog="bench targets")
    options.add_argument("--nox", action="store_true", help="also time the default nox sessions in a fresh clone")
    options.add_argument("--nox-session", action="append", default=[], help="with --nox: only this session")
    options.add_argument("--canaries", type=int, default=None, metavar="N", help="at most N canaries per game")
    options.add_argument("--canary-game", action="append", choices=[g.key for g in all_games()], help="only this game")
    options.add_argument("--ci", action="store_true", help="also time nox -t ci in a fresh clone")
    options.add_argument("--plugged", action="store_true", help="also time rulespec plugged over a full game")
    options.add_argument(
        "--skip", action="append", default=[], choices=("verify", "wire", "pipelined", "diff", "canaries")
    )
    options.add_argument("--diff-game", action="append", default=[], help="diff only this game's examples")
    options.add_argument("--repeat", type=int, default=3, metavar="N", help="runs of each wire figure and its floor")
    chosen = options.parse_args(args)
    header()
    if chosen.nox:
        nox_fresh(chosen.nox_session)
    if chosen.ci:
        nox_fresh([], ["ci"], "<= 360 s")
    if "verify" not in chosen.skip:
        verify_three_games()
    if "wire" not in chosen.skip:
        over_the_wire(chosen.repeat)
    if "pipelined" not in chosen.skip:
        pipelined()
    if "diff" not in chosen.skip:
        diff_games(chosen.diff_game)
    if chosen.plugged:
        plugged()
    if "canaries" not in chosen.skip:
        canaries(chosen.canary_game or [g.key for g in all_games()], chosen.canaries)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end")
