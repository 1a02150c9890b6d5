"""Verify: run the vectors and invariants against the implementation plugged in, and record every check.

Reads the suite (vectors, invariants) and ``--impl``/``--cmd``; gives a ``CheckRecord`` per check, the
per-rule table and, through ``gate/``, the run's exit status. Entry points: ``plugin`` (the pytest
plugin, loaded as ``rulespec`` through ``pytest11``) and ``command`` (``rulespec verify``, ``rulespec
expectations``). Its other modules: ``options`` (the run's options parsed once, ``VerifyOptions``, from the
command line or pytest's own), ``collection`` (which game a file belongs to, the rules a check names,
vector cases as pytest items, the user's own vector files), ``subjects`` (the implementation under test,
each in a process of its own), ``speculation`` (an invariant's calls over a process answered by the reference
at once and sent ahead, the process's replies compared as they come), ``declared`` (the rulings the
implementation plays, declared and agreed;
vector cases asked under them, re-derived when they must be; the hint of a ruling that explains failures),
``preflight`` (mistakes in a command line and unwritable outputs found
before anything runs), ``early`` (a ``--cmd`` started while the run's modules load), ``breaker`` (a
faulting implementation costs a bounded time), ``recorder`` (every
check's outcome, a fault told from a failure), ``failures`` (a failed check's record: its rules, request,
both answers, every differing path; an invariant's shrunk call), ``failure_text`` (a failure in the
implementer's terms, grouped by rule, cut to the terminal, and the closing summary of failed rules),
``progress`` (never silent while checks run; the first failure named at once), ``plain_gate`` (a plain pytest
run judged by the same gate), ``saved_failures``
(failing checks written as vectors), ``spread`` (over the cores, and ``--shard K/N``) and ``several``
(several implementations in one run, each named, then compared).
"""
