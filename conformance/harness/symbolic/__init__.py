"""Symbolic: CrossHair over the reference's contracts, and a plugged Python implementation against them.

Reads the reference's PEP 316 contracts, or ``--impl``; gives counterexamples per rule. Entry points:
``command`` (``rulespec symbolic``, ``python -m conformance.harness.symbolic``), ``reference``,
``implementation``. ``typecheck`` only forwards ``rulespec typecheck``, its own capability now, until
``cli.py`` imports it from there.
"""
