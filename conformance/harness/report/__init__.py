"""Report: what to do with the JSON reports ``rulespec verify --report-json`` writes.

Reads check records (``records.read_report``), the report that holds several implementations
(``implementations``), the spec's clauses and the per-rule verdict; gives one report and one per-rule
verdict from many (``merge``: the shards of a ``verify --shard K/N`` matrix), the rules x
implementations matrix (``matrix``), a static HTML site with no server and no network at view time
(``site``, ``html``), an SVG badge per implementation and game (``badge``), written without following
symlinks (the core's ``outputs``). Entry points: ``command`` (``rulespec report``, its subcommands listed in
``command.SUBCOMMANDS``), ``implementations`` (read and write the report of several implementations).
"""
