"""Mutation: how many deliberate bugs in the reference the suite catches.

Reads a game's reference, vectors and invariants and ``conformance/mutation/equivalent.toml``; gives a
score per module and every survivor. Entry point: ``run`` (mutmut over each game in a scratch tree;
``__main__`` is ``python -m rulespec.conformance.harness.mutation``, which ``nox -s mutation`` runs). Its other
modules: ``score`` (survivors judged against the recorded equivalents, the score per module and per kind),
``flow`` (the names that reach only a refusal's diagnostics, for the ``refusal-diagnostics`` category),
``structural`` (the order and condition mutants, written with ``ast``) and ``trial`` (running those in
scratch trees, the checks mutmut's coverage picks). The
mutant runs' Hypothesis profile, ``mutation``, is the core's (``profiles``).
"""
