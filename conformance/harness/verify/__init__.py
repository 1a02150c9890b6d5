"""Verify: run the vectors and invariants against the implementation plugged in, and record every check.

Reads the suite (vectors, invariants) and ``--impl``/``--cmd``; gives a ``CheckRecord`` per check, the
per-rule table and, through ``gate/``, the run's exit status. Entry points: ``plugin`` (the pytest
plugin, loaded as ``rulespec`` through ``pytest11``), ``command`` (``rulespec verify``, ``rulespec
expectations``); ``subjects`` opens the implementation, ``recorder`` classifies outcomes,
``check_record`` fills a failed check's record (request, rulings, both answers, every differing path;
``failing_call`` finds an invariant's shrunk call), ``failure_text`` shows it in the user's terms,
``progress`` reports while checks run, ``saved_failures`` writes failing checks as vectors; ``breaker`` bounds a
faulting implementation, ``outcomes`` tells a fault from a failure, ``endings`` stops the processes, ``outputs``
checks and writes the run's files; ``several`` runs several implementations one after another and
compares them (``identity`` names each and finds its version).
"""
