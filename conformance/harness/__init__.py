"""The machinery that checks an implementation against the suite, one folder per capability.

The core (modules at this level, and ``games/``) is what every command uses: the games registry and
each game's operations read from its Protocol (``games/``), the vector format and its loading (``vectors``), the
files whose schema checks already passed in an earlier process (``vetted``),
the one writer of new cases (``vector_writer``), the JSON Schemas derived from the types (``schema``), the
subject under test (``subject``), the verdict of one case and every path where two answers differ (``verdict``), a
check's record (``records``), the rule a failing check is blamed on (``blame``), the per-rule verdict and
its table (``per_rule``), the Hypothesis profiles (``profiles``), each ruling's alternatives and clause,
the rulings declared and what a switch explains (``rulings``), the spec's clauses and the one rule-ID
pattern (``spec``), the one output policy, files written safely and untrusted text made inert
(``outputs``) and the commands' one vocabulary, number parsers included (``vocabulary``). The core
imports no capability.

The capabilities build on it: ``verify/`` (the pytest plugin and ``rulespec verify``), ``wire/``
(implementations in any language), ``gate/`` (expectations, stamps, CI reports), ``diff/`` (where two
sides answer differently), ``inference/`` (the rulings that best explain an implementation),
``mutation/`` (``nox -s mutation``), ``symbolic/`` (CrossHair),
``typecheck/`` (mypy against a game's Protocol), ``coverage/`` (which checks name which rules, clause
stamps), ``rules/`` (``rulespec rules`` and ``explain``), ``report/`` (merging reports, the site),
``plugged/`` (every check against one implementation), ``schemas/`` (``rulespec schema``) and ``bundle/``
(the suite as one tarball, ``rulespec bundle``).
``cli`` only assembles their commands.
"""
