"""One game of an implementation process, as a Subject: replies checked against the protocol and the game's types."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import msgspec

from conformance.harness.games import Game
from conformance.harness.subject import ImplementationError, NotImplementedOp, conform_result
from conformance.harness.wire.encoding import unknown_field, wire_form
from conformance.harness.wire.faults import Fault, WireFault, shown_text
from conformance.harness.wire.messages import REPLIES, Errored, Refusal, Refused, Result, Unsupported
from conformance.harness.wire.session import WireSession, run_body
from reference.errors import IllegalAction, InvalidState


def _envelope(reply: dict[str, Any], shown: bytes) -> Result | Refused | Unsupported | Errored:
    """The reply as its message type: every field present, of its type, and no other."""
    kind = REPLIES[reply["type"]]
    try:
        message = msgspec.convert(reply, kind, strict=True)
    except msgspec.ValidationError as exc:
        fault = Fault.MISSING_FIELD if "missing required field" in str(exc) else Fault.WRONG_TYPE
        raise WireFault(fault, f"a {reply['type']!r} reply: {exc}", shown) from exc
    unknown = _unknown_key(kind, reply) or (
        _unknown_key(Refusal, reply["error"]) if isinstance(message, Refused) else None
    )
    if unknown:
        raise WireFault(Fault.UNKNOWN_FIELD, f"a {reply['type']!r} reply has {unknown!r}, which its type lacks", shown)
    return message


_FIELDS: dict[type[Any], frozenset[str]] = {}


def _unknown_key(kind: type[Any], given: dict[str, Any]) -> str | None:
    """A key of ``given`` that is not a field of the message type ``kind``."""
    if kind not in _FIELDS:
        _FIELDS[kind] = frozenset(field.name for field in dataclasses.fields(kind))
    return next((key for key in given if key not in _FIELDS[kind]), None)


class ProcessSubject:
    """One game of an implementation process, as a Subject: what ``call`` returns or raises is typed."""

    def __init__(self, game: Game, session: WireSession, label: str | None = None) -> None:
        self.game = game
        self.session = session
        self._label = label or session.command
        self._rulings: dict[object, Any] = {}
        self._sent: dict[int, tuple[object, tuple[str, object], bytes]] = {}

    @property
    def label(self) -> str:
        return self._label

    def supports(self, operation: str) -> bool:
        return operation in self.session.started().games.get(self.game.key, ())  # started() is cached

    def call(self, operation: str, request: object, rulings: object) -> Any:
        if not self.supports(operation):
            raise NotImplementedOp(self.label, operation)
        reply, shown = self.session.ask(self._body(operation, request, rulings))
        message = _envelope(reply, shown)
        if isinstance(message, Result):
            return self._result(operation, message, shown)
        if isinstance(message, Refused):
            error = message.error
            if error.kind == "InvalidState" and error.field is not None:
                raise InvalidState(error.field, error.value, error.reason, error.rule)
            if error.kind == "IllegalAction" and error.rule is not None:
                raise IllegalAction(error.rule, error.reason)
            named = "field" if error.kind == "InvalidState" else "rule"
            raise WireFault(Fault.MISSING_FIELD, f"a {error.kind} refusal must name its {named}", shown)
        if isinstance(message, Unsupported):
            raise NotImplementedOp(self.label, operation)
        if message.context.get("rulespec") == "mutated-input":  # said by wire/serve.py, which watches the request
            raise WireFault(Fault.MUTATED_INPUT, shown_text(message.message), shown)
        raise WireFault(
            Fault.EXCEPTION, f"{shown_text(message.message)} {shown_text(msgspec.json.encode(message.context))}", shown
        )

    def _result(self, operation: str, message: Result, shown: bytes) -> Any:
        try:
            result = conform_result(self.game, operation, message.output, self.label)
        except ImplementationError as exc:
            cause = str(exc.__cause__)
            fault = Fault.MISSING_FIELD if "missing required field" in cause else Fault.WRONG_TYPE
            raise WireFault(
                fault, f"output is not a {self.game.operation(operation).response.__name__}: {cause}", shown
            ) from exc
        unknown = unknown_field(result, message.output)
        if unknown:
            raise WireFault(
                Fault.UNKNOWN_FIELD,
                f"output has {unknown}, which {self.game.operation(operation).response.__name__} lacks",
                shown,
            )
        return result

    def _encoded(self, rulings: object) -> Any:
        encoded = self._rulings.get(rulings)
        if encoded is None:  # rulings are few and hashable: encode each once
            encoded = self._rulings[rulings] = wire_form(rulings)
        return encoded

    def _body(self, operation: str, request: object, rulings: object) -> bytes:
        sent = self._sent.pop(id(request), None)
        if sent is not None and sent[0] is request and sent[1] == (operation, rulings):
            return sent[2]  # encoded when it was sent ahead
        return run_body(self.game.key, operation, self._encoded(rulings), wire_form(request))

    def prefetch(self, calls: Sequence[tuple[str, object, object]]) -> None:
        """Send these (operation, request, rulings) ahead in one stream, so ``call`` answers at once."""
        bodies: list[bytes] = []
        for operation, request, rulings in calls:
            if self.supports(operation):
                body = run_body(self.game.key, operation, self._encoded(rulings), wire_form(request))
                # kept with the request itself, so its id cannot be taken by another object meanwhile
                self._sent[id(request)] = (request, (operation, rulings), body)
                bodies.append(body)
        if bodies:
            self.session.prefetch(bodies)

    def close(self) -> None:
        self.session.close()


def process_subjects(games: Sequence[Game], session: WireSession) -> dict[str, ProcessSubject]:
    """One subject per game, all speaking to the same process."""
    return {game.key: ProcessSubject(game, session) for game in games}
