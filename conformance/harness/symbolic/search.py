"""One CrossHair search of one condition, in the process that runs it (a worker of the pool in ``reference``).

The search is CrossHair's own (``crosshair check`` makes the same checkable and reads the same
messages); running it here rather than in a ``crosshair`` process per condition saves CrossHair's
start-up on every condition, and lets the pool time each one.
"""

from __future__ import annotations

import io
import time
from dataclasses import dataclass

from rulespec.conformance.harness.symbolic.conditions import Condition, load

CONFIRMED = "confirmed"  # every path explored: holds for all inputs
NOT_REFUTED = "not refuted"  # the budget ran out with no counterexample
COUNTEREXAMPLE = "counterexample"
FAILED = "crosshair failed"  # CrossHair could not analyse it (syntax, import)


@dataclass(frozen=True)
class Searched:
    """What one search found, and how long it took (CPU seconds are what a loaded machine cannot inflate)."""

    condition: str
    verdict: str
    seconds: float
    cpu_seconds: float
    output: str
    budget: float
    cached: bool = False


def search(condition: Condition, budget: float) -> Searched:
    """CrossHair over one condition for at most ``budget`` seconds."""
    from crosshair.core_and_libs import AnalysisKind, analyze_function  # pyright: ignore[reportUnknownVariableType]
    from crosshair.main import describe_message
    from crosshair.options import DEFAULT_OPTIONS, AnalysisOptionSet
    from crosshair.statespace import AnalysisMessage, MessageType

    options = AnalysisOptionSet(analysis_kind=[AnalysisKind.PEP316], per_condition_timeout=budget, report_all=True)
    started, cpu_started = time.perf_counter(), time.process_time()
    try:
        checkable = analyze_function(load(condition), options)[condition.index]
        messages: list[AnalysisMessage] = list(checkable.analyze())
    except Exception as exc:  # noqa: BLE001 - CrossHair's own failure is a verdict to show, not a crash of the run
        return Searched(
            condition.name, FAILED, time.perf_counter() - started, 0.0, f"{type(exc).__name__}: {exc}", budget
        )
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    shown = io.StringIO()
    quiet = AnalysisOptionSet(report_verbose=False, report_all=False)
    described = DEFAULT_OPTIONS.overlay(quiet)  # pyright: ignore[reportUnknownMemberType]
    for message in messages:
        line = describe_message(message, described)
        if line is not None and message.state > MessageType.PRE_UNSAT:
            shown.write(line + "\n")
    states = {message.state for message in messages}
    if any(state > MessageType.PRE_UNSAT for state in states):
        verdict = FAILED if states & {MessageType.SYNTAX_ERR, MessageType.IMPORT_ERR} else COUNTEREXAMPLE
    elif MessageType.CONFIRMED in states:
        verdict = CONFIRMED
    else:
        verdict = NOT_REFUTED
    return Searched(condition.name, verdict, seconds, cpu, shown.getvalue().strip(), budget)
