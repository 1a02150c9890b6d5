"""Every check rulespec runs, one session each.

``nox`` with no arguments runs the gate a contributor waits for (lint, typecheck, tests, conformance, symbolic);
``nox -t ci`` runs what CI runs: that gate, the ruling matrix of ``rulespec diff`` and the compliance site
in a real browser.
"""

from __future__ import annotations

import os
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
HERE = Path(__file__).resolve().parent


@nox.session(tags=["ci"])
def lint(session: nox.Session) -> None:
    """ruff check (the rules in pyproject.toml) and ruff format --check over the tree: nothing to report."""
    session.install("ruff>=0.17,<0.18")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(tags=["ci"])
def typecheck(session: nox.Session) -> None:
    """mypy --strict and pyright strict over reference/, conformance/, bench/, tests/ and this file: 0 errors."""
    session.install(*DEV)
    session.run("mypy")
    session.run("pyright")


@nox.session(tags=["ci"])
def tests(session: nox.Session) -> None:
    """Tests of the reference and the harness, the canaries, and the consistency of spec, vectors and schemas."""
    session.install(*DEV)
    # worksteal: a worker that runs out takes queued tests from the other, so the long ones never end alone
    session.run(
        "pytest", "-n", "auto", "--dist", "worksteal", "--hypothesis-profile=ci", "-m", "not slow", *session.posargs
    )


@nox.session
def slow(session: nox.Session) -> None:
    """The tests that take minutes of CrossHair or mutmut (not in the default list): ``nox -s slow``."""
    session.install(*DEV)
    session.run("pytest", "--hypothesis-profile=ci", "-m", "slow", *session.posargs)


@nox.session(tags=["ci"])
def ruling_matrix(session: nox.Session) -> None:
    """rulespec diff tells every alternative of every ruling from the reference, in under 60 CPU seconds each.

    Minutes in all, so not in the default list; CI runs it: ``nox -s ruling_matrix``.
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
    session.install(*DEV)
    session.run("rulespec", "verify", "--profile", "ci", *_install_plugged(session))


@nox.session(tags=["ci"])
def symbolic(session: nox.Session) -> None:
    """CrossHair searches for inputs that break the reference's contracts, time-bounded per condition."""
    session.install(*DEV)
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


@nox.session
def plugged(session: nox.Session) -> None:
    """typecheck, verify and symbolic against your implementation, one verdict (not in the default list).

    ``nox -s plugged -- --game soe --impl mypackage.engine:SoeRules [--install PATH]`` (or ``--cmd "..."``):
    your package is installed into this session's virtualenv first (see ``_install_plugged``); every
    other option goes to ``rulespec plugged``.
    """
    session.install(*DEV)
    session.run("rulespec", "plugged", *_install_plugged(session))


@nox.session(tags=["ci"])
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
