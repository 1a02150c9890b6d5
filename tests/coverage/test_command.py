"""``rulespec coverage`` and ``rulespec review``: rule coverage, clause stamps and stale vectors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.coverage.canary_rules import canaries_by_name, canaries_by_rule
from rulespec.conformance.harness.coverage.clause_stamps import review, stale_cases, staleness
from rulespec.conformance.harness.games import Game, all_games, game
from rulespec.conformance.harness.spec import Clause, clause_hash, clause_hashes
from rulespec.conformance.harness.vectors import VectorError, load_game

GAMES = all_games()


@pytest.mark.parametrize("current", GAMES, ids=[g.key for g in GAMES])
def test_no_vector_is_stale(current: Game) -> None:
    """Every case is stamped with the clauses as they read now: a reworded clause needs its vectors reviewed."""
    stale = stale_cases(current)
    shown = "\n".join(case.describe() for case in stale[:15])
    if stale:
        pytest.fail(
            f"{len(stale)} {current.key} vector case(s) are stale (never stamped, or a clause they name has changed "
            f"since):\n{shown}\nCheck each still holds under the clause as it reads now, then run:\n"
            f"    rulespec review --game {current.key}\n"
            f"(or one case at a time: rulespec review --game {current.key} --case ID)",
            pytrace=False,
        )


@pytest.mark.parametrize("current", GAMES, ids=[g.key for g in GAMES])
def test_every_canary_is_caught_on_rules_the_spec_defines(current: Game) -> None:
    clauses = set(clause_hashes(current))
    named = canaries_by_rule(current.key)
    assert not set(named) - clauses, f"canaries name rules no clause defines: {sorted(set(named) - clauses)}"


def test_a_clause_hash_ignores_rewrapping_but_not_rewording() -> None:
    clause = Clause("SOE-SCORE-6", "Ties", "Tied players pool\nthe places and divide.")
    rewrapped = Clause("SOE-SCORE-6", "Ties", "  Tied players   pool the places\n\nand divide. ")
    reworded = Clause("SOE-SCORE-6", "Ties", "Tied players pool the places and divide, rounding up.")
    assert clause_hash(clause) == clause_hash(rewrapped)
    assert clause_hash(clause) != clause_hash(reworded)
    assert len(clause_hash(clause)) == 12 and int(clause_hash(clause), 16) >= 0


def test_staleness_names_each_reason() -> None:
    hashes = {"A-X-1": "aaaaaaaaaaaa", "A-X-2": "bbbbbbbbbbbb"}
    assert staleness(["A-X-1"], {"A-X-1": "aaaaaaaaaaaa"}, hashes) == ()
    assert staleness(["A-X-1", "A-X-2"], {"A-X-1": "aaaaaaaaaaaa"}, hashes) == ("A-X-2 not stamped",)
    assert staleness(["A-X-1"], {"A-X-1": "cccccccccccc"}, hashes) == ("A-X-1 changed",)
    assert staleness(["A-X-1"], {"A-X-1": "aaaaaaaaaaaa", "A-X-2": "bbbbbbbbbbbb"}, hashes) == (
        "A-X-2 stamped but not among its rules",
    )


@pytest.fixture
def his_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Game:
    """Here I Stand with its spec and vectors copied to tmp_path, so a test may reword and re-stamp them."""
    real = game("his")
    (tmp_path / "spec").mkdir()
    shutil.copy(real.spec_path, tmp_path / "spec" / real.spec_file)
    shutil.copytree(real.vectors_dir, tmp_path / "vectors" / "his")
    monkeypatch.setattr(registry, "SPEC_DIR", tmp_path / "spec")
    monkeypatch.setattr(registry, "VECTORS_DIR", tmp_path / "vectors")
    monkeypatch.setattr("rulespec.conformance.harness.coverage.clause_stamps.SUITE_ROOT", tmp_path)
    monkeypatch.setattr("rulespec.conformance.harness.coverage.command.SUITE_ROOT", tmp_path)
    return real


def _reword(current: Game, rule: str) -> None:
    text = current.spec_path.read_text(encoding="utf-8")
    heading = next(line for line in text.splitlines() if line.startswith(f"### {rule} "))
    current.spec_path.write_text(text.replace(heading, f"{heading}\n\nA house rule adds this sentence.", 1), "utf-8")


def test_review_stamps_then_a_reworded_clause_makes_its_vectors_stale(his_copy: Game) -> None:
    review(his_copy)
    assert stale_cases(his_copy) == []
    assert main(["coverage", "--game", "his"]) == 0
    _reword(his_copy, "HIS-SPECIAL-1")
    stale = stale_cases(his_copy)
    assert stale and all(case.reasons == ("HIS-SPECIAL-1 changed",) for case in stale)
    naming = {c.case.id for c in load_game(his_copy) if "HIS-SPECIAL-1" in c.case.rules}
    assert {case.case_id for case in stale} == naming
    assert main(["coverage", "--game", "his"]) == 1
    first = sorted(naming)[0]
    assert main(["review", "--game", "his", "--case", first]) == 0
    assert {case.case_id for case in stale_cases(his_copy)} == naming - {first}
    assert main(["review", "--game", "his"]) == 0
    assert stale_cases(his_copy) == [] and main(["coverage", "--game", "his"]) == 0


def test_review_keeps_order_and_style_and_the_loader_reads_the_stamps(his_copy: Game) -> None:
    path = sorted(his_copy.vectors_dir.glob("*.json"))[0]
    before = json.loads(path.read_text(encoding="utf-8"))
    for case in before["cases"]:
        case.pop("clauses", None)  # as a case is first written: unstamped
    path.write_text(json.dumps(before, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert review(his_copy)[path] == [case["id"] for case in before["cases"]]
    text = path.read_text(encoding="utf-8")
    after = json.loads(text)
    assert text == json.dumps(after, indent=2, ensure_ascii=False) + "\n"
    for old, new in zip(before["cases"], after["cases"], strict=True):
        assert [k for k in new if k != "clauses"] == list(old)
        assert list(new).index("clauses") == list(new).index("rules") + 1
        assert {k: v for k, v in new.items() if k != "clauses"} == old
        assert new["clauses"] == {rule: clause_hashes(his_copy)[rule] for rule in old["rules"]}
    loaded = load_game(his_copy)
    assert all(c.case.clauses for c in loaded)
    assert review(his_copy) == {}, "a second review must rewrite nothing"


def test_a_malformed_stamp_is_refused_by_the_loader(his_copy: Game) -> None:
    path = sorted(his_copy.vectors_dir.glob("*.json"))[0]
    document = json.loads(path.read_text(encoding="utf-8"))
    document["cases"][0]["clauses"] = {document["cases"][0]["rules"][0]: "not-a-hash"}
    path.write_text(json.dumps(document, indent=2), encoding="utf-8")
    with pytest.raises(VectorError, match=r"cases\[0\]\.clauses"):
        load_game(his_copy)


def test_review_refuses_an_unknown_case_and_writes_nothing(his_copy: Game) -> None:
    before = {p: p.read_text(encoding="utf-8") for p in his_copy.vectors_dir.glob("*.json")}
    assert main(["review", "--game", "his", "--case", "his-no-such-case"]) == 2
    assert before == {p: p.read_text(encoding="utf-8") for p in his_copy.vectors_dir.glob("*.json")}


def test_a_rule_without_a_vector_fails_coverage(his_copy: Game, capsys: pytest.CaptureFixture[str]) -> None:
    review(his_copy)
    with his_copy.spec_path.open("a", encoding="utf-8") as spec:
        spec.write("\n### HIS-VP-99 — A clause nothing checks\n\nEvery power scores 1 VP more.\n")
    assert main(["coverage", "--game", "his"]) == 1
    out = capsys.readouterr().out
    assert "HIS-VP-99" in out and "no vector" in out


def test_canaries_are_read_from_source_without_importing(tmp_path: Path) -> None:
    (tmp_path / "xyz.py").write_text(
        "import pytest  # never imported by coverage\n"
        "from tests.canaries import Canary\n"
        "CANARIES = (\n"
        "    Canary('RoundsUp', 'rounds a tie split up', ('XYZ-SCORE-6', 'XYZ-RULING-1')),\n"
        "    Canary(name='NoCap', breaks='population above 9', caught_on=('XYZ-POP-2',)),\n"
        ")\n",
        encoding="utf-8",
    )
    assert canaries_by_name("xyz", tmp_path) == {"RoundsUp": ("XYZ-SCORE-6", "XYZ-RULING-1"), "NoCap": ("XYZ-POP-2",)}
    assert canaries_by_rule("xyz", tmp_path)["XYZ-POP-2"] == ["NoCap"]
    assert canaries_by_name("absent", tmp_path) == {}
