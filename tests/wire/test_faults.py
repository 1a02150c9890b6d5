"""The harness survives a broken implementation: each fault is its own clear error, and the run goes on.

tests/fakes/faulty_impl.py answers with the reference except for one fault on one operation.
Each test asks a case of that operation (it must be an error naming the fault and showing the
request) and then a case of another operation (it must still pass).
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

import rulespec.reference.struggle_of_empires as soe
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.vectors import Case, LoadedCase, load_game
from rulespec.conformance.harness.verdict import Outcome, Verdict, run_case
from rulespec.conformance.harness.wire.encoding import left_out, unknown_field
from rulespec.conformance.harness.wire.faults import Fault
from rulespec.conformance.harness.wire.session import WireSession
from rulespec.conformance.harness.wire.subject import ProcessSubject
from rulespec.reference.errors import InvalidState
from rulespec.reference.struggle_of_empires.model import Empire, EndGameRequest, PopulationRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings
from tests import REPO_ROOT

FAKE = Path(__file__).parents[1] / "fakes" / "faulty_impl.py"
SOE = game("soe")


def empire(player: str, population: int, unrest: int, vp: int) -> Empire:
    return Empire(player=player, gold=4, population=population, unrest=unrest, vp=vp, armies=2, navies=1, forts=0)


def _as_json(value: object) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


def case(case_id: str, operation: str, request: Any) -> LoadedCase:
    """A case whose expected output is the reference's: these tests judge the harness, not the rules."""
    output: dict[str, Any] = _as_json(getattr(soe, operation)(request, Rulings()))
    written = Case(case_id, "harness test", ("SOE-POP-1",), _as_json(request), {}, output)
    return LoadedCase("soe", operation, written, FAKE, 0, request, Rulings())


FAULTY = case("grow", "grow_population", PopulationRequest((empire("amber", 3, 1, 10), empire("blue", 8, 4, 12))))
FOLLOWING = case("final", "end_game", EndGameRequest((empire("amber", 3, 1, 10), empire("blue", 8, 4, 12))))


def subject(*arguments: str, timeout: float = 2.0, startup_timeout: float = 20.0) -> ProcessSubject:
    command = " ".join([sys.executable, str(FAKE), *arguments])
    return ProcessSubject(SOE, WireSession(command, timeout, startup_timeout))


@pytest.fixture
def faulty(request: pytest.FixtureRequest) -> Iterator[ProcessSubject]:
    fault, timeout = request.param
    made = subject("--fault", fault, "--on", "grow_population", timeout=timeout)
    yield made
    made.close()


def assert_error(verdict: Verdict, fault: Fault) -> None:
    assert verdict.outcome == Outcome.ERROR, verdict
    assert verdict.detail.startswith(f"{fault.value}: "), verdict.detail
    # the request that caused it is shown
    assert '"operation":"grow_population"' in verdict.detail, verdict.detail
    assert '"player":"amber"' in verdict.detail, verdict.detail


FAULTS = [
    ("hang", 1.0, Fault.TIMEOUT),
    ("late", 1.0, Fault.TIMEOUT),
    ("crash", 2.0, Fault.CRASH),
    ("malformed-json", 2.0, Fault.MALFORMED_JSON),
    ("not-an-object", 2.0, Fault.NOT_A_REPLY),
    ("wrong-type-missing", 2.0, Fault.WRONG_TYPE),
    ("missing-field", 2.0, Fault.MISSING_FIELD),
    ("unknown-field", 2.0, Fault.UNKNOWN_FIELD),
    ("extra-stdout", 2.0, Fault.EXTRA_OUTPUT),
    ("stderr", 2.0, Fault.STDERR),
    ("exception", 2.0, Fault.EXCEPTION),
    ("wrong-id", 2.0, Fault.WRONG_ID),
    ("flaky-errored", 2.0, Fault.NON_DETERMINISM),
    ("refusal-without-rule", 2.0, Fault.MISSING_FIELD),
]


@pytest.mark.parametrize(
    ("faulty", "fault"),
    [((name, timeout), fault) for name, timeout, fault in FAULTS],
    indirect=["faulty"],
    ids=[name for name, _, _ in FAULTS],
)
def test_each_fault_is_its_own_error_and_the_run_goes_on(faulty: ProcessSubject, fault: Fault) -> None:
    assert_error(run_case(faulty, FAULTY), fault)
    assert run_case(faulty, FOLLOWING) == Verdict(Outcome.PASSED)
    # and again: a restarted process is as good as the first
    assert_error(run_case(faulty, FAULTY), fault)
    assert run_case(faulty, FOLLOWING) == Verdict(Outcome.PASSED)


