"""Report: what to do with the JSON reports ``rulespec verify --report-json`` writes.

Reads check records (``records.read_report``), the report that holds several implementations, the
spec's clauses and the per-rule verdict; gives one report and one verdict from many shards, the
rules x implementations matrix, and a static HTML site with no server and no network at view time,
written without following symlinks (the core's ``outputs``). Entry point: ``command`` (``rulespec
report``: the group, its subcommands listed in ``command.SUBCOMMANDS``, and ``merge``: the shards of a
``verify --shard K/N`` matrix as one run, gated as verify gates). Its other modules: ``shards`` (the proof,
from the reports' stamps, that a set of reports is one run, whole: no shard missing or doubled, one suite,
profile and implementation, each seal holding), ``html`` (``report html`` and ``verify
--html``: the site published into a folder), ``site`` (the pages, from the matrices and the suite's
own cases), ``story`` (the gate's story on the pages: known failures and gaps marked known and listed last,
the gate's verdict in a sentence, durations in a reader's units), ``matrix`` (the matrix of one game, its
terminal table and a badge per column: the gate's verdict and the rules passed),
``implementations`` (read and write the report of several implementations).
"""
