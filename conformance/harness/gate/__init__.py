"""Gate: what a run means for CI — known failures, bounds, the suite's stamp, and reports.

Reads the run's check records and per-rule verdict, an expectations file and the options of
``verify``; gives the gate's verdict and exit status, an expectations file (``expectations --write``)
and the Markdown summary. Entry points: ``options`` (verify's CI options and ``conclude``), ``judge``
(the verdict), ``expectations`` (the file), ``stamp`` (what suite a verdict was made against),
``markdown`` (the step summary).
"""
