"""Where ``cli.py`` still finds ``rulespec typecheck``: the command is ``typecheck.command`` now (delete this with
the import in ``cli.py``)."""

from conformance.harness.typecheck.command import add_commands

__all__ = ["add_commands"]
