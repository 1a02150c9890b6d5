"""CHANGELOG.md has a section for the version being built, with the hashes ``rulespec --version`` prints, and names
only rules that exist."""

from __future__ import annotations

import re
import tomllib

from rulespec.conformance.harness.games import all_games
from rulespec.conformance.harness.gate.stamp import suite_hashes
from rulespec.conformance.harness.spec import RULE_ID, read_clauses
from tests import REPO_ROOT

CHANGELOG = REPO_ROOT / "CHANGELOG.md"


def test_the_version_being_built_has_its_section() -> None:
    version = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    sections = re.findall(r"^## (\S+)", CHANGELOG.read_text(encoding="utf-8"), flags=re.MULTILINE)
    assert sections and sections[0] == version, f"CHANGELOG.md's first section is {sections[:1]}, not {version}"


def test_every_rule_the_changelog_names_is_in_the_spec() -> None:
    known = {clause.id for played in all_games() for clause in read_clauses(played.spec_path)}
    named = {found.group(0) for found in re.finditer(rf"\b{RULE_ID}\b", CHANGELOG.read_text(encoding="utf-8"))}
    assert named and not named - known, f"rules named in CHANGELOG.md but not in the spec: {sorted(named - known)}"


def test_the_version_being_built_states_the_hashes_a_stamp_records() -> None:
    """An expectations file's stamp is compared with these: a check or clause changed without its entry here leaves
    a user reading an older entry as the one that applies."""
    first = CHANGELOG.read_text(encoding="utf-8").split("\n## ")[1]
    stated = re.search(r"\(suite `(\w+)`, rules `(\w+)`\)", first)
    assert stated, "the first section of CHANGELOG.md states no (suite `...`, rules `...`)"
    suite, rules = suite_hashes(all_games())
    assert stated.groups() == (suite, rules), (
        f"CHANGELOG.md states suite {stated[1]}, rules {stated[2]}; rulespec --version: suite {suite}, rules {rules}"
    )
