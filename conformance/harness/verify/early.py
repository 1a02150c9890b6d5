"""A ``--cmd``'s process started before rulespec loads the modules of its run.

A runtime starts in tens to hundreds of milliseconds (Node's about 70 ms here, the JVM's or mono's
more); started first, it starts while the harness imports pytest and its own modules, and
``preflight.check_handshake`` finds it ready instead of waiting for it. Only the plain form is read
here: ``verify`` or ``expectations`` with one ``--cmd``, no ``--impl`` and no help asked; any other
command line waits for the parser, as before. A process the run does not take is ended (``release``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.conformance.harness.wire.command import parse_command
from rulespec.conformance.harness.wire.process import LineProcess

_RUNS = ("verify", "expectations")
_STARTED: dict[str, LineProcess] = {}  # by the --cmd's text, as given


def command_of(argv: Sequence[str]) -> str | None:
    """The one ``--cmd`` of a ``verify`` or ``expectations`` command line, else None."""
    if not argv or argv[0] not in _RUNS:
        return None
    words = list(argv[1 : argv.index("--")] if "--" in argv else argv[1:])
    if any(word in ("-h", "--help") or word.startswith("--impl") for word in words):
        return None
    given = [words[at + 1] for at, word in enumerate(words[:-1]) if word == "--cmd"]
    given += [word.removeprefix("--cmd=") for word in words if word.startswith("--cmd=")]
    return given[0] if len(given) == 1 else None


def start(argv: Sequence[str]) -> None:
    """Start the command line's ``--cmd`` now (``command_of``), kept unasked for ``take``."""
    command = command_of(argv)
    if command is None:
        return
    try:
        _STARTED[command] = LineProcess(parse_command(command))
    except (ValueError, OSError):
        return  # the parser, or the run starting it again, says why it cannot


def take(command: str) -> LineProcess | None:
    """The process started early for ``command``, if one was: the caller's from now on."""
    return _STARTED.pop(command, None)


def release() -> None:
    """End every process started early that no run took (the command line refused before its handshake)."""
    while _STARTED:
        _, process = _STARTED.popitem()
        process.kill()