def test_an_output_with_an_unknown_field_and_a_wrong_one_fails_the_rule_and_names_both() -> None:
    """Read without the field its type lacks, the output already departs from the expectation: the rule is broken
    whatever the shape, so the case fails (on its rule, for the blame), its detail naming the unknown field too. An
    unknown field beside right values stays the case's error (above)."""
    made = subject("--fault", "unknown-field-wrong", "--on", "grow_population")
    verdict = run_case(made, FAULTY)
    made.close()
    assert verdict.outcome == Outcome.FAILED, verdict
    assert [d.path for d in verdict.differences] == ["$.empires[0].population"], verdict.differences
    assert "(and unknown field: output has $.empires[0].colour" in verdict.detail, verdict.detail


def test_an_output_with_a_value_of_the_wrong_type_fails_the_rule_and_names_the_fault() -> None:
    """A number where the vector's player name belongs is a wrong answer whatever its type: the case fails on its rule,
    its detail naming the wrong type too; with a field left out beside it (above), the shape stays the case's error."""
    made = subject("--fault", "wrong-type", "--on", "grow_population")
    verdict = run_case(made, FAULTY)
    made.close()
    assert verdict.outcome == Outcome.FAILED, verdict
    assert [(d.path, d.got) for d in verdict.differences] == [("$.empires[0].player", 7)], verdict.differences
    assert "(and wrong type: output is not a Empires: Expected `str`, got `int`" in verdict.detail, verdict.detail


def test_crash_says_how_it_ended(monkeypatch: pytest.MonkeyPatch) -> None:
    made = subject("--fault", "crash", "--on", "grow_population")
    verdict = run_case(made, FAULTY)
    made.close()
    assert "status 3" in verdict.detail and "segmentation fault (pretend)" in verdict.detail, verdict.detail
    # the whole traceback, to its last line (once cut to its first: "stderr: Traceback (most recent call last)")
    assert verdict.detail.count('File "engine.py"') == 60, verdict.detail


def test_a_late_reply_never_answers_the_next_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAULTY_LATE", "1.5")
    made = subject("--fault", "late", "--on", "grow_population", timeout=1.0)
    assert_error(run_case(made, FAULTY), Fault.TIMEOUT)
    # the late reply would arrive while this case waits: it must not be taken for this one's
    assert run_case(made, FOLLOWING) == Verdict(Outcome.PASSED)
    made.close()


def test_a_request_answered_two_ways_fails_the_rule_its_wrong_answer_breaks() -> None:
    """State kept between calls shows as a request answered two ways; where one of the answers departs from the
    expected one, the case fails on its rule with that answer's difference (the blame then follows the value, not
    each check the state happened to show in), its detail naming the non-determinism too."""
    made = subject("--fault", "flaky", "--on", "grow_population")
    verdict = run_case(made, FAULTY)
    made.close()
    assert verdict.outcome == Outcome.FAILED, verdict
    assert [(d.path, d.got) for d in verdict.differences] == [("$.empires[0].player", "amber-changed")], verdict
    first, replies = verdict.detail.split("\n", 1)
    # the harness's words end the first line (blame reads them); both replies go below, where nothing is read
    assert first.endswith(" (and non-determinism: the same request answered two ways)"), first
    assert replies.startswith("  non-determinism: the same request, asked twice in a row, got "), replies


def test_an_answer_that_changes_later_in_the_run_is_non_determinism() -> None:
    made = subject("--fault", "drift", "--on", "grow_population")
    assert run_case(made, FAULTY) == Verdict(Outcome.PASSED)
    verdict = run_case(made, FAULTY)
    assert verdict.outcome == Outcome.FAILED, verdict
    first, replies = verdict.detail.split("\n", 1)
    assert first.endswith("(and non-determinism: the same request answered two ways)"), first
    assert replies.startswith("  non-determinism: answered ") and "earlier in the run" in replies, replies
    assert run_case(made, FOLLOWING) == Verdict(Outcome.PASSED)
    made.close()


def test_an_operation_it_does_not_offer_is_not_implemented() -> None:
    made = subject("--fault", "unsupported", "--on", "grow_population")
    assert run_case(made, FAULTY).outcome == Outcome.NOT_IMPLEMENTED
    assert run_case(made, FOLLOWING) == Verdict(Outcome.PASSED)
    made.close()


def test_a_banner_before_the_handshake_is_start_up_output() -> None:
    """Once a refused handshake: a flushed banner at start-up is shown as start-up output, and the run goes on."""
    made = subject("--fault", "banner")
    assert [run_case(made, loaded) for loaded in (FAULTY, FOLLOWING)] == [Verdict(Outcome.PASSED)] * 2
    assert "faulty_impl v0 ready" in made.session.startup_output
    made.close()


