"""The machinery that checks an implementation against the suite, one folder per capability.

The core (modules at this level, and ``games/``) is what every command uses: the games registry
(``games``), the vector format and its loading (``vector_format``, ``vectors``, ``schema``), the subject
under test (``subject``), the verdict of one case (``verdict``), a check's record (``records``), the
per-rule verdict and its table (``per_rule``), the Hypothesis profiles (``profiles``), rulings
(``rulings``) and the spec's clauses (``spec``). The core imports no capability.

The capabilities build on it: ``verify/`` (the pytest plugin and ``rulespec verify``), ``wire/``
(implementations in any language), ``gate/`` (expectations, stamps, CI reports), ``diff/``,
``mutation/``, ``symbolic/``, ``coverage/`` and ``schemas/``. ``cli`` only assembles their commands.
"""
