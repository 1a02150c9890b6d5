"""How a run ends: the implementation's processes stopped, and the faults of their ending counted.

A process that exits non-zero or writes to stderr when told to stop, or leaves a process of its
group running, is a fault of the implementation: it goes into the verdict as an *error* record
(no rule: the run's, not a check's), so the gate cannot pass over it. On a pytest-xdist worker
the subjects are stopped before the worker reports back, and the faults ride to the controller
in the worker's output.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance.harness.records import CheckRecord
from conformance.harness.verdict import Outcome
from conformance.harness.verify.recorder import RECORDER
from conformance.harness.verify.subjects import SUBJECTS, is_worker, selected_games

_OUTPUT = "rulespec-ending-faults"


def _records(config: pytest.Config, faults: list[str]) -> None:
    recorder = config.stash[RECORDER]
    key = selected_games(config)[0]
    terminal: Any = config.pluginmanager.get_plugin("terminalreporter")
    for fault in faults:
        if terminal is not None:  # said where the run's output is read; the record carries it into the verdict
            terminal.write_line(f"error of the implementation's process: {fault}", red=True)
        record = CheckRecord(
            nodeid="(the implementation's process)",
            game=key,
            kind="process",
            rules=(),
            outcome=Outcome.ERROR.value,
            detail=fault,
        )
        recorder.records.append(record)


class Endings:
    """Stops the subjects when the session finishes, and records what their ending showed."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        config = session.config
        if SUBJECTS not in config.stash:
            return
        faults = config.stash[SUBJECTS].close()
        if is_worker(config):
            workeroutput: dict[str, Any] = getattr(config, "workeroutput")
            workeroutput[_OUTPUT] = faults
        elif faults and RECORDER in config.stash:
            _records(config, faults)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object) -> None:
        """pytest-xdist: a worker finished; its processes' ending faults join the controller's records."""
        output: dict[str, Any] = getattr(node, "workeroutput", {})
        faults: list[str] = output.get(_OUTPUT, [])
        if faults:
            _records(node.config, faults)
