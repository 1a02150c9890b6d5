"""Hypothesis profiles: how hard the invariants search, chosen with ``--hypothesis-profile``."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings
from hypothesis.internal.conjecture import engine

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large]
# Shrinking is bounded by steps, never by seconds, so the same commit, profile and seed shrink a failure
# to the same request whatever the machine's load. Hypothesis bounds a shrink three ways: MAX_SHRINKS
# successful shrinks, a stall of calls without progress (the shrinker's max_stall: 200 calls, more
# after a slow success, counted in calls), and MAX_SHRINKING_SECONDS of wall time. Only the last
# depends on load (at 3 s, two runs of ci under load shrank 2 of 6 failures differently: issue 25),
# and it has no public setting, nor has the count; both are module constants Hypothesis makes
# monkeypatchable for this. So the count is ours (Hypothesis's own default, 500 successful steps;
# measured: a HIS canary's shrink took 5.8 s on a loaded machine and 9.6 s with a core busier still,
# past the old 3 s, and both ended on the same request), and the seconds are only a backstop
# against a subject so slow that the steps would take minutes; Hypothesis warns when it is reached,
# and then, alone, the shrunk example may differ between runs.
SHRINK_STEPS = 500
SHRINK_BACKSTOP_SECONDS = 300
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
    counts) and shrinks it for at most ``SHRINK_STEPS`` steps. mutation (``nox -s mutation``): canary
    with a quarter of the examples, no shrinking either (the first failing example already kills a
    mutant), and no example database (each mutant's run is its own).
    """
    engine.MAX_SHRINKS = SHRINK_STEPS
    engine.MAX_SHRINKING_SECONDS = SHRINK_BACKSTOP_SECONDS
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
