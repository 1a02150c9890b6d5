"""``rulespec``: the command line, built from each capability's commands and dispatched to them.

A run imports only the capability whose command it runs (``rulespec verify`` never loads diff or
the site); ``rulespec --help``, a mistyped command or none at all builds every capability's parser.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import cast

from rulespec import __version__
from rulespec.conformance.harness.verify import early
from rulespec.conformance.harness.vocabulary import Commands, OneLineParser

# Each command, and the module whose ``add_command(s)`` adds it, in the order ``rulespec --help`` lists them.
COMMANDS: dict[str, str] = {
    "verify": "verify.command",
    "expectations": "verify.command",
    "schema": "schemas.command",
    "coverage": "coverage.command",
    "review": "coverage.command",
    "typecheck": "typecheck.command",
    "diff": "diff.command",
    "rulings": "inference.command",
    "symbolic": "symbolic.command",
    "rules": "rules.command",
    "explain": "rules.command",
    "plugged": "plugged.command",
    "report": "report.command",
    "bundle": "bundle.command",
}


class _Version(argparse.Action):
    """``rulespec --version``: the package's version and the hashes an expectations file's stamp records, of every
    game (worked out only when asked, so no other run reads the suite for it)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **_: object) -> None:
        super().__init__(
            option_strings, dest, nargs=0, help="print rulespec's version and its suite's and rules' hashes"
        )

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from rulespec.conformance.harness.games import all_games
        from rulespec.conformance.harness.gate.stamp import suite_hashes

        suite, rules = suite_hashes(all_games())
        print(f"rulespec {__version__} (suite {suite}, rules {rules})")
        parser.exit()


def _adder(module: str) -> Callable[[Commands], None]:
    loaded = importlib.import_module(f"rulespec.conformance.harness.{module}")
    adds = getattr(loaded, "add_commands", None) or loaded.add_command
    return cast(Callable[[Commands], None], adds)


def _chosen(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs: its first word, when that is a command and no help of rulespec's own is asked."""
    for word in argv:
        if word in ("-h", "--help", "--version"):
            return None
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def parser(argv: Sequence[str] = ()) -> OneLineParser:
    """The parser for ``argv``: its command's capability in full, each other command by its name alone."""
    top = OneLineParser(
        prog="rulespec", description="Verify an implementation against the suite, and maintain the suite."
    )
    top.add_argument("--version", action=_Version)
    commands = top.add_subparsers(dest="command", required=True)
    chosen = _chosen(argv)
    loaded: set[str] = set()
    for name, module in COMMANDS.items():
        if chosen is not None and module != COMMANDS[chosen]:
            commands.add_parser(name)  # never parsed: the run is another command's
        elif module not in loaded:
            loaded.add(module)
            _adder(module)(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    early.start(words)  # a --cmd's runtime starts while the modules of the run load
    try:
        args = parser(words).parse_args(words)
        code: int = args.handler(args)
    finally:
        early.release()
    return code


if __name__ == "__main__":
    sys.exit(main())
