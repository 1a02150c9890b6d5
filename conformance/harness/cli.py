"""``rulespec``: the command line, built from each capability's commands and dispatched to them."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from conformance.harness.commands import Commands
from conformance.harness.coverage import command as coverage
from conformance.harness.diff import command as diff
from conformance.harness.report import command as report
from conformance.harness.schemas import command as schemas
from conformance.harness.symbolic import command as symbolic
from conformance.harness.symbolic import typecheck
from conformance.harness.verify import command as verify

# In the order ``rulespec --help`` lists them.
CAPABILITIES: tuple[Callable[[Commands], None], ...] = (
    verify.add_commands,  # verify, expectations
    schemas.add_command,  # schema
    coverage.add_commands,  # coverage, review
    typecheck.add_commands,  # typecheck
    diff.add_command,  # diff
    symbolic.add_command,  # symbolic
    report.add_command,  # report html
)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="rulespec", description="Verify an implementation against the suite, and maintain the suite.")
    commands = top.add_subparsers(dest="command", required=True)
    for add in CAPABILITIES:
        add(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    code: int = args.handler(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
