"""Hypothesis profiles: how hard the invariants search, chosen with ``--hypothesis-profile``."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large]


def register() -> None:
    """Register the profiles and load the default (``RULESPEC_PROFILE``, else dev).

    dev: the everyday default. ci: the same budget, derandomised so a run is repeatable.
    deep: ten times the search, for a release or a rule change. canary: ci's very search
    without shrinking, for proving a known-bad implementation is caught (the same examples
    fail; only the minimal one is not sought). Deadlines are off: the machines are noisy and
    an out-of-process subject pays a round trip per call.
    """
    # from Hypothesis's own defaults, never from whichever profile is loaded when this runs
    base = settings.get_profile("default")
    settings.register_profile("dev", base, max_examples=100, deadline=None, suppress_health_check=_QUIET)
    settings.register_profile(
        "ci", base, max_examples=100, deadline=None, derandomize=True, print_blob=True, suppress_health_check=_QUIET
    )
    settings.register_profile(
        "canary", settings.get_profile("ci"), phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target]
    )
    settings.register_profile("deep", base, max_examples=1000, deadline=None, suppress_health_check=_QUIET)
    settings.load_profile(os.environ.get("RULESPEC_PROFILE", "dev"))
