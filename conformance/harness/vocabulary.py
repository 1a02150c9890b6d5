"""One vocabulary for every ``rulespec`` command: the same option names for the same things, help with defaults.

``--game KEY`` (repeatable wherever it is accepted; a command that checks one game says so),
``--impl MODULE:ATTR``, ``--cmd COMMAND``, ``--rule ID``, ``--operation NAME``, ``--report-json PATH``.
A mistake in any of them is one line on stderr and exit status 2, before anything runs. Old
names stay accepted for one release as aliases that print a deprecation line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from conformance.harness.games import REGISTRY
from conformance.harness.suggest import did_you_mean


class HelpWithDefaults(argparse.ArgumentDefaultsHelpFormatter):
    """Shows ``(default: X)`` where there is a default worth showing (not for flags, nothing or None)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default in (None, False, [], argparse.SUPPRESS) or action.help is None or "default" in action.help:
            return action.help
        return super()._get_help_string(action)


class OneLineParser(argparse.ArgumentParser):
    """A usage error is one line naming what and why (``rulespec verify: --game seo: unknown game ...``), exit 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpWithDefaults)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def usage_error(command: str, message: str) -> int:
    """Print a usage error found after parsing (one line, stderr) and give exit status 2."""
    print(f"rulespec {command}: {message}", file=sys.stderr)
    return 2


def game_key(text: str) -> str:
    """``--game``: a registered game's key; anything else is refused with the close ones and every known one."""
    if text in REGISTRY:
        return text
    if text.lower() in REGISTRY:
        return text.lower()
    hint = did_you_mean(text.lower(), REGISTRY)
    raise argparse.ArgumentTypeError(f"unknown game {text!r}{hint} (known: {', '.join(sorted(REGISTRY))})")


def add_game(parser: argparse.ArgumentParser, help: str = "check only this game (repeatable)") -> None:
    known = ", ".join(sorted(REGISTRY))
    parser.add_argument("--game", action="append", type=game_key, metavar="KEY", help=f"{help}; one of {known}")


def one_game(command: str, games: Sequence[str] | None) -> str | None:
    """The one game a command that checks one game was given, or None (after printing why) for none or several."""
    if games and len(set(games)) == 1:
        return games[0]
    named = f"{len(set(games))} given" if games else "none given"
    usage_error(command, f"checks one game: name it with --game KEY ({named}; known: {', '.join(sorted(REGISTRY))})")
    return None


class Deprecated(argparse.Action):
    """An old option name kept for one release: stores into the new one and says so on stderr."""

    def __init__(self, option_strings: Sequence[str], dest: str, new: str = "", **kwargs: Any) -> None:
        self.new = new
        super().__init__(option_strings, dest, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        print(f"rulespec: {option_string} is deprecated and will be removed: use {self.new}", file=sys.stderr)
        setattr(namespace, self.dest, values)


def add_alias(parser: argparse.ArgumentParser, old: str, new: str, dest: str, **kwargs: Any) -> None:
    """``old`` as a hidden, deprecated spelling of ``new``."""
    parser.add_argument(old, dest=dest, action=Deprecated, new=new, help=argparse.SUPPRESS, **kwargs)
