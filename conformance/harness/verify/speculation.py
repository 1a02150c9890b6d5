"""Invariants over a process, pipelined by speculation: no round trip per call, the same verdict.

An invariant asks, reads the answer, and decides what to ask next, so its calls cannot be sent
ahead as vector cases are: each would cost a round trip to the process and back. Instead, while
an invariant runs, every call is answered at once by the reference and its request goes down the
pipe in one stream. When the check ends, the process's replies are read and compared with what
the check was told (``ProcessSubject.settle``). Where every reply agrees, the check, asking one by
one, would have seen the very same answers and so reached the very same verdict: it stands. Where
one does not (a different answer, a fault, no reply), the check is run again asking one call at a
time, its verdict the only one told; the replies already read answer its calls up to there.

The rerun must meet the requests the first run met, so speculation needs a repeatable search: it
runs under the derandomised profiles (``ci``, ``canary``, ``mutation``), never ``dev`` or ``deep``.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import pytest
from hypothesis import settings

from rulespec.conformance.harness.verify.collection import game_of
from rulespec.conformance.harness.verify.subjects import SUBJECTS
from rulespec.conformance.harness.wire.subject import ProcessSubject

_EXACT = pytest.StashKey[bool]()  # on an item: its calls go one at a time (its rerun, after a speculation failed)


def _speculating(item: pytest.Function) -> ProcessSubject | None:
    """The process answering this invariant, when its calls can be speculated."""
    if item.stash.get(_EXACT, False) or not settings().derandomize:  # the loaded profile's
        return None
    key = game_of(Path(str(item.path)))
    subjects = item.config.stash.get(SUBJECTS, None)
    if key is None or subjects is None or subjects.breaker.open:
        return None
    return subjects.process(key)


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Generator[None, object, object]:
    subject = _speculating(pyfuncitem)
    if subject is None:
        return (yield)
    subject.speculate()
    try:
        said = yield
    except (pytest.skip.Exception, pytest.xfail.Exception):  # told from the calls before it: it stands if they agree
        if subject.settle():
            raise
    except Exception:  # noqa: BLE001 - a failure or error is told by the exact run alone
        subject.settle()
    except BaseException:  # interrupted: nothing more is read
        subject.abandon()
        raise
    else:
        if subject.settle():
            return said
    pyfuncitem.stash[_EXACT] = True
    try:
        return pyfuncitem.ihook.pytest_pyfunc_call(pyfuncitem=pyfuncitem)
    finally:
        pyfuncitem.stash[_EXACT] = False
