"""Mutation: how many deliberate bugs in the reference the suite catches.

Reads a game's reference, vectors and invariants and ``conformance/mutation/equivalent.toml``; gives a
score per module and every survivor. Entry points: ``run`` (``python -m conformance.harness.mutation``,
``nox -s mutation``); ``score`` judges survivors against the recorded equivalents, ``flow`` finds mutants
that reach only a refusal's diagnostics. The mutant runs' Hypothesis profile, ``mutation``, is the core's
(``profiles``).
"""
