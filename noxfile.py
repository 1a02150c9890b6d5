"""Every check rulespec runs, one session each.

``nox`` with no arguments runs the gate a contributor waits for (lint, typecheck, tests, conformance, symbolic);
``nox -t ci`` runs what CI runs: lint, typecheck, conformance and symbolic, ``all_tests`` (the tests, the commands
run whole over whole games with the ruling matrix of ``rulespec diff``, and the compliance site in a real browser,
in one pytest run) and the built wheel walked as a user walks it (``wheel``).
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import nox

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["lint", "typecheck", "tests", "conformance", "symbolic"]

# The sessions start a Python process per run of rulespec (the tests alone about 150): with bytecode
# never written, as some machines set, each one compiles the harness again (measured: 45 s of the tests
# session on 2 cores). __pycache__ is ignored by git.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

DEV = ("-e", ".[dev]")
SYMBOLIC = ("-e", ".[symbolic]")  # rulespec and CrossHair, not the contributors' tools (pyright's Node, a browser)
HERE = Path(__file__).resolve().parent


def _from_elsewhere(argv: list[str]) -> bool:
    """Whether nox was pointed at this file from another project (``nox -f ../rulespec/noxfile.py``)."""
    return any(word in ("-f", "--noxfile") or word.startswith("--noxfile=") for word in argv)


# Run from a user's project, nox keeps its virtualenvs out of the rulespec checkout (which may be read-only, or
# shared by several projects) and out of the user's tree (nothing to ignore there): in the user's cache, one
# folder per checkout, reused by every project that uses it. --envdir still chooses.
if _from_elsewhere(sys.argv) and not any(word.startswith("--envdir") for word in sys.argv):
    _cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    nox.options.envdir = str(_cache / "rulespec" / f"nox-{hashlib.sha256(str(HERE).encode()).hexdigest()[:12]}")


@nox.session(tags=["ci"])
def lint(session: nox.Session) -> None:
    """ruff check (the rules in pyproject.toml) and ruff format --check over the tree: nothing to report."""
    session.install("ruff>=0.17,<0.18")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(tags=["ci"])
def typecheck(session: nox.Session) -> None:
    """mypy --strict and pyright strict over reference/, conformance/, bench/, tests/ and this file: 0 errors.

    Each checker is one process: pyright runs beside mypy, its output shown after mypy's. Started outside
    ``session.run``, it is told the session's interpreter, whose packages it resolves imports against."""
    session.install(*DEV)
    python = str(Path(session.bin, "python"))
    pyright = subprocess.Popen(
        [str(Path(session.bin, "pyright")), "--pythonpath", python],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        session.run("mypy")
    finally:
        shown, _ = pyright.communicate()
    print(shown, end="")
    if pyright.returncode != 0:
        session.error(f"pyright: exit {pyright.returncode}")


@nox.session
def tests(session: nox.Session) -> None:
    """Tests of the reference and the harness, and the consistency of spec, vectors and schemas: what each change
    waits for. The commands run whole over whole games are ``acceptance``'s."""
    _pytest(session, "not slow and not acceptance")


@nox.session
def acceptance(session: nox.Session) -> None:
    """rulespec's commands run whole, as a user runs them, over whole games: every canary caught on its rules, every
    example passing, every documented command as written, the journeys, and the ruling matrix. Minutes of processes,
    so not in the default list: ``nox -s acceptance`` (CI runs it within ``all_tests``)."""
    _pytest(session, "(acceptance or ruling_matrix) and not slow")


@nox.session(tags=["ci"])
def all_tests(session: nox.Session) -> None:
    """What CI tests, in one pytest run: ``tests``, ``acceptance`` (with the ruling matrix) and ``browser``. One start
    of the workers instead of three, and the browser's single process and the last long commands share the cores
    rather than each waiting for the other. Needs what ``browser`` needs (Node.js and Debian's chromium)."""
    session.env["RULESPEC_BROWSER"] = "1"
    # every test not slow; naming the ruling matrix is what runs it (tests/diff/conftest.py)
    _pytest(session, "not slow or ruling_matrix")


def _pytest(session: nox.Session, marked: str) -> None:
    session.install(*DEV)
    # One worker more than the cores: about a tenth of a worker's time is a test waiting on a clock (a timeout, a
    # slow start) rather than computing, and the extra worker fills it (measured over all_tests on 2 cores: 264 s
    # with 2 workers, 245 s with 3, 249 s with 4, the same CPU seconds). worksteal: a worker that runs out takes
    # queued tests from another, so the long ones never end alone.
    workers = str(_cores() + 1)
    session.run(
        "pytest", "-n", workers, "--dist", "worksteal", "--hypothesis-profile=ci", "-m", marked, *session.posargs
    )


def _cores() -> int:
    """The processors nox may run on (as rulespec's own ``cores``: nox cannot import rulespec)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@nox.session
def slow(session: nox.Session) -> None:
    """The tests that take minutes of CrossHair or mutmut (not in the default list): ``nox -s slow``."""
    session.install(*DEV)
    session.run("pytest", "--hypothesis-profile=ci", "-m", "slow", *session.posargs)


@nox.session
def ruling_matrix(session: nox.Session) -> None:
    """rulespec diff tells every alternative of every ruling from the reference, in under 90 CPU seconds each, and
    names it in an implementation that plays it whatever it is asked.

    Searched first in the operation that reads the ruling, each takes seconds; a few minutes in all, so not in the
    default list; alone: ``nox -s ruling_matrix`` (CI runs it within ``all_tests``).
    """
    session.install(*DEV)
    session.run(
        "pytest",
        "-n",
        "2",
        "--hypothesis-profile=ci",
        "-m",
        "ruling_matrix",
        "-rP",
        "tests/diff/test_ruling_matrix.py",
        *session.posargs,
    )


@nox.session(tags=["ci"])
def conformance(session: nox.Session) -> None:
    """Vectors and invariants against an implementation.

    ``nox -s conformance -- --game soe --impl pkg:Impl [--install PATH]``.
    """
    _bytecode_elsewhere(session)
    session.install("-e", ".")  # verify needs rulespec alone: no contributors' tools to install in a fresh clone
    _run_for_the_caller(session, "verify", "--profile", "ci", *_install_plugged(session))


@nox.session(tags=["ci"])
def symbolic(session: nox.Session) -> None:
    """CrossHair searches for inputs that break the reference's contracts, time-bounded per condition."""
    session.install(*SYMBOLIC)
    session.run("python", "-m", "rulespec.conformance.harness.symbolic", *session.posargs)


@nox.session
def mutation(session: nox.Session) -> None:
    """mutmut's mutants and the order and condition mutants of each game's reference against its suite: the score
    per kind and per module, survivors, equivalents.

    Not in the default list (minutes per game): ``nox -s mutation -- --game soe [--kind order]``.
    """
    session.install(*DEV)
    session.run("python", "-m", "rulespec.conformance.harness.mutation", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """Cases per second in-process and over the wire, the protocol's cost, and the gate's speed targets (each beside
    a floor from the same run: bench/targets.py).

    Not in the default list (figures, not a gate): ``nox -s bench``; ``-- --nox`` adds the default sessions timed in a
    fresh clone, ``-- --canaries N`` limits the one-bug canaries per game, ``-- --no-targets`` keeps the per-case
    figures.
    """
    session.install(*DEV)
    session.run("python", "bench/run.py", *session.posargs)


def _install_plugged(session: nox.Session) -> list[str]:
    """Install the user's package (``--install PATH``, else the project nox was started in, when that is not
    rulespec itself) into the session's virtualenv; the arguments left for rulespec."""
    arguments = list(session.posargs)
    install: str | None = None
    if "--install" in arguments:
        at = arguments.index("--install")
        if at + 1 >= len(arguments):
            session.error("--install needs the path of your project (the folder holding its pyproject.toml)")
        install = arguments.pop(at + 1)
        arguments.pop(at)
    invoked = Path(session.invoked_from).resolve()
    if (
        install is None
        and invoked != HERE
        and any((invoked / name).is_file() for name in ("pyproject.toml", "setup.py"))
    ):
        install = str(invoked)
    if install is not None:
        session.install("-e", str(Path(session.invoked_from, install).resolve()))
    return arguments


def _run_for_the_caller(session: nox.Session, *arguments: str) -> None:
    """``rulespec ARGUMENTS`` in the directory nox was started from: each relative path (``--expectations``,
    ``--report-json``, ``--vectors``, ...) means what it means there, ``--impl`` imports from there, and what the run
    writes (reports, ``.hypothesis/``, ``.mypy_cache/``) lands there."""
    with session.chdir(session.invoked_from):
        session.run("rulespec", *arguments)


def _bytecode_elsewhere(session: nox.Session) -> None:
    """Run from another project, the session writes no bytecode into the checkout (the editable rulespec's, and the
    build hook's while it is installed): it goes to the session's virtualenv."""
    if Path(session.invoked_from).resolve() != HERE:
        session.env["PYTHONPYCACHEPREFIX"] = str(Path(session.virtualenv.location, "pycache"))


@nox.session
def plugged(session: nox.Session) -> None:
    """typecheck, verify and symbolic against your implementation, one verdict (not in the default list).

    ``nox -s plugged -- --game soe --impl mypackage.engine:SoeRules [--install PATH]`` (or ``--cmd "..."``):
    your package is installed into this session's virtualenv first (see ``_install_plugged``); every
    other option goes to ``rulespec plugged``.
    """
    _bytecode_elsewhere(session)
    session.install(*SYMBOLIC)
    _run_for_the_caller(session, "plugged", *_install_plugged(session))


@nox.session
def browser(session: nox.Session) -> None:
    """The report site built by ``verify --html`` and used in Debian's chromium through Playwright (nothing downloaded).

    Needs ``/usr/bin/chromium`` (``apt-get install chromium``; .ci/run installs it) and Node.js. The site and its
    screenshots stay under build/browser/: ``nox -s browser``.
    """
    session.install("-e", ".[dev,browser]")
    Path("build").mkdir(exist_ok=True)  # pytest makes --basetemp, not its parent
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        "-m",
        "browser",
        "-s",
        "--basetemp=build/browser",
        "tests/report/test_browser.py",
        *session.posargs,
        env={"RULESPEC_BROWSER": "1"},
    )


# The journey nox -s wheel walks: one game, the rules where the engine's bug (SOE-POP-2's, the cap at 9)
# and its missing operation (end_game, SOE-END-4) show, so each run takes seconds rather than minutes.
JOURNEY_RULES = ("--rule", "SOE-POP-2", "--rule", "SOE-END-4")
ENGINE = ("--game", "soe", "--impl", "myengine:SoeRules")


def _step(session: nox.Session, where: Path, env: dict[str, str], expected: int, *command: str) -> str:
    """Run ``command`` in ``where`` as a user would; it must end with ``expected`` and print no traceback."""
    session.log(f"$ {' '.join(command)}")
    done = subprocess.run(command, cwd=where, env=env, capture_output=True, text=True, timeout=900, check=False)
    shown = done.stdout + done.stderr
    print("\n".join(shown.rstrip().splitlines()[-6:]))
    if done.returncode != expected:
        session.error(f"{command[0]} {command[1] if len(command) > 1 else ''}: exit {done.returncode}, not {expected}")
    if "Traceback" in shown and command[0] != "python":
        session.error(f"{' '.join(command)} printed a traceback:\n{shown[-3000:]}")
    return shown


@nox.session(tags=["ci"])
def wheel(session: nox.Session) -> None:
    """The wheel a user installs, walked as a user walks it: ``python -m build``, a fresh virtualenv outside the
    tree, a scratch project with an engine package of its own (.ci/journey: a bug and a missing operation), then
    verify, rules, typecheck, expectations --write, the gate, explain, coverage, report html (its badge green), diff,
    bundle, schema, and the checkout-only commands saying so. Needs uv (nox[uv]); ``nox -s wheel``."""
    session.install("build>=1.2")
    with tempfile.TemporaryDirectory(prefix="rulespec-wheel-") as scratch:
        root = Path(scratch)
        session.run("python", "-m", "build", "--installer", "uv", "--outdir", str(root / "dist"), str(HERE))
        [built] = (root / "dist").glob("rulespec-*.whl")
        shutil.copytree(HERE / ".ci" / "journey", root / "engine")
        venv = root / "venv"
        session.run("uv", "venv", "--quiet", str(venv), external=True)
        python = str(venv / "bin" / "python")
        session.run(
            "uv", "pip", "install", "--quiet", "--python", python, str(built), str(root / "engine"), external=True
        )
        project = root / "project"
        project.mkdir()
        env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}", "NO_COLOR": "1"}
        env.pop("VIRTUAL_ENV", None)
        env.pop("PYTHONPATH", None)
        _walk(session, project, env)


