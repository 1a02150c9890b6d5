"""Every check rulespec runs, one session each. ``nox`` with no arguments runs what CI runs."""

from __future__ import annotations

import nox

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["typecheck", "tests", "conformance", "symbolic"]

DEV = ("-e", ".[dev]")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict and pyright strict over reference/, conformance/, bench/, tests/ and this file: 0 errors."""
    session.install(*DEV)
    session.run("mypy")
    session.run("pyright")


@nox.session
def tests(session: nox.Session) -> None:
    """Tests of the reference and the harness, the canaries, and the consistency of spec, vectors and schemas."""
    session.install(*DEV)
    session.run("pytest", "-n", "auto", "--hypothesis-profile=ci", "-m", "not slow", *session.posargs)


@nox.session
def slow(session: nox.Session) -> None:
    """The tests that take minutes of CrossHair or mutmut (not in the default list): ``nox -s slow``."""
    session.install(*DEV)
    session.run("pytest", "--hypothesis-profile=ci", "-m", "slow", *session.posargs)


@nox.session
def ruling_matrix(session: nox.Session) -> None:
    """rulespec diff tells every alternative of every ruling from the reference, in under 60 CPU seconds each.

    Minutes in all, so not in the default list; CI runs it: ``nox -s ruling_matrix``.
    """
    session.install(*DEV)
    session.run("pytest", "-n", "2", "--hypothesis-profile=ci", "-m", "ruling_matrix", "-rP", "tests/diff/test_ruling_matrix.py", *session.posargs)


@nox.session
def conformance(session: nox.Session) -> None:
    """Vectors and invariants against an implementation: ``nox -s conformance -- --game soe --impl pkg:Impl``."""
    session.install(*DEV)
    session.run("rulespec", "verify", "--profile", "ci", *session.posargs)


@nox.session
def symbolic(session: nox.Session) -> None:
    """CrossHair searches for inputs that break the reference's contracts, time-bounded per condition."""
    session.install(*DEV)
    session.run("python", "-m", "conformance.harness.symbolic", *session.posargs)


@nox.session
def mutation(session: nox.Session) -> None:
    """mutmut over each game's reference against its suite: score per module, survivors, equivalents.

    Not in the default list (minutes per game): ``nox -s mutation -- --game soe``.
    """
    session.install(*DEV)
    session.run("python", "-m", "conformance.harness.mutation", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """Cases per second in-process and over the wire protocol (Python and Node examples), and the protocol's cost.

    Not in the default list (figures, not a gate): ``nox -s bench`` or ``nox -s bench -- --rounds 50``.
    """
    session.install(*DEV)
    session.run("python", "bench/run.py", *session.posargs)
