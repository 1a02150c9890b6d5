"""A pytest plugin that registers the Hypothesis profile ``mutation``: ``canary`` with a quarter of the examples.

Every surviving mutant runs every invariant that reaches it, so the invariants' budget sets
the run time of ``nox -s mutation``. ``--hypothesis-profile mutation`` trades search depth
for a bounded run; the vectors are unaffected. Like ``canary`` it does not shrink: the first
failing example already kills a mutant. Loaded with ``-p conformance.harness.mutation.profile``.
"""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, settings

settings.register_profile(
    "mutation",
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
