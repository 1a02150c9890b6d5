"""Typecheck: mypy confirms that a Python implementation fits the game's Protocol, before anything runs.

Reads ``--game`` and ``--impl`` (loaded as verify loads it); gives, per operation offered, whether its
boundary fits the game's Protocol, and which operations are not offered. Its one module, ``command``
(``rulespec typecheck``), writes the boundary module, runs mypy over it and names each finding's
operation. Entry point: ``command`` (``rulespec typecheck``; ``rulespec plugged`` runs it as its first step).
"""
