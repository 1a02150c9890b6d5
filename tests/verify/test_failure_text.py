"""A failed check shown in the implementer's terms: JSON, every differing path, no Python reprs."""

from __future__ import annotations

import json

from rulespec.conformance.harness.differences import Difference
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verify.failure_text import failure_text, first_sentence

RECORD = CheckRecord(
    "conformance/vectors/his/determine_victory.json::his-win-tie",
    "his",
    "vector",
    ("HIS-WIN-3", "HIS-WIN-2"),
    "failed",
    "result differs",
    "HIS-WIN-3",
    "determine_victory",
    {"turn": 6, "totals": []},
    {"unbroken_tie": "shared"},
    {"winner": "england", "tie_broken_at_turn": 6},
    {"winner": "habsburgs", "tie_broken_at_turn": None},
    (Difference("$.tie_broken_at_turn", 6, None), Difference("$.winner", "england", "habsburgs")),
    0.01,
    "",
    "A tie is broken by the previous turn.",
)


def test_the_failure_names_its_primary_rule_and_shows_every_path_as_json() -> None:
    text = failure_text(RECORD)
    lines = text.splitlines()
    assert lines[0] == f"{RECORD.nodeid} fails HIS-WIN-3 (also involves HIS-WIN-2)"
    assert not any(line.startswith("  rule ") for line in lines), "a vector is a worked example: no clause text"
    assert json.loads(text.split("request to determine_victory: ")[1].splitlines()[0]) == RECORD.request
    assert json.loads(text.split("  rulings: ")[1].splitlines()[0]) == RECORD.rulings
    assert json.loads(text.split("  expected: ")[1].splitlines()[0]) == RECORD.expected
    assert json.loads(text.split("  got: ")[1].splitlines()[0]) == RECORD.got
    assert "    $.tie_broken_at_turn: expected 6, got null" in lines
    assert '    $.winner: expected "england", got "habsburgs"' in lines
    assert "None" not in text and "'" not in text.replace("'s", "")


def test_an_invariant_offers_its_shrunk_case_as_a_vector() -> None:
    vector: dict[str, object] = {
        "id": "his-determine-victory-0123456789ab",
        "rules": ["HIS-WIN-3"],
        "input": {},
        "rulings": {},
        "output": {},
    }
    text = failure_text(
        CheckRecord("t.py::test_x", "his", "invariant", ("HIS-WIN-3",), "failed", "", statement="Ties break."), vector
    )
    assert "  property: Ties break." in text.splitlines()
    clause = CheckRecord(
        "t.py::test_x", "his", "invariant", ("HIS-WIN-3",), "failed", "", clause="A tie is broken by the previous turn."
    )
    assert "  rule HIS-WIN-3: A tie is broken by the previous turn." in failure_text(clause).splitlines()
    assert json.loads(text.split("--save-failures DIR): ")[1]) == vector


def test_first_sentence_of_a_docstring() -> None:
    assert (
        first_sentence("Each operation answers as\n    the reference does. Then more.")
        == "Each operation answers as the reference does."
    )
