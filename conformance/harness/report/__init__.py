"""Report: what to do with the JSON reports ``rulespec verify --report-json`` writes.

Reads reports through ``records.read_report``; gives one report and one per-rule verdict from many
(``merge``: the shards of a ``verify --shard K/N`` matrix). Entry point: ``command`` (``rulespec report``,
its subcommands listed in ``command.SUBCOMMANDS``).
"""
