"""A line read as the reply to one request: each fault the line shows, and whether it breaks the conversation.

A line that is no reply to the request is raised (the session restarts the process); a reply to it whose
fields its type refuses comes back as a Misfit (the conversation is still in step).
"""

from __future__ import annotations

import json
import shlex
import sys

import pytest

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.wire.determinism import same_answer
from rulespec.conformance.harness.wire.faults import Fault, WireFault
from rulespec.conformance.harness.wire.messages import Errored, Refused, Result
from rulespec.conformance.harness.wire.reply import Misfit, read_reply
from rulespec.conformance.harness.wire.session import WireSession
from rulespec.conformance.harness.wire.subject import ProcessSubject
from rulespec.reference.struggle_of_empires.model import EndGameRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings

SHOWN = b'{"type":"run","id":7}'
RESULT = b'{"type":"result","id":7,"output":{"empires":[{"player":"amber","vp":3}]}}'


def test_a_reply_reads_as_its_message_with_the_output_left_raw() -> None:
    reply = read_reply(RESULT, 7, SHOWN)
    assert isinstance(reply, Result)
    assert bytes(memoryview(reply.output)) == b'{"empires":[{"player":"amber","vp":3}]}'
    refused = read_reply(
        b'{"type":"refused","id":7,"error":{"kind":"IllegalAction","reason":"no","rule":"X-1"}}', 7, SHOWN
    )
    assert isinstance(refused, Refused) and refused.error.rule == "X-1" and refused.error.field is None
    errored = read_reply(b'{"type":"errored","id":7,"message":"boom"}', 7, SHOWN)
    assert isinstance(errored, Errored) and errored.details() == {}


@pytest.mark.parametrize(
    ("line", "fault"),
    [
        (RESULT.replace(b'"id":7', b'"id":8'), Fault.WRONG_ID),
        (RESULT.replace(b'"id":7', b'"id":true'), Fault.WRONG_ID),
        (RESULT.replace(b'"id":7,', b""), Fault.WRONG_ID),
        (RESULT.replace(b'"id":7', b'"id":"7"'), Fault.WRONG_ID),
        (b"[1, 2, 3]", Fault.NOT_A_REPLY),
        (b'{"type":"started","protocol":1,"implementation":{"name":"x","version":"1"},"games":{}}', Fault.NOT_A_REPLY),
        (RESULT.replace(b'"result"', b'"answer"'), Fault.NOT_A_REPLY),
        (b"debug: answered", Fault.EXTRA_OUTPUT),
        (RESULT[:-2], Fault.MALFORMED_JSON),
        (RESULT.replace(b'"amber"', b'"amber\xff\xfe"'), Fault.MALFORMED_JSON),
        (RESULT.replace(b"3}", b"NaN}"), Fault.MALFORMED_JSON),
        (b'{"type":"result","id":7,"output":' + b"[" * 100_000 + b"]" * 100_000 + b"}", Fault.TOO_DEEP),
        # a wrong id and a broken field: the id is told (the conversation is out of step)
        (b'{"type":"result","id":8,"output":{},"colour":"blue"}', Fault.WRONG_ID),
    ],
    ids=[
        "another-id",
        "id-true",
        "no-id",
        "id-a-string",
        "an-array",
        "a-started",
        "unknown-type",
        "a-print",
        "cut-short",
        "not-utf8-in-output",
        "nan",
        "deep",
        "wrong-id-first",
    ],
)
def test_a_line_that_is_no_reply_to_the_request_is_raised(line: bytes, fault: Fault) -> None:
    with pytest.raises(WireFault) as raised:
        read_reply(line, 7, SHOWN)
    assert raised.value.fault == fault, raised.value
    assert raised.value.request == SHOWN


@pytest.mark.parametrize(
    ("line", "fault"),
    [
        (b'{"type":"result","id":7,"output":{},"colour":"blue"}', Fault.UNKNOWN_FIELD),
        (
            b'{"type":"refused","id":7,"error":{"kind":"IllegalAction","reason":"no","rule":"X-1","colour":"blue"}}',
            Fault.UNKNOWN_FIELD,
        ),
        (b'{"type":"result","id":7}', Fault.MISSING_FIELD),
        (b'{"type":"errored","id":7}', Fault.MISSING_FIELD),
        (b'{"type":"errored","id":7,"message":3}', Fault.WRONG_TYPE),
        (b'{"type":"refused","id":7,"error":{"kind":"Oops","reason":"no"}}', Fault.WRONG_TYPE),
    ],
    ids=["unknown-field", "unknown-field-in-error", "no-output", "no-message", "message-a-number", "unknown-kind"],
)
def test_a_reply_its_type_refuses_is_a_misfit_in_step(line: bytes, fault: Fault) -> None:
    misfit = read_reply(line, 7, SHOWN)
    assert isinstance(misfit, Misfit), misfit
    assert misfit.fault == fault, misfit
    kind = json.loads(line)["type"]
    assert misfit.detail.startswith(f"a {kind!r} reply: "), misfit.detail


def test_two_replies_are_the_same_answer_whatever_their_ids_and_key_order() -> None:
    reordered = b'{"id":9,"output":{"empires":[{"vp":3,"player":"amber"}]},"type":"result"}'
    first, again = read_reply(RESULT, 7, SHOWN), read_reply(reordered, 9, SHOWN)
    assert same_answer(first, again)
    changed = read_reply(RESULT.replace(b"3}", b"4}"), 7, SHOWN)
    assert not same_answer(first, changed)
    refusal = b'{"type":"refused","id":7,"error":{"kind":"IllegalAction","reason":"no","rule":"X-1"}}'
    assert not same_answer(first, read_reply(refusal, 7, SHOWN))


# answers every run with a result that carries a key no reply has
_EXTRA_KEY = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "stop":
        break
    if message["type"] == "start":
        started = {"protocol": 1, "implementation": {"name": "x", "version": "1"}, "games": {"soe": ["end_game"]}}
        print(json.dumps({"type": "started", **started}), flush=True)
    else:
        print(json.dumps({"type": "result", "id": message["id"], "output": {}, "colour": "blue"}), flush=True)
"""


def test_a_misfit_keeps_the_process_running() -> None:
    session = WireSession(shlex.join([sys.executable, "-c", _EXTRA_KEY]))
    subject = ProcessSubject(game("soe"), session)
    pids: list[int | None] = []
    for _ in range(2):
        with pytest.raises(WireFault) as raised:
            subject.call("end_game", EndGameRequest(()), Rulings())
        assert raised.value.fault == Fault.UNKNOWN_FIELD, raised.value
        pids.append(session.pid)
    assert session.close() == []
    assert pids[0] is not None and pids[0] == pids[1]
