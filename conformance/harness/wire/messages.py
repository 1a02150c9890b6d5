"""The messages of the wire protocol (docs/wire-protocol.md), as typed values.

One JSON object per line, each with a ``type``. The harness speaks first (``start``); the
implementation answers ``started``, then one reply per ``run`` request, carrying its ``id``.
The JSON Schemas in conformance/schema/wire/ are derived from these types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from conformance.harness.vectors import ErrorKind

PROTOCOL_VERSION = 1
# the versions this harness speaks; an implementation must answer with one of them
SUPPORTED_VERSIONS = (1,)


# --- harness -> implementation ----------------------------------------------------------


@dataclass(frozen=True)
class Start:
    """First line of a session: the newest protocol version the harness speaks."""

    type: Literal["start"]
    protocol: int


@dataclass(frozen=True)
class Run:
    """One question: apply ``operation`` of ``game`` to ``input`` under every ruling in ``rulings``."""

    type: Literal["run"]
    id: int
    game: str
    operation: str
    rulings: dict[str, Any]
    input: dict[str, Any]


@dataclass(frozen=True)
class Stop:
    """Last line of a session: the implementation exits with status 0."""

    type: Literal["stop"]


# --- implementation -> harness -----------------------------------------------------------


@dataclass(frozen=True)
class Implementation:
    """Who is answering, shown in reports."""

    name: str
    version: str
    language: str | None = None
    homepage: str | None = None


@dataclass(frozen=True)
class Started:
    """The answer to ``start``: the version spoken, who answers, and the operations offered per game."""

    type: Literal["started"]
    protocol: int
    implementation: Implementation
    games: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Result:
    """The operation's result, in the JSON form of the game's result type."""

    type: Literal["result"]
    id: int
    output: dict[str, Any]


@dataclass(frozen=True)
class Refusal:
    """Why the rules refuse: InvalidState names ``field`` (and ``value``), IllegalAction names ``rule``."""

    kind: ErrorKind
    reason: str
    field: str | None = None
    value: Any = None
    rule: str | None = None


@dataclass(frozen=True)
class Refused:
    """The rules refuse the input: the same two kinds the reference raises."""

    type: Literal["refused"]
    id: int
    error: Refusal


@dataclass(frozen=True)
class Unsupported:
    """The implementation does not offer this operation: not implemented, never passed."""

    type: Literal["unsupported"]
    id: int
    message: str = ""


@dataclass(frozen=True)
class Errored:
    """The implementation failed without a rules verdict (an exception): reported as an error."""

    type: Literal["errored"]
    id: int
    message: str
    context: dict[str, Any] = field(default_factory=dict[str, Any])


Reply = Result | Refused | Unsupported | Errored

# a reply's ``type`` -> its message class
REPLIES: dict[str, type[Result] | type[Refused] | type[Unsupported] | type[Errored]] = {
    "result": Result,
    "refused": Refused,
    "unsupported": Unsupported,
    "errored": Errored,
}

# every message, by the file name stem of its schema
MESSAGES: dict[str, type[Any]] = {
    "start": Start,
    "started": Started,
    "run": Run,
    "stop": Stop,
    "result": Result,
    "refused": Refused,
    "unsupported": Unsupported,
    "errored": Errored,
}
