"""Judged under the rulings it plays: the reference playing other alternatives passes when they are declared (on
the command line, or by its process in ``started``), fails without them with a hint, and ``rulings infer``
names exactly those it switched."""

from __future__ import annotations

import json
import shlex
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings

from rulespec.conformance.harness import rulings as ruling_fields
from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.rulings import declare, declared_of
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.verify.declared import judged_under
from rulespec.conformance.strategies import his as his_strategies
from rulespec.reference.here_i_stand.rulings import Rulings
from rulespec.reference.struggle_of_empires.rulings import Rulings as SoeRulings
from tests import rulespec

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

HIS = game("his")
HIS_RULES = [clause for clause in read_clauses(HIS.spec_path) if clause.id.startswith("HIS-")]
SWITCHED = "tests.rulings.switched:DominationFromTurn5"
# the checks of the rules the switch bears on (the declared run below checks the whole game)
RULES = ["--rule", "HIS-WIN-5", "--rule", "HIS-RULING-1"]


def _run(*words: str) -> tuple[int, str]:
    """``rulespec verify --game his WORDS`` in a process of its own, from the checkout; its status and output."""
    done = rulespec("verify", "--game", "his", *words, timeout=600)
    return done.returncode, done.stdout + done.stderr


def test_declared_it_passes_and_says_under_which_rulings(tmp_path: Path) -> None:
    report, junit, site = tmp_path / "report.json", tmp_path / "junit.xml", tmp_path / "site"
    code, printed = _run(
        "--impl", SWITCHED, "--ruling", "domination_first_turn=5", "--report-json", str(report),
        "--junit-xml", str(junit), "--html", str(site),
    )  # fmt: skip
    assert code == 0, printed  # the whole game, every rule
    assert "verdict: FULL PASS" in printed
    assert "rulings: judged under domination_first_turn=5 (" in printed
    records = json.loads(report.read_text())["checks"]
    assert {json.dumps(record["declared"]) for record in records} == {'{"domination_first_turn": [5]}'}
    rederived = {record["nodeid"].rsplit("::", 1)[1] for record in records if record["rederived"]}
    assert "his-win-domination-turn-four" in rederived  # it names domination_first_turn=4: asked under 5
    assert all(record["detail"].startswith("re-derived under") for record in records if record["rederived"])
    # the JUnit XML names the rulings of the run, and marks each re-derived case, and only those
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None
    named = [(p.get("name"), p.get("value")) for p in suite.findall("properties/property")]
    assert [(name, value) for name, value in named if str(name).startswith("rulespec.")] == [
        ("rulespec.rulings", "domination_first_turn=5")
    ]
    marked = {
        case.get("name")
        for case in suite.findall("testcase")
        for prop in case.findall("properties/property")
        if prop.get("name") == "rulespec.rederived" and prop.get("value") == "re-derived under domination_first_turn=5"
    }
    assert marked == rederived
    # the site: the badge, the game page's verdict, and each re-derived check
    badge = next((site / "badges").glob("*-his.svg")).read_text()
    assert f"his: passing · {len(HIS_RULES)}/{len(HIS_RULES)} · domination_first_turn=5" in badge
    page = (site / "his.html").read_text()
    assert 'judged under <span class="mono">domination_first_turn=5</span>' in page
    assert page.count("(re-derived under domination_first_turn=5)") >= len(rederived)


