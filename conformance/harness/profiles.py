"""Hypothesis profiles: how hard the invariants search, chosen with ``--hypothesis-profile``."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings
from hypothesis.internal.conjecture import engine

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large]
# Seconds Hypothesis may spend shrinking one check's failure. Hypothesis makes this bound
# monkeypatchable for exactly this (its default is five minutes): a user waits for a
# verdict, and a partly shrunk request that shows the bug is better than a silent minute.
SHRINK_SECONDS = 3
# Examples per invariant: dev, ci and canary draw EXAMPLES, deep ten times as many. A game may
# draw fewer where its states are large and the canaries show nothing is lost (Struggle of
# Empires: half, conformance/invariants/soe/support.py).
EXAMPLES = 100
DEEP_EXAMPLES = 1000
# mutation: every surviving mutant runs every invariant that reaches it, so this budget sets the
# run time of ``nox -s mutation``; the vectors are unaffected.
MUTATION_EXAMPLES = 25
# No explain phase: it reruns a failure to annotate which parts of the input mattered, and the
# failure is told as its request and differences (verify/failure_text.py), never as those notes.
_PHASES = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink]


def register() -> None:
    """Register the profiles and load the default (``RULESPEC_PROFILE``, else dev).

    dev: the everyday default. ci: the same budget, derandomised so a run is repeatable.
    deep: ten times the search, for a release, a rule change or a sharded CI matrix. canary:
    ci's very search without shrinking, for proving a known-bad implementation is caught (the
    same examples fail; only the minimal one is not sought). Deadlines are off: the machines are
    noisy and an out-of-process subject pays a round trip per call. Every profile stops a check at
    its first failure (``report_multiple_bugs=False``: one failure per check is what the verdict
    counts) and shrinks it for at most ``SHRINK_SECONDS``. mutation (``nox -s mutation``): canary
    with a quarter of the examples, no shrinking either (the first failing example already kills a
    mutant), and no example database (each mutant's run is its own).
    """
    engine.MAX_SHRINKING_SECONDS = SHRINK_SECONDS
    # from Hypothesis's own defaults, never from whichever profile is loaded when this runs
    base = settings(
        settings.get_profile("default"),
        report_multiple_bugs=False,
        deadline=None,
        phases=_PHASES,
        suppress_health_check=_QUIET,
    )
    settings.register_profile("dev", base, max_examples=EXAMPLES)
    settings.register_profile("ci", base, max_examples=EXAMPLES, derandomize=True, print_blob=False)
    settings.register_profile(
        "canary", settings.get_profile("ci"), phases=[p for p in _PHASES if p is not Phase.shrink]
    )
    settings.register_profile("deep", base, max_examples=DEEP_EXAMPLES)
    settings.register_profile(
        "mutation",
        max_examples=MUTATION_EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[p for p in _PHASES if p is not Phase.shrink],
        suppress_health_check=_QUIET,
    )
    settings.load_profile(os.environ.get("RULESPEC_PROFILE", "dev"))
