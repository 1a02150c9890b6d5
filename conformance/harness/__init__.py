"""The machinery that checks an implementation against the suite, one folder per capability.

The core (modules at this level, and ``games/``) is what every command uses: the games registry
(``games``), the vector format, its loading and its one writer (``vectors``, ``schema``), the subject
under test (``subject``), the verdict of one case (``verdict``) and its differences (``differences``),
a check's record (``records``), the per-rule verdict and its table (``per_rule``), the Hypothesis
profiles (``profiles``), rulings (``rulings``), the spec's clauses and rule IDs (``spec``), the one
output policy (``outputs``) and the commands' one vocabulary (``vocabulary``). The core imports no
capability.

The capabilities build on it: ``verify/`` (the pytest plugin and ``rulespec verify``), ``wire/``
(implementations in any language), ``gate/`` (expectations, stamps, CI reports), ``diff/``,
``mutation/``, ``symbolic/``, ``coverage/`` and ``schemas/``. ``cli`` only assembles their commands.
"""
