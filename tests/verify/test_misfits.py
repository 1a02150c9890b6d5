"""An answer holding a value its type refuses is judged as given, by the invariants as by the vectors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import rulespec

pytestmark = pytest.mark.acceptance  # a whole command over a game's draw checks: nox -s acceptance (CI)


def test_a_card_written_by_its_name_fails_the_step_that_wrote_it_in_invariants_too(tmp_path: Path) -> None:
    """A hand holding a drawn card's name: each invariant that met it stopped at the answer, which departs from the
    reference's at the keys it gives; that is a failure on the check's rule (blame then names the step that wrote
    it: IMP-DRAW-1 over a whole run), not an error of the implementation under each draw rule."""
    report = tmp_path / "report.json"
    run = rulespec(
        "verify", "--game", "imperium", "--profile", "ci", "--impl", "tests.fakes.imperium_names_in_hand:NamesInHand",
        "--rule", "IMP-DRAW-5", "--report-json", str(report), timeout=600,
    )  # fmt: skip
    assert report.exists(), run.stdout[-2000:] + run.stderr[-2000:]
    checks = json.loads(report.read_text(encoding="utf-8"))["checks"]
    drawn = [check for check in checks if check["kind"] == "invariant" and check["operation"] == "draw"]
    assert drawn and all(check["outcome"] == "failed" for check in drawn), [c["outcome"] for c in drawn]
    assert not [check for check in checks if check["outcome"] == "error"]
    assert any(isinstance(card, str) for check in drawn for card in check["got"]["player"]["hand"])
