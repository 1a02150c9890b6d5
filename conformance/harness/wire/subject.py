"""One game of an implementation process, as a Subject: replies checked against the protocol and the game's types."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.subject import NotImplementedOp
from rulespec.conformance.harness.wire.encoding import left_out, unknown_field, wire_json
from rulespec.conformance.harness.wire.faults import Fault, WireFault, shown_text
from rulespec.conformance.harness.wire.messages import ENCODER, Refused, Reply, Result, Run, Unsupported
from rulespec.conformance.harness.wire.reply import Misfit
from rulespec.conformance.harness.wire.session import WireSession
from rulespec.reference.errors import IllegalAction, InvalidState, RuleError

_HEARD_EVERY = 256  # calls speculated between two readings of the replies
_NO_ANSWER = object()  # the guess of a call the reference itself failed on


class Unsettled(BaseException):
    """Speculation given up: a reply differed from the reference's answer (or faulted, came late, never came).

    Not an Exception, so neither a check nor Hypothesis takes it for the check's own failure: it ends the
    check at once, and ``verify/speculation.py`` runs it again one call at a time.
    """


def _named(refusal: RuleError) -> object:
    """What a check reads of a refusal besides its kind: an InvalidState's field, an IllegalAction's rule."""
    return refusal.field if isinstance(refusal, InvalidState) else getattr(refusal, "rule", None)


@dataclass(frozen=True)
class _Refusal:
    """A refusal the reference guessed, as a check reads it: kept instead of the exception, whose traceback would hold
    the check's frames (and Hypothesis's data for the example) alive until the replies are compared."""

    kind: type[RuleError]
    named: object

    @classmethod
    def of(cls, refusal: RuleError) -> _Refusal:
        return cls(type(refusal), _named(refusal))


class ProcessSubject:
    """One game of an implementation process, as a Subject: what ``call`` returns or raises is typed."""

    def __init__(self, game: Game, session: WireSession, label: str | None = None) -> None:
        self.game = game
        self.session = session
        self._label = label or session.command
        self._rulings: dict[object, msgspec.Raw] = {}
        self._sent: dict[int, tuple[object, tuple[str, object], Run]] = {}
        self._results: dict[str, msgspec.json.Decoder[Any]] = {}
        self._guessed: list[tuple[str, object]] | None = None  # while speculating: (operation, the reference's answer)

    @property
    def label(self) -> str:
        return self._label

    def supports(self, operation: str) -> bool:
        return operation in self.session.offer().games.get(self.game.key, ())  # its last handshake: no restart

    def take_cost(self) -> float:
        """The seconds the process's faults have cost since last asked (restarts included): the breaker's charge."""
        return self.session.take_cost()

    def call(self, operation: str, request: object, rulings: object) -> Any:
        if not self.supports(operation):
            raise NotImplementedOp(self.label, operation)
        question = self._question(operation, request, rulings)
        if self._guessed is not None:
            return self._guess(operation, question, request, rulings)
        try:
            return self._typed(operation, *self.session.ask(question))
        except WireFault as fault:
            fault.read_anyway = fault.read_anyway or self._results_of(operation, fault)
            raise

    def _results_of(self, operation: str, fault: WireFault) -> tuple[object, ...]:
        """The results among a fault's replies (a request answered two ways), each read as the operation's result:
        a check then judges them as it judges any answer (``verdict``); a reply no result, or not of its type, is
        left out."""
        read: list[object] = []
        for reply in fault.answers:
            if isinstance(reply, Result):
                try:
                    read.append(self._result(operation, reply, fault.request or b""))
                except WireFault:
                    continue
        return tuple(read)

    def _typed(self, operation: str, message: Reply | Misfit, shown: bytes) -> Any:
        """A reply as the call's answer: the result, or the refusal raised; any other reply a WireFault."""
        if isinstance(message, Misfit):
            raise WireFault(message.fault, message.detail, shown)
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
        context = message.details()
        if context.get("rulespec") == "mutated-input":  # said by wire/serve.py, which watches the request
            raise WireFault(Fault.MUTATED_INPUT, shown_text(message.message), shown)
        raise WireFault(Fault.EXCEPTION, f"{shown_text(message.message)} {shown_text(ENCODER.encode(context))}", shown)

    # --- speculation: a check's calls answered by the reference at once, the process's replies compared after ----

    def speculate(self) -> None:
        """Until ``settle``, each call is answered at once by the reference, its request sent down the pipe."""
        self.session.collect()  # a stream of another's, left unread: its replies come first
        self._guessed = []

    def _guess(self, operation: str, question: Run, request: object, rulings: object) -> Any:
        try:
            if not self.session.send_ahead([question]):
                raise Unsettled("the process wrote before it was asked")
        except WireFault as fault:
            raise Unsettled(str(fault)) from fault
        try:
            answer = self.game.reference_call(operation)(request, rulings)
        except RuleError as refusal:
            self._guessed_so(operation, _Refusal.of(refusal))
            raise
        except Exception:
            self._guessed_so(operation, _NO_ANSWER)  # the reference itself failed: nothing can agree with that
            raise
        self._guessed_so(operation, answer)
        return answer

    def _guessed_so(self, operation: str, guess: object) -> None:
        assert self._guessed is not None
        self._guessed.append((operation, guess))
        if len(self._guessed) >= _HEARD_EVERY:  # compared as they come, so a wrong process is given up on early
            self._compare()

    def _compare(self) -> None:
        """Each call guessed since the last comparison against the process's reply; Unsettled at the first that
        differs, is a fault, came later than the case timeout after its request was written, or never came.

        A check reads a result whole, and a refusal's kind and the field or rule it names, never its reason
        or value; so where all of these agree, the check asking one by one would have been told the same.
        """
        guessed, self._guessed = self._guessed or [], []
        heard = self.session.collect()
        for (operation, guess), (_, answer, took) in zip(guessed, heard, strict=False):
            if isinstance(answer, WireFault):
                raise Unsettled(f"{operation}: {answer}")
            if took > self.session.timeout:  # the exact run meets the process as a timeout leaves it: started afresh
                self.session.restart()
                raise Unsettled(f"{operation}: no reply within {self.session.timeout} s")
            if not self._agrees(operation, answer, guess):
                raise Unsettled(f"{operation}: answered otherwise")
        if len(heard) < len(guessed):
            raise Unsettled("the stream ended before every reply")

    def settle(self) -> bool:
        """Speculation ends: whether the process answered every call as the reference did (``_compare``)."""
        try:
            self._compare()
        except Unsettled:
            return False
        finally:
            self._guessed = None
        return True

    def abandon(self) -> None:
        """Speculation ends unread (its replies are read and dropped before the next request is asked)."""
        self._guessed = None

    def _agrees(self, operation: str, answer: tuple[Reply | Misfit, bytes], guess: object) -> bool:
        reply, guessed = answer[0], not isinstance(guess, _Refusal)
        if guessed and isinstance(reply, Result) and reply.output == msgspec.Raw(ENCODER.encode(guess)):
            return True  # the very bytes the reference's answer encodes to: read, it is that answer (the common case)
        try:
            said = self._typed(operation, *answer)
        except (InvalidState, IllegalAction) as refusal:
            return isinstance(guess, _Refusal) and _Refusal.of(refusal) == guess
        except (WireFault, NotImplementedOp):
            return False
        return guessed and bool(said == guess)

    def _result(self, operation: str, message: Result, shown: bytes) -> Any:
        """The output read once, straight into the operation's result type; then no key it lacks."""
        response = self.game.operation(operation).response
        read = self._results.get(operation)
        if read is None:
            read = self._results[operation] = msgspec.json.Decoder(response, strict=True)
        try:
            result = read.decode(message.output)
        except msgspec.ValidationError as exc:
            fault = Fault.MISSING_FIELD if "missing required field" in str(exc) else Fault.WRONG_TYPE
            misfit = WireFault(fault, f"output is not a {response.__name__}: {exc}", shown)
            if fault is Fault.WRONG_TYPE:  # a value its type refuses (a null for a 0): judged as given
                misfit.read_anyway = (msgspec.json.decode(message.output),)
            raise misfit from exc
        unknown = unknown_field(result, message.output)
        if unknown:
            misfit = WireFault(Fault.UNKNOWN_FIELD, f"output has {unknown}, which {response.__name__} lacks", shown)
            # every field of the type given beside it (none a default filled in for a key spelt otherwise): judged
            misfit.read_anyway = () if left_out(result, message.output) else (result,)
            raise misfit
        missing = left_out(result, message.output)
        if missing:  # a field with a default left out: every field is written, never filled in unsaid
            parent, _, name = missing.rpartition(".")
            at = f" - at `{parent}`" if parent != "$" else ""
            lacks = f"output is not a {response.__name__}: Object missing required field `{name}`{at}"
            raise WireFault(Fault.MISSING_FIELD, lacks, shown)
        return result

    def _encoded(self, rulings: object) -> msgspec.Raw:
        encoded = self._rulings.get(rulings)
        if encoded is None:  # rulings are few and hashable: encode each once
            encoded = self._rulings[rulings] = wire_json(rulings)
        return encoded

    def _question(self, operation: str, request: object, rulings: object) -> Run:
        """The run request, ``id`` 0 (the session numbers it)."""
        sent = self._sent.pop(id(request), None)
        if sent is not None and sent[0] is request and sent[1] == (operation, rulings):
            return sent[2]  # encoded when it was sent ahead
        return Run(0, self.game.key, operation, self._encoded(rulings), wire_json(request))

    def prefetch(self, calls: Sequence[tuple[str, object, object]]) -> None:
        """Send these (operation, request, rulings) ahead in one stream, so ``call`` answers at once."""
        questions: list[Run] = []
        for operation, request, rulings in calls:
            if self.supports(operation):
                question = Run(0, self.game.key, operation, self._encoded(rulings), wire_json(request))
                # kept with the request itself, so its id cannot be taken by another object meanwhile
                self._sent[id(request)] = (request, (operation, rulings), question)
                questions.append(question)
        if questions:
            self.session.prefetch(questions)

    def close(self) -> None:
        self.session.close()


def process_subjects(games: Sequence[Game], session: WireSession) -> dict[str, ProcessSubject]:
    """One subject per game, all speaking to the same process."""
    return {game.key: ProcessSubject(game, session) for game in games}
