"""The Markdown summary: rules worst first, every row or how many were left out, failed rules with their
paths, text escaped.
"""

from __future__ import annotations

import re

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.gate import markdown
from rulespec.conformance.harness.gate.judge import Bounds, judge
from rulespec.conformance.harness.gate.stamp import Stamp
from rulespec.conformance.harness.per_rule import tally
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verdict import Difference

STAMP = Stamp(("soe",), "suite1", "rules1", "ci", None, {"python": "3.11"})
HOSTILE = "<img src=x onerror=alert(1)> | **bold** [link](http://x) `code`"


def _failed(name: str, rules: tuple[str, ...], differences: tuple[Difference, ...]) -> CheckRecord:
    return CheckRecord(
        f"conformance/vectors/soe/op.json::{name}", "soe", "vector", rules, "failed", HOSTILE, differences=differences
    )


def _summary(records: list[CheckRecord]) -> str:
    verification = tally([game("soe")], records)
    return markdown.render("impl", judge(verification, records, Bounds()), verification, STAMP, records)


def test_failed_rules_come_first_with_the_paths_of_their_first_failing_check() -> None:
    paths = (Difference("$.winner", "a", "b"), Difference("$.vp", 6, None))
    records = [
        CheckRecord("conformance/vectors/soe/op.json::ok", "soe", "vector", ("SOE-GAME-1",), "passed", ""),
        _failed("broken", ("SOE-SCORE-3", "SOE-GAME-1"), paths),
    ]
    text = _summary(records)
    rows = [line for line in text.splitlines() if line.startswith("| SOE-")]
    assert rows[0].startswith("| SOE-SCORE-3 |") and "| failed |" in rows[0]
    assert "`broken`" in rows[0] and '\\$\\.winner\\: expected \\"a\\"\\, got \\"b\\"' in rows[0]
    assert rows[1].startswith("| SOE-GAME-1 |") and "| implicated |" in rows[1]
    assert {row.split("|")[3].strip() for row in rows[2:]} == {"unchecked"}


def test_no_row_is_left_out_silently() -> None:
    records = [_failed(f"c{n}", ("SOE-GAME-1",), ()) for n in range(markdown.SHOWN + 7)]
    text = _summary(records)
    assert "... and 7 more unexpected failures" in text
    assert f"... and {72 - markdown.SHOWN} more rules" in text  # 72 SoE rules, none passed


def test_text_from_the_implementation_cannot_break_the_table_or_inject_markup() -> None:
    text = _summary([_failed("broken", ("SOE-SCORE-3",), (Difference("$.name", "a", HOSTILE),))])
    for markup in ("<img", "**bold", "[link]", "(http", "`code"):
        assert re.search(rf"(?<!\\){re.escape(markup)}", text) is None, f"{markup} reaches the summary unescaped"
    unescaped = re.compile(r"(?<!\\)\|")
    for line in text.splitlines():
        if line.startswith(("| `broken`", "| SOE-SCORE-3 |")):
            assert len(unescaped.findall(line)) in (5, 6), f"the implementation's text made a new cell: {line}"
