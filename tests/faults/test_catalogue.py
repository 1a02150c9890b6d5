"""The catalogue holds each attack once, every faulty_impl fault is in it, and docs/architecture.md counts them."""

from __future__ import annotations

import re

import pytest

from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.subject import ImplementationError
from rulespec.conformance.harness.verify.breaker import PER_CHECK, Breaker, CircuitOpen
from rulespec.conformance.harness.verify.recorder import Recorder, is_fault
from tests import REPO_ROOT
from tests.fakes.faulty_impl import AT_START, PER_REQUEST
from tests.faults.catalogue import FAULTY_IMPL, FILES, IN_PROCESS, RUNS, WIRE

ALL = [attack.name for attack in (*WIRE, *IN_PROCESS, *FILES, *RUNS)] + list(FAULTY_IMPL)


def test_each_attack_once_and_every_faulty_impl_fault_listed() -> None:
    assert len(ALL) == len(set(ALL))
    assert set(FAULTY_IMPL) == set(PER_REQUEST) | set(AT_START)


def test_the_architecture_page_counts_the_attacks() -> None:
    page = (REPO_ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    counted = re.search(r"(\d+) ways an implementation or a file can attack the harness", page)
    assert counted is not None and int(counted.group(1)) == len(ALL)


def test_a_fault_deep_in_nested_groups_is_an_error() -> None:
    """Hypothesis nests groups; a crash inside one is the check's fault, not a rules failure."""
    crash = ImplementationError("crash: the process exited (status 3)")
    nested = ExceptionGroup("found", [AssertionError("differs"), ExceptionGroup("inner", [crash])])
    assert is_fault(nested)
    assert not is_fault(ExceptionGroup("found", [AssertionError("differs"), ExceptionGroup("inner", [ValueError()])]))
    assert is_fault(CircuitOpen("stopped"))


def _costly(message: str) -> ImplementationError:
    error = ImplementationError(message)
    error.costly = True
    return error


def test_the_breaker_stops_a_check_then_the_run_naming_the_fault_that_opened_it() -> None:
    breaker = Breaker(max_faults=PER_CHECK + 1, case_timeout=10.0)
    breaker.new_check()
    for _ in range(PER_CHECK - 1):
        breaker.fault(_costly("timeout: no reply"))
    with pytest.raises(CircuitOpen, match="stopped after 3 faults"):
        breaker.fault(_costly("timeout: no reply"))
    breaker.new_check()
    with pytest.raises(CircuitOpen, match="crash: exited.*\n.*opened the circuit breaker"):
        breaker.fault(_costly("crash: exited"))
    with pytest.raises(CircuitOpen, match="not run.*--max-faults 4.*opened on: crash: exited"):
        breaker.guard()


def test_honest_answers_never_open_the_breaker() -> None:
    """An errored or refused answer, however many, is the outcome of its own check: it costs no time."""
    breaker = Breaker(max_faults=1)
    for _ in range(100):
        breaker.new_check()
        breaker.fault(ImplementationError("exception in the implementation: KeyError"))
    breaker.guard()
    assert breaker.run_faults == 0


def test_the_time_faults_cost_opens_the_breaker() -> None:
    """A slow restart costs what it took: a 15 s start-up behind a 2 s timeout opens it at once (6 x 2 s spent)."""
    breaker = Breaker(max_faults=6, case_timeout=2.0)
    breaker.new_check()
    breaker.fault(_costly("timeout: no reply"), seconds=2.0)
    with pytest.raises(CircuitOpen, match="opened the circuit breaker"):
        breaker.fault(_costly("timeout: no reply"), seconds=17.0)


def test_a_check_collected_but_never_recorded_makes_the_verdict_incomplete() -> None:
    """The process running the checks ended early: the run must not read as complete (verify exits non-zero)."""
    recorder = Recorder()
    recorder.collected = {
        "conformance/vectors/soe/grow_population.json::a",
        "conformance/vectors/soe/grow_population.json::b",
    }
    recorder.records.append(
        CheckRecord("conformance/vectors/soe/grow_population.json::a", "soe", "vector", ("SOE-POP-1",), "passed", "")
    )
    assert recorder.unrecorded() == 1
    recorder.records.append(
        CheckRecord("conformance/vectors/soe/grow_population.json::b", "soe", "vector", ("SOE-POP-1",), "error", "")
    )
    assert recorder.unrecorded() == 0
