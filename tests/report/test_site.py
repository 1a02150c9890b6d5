"""The compliance site, badges and the report of several implementations, built from records made here."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.gate.stamp import stamp_now, suite_hashes
from rulespec.conformance.harness.outputs import OutputError, write_text
from rulespec.conformance.harness.records import CheckRecord, RunStamp, checks_digest, write_report
from rulespec.conformance.harness.report.implementations import (
    GateSummary,
    Identity,
    Implementation,
    read_reports,
    write_implementations,
)
from rulespec.conformance.harness.report.matrix import badge_svg, column_badge, game_matrix
from rulespec.conformance.harness.report.site import TEMPLATES, build_site, cases_by_nodeid, suite_fields
from rulespec.conformance.harness.report.story import human_duration
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.verdict import Difference
from rulespec.conformance.harness.verify.options import named

SOE = game("soe")
RULES = tuple(clause.id for clause in read_clauses(SOE.spec_path))
HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def record(rule: str, outcome: str = "passed", detail: str = "", check: str = "") -> CheckRecord:
    nodeid = f"conformance/vectors/soe/score_region.json::{check or rule.lower()}"
    return CheckRecord(nodeid, "soe", "vector", (rule,), outcome, detail)


def implementation(
    name: str, records: list[CheckRecord], version: str | None = "1.0", gate: GateSummary | None = None
) -> Implementation:
    stamp = stamp_now([SOE], "ci", None)
    return Implementation(
        Identity(name, f"--impl {name}", version, "python", ("soe",), "ci", None, stamp, gate=gate), tuple(records)
    )


def every_rule_passing(name: str) -> Implementation:
    return implementation(name, [record(rule) for rule in RULES])


def test_a_column_holds_each_rules_verdict_from_the_records() -> None:
    broken = implementation(
        "broken", [record(RULES[0], "failed", "result differs at $.vp"), record(RULES[1], "not implemented")]
    )
    matrix = game_matrix(SOE, [every_rule_passing("clean"), broken])
    clean, bad = matrix.columns
    assert clean.gate.passed and clean.passed_rules == len(RULES)
    assert bad.by_rule[RULES[0]].status == "failed"
    assert bad.by_rule[RULES[1]].status == "not implemented"
    assert bad.by_rule[RULES[2]].status == "unchecked"
    assert not bad.gate.passed


def test_badges_say_the_gates_verdict_and_rules_passed_and_take_its_colour() -> None:
    clean, broken = game_matrix(
        SOE, [every_rule_passing("clean"), implementation("b", [record(RULES[0], "failed")])]
    ).columns
    assert ">rulespec soe</text>" in column_badge("soe", clean)
    assert f">passing · {len(RULES)}/{len(RULES)}</text>" in column_badge("soe", clean)
    assert "#2e7d32" in column_badge("soe", clean)
    assert f">failing · 0/{len(RULES)}</text>" in column_badge("soe", broken) and "#c62828" in column_badge(
        "soe", broken
    )
    assert "&lt;script&gt;" in badge_svg(HOSTILE, "1/2", "passed") and "<script" not in badge_svg(
        HOSTILE, "1/2", "passed"
    )


def test_the_site_escapes_every_text_an_implementation_gave(tmp_path: Path) -> None:
    hostile = implementation(HOSTILE, [record(RULES[0], "failed", HOSTILE)], version=HOSTILE)
    build_site(tmp_path / "site", [SOE], [hostile, every_rule_passing("clean")])
    page = (tmp_path / "site" / "soe.html").read_text(encoding="utf-8")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    for text in (page, index):
        assert "<img src=x" not in text and 'alert("x")</script>' not in text
        assert "&lt;script&gt;" in text
    assert page.count("<script>") == 1  # the page's own, and no other
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "") and "https://" not in page  # nothing fetched


def test_the_site_links_each_failure_from_its_rule_to_its_detail_in_full(tmp_path: Path) -> None:
    failing = implementation("canary", [record(RULES[3], "failed", "result differs at $.places[0]: expected 1, got 2")])
    build_site(tmp_path, [SOE], [every_rule_passing("reference"), failing])
    page = (tmp_path / "soe.html").read_text(encoding="utf-8")
    detail = page[page.index(f'id="rule-{RULES[3]}"') :]
    detail = detail[: detail.index("</details>")]
    anchor = re.search(r'<td class="verdict v-failed"><a href="#(f-canary-\d+)">', detail)
    assert anchor is not None
    failure = page[page.index(f'<section class="failure v-failed" id="{anchor[1]}">') :]
    failure = failure[: failure.index("</section>")]
    assert "canary" in failure and "$.places[0]: expected 1, got 2" in failure
    row = re.search(rf'<tr class="rule" data-rule="{RULES[3]}" data-tokens="([^"]*)"', page)
    assert row is not None and row[1] == "failed passed"
    assert (tmp_path / "badges" / "canary-soe.svg").is_file() and (tmp_path / "badges" / "reference-soe.svg").is_file()


def test_the_report_of_several_round_trips_through_the_records_format(tmp_path: Path) -> None:
    given = [every_rule_passing("a"), implementation("b", [record(RULES[0], "error", "crashed")], version=None)]
    write_implementations(tmp_path / "all.json", given)
    read = read_reports(tmp_path / "all.json")
    unblamed = [replace(one, records=tuple(replace(r, blamed="") for r in one.records)) for one in read]
    assert unblamed == given  # as given, each failure naming the rule it is blamed on besides
    assert [r.blamed for r in read[1].records] == [RULES[0]]


def test_a_vector_failure_shows_the_cases_request_and_expectation_from_the_suite(tmp_path: Path) -> None:
    cases = cases_by_nodeid(SOE)
    nodeid, loaded = next(iter(cases.items()))
    failed = CheckRecord(nodeid, "soe", "vector", loaded.case.rules, "failed", "result differs")
    shown = dict(suite_fields(failed, cases))
    assert json.loads(shown["request (from the vector file)"]) == loaded.case.input
    assert json.loads(shown["rulings (from the vector file)"]) == loaded.case.rulings
    assert shown["operation (from the vector file)"].startswith(loaded.operation)


def test_a_plain_report_is_read_as_one_implementation_named_by_its_file(tmp_path: Path) -> None:
    write_report(tmp_path / "node.json", [record(RULES[0])])
    (found,) = read_reports(tmp_path / "node.json")
    assert found.name == "node" and found.identity.games == ("soe",) and found.identity.version is None


def test_report_html_names_a_plain_report_by_the_name_given(tmp_path: Path) -> None:
    write_report(tmp_path / "report.json", [record(rule) for rule in RULES])
    assert main(["report", "html", str(tmp_path / "out"), f"soe-engine={tmp_path / 'report.json'}"]) == 0
    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "soe-engine" in index and ">report<" not in index
    assert (tmp_path / "out" / "badges" / "soe-engine-soe.svg").is_file()


def stamped_run(path: Path, records: list[CheckRecord]) -> None:
    """``verify --report-json``'s file for a run of ``--impl pkg.engine:Engine`` on Struggle of Empires."""
    suite, rules = suite_hashes([SOE])
    ids = tuple(r.nodeid for r in records)
    run = RunStamp(
        "--impl pkg.engine:Engine", ("soe",), suite, rules, "ci", None, None, len(ids), checks_digest(ids), ids
    )
    write_report(path, records, run)


