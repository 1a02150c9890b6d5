"""Rules: the spec read from the command line, and what a check asserts.

Reads the games' spec files, the vectors, the invariants (collected as ``verify`` collects them)
and, for ``explain``, a report written by ``verify --report-json``; gives ``rulespec rules``
(the rules of a game, or a clause's text, its rulings and its checks) and ``rulespec explain
CHECK-ID`` (what the check asserts, its rules' clauses, its last outcome). ``command`` finds a rule by
its ID and runs both commands; ``clause_text`` prints a clause for the terminal, its tables drawn.
Entry point: ``command``.
"""