def _walk(session: nox.Session, project: Path, env: dict[str, str]) -> None:
    """The user's journey in ``project``, rulespec installed from the wheel alone."""
    step = functools.partial(_step, session, project, env)
    assert "suite " in step(0, "rulespec", "--version")
    for top in ("reference", "conformance"):
        assert f"No module named '{top}'" in step(1, "python", "-c", f"import {top}")
    step(0, "rulespec", "rules", "--game", "soe")
    step(0, "rulespec", "rules", "SOE-POP-2")
    step(0, "rulespec", "typecheck", *ENGINE)
    assert "unexpected failure of SOE-POP-2" in step(1, "rulespec", "verify", *ENGINE, *JOURNEY_RULES)
    expectations = project / "rulespec-expectations.toml"
    step(0, "rulespec", "expectations", "--write", expectations.name, *ENGINE, *JOURNEY_RULES, "--profile", "ci")
    reasons = re.sub(r'TODO: say why \([^"]*\)', "issue 1: population is not capped at 9 yet", expectations.read_text())
    expectations.write_text(reasons.replace("issue 1: population is not capped at 9 yet", "end_game comes later", 1))
    gate = ["--expectations", expectations.name, "--profile", "ci", "--junit-xml", "junit.xml"]
    gate += ["--summary-md", "summary.md", "--report-json", "report.json"]
    assert "gate: PASSED" in step(0, "rulespec", "verify", *ENGINE, *JOURNEY_RULES, *gate)
    step(0, "rulespec", "explain", "soe-pop-seven-empires", "--report-json", "report.json")
    step(0, "rulespec", "coverage", "--game", "soe")
    step(0, "rulespec", "report", "html", "site", "report.json", "--expectations", expectations.name)
    badge = (project / "site" / "badges" / "soerules-soe.svg").read_text(encoding="utf-8")
    assert "passing · " in badge and "#2e7d32" in badge, badge  # a partial engine whose gate passes: green
    assert "Difference(" not in (project / "site" / "soe.html").read_text(encoding="utf-8")
    diff = ("--game", "soe", "--operation", "grow_population", "--max-examples", "50")
    assert "DIFFERS" in step(1, "rulespec", "diff", *diff, "ref", "impl:myengine:SoeRules")
    assert "wrote" in step(0, "rulespec", "bundle", "dist")
    with tarfile.open(next((project / "dist").glob("rulespec-suite-*.tar.gz"))) as bundle:
        names = bundle.getnames()
    assert any(name.endswith("/manifest.json") for name in names) and any("/vectors/soe/" in name for name in names)
    # checkout-only and optional pieces say so, in one line
    assert "rulespec checkout" in step(2, "rulespec", "review", "--game", "soe")
    assert "rulespec checkout" in step(2, "rulespec", "diff", "--game", "soe", "ref", "git:HEAD")
    assert "rulespec[symbolic]" in step(2, "rulespec", "symbolic", *ENGINE, "--operation", "grow_population")
    assert "JSON Schemas under" in step(0, "rulespec", "schema")
    assert "rulespec checkout" in step(2, "rulespec", "schema", "--write")
    written = sorted(path.name for path in project.iterdir())
    session.log(f"the project holds: {', '.join(written)}")
