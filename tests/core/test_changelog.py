"""CHANGELOG.md has a section for the version being built, and names only rules that exist."""

from __future__ import annotations

import re
import tomllib

from rulespec.conformance.harness.games import all_games
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
