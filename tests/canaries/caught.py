"""A pytest plugin for one canary's run: it stops the run once every rule the canary must be caught on has failed.

``test_canaries.py`` loads it (``-p tests.canaries.caught``) with the rules in ``RULESPEC_CANARY_RULES``. Most of a
canary's run was its passing invariants drawing every example (measured: the canaries took 76 s on 2 workers, 21 s
stopped here). A rule has failed when it is a failing check's primary rule and a failing check is blamed on it as
the verdict blames it, over the records of the checks run so far: the records the stopped run's verdict reads, which
the test judges. Blame weighs a run's evidence, so a later check could move an earlier failure's blame; a second
reader replayed every canary's full run and found each rule's status on the stopped part the same as on the whole.
A run narrowed by ``--rule`` runs in one process (``verify/spread.py``), so the records here are the whole run's.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import msgspec
import pytest

from rulespec.conformance.harness.blame import blamed_rule
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verdict import Outcome
from rulespec.conformance.harness.verify.recorder import CHECK_PROPERTY

RULES = "RULESPEC_CANARY_RULES"
STOPPED = "every rule of the canary failed"  # pytest prints it as the run's interruption
_RECORDS = pytest.StashKey[list[CheckRecord]]()


@pytest.hookimpl(wrapper=True, tryfirst=True)  # outermost: the recorder has put the check's record on the report
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    report = yield
    records = item.config.stash.setdefault(_RECORDS, [])
    records += [msgspec.json.decode(str(v), type=CheckRecord) for n, v in report.user_properties if n == CHECK_PROPERTY]
    failed = [r for r in records if r.outcome == Outcome.FAILED.value]
    rules = set(os.environ[RULES].split())
    if {r.primary_rule for r in failed} >= rules and {blamed_rule(r, records) for r in failed} >= rules:
        item.session.shouldstop = STOPPED
    return report
