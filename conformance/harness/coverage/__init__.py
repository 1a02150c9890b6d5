"""Coverage: which checks name which rules, and whether the vectors were checked against the clauses as they read now.

Reads the spec, the vectors, the invariants' markers and the canaries; gives the per-rule coverage
table and re-stamped vectors. Entry points: ``command`` (``rulespec coverage``, ``rulespec review``);
``rules`` reads which checks name which rules, ``clause_stamps`` hashes clauses into vectors,
``canary_rules`` the rules each canary must be caught on.
"""