def test_report_html_names_a_runs_report_by_its_subject_and_judges_its_gate_with_the_expectations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stamped_run(tmp_path / "report.json", [record(RULES[0], "failed", check="known-bug"), *map(record, RULES[1:])])
    (found,) = read_reports(tmp_path / "report.json")
    assert found.name == "Engine" and found.identity.profile == "ci" and found.identity.stamp is not None
    assert main(["report", "html", str(tmp_path / "bare"), str(tmp_path / "report.json")]) == 0
    assert "failing" in (tmp_path / "bare" / "badges" / "engine-soe.svg").read_text(encoding="utf-8")
    known = tmp_path / "expectations.toml"
    known.write_text('[[known_failures]]\ncheck = "known-bug"\nreason = "issue 1"\n', encoding="utf-8")
    site = tmp_path / "site"
    assert main(["report", "html", str(site), str(tmp_path / "report.json"), "--expectations", str(known)]) == 0
    badge = (site / "badges" / "engine-soe.svg").read_text(encoding="utf-8")
    assert f">passing · {len(RULES) - 1}/{len(RULES)}</text>" in badge and "#2e7d32" in badge
    assert "gate passed, with 1 known failure(s)" in (site / "index.html").read_text(encoding="utf-8")
    capsys.readouterr()
    twice = [str(tmp_path / "report.json"), f"again={tmp_path / 'report.json'}"]
    assert main(["report", "html", str(tmp_path / "two"), *twice, "--expectations", str(known)]) == 2
    assert "one implementation" in capsys.readouterr().out


