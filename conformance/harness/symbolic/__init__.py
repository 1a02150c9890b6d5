"""Symbolic: CrossHair over the reference's contracts, and a plugged Python implementation against them.

Reads the reference's PEP 316 contracts, or ``--impl``; gives counterexamples per rule. Entry point:
``command`` (``rulespec symbolic``; ``__main__`` is ``python -m rulespec.conformance.harness.symbolic``). Its
other modules: ``reference`` (every condition of the reference searched over a pool of processes),
``conditions`` (the contracted functions, one ``post:`` condition at a time, and their fingerprints),
``search`` (one CrossHair search of one condition), ``cache`` (``.crosshair-cache/``: clean results
kept by fingerprint), ``implementation`` (``--impl``: the reference's contracts and diffbehavior
against a plugged implementation).
"""
