"""Bad input to the harness is refused with an error naming the file, the JSON path or the option.

A malformed vector file, a drifted schema, a bad ``--cmd``, ``--game`` or ``--case-timeout``:
each stops before any check runs, and says where the fault is.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.schemas.command import stale_schemas, write_schemas
from rulespec.conformance.harness.vectors import VectorError, load_file
from tests import rulespec

FAKE = Path(__file__).parents[1] / "fakes" / "faulty_impl.py"
SOE = game("soe")

EMPIRE = {"player": "a", "gold": 1, "population": 2, "unrest": 0, "vp": 0, "armies": 0, "navies": 0, "forts": 0}


def vector_file(tmp_path: Path, document: Any) -> Path:
    path = tmp_path / "grow_population.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    return path


def a_case(**changes: Any) -> dict[str, Any]:
    case: dict[str, Any] = {
        "id": "soe-grows",
        "description": "population grows",
        "rules": ["SOE-POP-1"],
        "input": {"empires": [EMPIRE, EMPIRE | {"player": "b"}]},
        "output": {"empires": [EMPIRE | {"population": 7}, EMPIRE | {"player": "b", "population": 7}]},
    }
    case.update(changes)
    return {key: value for key, value in case.items() if value is not None}


@pytest.mark.parametrize(
    ("document", "json_path", "says"),
    [
        ("{not json", "$", "not JSON"),
        ({"game": "soe", "operation": "grow_population"}, "$", "'cases' is a required property"),
        (
            {"game": "soe", "operation": "grow_population", "cases": [a_case(rules=[])]},
            "$.cases[0].rules",
            "should be non-empty",
        ),
        (
            {"game": "soe", "operation": "grow_population", "cases": [a_case(id="Bad Id")]},
            "$.cases[0].id",
            "does not match",
        ),
        ({"game": "soe", "operation": "grow_population", "cases": [a_case(colour="red")]}, "$.cases[0]", "colour"),
        (
            {
                "game": "soe",
                "operation": "grow_population",
                "cases": [a_case(input={"empires": [EMPIRE | {"gold": "1"}]})],
            },
            "$.cases[0].input.empires[0].gold",
            "is not of type 'integer'",
        ),
        (
            {"game": "soe", "operation": "grow_population", "cases": [a_case(rulings={"rounding": "sideways"})]},
            "$.cases[0].rulings.rounding",
            "sideways",
        ),
        ({"game": "his", "operation": "grow_population", "cases": [a_case()]}, "$.game", "under game 'soe'"),
        ({"game": "soe", "operation": "grow_crops", "cases": [a_case()]}, "$.operation", "no operation 'grow_crops'"),
        ({"game": "soe", "operation": "grow_population", "cases": [a_case(error={"kind": "Oops"})]}, "$.cases[0]", ""),
    ],
    ids=[
        "not-json",
        "no-cases",
        "no-rules",
        "bad-id",
        "unknown-field",
        "wrong-type",
        "bad-ruling",
        "wrong-game",
        "unknown-operation",
        "bad-error-kind",
    ],
)
def test_a_malformed_vector_file_names_the_file_and_the_json_path(
    tmp_path: Path, document: Any, json_path: str, says: str
) -> None:
    path = vector_file(tmp_path, document)
    with pytest.raises(VectorError) as refused:
        load_file(SOE, path)
    assert refused.value.path == path
    assert refused.value.json_path.startswith(json_path), refused.value.json_path
    assert str(refused.value).startswith(f"{path}: at {refused.value.json_path}: ")
    assert says in str(refused.value)


def test_a_drifted_schema_is_named(tmp_path: Path) -> None:
    written = write_schemas(tmp_path)
    assert stale_schemas(tmp_path) == []
    edited = tmp_path / "wire" / "run.schema.json"
    assert edited in written
    edited.write_text(edited.read_text(encoding="utf-8").replace('"integer"', '"string"'), encoding="utf-8")
    assert stale_schemas(tmp_path) == [edited]


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (["--cmd", "no-such-program --flag"], "no executable 'no-such-program'"),
        (["--cmd", 'node "unclosed'], "cannot parse"),
        (["--cmd", ""], "--cmd is empty"),
        (["--impl", ":Impl"], "expected [NAME=]module:attribute"),  # --impl with --cmd compares the two
        (["--game", "chess"], "unknown game 'chess'"),
        (["--cmd", "node impl.js", "--case-timeout", "0"], "expected a number of seconds above 0"),
        (["--cmd", "node impl.js", "--case-timeout", "soon"], "expected a number of seconds above 0"),
    ],
    ids=["missing-program", "unbalanced-quote", "empty", "no-module", "unknown-game", "zero-timeout", "not-a-number"],
)
def test_a_bad_option_is_a_usage_error(arguments: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["verify", "--game", "soe", *arguments] if "--game" not in arguments else ["verify", *arguments])
    assert stopped.value.code == 2
    assert says in capsys.readouterr().err


@pytest.mark.parametrize("fault", ["old-protocol"])  # a banner before 'started' is start-up output (test_faults)
def test_a_command_that_does_not_speak_the_protocol_is_a_usage_error(fault: str) -> None:
    command = f"{sys.executable} {FAKE} --fault {fault}"
    ran = rulespec("verify", "--game", "soe", "--cmd", command, timeout=120)
    assert ran.returncode == 2, ran.stdout + ran.stderr  # every usage error's status, a bad handshake's too
    assert "bad handshake" in ran.stderr, ran.stderr
    assert command in ran.stderr
