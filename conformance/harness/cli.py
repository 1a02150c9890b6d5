"""``rulespec``: the command line, built from each capability's commands and dispatched to them."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from importlib.metadata import version

from conformance.harness.coverage import command as coverage
from conformance.harness.diff import command as diff
from conformance.harness.plugged import command as plugged
from conformance.harness.report import command as report
from conformance.harness.rules import command as rules
from conformance.harness.schemas import command as schemas
from conformance.harness.symbolic import command as symbolic
from conformance.harness.symbolic import typecheck
from conformance.harness.verify import command as verify
from conformance.harness.vocabulary import Commands, OneLineParser

# In the order ``rulespec --help`` lists them.
CAPABILITIES: tuple[Callable[[Commands], None], ...] = (
    verify.add_commands,  # verify, expectations
    schemas.add_command,  # schema
    coverage.add_commands,  # coverage, review
    typecheck.add_commands,  # typecheck
    diff.add_command,  # diff
    symbolic.add_command,  # symbolic
    rules.add_commands,  # rules, explain
    plugged.add_command,  # plugged
    report.add_command,  # report merge, report html
)


def parser() -> OneLineParser:
    top = OneLineParser(
        prog="rulespec", description="Verify an implementation against the suite, and maintain the suite."
    )
    top.add_argument("--version", action="version", version=f"rulespec {version('rulespec')}")
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
