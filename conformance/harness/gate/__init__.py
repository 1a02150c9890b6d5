"""Gate: what a run means for CI — known failures, bounds, the suite's stamp, and reports.

Reads the run's check records and per-rule verdict, an expectations file and the options of
``verify``; gives the gate's verdict and exit status, an expectations file (``expectations --write``)
and the reports. Entry points: ``options`` (verify's CI options and ``conclude``), ``judge`` (the
verdict against the known failures and bounds). Its other modules: ``expectations`` (the file),
``gaps`` (which operation a check exercised, for known gaps), ``round_trip`` (``expectations --write``
merged into what the file already says), ``stamp`` (what suite a verdict was made against), ``junit``
(pytest's JUnit XML told what the gate knows) and ``markdown`` (the step summary).
"""
