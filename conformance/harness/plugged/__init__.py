"""Plugged: every check rulespec has, against one implementation plugged in, with one combined verdict.

Reads ``--game`` and ``--impl`` (or ``--cmd``); runs, each in its own process as a user would,
the boundary type check (``rulespec typecheck``, Python only), the vectors and invariants
(``rulespec verify``) and the symbolic checks (``rulespec symbolic --impl``, Python only); gives a
line per step and the verdict of all three. Its one module, ``command``, builds and runs the steps.
Entry point: ``command`` (``rulespec plugged``, run by ``nox -s plugged``, which first installs the
user's package into the session's virtualenv).
"""