def test_a_malformed_report_is_refused_naming_the_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "all.json"
    path.write_text(json.dumps({"report": "rulespec implementations", "implementations": [{"name": 3, "checks": []}]}))
    with pytest.raises(ValueError, match=r"all.json: \$.implementations\[0\]"):
        read_reports(path)


def test_report_html_writes_the_site_and_refuses_a_symlinked_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_report(tmp_path / "one.json", [record(rule) for rule in RULES])
    assert main(["report", "html", str(tmp_path / "out"), str(tmp_path / "one.json")]) == 0
    assert (tmp_path / "out" / "index.html").is_file() and (tmp_path / "out" / "badges" / "one-soe.svg").is_file()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(SystemExit):
        main(["report", "html", str(tmp_path / "link"), str(tmp_path / "one.json")])
    assert "is a symlink" in capsys.readouterr().err
    assert not any((tmp_path / "elsewhere").iterdir())


def test_a_symlink_standing_where_a_page_goes_is_refused_not_followed(tmp_path: Path) -> None:
    (tmp_path / "victim").write_text("kept")
    (tmp_path / "index.html").symlink_to(tmp_path / "victim")
    with pytest.raises(OutputError, match="symlink"):
        write_text(tmp_path / "index.html", "<p>site</p>")
    assert (tmp_path / "victim").read_text() == "kept"


def test_subjects_may_be_named_and_a_command_that_cannot_run_is_refused() -> None:
    assert named("impl", "canary=tests.canaries.soe:PopulationReachesTen").name == "canary"
    assert named("impl", "tests.canaries.soe:PopulationReachesTen").name is None
    assert named("cmd", "node-example=node examples/soe-node/impl.js").text == "node examples/soe-node/impl.js"
    with pytest.raises(ValueError, match="no executable"):
        named("cmd", "x=no-such-program --flag")


def test_names_given_twice_are_refused_before_any_check(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "verify",
            "--game",
            "soe",
            "--impl",
            "a=rulespec.reference.struggle_of_empires",
            "--impl",
            "a=tests.canaries.soe:PopulationReachesTen",
        ]
    )
    assert code == 2 and "given to two implementations" in capsys.readouterr().out


