"""Gate: what a run means for CI — known failures, bounds, the suite's stamp, and reports.

Reads the run's check records and per-rule verdict, an expectations file and verify's CI options; gives
the gate's verdict and exit status, an expectations file (``expectations --write``) and the reports.
Entry points: ``conclude`` (the expectations read once before the run; after it, the verdict printed and
written, or for ``expectations --write`` the run's failures merged into what the file already says) and
``judge`` (the verdict against the known failures, known gaps and bounds). Its other modules:
``expectations`` (the file), ``stamp`` (what suite a verdict was made against), ``junit`` (pytest's JUnit
XML told what the gate knows) and ``markdown`` (the step summary).
"""
