"""The call a failing invariant is about: its shrunk request, both answers as JSON, and the same as a ready vector.

Hypothesis replays the shrunk failing example last, so the last call on which the
implementation and the reference disagree is the minimal one. It is asked again here,
through the same subject, and judged the way a vector case is, so an invariant's
failure reads exactly like a vector's: request, rulings, expected, got, every differing path.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from conformance.harness.differences import Difference
from conformance.harness.games import Game
from conformance.harness.spec import clause_hashes
from conformance.harness.subject import Subject, python_subject
from conformance.harness.verdict import Outcome, run_case
from conformance.harness.verify.saved_failures import SentCall, loaded, saved_case
from conformance.harness.wire.encoding import wire_form
from reference.errors import IllegalAction, InvalidState


@dataclass(frozen=True)
class FailingCall:
    """One request the invariant sent, as the wire carries it, and how the two answers differ."""

    operation: str
    request: Any
    rulings: Any
    expected: Any = None
    got: Any = None
    differences: tuple[Difference, ...] = ()
    vector: dict[str, Any] | None = None  # the call as a vector case expecting the reference's answer
    cited: str | None = None  # the rule the reference's refusal names, when the expected answer is a refusal


def failing_call(
    game: Game, subject: Subject, calls: Iterable[SentCall], rules: tuple[str, ...], why: str
) -> FailingCall | None:
    """The last call on which ``subject`` and the reference disagree; else the last call sent, without answers."""
    sent = [call for call in calls if call.game == game.key and isinstance(call.rulings, game.rulings)]
    for call in reversed(sent):
        if not any(op.name == call.operation for op in game.operations):
            continue
        rulings: dict[str, Any] = wire_form(call.rulings)
        cited = _cited(game, call)
        if cited is not None and cited in clause_hashes(game):
            rules = (
                cited,
                *(rule for rule in rules if rule != cited),
            )  # the rule its expected refusal comes from, first
        case = saved_case(game, call.operation, call.request, rulings, rules, why)
        if case is None:
            continue  # the reference itself could not answer it: not the call the failure is about
        verdict = run_case(subject, loaded(game, call.operation, case))
        if verdict.outcome in (Outcome.FAILED, Outcome.ERROR):
            request = wire_form(call.request)
            return FailingCall(
                call.operation, request, rulings, verdict.expected, verdict.got, verdict.differences, case, cited
            )
    if not sent:
        return None
    last = sent[-1]
    return FailingCall(last.operation, wire_form(last.request), wire_form(last.rulings))


def _cited(game: Game, call: SentCall) -> str | None:
    """The rule the reference names when it refuses ``call``: the sentence a refusal's expected answer comes from."""
    try:
        python_subject(game, None).call(call.operation, call.request, call.rulings)
    except (InvalidState, IllegalAction) as refusal:
        return refusal.rule or None
    except Exception:  # noqa: BLE001 - the reference's own fault is not a rule; the static primary stands
        return None
    return None