def test_single_implementation_files_are_refused_with_several(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code = main(
        [
            "verify",
            "--game",
            "soe",
            "--impl",
            "rulespec.reference.struggle_of_empires",
            "--impl",
            "tests.canaries.soe:PopulationReachesTen",
            "--junit-xml",
            str(tmp_path / "j.xml"),
        ]
    )
    assert code == 2 and "--junit-xml" in capsys.readouterr().out


def partial_engine() -> Implementation:
    """Half an engine that CI gates on: one known failure, the rest of its rules known gaps, the gate passed."""
    records = [record(RULES[0], "failed", check="known-bug"), record(RULES[1])]
    records += [record(rule, "not implemented", check=f"gap-{rule.lower()}") for rule in RULES[2:]]
    gaps = tuple(r.nodeid for r in records if r.outcome == "not implemented")
    known = GateSummary(True, (), (records[0].nodeid,), gaps)
    return implementation("half", records, gate=known)


def test_a_partial_engine_with_a_passing_gate_gets_a_green_badge_and_its_gaps_last(tmp_path: Path) -> None:
    (column,) = game_matrix(SOE, [partial_engine()]).columns
    badge = column_badge("soe", column)
    assert f">passing · 1/{len(RULES)}</text>" in badge and "#2e7d32" in badge
    new_bug = implementation("new", [record(RULES[0], "failed", check="new-bug")], gate=GateSummary(False, ("1 bug",)))
    build_site(tmp_path, [SOE], [partial_engine(), new_bug])
    page = (tmp_path / "soe.html").read_text(encoding="utf-8")
    gate_line = f"gate passed, with 1 known failure(s) and {len(RULES) - 2} known gap(s)"
    assert gate_line in page and page.index(gate_line) < page.index('id="matrix-heading"')
    failures = page[page.index('id="failures"') :]
    order = [found[1] for found in re.finditer(r'<section class="failure v-([a-z-]+)"', failures)]
    assert order[0] == "failed" and order[1] == "known-failure" and set(order[2:]) == {"known-gap"}
    assert "v-failed" not in failures[failures.index("known-bug") - 300 : failures.index("known-bug")]
    # the matrix: the known failure and the known gaps in the known colours, the new bug red
    rows = re.findall(r'<tr class="rule" data-rule="([A-Z0-9-]+)"[^>]*>\s*<th[^>]*>.*?</th>\s*(.*?)</tr>', page, re.S)
    by_rule = {rule: re.findall(r'class="verdict v-([a-z-]+)" title="([^":]+):', row) for rule, row in rows}
    assert by_rule[RULES[0]] == [("known-failure", "half"), ("failed", "new")]
    assert by_rule[RULES[1]][0] == ("passed", "half")
    assert {by_rule[rule][0] for rule in RULES[2:]} == {("known-gap", "half")}
    # the overview counts what the gate knows as known, never as failed
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    half = index[index.index(">half<") : index.index(">new<")]
    assert "1 known failure" in half and f"{len(RULES) - 2} known gap" in half and "v-failed" not in half


def test_no_page_shows_a_python_repr_and_durations_are_in_human_units(tmp_path: Path) -> None:
    differing = Difference("$.lines[0].vp", 4, 3)
    failed = CheckRecord(
        "conformance/vectors/soe/score_region.json::x",
        "soe",
        "vector",
        (RULES[0],),
        "failed",
        "differs",
        request={"a": 1},
        expected={"vp": 4},
        got={"vp": 3},
        differences=(differing,),
        duration=0.01234,
    )
    build_site(tmp_path, [SOE], [implementation("one", [failed])])
    for page in tmp_path.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"\b[A-Z][A-Za-z]+\(", text), f"{page.name}: a Python repr"
    shown = (tmp_path / "soe.html").read_text(encoding="utf-8")
    assert "$.lines[0].vp: expected 4, got 3" in shown and "12 ms" in shown and "0.01234" not in shown
    assert human_duration(0.0004) == "0.4 ms" and human_duration(3.25) == "3.2 s" and human_duration(125) == "2 min 5 s"


def test_known_failures_and_gaps_are_never_framed_in_a_failures_red() -> None:
    css = (TEMPLATES / "site.css").read_text(encoding="utf-8")
    red = re.search(r"section\.failure \{[^}]*border: 2px solid (#[0-9a-f]+)", css)
    assert red is not None
    for known in ("v-known-failure", "v-known-gap", "v-not-implemented"):
        rule = re.search(rf"section\.failure\.{known}[^{{]*\{{([^}}]*)\}}", css)
        assert rule is not None and "border-color: #90a4ae" in rule[1] and red[1] not in rule[1], known