@pytest.mark.parametrize("fault", ["no-handshake", "old-protocol"])
def test_a_bad_handshake_is_an_error_on_every_case(fault: str) -> None:
    made = subject("--fault", fault, startup_timeout=1.0 if fault == "no-handshake" else 20.0)
    for loaded in (FAULTY, FOLLOWING):
        verdict = run_case(made, loaded)
        assert verdict.outcome == Outcome.ERROR and verdict.detail.startswith(Fault.HANDSHAKE.value), verdict.detail
    made.close()


def test_a_correct_implementation_passes_through_the_wire() -> None:
    made = subject()
    assert [run_case(made, loaded) for loaded in (FAULTY, FOLLOWING, FAULTY)] == [Verdict(Outcome.PASSED)] * 3
    made.close()


def test_refusals_come_back_as_the_rules_errors() -> None:
    impossible = PopulationRequest((empire("amber", 3, 1, 10), empire("amber", 8, 4, 12)))
    made = subject()
    with pytest.raises(InvalidState) as raised:
        made.call("grow_population", impossible, Rulings())
    made.close()
    assert raised.value.field == "empires[1].player"


def test_the_fake_lies_in_the_repository() -> None:
    assert FAKE.is_relative_to(REPO_ROOT)


@pytest.mark.parametrize(
    ("faulty", "fault"),
    [((name, timeout), fault) for name, timeout, fault in FAULTS],
    indirect=["faulty"],
    ids=[name for name, _, _ in FAULTS],
)
def test_each_fault_is_the_same_error_when_requests_are_pipelined(faulty: ProcessSubject, fault: Fault) -> None:
    batch = [FAULTY, FOLLOWING, FAULTY, FOLLOWING]
    faulty.prefetch([(loaded.operation, loaded.request, loaded.rulings) for loaded in batch])
    verdicts = [run_case(faulty, loaded) for loaded in batch]
    for verdict in verdicts[::2]:
        assert_error(verdict, fault)
    assert verdicts[1::2] == [Verdict(Outcome.PASSED)] * 2


def test_a_field_with_a_default_spelt_otherwise_is_never_judged_as_its_default() -> None:
    """``discardPile`` for ``discard_pile``: the reading fills in the default (an empty pile) and finds the spelling
    unknown. Judged on what was read, the case would fail on a pile the implementation never gave: it stays the
    unknown field's error, because the output does not give every field of its type (``left_out``)."""
    imperium = game("imperium")
    loaded = next(c for c in load_game(imperium) if c.case.id == "imp-market-acquired-card-to-discard-ruling")
    answer = imperium.reference_call(loaded.operation)(loaded.request, loaded.rulings)
    given = json.loads(msgspec.json.encode(answer))
    given["player"]["discardPile"] = given["player"].pop("discard_pile")
    raw = msgspec.Raw(msgspec.json.encode(given))
    read = msgspec.json.decode(raw, type=imperium.operation(loaded.operation).response)
    assert unknown_field(read, raw) == "$.player.discardPile"
    assert left_out(read, raw) == "$.player.discard_pile"
    assert left_out(answer, msgspec.Raw(msgspec.json.encode(answer))) is None


def test_a_field_left_out_at_its_default_is_a_missing_field_never_read_as_its_default(tmp_path: Path) -> None:
    """Every field is written (docs/wire-protocol.md): a payment's holding that leaves out the token kinds the cost
    does not name (the sixty-fifth zoo's imp-04) is a missing field naming the first, never read as its default 0,
    which would pass every check where 0 was due and fail the others each on its own rule."""
    engine = tmp_path / "imperium-node"
    shutil.copytree(REPO_ROOT / "examples" / "imperium-node", engine)
    rules = engine / "imperium.js"
    whole = "for (const k of TOKEN_TYPES) after[k] = held[k] - pay[k];"
    assert whole in rules.read_text()
    rules.write_text(rules.read_text().replace(whole, whole.replace("TOKEN_TYPES", "COST_TYPES")))
    imperium = game("imperium")
    loaded = next(c for c in load_game(imperium) if c.case.id == "imp-pay-two-resources-for-four-coins")
    made = ProcessSubject(imperium, WireSession(f"node {engine / 'impl.js'}", 10.0, 20.0))
    try:
        verdict = run_case(made, loaded)
    finally:
        made.close()
    assert verdict.outcome == Outcome.ERROR, verdict
    assert verdict.detail.startswith(
        "missing field: output is not a PaymentResult: Object missing required field `resources` - at `$.tokens`"
    ), verdict.detail
