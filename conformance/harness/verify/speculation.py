"""Invariants over a process, pipelined by speculation: no round trip per call, the same verdict.

An invariant asks, reads the answer, and decides what to ask next, so its calls cannot be sent
ahead as vector cases are: each would cost a round trip to the process and back. Instead, while
an invariant runs, every call is answered at once by the reference and its request goes down the
pipe in a stream; the process's replies are compared with what the check was told as they come
and when it ends (``ProcessSubject.settle``). Where every reply agrees, in time, the check asking
one by one would have been told the very same answers, and so reached the very same verdict: it
stands. At the first that does not (a different answer, a fault, a late or missing reply), the
check is run again from the start, asking one call at a time: its verdict, its shrunk example
and its faults are the only ones told, and its calls alone are kept for ``--save-failures``.

The rerun must meet the requests the first run met, so speculation needs a repeatable search: it
runs under the derandomised profiles (``ci``, ``canary``), never ``dev`` or ``deep``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator
from pathlib import Path

import pytest
from hypothesis import settings

from rulespec.conformance.harness.verify.collection import game_of
from rulespec.conformance.harness.verify.failures import CALLS
from rulespec.conformance.harness.verify.saved_failures import SentCall
from rulespec.conformance.harness.verify.subjects import SUBJECTS
from rulespec.conformance.harness.wire.subject import ProcessSubject

_EXACT = pytest.StashKey[bool]()  # on an item: its calls go one at a time (its rerun, after a speculation failed)


def _speculating(item: pytest.Function) -> ProcessSubject | None:
    """The process answering this invariant, when its calls can be speculated."""
    if item.stash.get(_EXACT, False) or not _repeatable(item):
        return None
    key = game_of(Path(str(item.path)))
    subjects = item.config.stash.get(SUBJECTS, None)
    if key is None or subjects is None or subjects.breaker.open:
        return None
    return subjects.process(key)


def _repeatable(item: pytest.Function) -> bool:
    """Whether the check's search is derandomised: a ``@given`` test's own settings (fixed when its module was
    imported, maybe under another profile than this run's), else the loaded profile's (a state machine's run)."""
    own = getattr(item.obj, "_hypothesis_internal_use_settings", None)  # Hypothesis's record of a test's settings
    return bool((own if isinstance(own, settings) else settings()).derandomize)


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Generator[None, object, object]:
    subject = _speculating(pyfuncitem)
    if subject is None:
        return (yield)
    subject.speculate()
    try:
        said = yield
    except (KeyboardInterrupt, SystemExit, pytest.exit.Exception):  # the run is ending: nothing more is read
        subject.abandon()
        raise
    except (pytest.skip.Exception, pytest.xfail.Exception):  # decided by the calls before it: stands if they agree
        if subject.settle():
            raise
    except BaseException:  # noqa: BLE001 - a failure, an error, or Unsettled: the exact run tells it
        subject.abandon()
    else:
        if subject.settle():
            return said
    pyfuncitem.stash.get(CALLS, deque[SentCall]()).clear()  # the failure's record shows the exact run's calls alone
    pyfuncitem.stash[_EXACT] = True
    try:
        return pyfuncitem.ihook.pytest_pyfunc_call(pyfuncitem=pyfuncitem)
    finally:
        pyfuncitem.stash[_EXACT] = False
