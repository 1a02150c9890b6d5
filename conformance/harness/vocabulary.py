"""One vocabulary for every ``rulespec`` command: the same option names for the same things, help with defaults.

``--game KEY`` (repeatable wherever it is accepted; a command that checks one game says so),
``--impl MODULE:ATTR``, ``--cmd COMMAND``, ``--rule ID``, ``--operation NAME``, ``--report-json PATH``.
A mistake in any of them is one line on stderr and exit status 2, before anything runs: a
mistyped name is answered with the close ones (``did_you_mean``), a number with what it must be
(one parser per kind of number, each a ValueError; ``argument`` makes any of them an argparse type).
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn, Protocol, TypeVar

from rulespec.conformance.harness.games import REGISTRY

T = TypeVar("T")

DEFAULT_TIMEOUT = 5.0  # seconds an implementation has for each reply (``--case-timeout``)


class Commands(Protocol):
    """What ``add_subparsers()`` returns, as far as a command module uses it (argparse keeps its class private)."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser: ...


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
    print(f"rulespec {command}: error: {message}", file=sys.stderr)  # argparse's own form, for every usage error
    return 2


def game_key(text: str) -> str:
    """``--game``: a registered game's key; anything else is refused with the close ones and every known one."""
    if text in REGISTRY:
        return text
    if text.lower() in REGISTRY:
        return text.lower()
    hint = did_you_mean(text.lower(), REGISTRY)
    raise ValueError(f"unknown game {text!r}{hint} (known: {', '.join(sorted(REGISTRY))})")


def add_game(parser: argparse.ArgumentParser, help: str = "check only this game (repeatable)") -> None:
    known = ", ".join(sorted(REGISTRY))
    parser.add_argument(
        "--game", action="append", type=argument(game_key), metavar="KEY", help=f"{help}; one of {known}"
    )


def one_game(command: str, games: Sequence[str] | None) -> str | None:
    """The one game a command that checks one game was given, or None (after printing why) for none or several."""
    if games and len(set(games)) == 1:
        return games[0]
    named = f"{len(set(games))} given" if games else "none given"
    usage_error(command, f"checks one game: name it with --game KEY ({named}; known: {', '.join(sorted(REGISTRY))})")
    return None


def argument(parse: Callable[[str], T]) -> Callable[[str], T]:
    """``parse`` as an argparse ``type``: its ValueError becomes the one-line usage error, message unchanged."""

    @functools.wraps(parse)
    def typed(text: str) -> T:
        try:
            return parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from exc

    return typed


def seconds(text: str) -> float:
    """A number of seconds above 0 (``--case-timeout``)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise ValueError(f"{text!r}: expected a number of seconds above 0")
    return value


def add_case_timeout(add: Callable[..., object], help: str = "--impl, --cmd: seconds to wait per reply") -> None:
    """``--case-timeout`` as every command declares it; ``add`` is a parser's ``add_argument`` or pytest's
    ``addoption`` (the same signature), so a plain pytest run checks it as ``rulespec`` does."""
    add("--case-timeout", type=argument(seconds), default=DEFAULT_TIMEOUT, metavar="SECONDS", help=help)


def count(text: str) -> int:
    """A whole number, 0 or more (``--max-errors``, ``--max-not-implemented``)."""
    if not text.isdigit():
        raise ValueError(f"{text!r}: expected a whole number, 0 or more")
    return int(text)


def seed(text: str) -> int:
    """A whole number, negative included (``--seed``): the random search it starts."""
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{text!r}: expected a whole number") from None


def processes(text: str) -> str:
    """A number of processes, or ``auto`` (``-n``, handed to pytest-xdist as written); 0 keeps one process."""
    if text != "auto" and not text.isdigit():
        raise ValueError(f"{text!r}: expected a number of processes (0: this one alone), or 'auto'")
    return text


def positive(text: str) -> int:
    """A whole number above 0 (``symbolic --jobs``, ``diff --max-examples``, ``--max-differences``)."""
    if not (text.isdigit() and int(text) > 0):
        raise ValueError(f"{text!r}: expected a whole number above 0")
    return int(text)


def max_faults(text: str) -> int:
    """``--max-faults``: a whole number above 0."""
    if not (text.isdigit() and int(text) > 0):
        raise ValueError(f"{text!r}: expected a whole number of faults above 0")
    return int(text)


def shard(text: str) -> tuple[int, int]:
    """``--shard K/N``: (K, N), with 1 <= K <= N."""
    index, slash, total = text.partition("/")
    if not (slash and index.isdigit() and total.isdigit() and 1 <= int(index) <= int(total)):
        raise ValueError(f"--shard {text!r}: expected K/N with 1 <= K <= N, e.g. 2/3")
    return int(index), int(total)


def cores() -> int:
    """The processors this process may run on: the default of every "processes at once" option."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def edit_distance(a: str, b: str) -> int:
    """Edits from a to b: insertions, deletions, substitutions and swaps of neighbours ("seo" is 1 from "soe")."""
    rows = [list(range(len(b) + 1))] + [[i] + [0] * len(b) for i in range(1, len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
    return rows[-1][-1]


def close(name: str, known: Iterable[str], case_sensitive: bool = True) -> list[str]:
    """Known names within a third of ``name``'s length in edits (at least 1, at most 3), nearest first."""
    limit = max(1, min(3, len(name) // 3))

    def fold(text: str) -> str:
        return text if case_sensitive else text.lower()

    scored = sorted((edit_distance(fold(name), fold(other)), other) for other in set(known))
    return [other for distance, other in scored if 0 < distance <= limit or (distance == 0 and other != name)]


def did_you_mean(name: str, known: Iterable[str], case_sensitive: bool = True) -> str:
    """``"; did you mean X?"`` when something close is known, else ``""``."""
    found = close(name, known, case_sensitive)
    return f"; did you mean {' or '.join(found[:3])}?" if found else ""
