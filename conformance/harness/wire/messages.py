"""The messages of the wire protocol (docs/wire-protocol.md), as typed values msgspec reads and writes.

One JSON object per line, each with a ``type``: every message is a Struct tagged by it. The harness
speaks first (``start``); the implementation answers ``started``, then one reply per ``run`` request,
carrying its ``id``. An operation's ``input`` and ``output`` (and a run's ``rulings``) stay raw JSON
here: the game's types read them. The JSON Schemas in conformance/schema/wire/ are derived from
these types.
"""

from __future__ import annotations

from typing import Annotated, Any, get_args

import msgspec

from rulespec.conformance.harness.vectors import ErrorKind

PROTOCOL_VERSION = 1
# the versions this harness speaks; an implementation must answer with one of them
SUPPORTED_VERSIONS = (1,)

# a JSON object left as its bytes, for the game's types to read (published as any object)
RawObject = Annotated[msgspec.Raw, msgspec.Meta(extra_json_schema={"type": "object"})]


# --- harness -> implementation ----------------------------------------------------------


class Start(msgspec.Struct, tag_field="type", tag="start", frozen=True):
    """First line of a session: the newest protocol version the harness speaks."""

    protocol: int


class Run(msgspec.Struct, tag_field="type", tag="run", frozen=True):
    """One question: apply ``operation`` of ``game`` to ``input`` under every ruling in ``rulings``."""

    id: int
    game: str
    operation: str
    rulings: RawObject
    input: RawObject


class Stop(msgspec.Struct, tag_field="type", tag="stop", frozen=True):
    """Last line of a session: the implementation exits with status 0."""


# --- implementation -> harness -----------------------------------------------------------


class Implementation(msgspec.Struct, frozen=True, omit_defaults=True):
    """Who is answering, shown in reports."""

    name: str
    version: str
    language: str | None = None
    homepage: str | None = None


class Started(msgspec.Struct, tag_field="type", tag="started", frozen=True):
    """The answer to ``start``: the version spoken, who answers, the operations offered per game, and (optional)
    per game the rulings it plays: ruling field -> the values it plays, judged under them (verify/declared.py)."""

    protocol: int
    implementation: Implementation
    games: dict[str, tuple[str, ...]]
    # UNSET rather than ``{}``: a protocol-1 implementation that says nothing is judged as before
    rulings: dict[str, dict[str, tuple[Any, ...]]] | msgspec.UnsetType = msgspec.UNSET

    def played(self, game: str) -> dict[str, tuple[Any, ...]]:
        """The rulings this implementation says it plays in ``game`` (none: it plays whatever it is asked)."""
        return {} if isinstance(self.rulings, msgspec.UnsetType) else self.rulings.get(game, {})


class Result(msgspec.Struct, tag_field="type", tag="result", frozen=True, forbid_unknown_fields=True):
    """The operation's result, in the JSON form of the game's result type."""

    id: int
    output: RawObject


class Refusal(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Why the rules refuse: InvalidState names ``field`` (and ``value``), IllegalAction names ``rule``."""

    kind: ErrorKind
    reason: str
    field: str | None = None
    value: Any = None
    rule: str | None = None


class Refused(msgspec.Struct, tag_field="type", tag="refused", frozen=True, forbid_unknown_fields=True):
    """The rules refuse the input: the same two kinds the reference raises."""

    id: int
    error: Refusal


class Unsupported(msgspec.Struct, tag_field="type", tag="unsupported", frozen=True, forbid_unknown_fields=True):
    """The implementation does not offer this operation: not implemented, never passed."""

    id: int
    message: str = ""


class Errored(msgspec.Struct, tag_field="type", tag="errored", frozen=True, forbid_unknown_fields=True):
    """The implementation failed without a rules verdict (an exception): reported as an error."""

    id: int
    message: str
    # UNSET rather than ``{}``: absent means empty, and the published schema names no default
    context: dict[str, Any] | msgspec.UnsetType = msgspec.UNSET

    def details(self) -> dict[str, Any]:
        return {} if isinstance(self.context, msgspec.UnsetType) else self.context


# what the harness sends, and what answers a ``run``
Sent = Start | Run | Stop
Reply = Result | Refused | Unsupported | Errored

SENT = msgspec.json.Decoder(Sent)
RECEIVED = msgspec.json.Decoder(Started | Reply)
ENCODER = msgspec.json.Encoder()


def _tag(kind: type[msgspec.Struct]) -> str:
    tag = kind.__struct_config__.tag
    assert isinstance(tag, str)
    return tag


# a reply's ``type`` -> its message class
REPLIES: dict[str, type[Reply]] = {_tag(kind): kind for kind in get_args(Reply)}

# every message, by the file name stem of its schema
MESSAGES: dict[str, type[msgspec.Struct]] = {
    _tag(kind): kind for kind in (Start, Started, Run, Stop, *REPLIES.values())
}


_UNNUMBERED = b'{"type":"run","id":0,'  # how a run request encoded with ``id`` 0 begins: its tag, then its ID


def numbered(body: bytes, ident: int) -> bytes:
    """A run request's line numbered ``ident``, from its encoding with ``id`` 0 (the ID is the field after the tag)."""
    assert body.startswith(_UNNUMBERED)
    return b'{"type":"run","id":%d,%s\n' % (ident, body[len(_UNNUMBERED) :])
