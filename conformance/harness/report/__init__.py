"""Report: many implementations side by side, as a terminal matrix, a static site and badges.

Reads check records (``records.read_report``), the report that holds several implementations
(``implementations``), the spec's clauses and the per-rule verdict; gives the rules x
implementations matrix (``matrix``), a static HTML site with no server and no network at view time
(``site``), an SVG badge per implementation and game (``badge``), written without following
symlinks (``out_dir``). Entry points: ``command`` (``rulespec report`` and its table of
subcommands: ``html``), ``implementations`` (read and write the report of several implementations).
"""