def test_expectations_write_records_the_declared_rulings_and_the_next_run_is_judged_under_them(tmp_path: Path) -> None:
    written = tmp_path / "expectations.toml"
    done = rulespec("expectations", "--write", str(written), "--game", "his", "--impl", SWITCHED, *RULES,
                    "--ruling", "domination_first_turn=5", timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert tomllib.loads(written.read_text())["rulings"] == {"domination_first_turn": 5}
    code, printed = _run("--impl", SWITCHED, *RULES, "--expectations", str(written))
    assert code == 0, printed
    assert "rulings: judged under domination_first_turn=5 (" in printed
    again = rulespec("expectations", "--write", str(written), "--game", "his", "--impl", SWITCHED, *RULES,
                     "--ruling", "domination_first_turn=4", timeout=600)  # fmt: skip
    assert again.returncode == 2
    assert "--ruling domination_first_turn=4 disagrees with --write" in again.stderr


def test_undeclared_it_fails_and_the_hint_names_the_ruling() -> None:
    code, printed = _run("--impl", SWITCHED, *RULES)
    assert code == 1, printed
    assert "\nhint: " in printed, printed[-400:]
    told = printed.rsplit("\nhint: ", 1)[1]  # the last lines: the hint, wrapped at the width (80 when piped)
    assert "plays domination_first_turn=5 in his" in " ".join(told.split())
    assert max(len(line) for line in told.splitlines()) <= 80, told


def test_over_the_wire_the_process_declares_its_rulings_and_a_disagreement_is_named() -> None:
    command = shlex.join([sys.executable, "-m", "tests.rulings.switched", "CountsUnrestFromTurn5"])
    code, printed = _run("--cmd", command, *RULES, "--rule", "HIS-RULING-9", "--rule", "HIS-SPECIAL-7")
    assert code == 0, printed
    assert "domination_first_turn=5, spaces_in_unrest=counted" in printed
    code, printed = _run("--cmd", command, "--ruling", "domination_first_turn=4", *RULES)
    assert code == 2, printed  # a usage error, found at the handshake before anything runs
    assert printed.startswith("rulespec verify: error: --ruling domination_first_turn=4 disagrees with --cmd"), printed
    assert "which plays domination_first_turn=5 (HIS-RULING-1)" in printed


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("domination_first_tur=5", "no ruling field of that name; did you mean domination_first_turn?"),
        ("domination_first_turn=10", "not an alternative of domination_first_turn (HIS-RULING-1)"),
        ("spaces_in_unrest=countd", "did you mean counted?; its alternatives: excluded, counted"),
    ],
)
def test_an_unknown_field_or_value_is_a_usage_error_naming_the_alternatives(given: str, said: str) -> None:
    code, printed = _run("--ruling", given)
    assert code == 2
    assert said in printed


def test_a_ruling_the_spec_leaves_open_above_a_bound_takes_any_value_past_it() -> None:
    """SOE-RULING-9: a taxation yields any whole number of gold from 1 up; 2 and 3 are only the ones listed."""
    assert declared_of(SoeRulings, [("gold_per_taxation", "4")]) == {"gold_per_taxation": (4,)}
    for refused in ("0", "-1", "x"):
        with pytest.raises(ValueError, match="its alternatives: 1, 2, 3, or any whole number >= 1"):
            declared_of(SoeRulings, [("gold_per_taxation", refused)])


def test_a_case_naming_a_switched_ruling_is_re_derived_and_one_not_naming_it_keeps_its_expectation() -> None:
    declared = declared_of(Rulings, [("domination_first_turn", "5")])
    cases = list(load_game(HIS))
    named = next(c for c in cases if c.case.rulings.get("domination_first_turn") == 4 and c.case.output is not None)
    judged = judged_under(HIS, named, declared)
    assert judged.rederived and judged.rulings.domination_first_turn == 5
    assert judged.case.rulings["domination_first_turn"] == 5
    assert judged.case.output == ruling_fields.reference_json(HIS, named.operation, named.request, judged.rulings)
    unnamed = next(c for c in cases if "domination_first_turn" not in c.case.rulings)
    kept = judged_under(HIS, unnamed, declared)
    assert not kept.rederived and kept.case == unnamed.case and kept.rulings.domination_first_turn == 5


def _drawn_first_turns() -> set[int]:
    seen: set[int] = set()

    @settings(max_examples=40, database=None, derandomize=True)
    @given(rulings=his_strategies.rulings())
    def draw(rulings: Rulings) -> None:
        seen.add(rulings.domination_first_turn)

    draw()
    return seen


def test_the_strategies_draw_a_declared_ruling_only_at_its_values() -> None:
    declare(Rulings, declared_of(Rulings, [("domination_first_turn", "5")]))
    try:
        drawn = _drawn_first_turns()
    finally:
        declare(Rulings, {})
    assert drawn == {5}
    # undeclared, the listed turns and the house rules HIS-RULING-1 allows (1 to 9), never a turn outside the game
    assert {4, 5} < _drawn_first_turns() <= set(range(1, 10))


def test_infer_names_exactly_the_switched_rulings(capsys: pytest.CaptureFixture[str]) -> None:
    impl = "tests.rulings.switched:CountsUnrestFromTurn5"
    code = main(["rulings", "infer", "--game", "his", "--impl", impl, "--max-examples", "0"])
    printed = capsys.readouterr().out
    assert code == 0, printed
    declared = next(line for line in printed.splitlines() if line.startswith("declare: "))
    # exactly the two rulings it switched, whichever explains more inputs first
    assert sorted(declared.split()) == [
        "--ruling",
        "--ruling",
        "declare:",
        "domination_first_turn=5",
        "spaces_in_unrest=counted",
    ]
    assert "unexplained by any ruling: 0" in printed
