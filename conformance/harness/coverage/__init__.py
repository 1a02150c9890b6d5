"""Coverage: which checks name which rules, and whether the vectors were checked against the clauses as they read now.

Reads the spec, the vectors, the invariants' markers and the canaries; gives the per-rule coverage
table and re-stamped vectors. Entry point: ``command`` (``rulespec coverage``, ``rulespec review``).
Its other modules: ``rules`` (which vectors and invariants name which rules, the invariants collected as
``verify`` collects them), ``clause_stamps`` (stale cases, and re-stamping them with the clauses'
hashes), ``canary_rules`` (the rules each canary must be caught on, read from its source).
"""
