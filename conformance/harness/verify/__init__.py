"""Verify: run the vectors and invariants against the implementation plugged in, and record every check.

Reads the suite (vectors, invariants) and ``--impl``/``--cmd``; gives a ``CheckRecord`` per check, the
per-rule table and, through ``gate/``, the run's exit status. Entry points: ``plugin`` (the pytest
plugin, loaded as ``rulespec`` through ``pytest11``), ``command`` (``rulespec verify``, ``rulespec
expectations``); ``subjects`` opens the implementation, ``recorder`` classifies outcomes,
``saved_failures`` writes failing checks as vectors, ``several`` runs several implementations one after
another and compares them (``identity`` names each and finds its version).
"""
