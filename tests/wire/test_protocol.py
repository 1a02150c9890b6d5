"""The wire protocol's published schemas hold for what the harness sends and what the examples answer.

The schemas are read from conformance/schema/wire/ (the files an adapter author would use),
so a message drifting from its documented form fails here.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest

from rulespec.conformance.harness.games import SCHEMA_DIR, all_games, game
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.verdict import Outcome, run_case
from rulespec.conformance.harness.wire.encoding import wire_form, wire_json
from rulespec.conformance.harness.wire.session import WireSession
from rulespec.conformance.harness.wire.subject import ProcessSubject
from tests import REPO_ROOT

FAKE = Path(__file__).parents[1] / "fakes" / "faulty_impl.py"
SOE = game("soe")
EXAMPLES = {
    "python": [sys.executable, str(REPO_ROOT / "examples" / "soe-python" / "impl.py")],
    "node": ["node", str(REPO_ROOT / "examples" / "soe-node" / "impl.js")],
}


def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMA_DIR / "wire" / f"{name}.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def assert_valid(name: str, message: Any) -> None:
    found = validator(name).iter_errors(message)  # pyright: ignore[reportUnknownMemberType]
    errors = [f"{error.json_path}: {error.message}" for error in found]
    assert not errors, (name, message, errors)


def test_what_the_harness_sends_matches_the_schemas(tmp_path: Path) -> None:
    record = tmp_path / "received.jsonl"
    session = WireSession(f"{sys.executable} {FAKE} --record {record}")
    subject = ProcessSubject(SOE, session)
    cases = load_game(SOE)[:20]
    assert cases, "no Struggle of Empires vectors to send"
    for loaded in cases:
        run_case(subject, loaded)
    subject.close()
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert [line["type"] for line in lines] == ["start"] + ["run"] * 2 * len(cases) + ["stop"]
    for line in lines:
        assert_valid(line["type"], line)
    # every ruling is sent, whatever the vector names
    every = msgspec.to_builtins(SOE.rulings()).keys()
    assert all(line["rulings"].keys() == every for line in lines[1:-1])


@dataclasses.dataclass(frozen=True)
class _Unslotted:
    """An older reference's kind of type (``diff git:``): ``convert`` leaves its default on the class."""

    named: int
    defaulted: int = 3


def test_a_defaulted_field_that_convert_left_on_the_class_is_still_sent() -> None:
    converted = msgspec.convert({"named": 1}, _Unslotted)
    assert msgspec.to_builtins(converted) == {"named": 1}  # the quirk the walk is for
    assert wire_form(converted) == {"named": 1, "defaulted": 3}
    assert msgspec.json.decode(wire_json(converted)) == {"named": 1, "defaulted": 3}


def test_every_games_request_and_rulings_go_out_whole_at_c_speed() -> None:
    """The reference's dataclasses have slots, which ``convert`` fills: none of them needs the walk."""
    for played in all_games():
        for kind in (played.rulings, *(operation.request for operation in played.operations)):
            assert "__slots__" in vars(kind), kind
        named_none = msgspec.convert({}, played.rulings)
        assert msgspec.to_builtins(named_none).keys() == {field.name for field in dataclasses.fields(played.rulings)}


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_what_the_examples_answer_matches_the_schemas(example: str) -> None:
    if shutil.which(EXAMPLES[example][0]) is None:
        pytest.skip(f"{EXAMPLES[example][0]} is not installed")
    cases = load_game(SOE)
    sent: list[dict[str, Any]] = [{"type": "start", "protocol": 1}]
    for ident, loaded in enumerate(cases, start=1):
        rulings = wire_form(loaded.rulings)
        sent.append(
            {
                "type": "run",
                "id": ident,
                "game": "soe",
                "operation": loaded.operation,
                "rulings": rulings,
                "input": loaded.case.input,
            }
        )
    sent.append(
        {"type": "run", "id": len(cases) + 1, "game": "chess", "operation": "castle", "rulings": {}, "input": {}}
    )
    sent.append({"type": "stop"})
    ran = subprocess.run(
        EXAMPLES[example],
        input="".join(json.dumps(m) + "\n" for m in sent),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO_ROOT,
        check=False,
    )
    assert ran.returncode == 0 and ran.stderr == "", ran.stderr
    replies = [json.loads(line) for line in ran.stdout.splitlines()]
    assert_valid("started", replies[0])
    assert [reply["id"] for reply in replies[1:]] == list(range(1, len(cases) + 2))
    for reply in replies[1:]:
        assert_valid("reply", reply)
    kinds = {reply["type"] for reply in replies[1:]}
    assert {"result", "refused", "unsupported"} <= kinds


def test_the_examples_pass_every_vector_over_the_wire() -> None:
    for example, argv in EXAMPLES.items():
        if shutil.which(argv[0]) is None:
            continue
        subject = ProcessSubject(SOE, WireSession(" ".join(argv)))
        verdicts = [run_case(subject, loaded) for loaded in load_game(SOE)]
        subject.close()
        failed = [v.detail for v in verdicts if v.outcome != Outcome.PASSED]
        assert not failed, (example, failed[:3])
