"""``rulespec bundle``: a tarball whose vectors validate against its own schemas and replay against the reference."""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rulespec import __version__
from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import SCHEMA_DIR, all_games, game
from rulespec.conformance.harness.gate.stamp import stamp_now
from rulespec.conformance.harness.subject import python_subject
from rulespec.conformance.harness.vectors import load_file
from rulespec.conformance.harness.verdict import Outcome, run_case


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundle ``rulespec bundle OUT`` writes, unpacked: its top folder."""
    out = tmp_path_factory.mktemp("bundle")
    assert main(["bundle", str(out / "made")]) == 0
    [written] = (out / "made").iterdir()
    assert written.name == f"rulespec-suite-{__version__}.tar.gz"
    with tarfile.open(written) as archive:
        archive.extractall(out / "x", filter="data")
    return out / "x" / f"rulespec-suite-{__version__}"


def _schema(top: Path, relative: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((top / "schema" / relative).read_text(encoding="utf-8"))
    return found


def _valid(schema: dict[str, Any], value: Any, where: str) -> None:
    validator = jsonschema.Draft202012Validator(schema)
    errors = [error.message for error in validator.iter_errors(value)]  # pyright: ignore[reportUnknownMemberType]
    assert not errors, f"{where}: {errors[:3]}"


def test_every_vector_validates_against_the_bundles_own_schemas(unpacked: Path) -> None:
    vector_schema = _schema(unpacked, "vector.schema.json")
    checked = 0
    for path in sorted(unpacked.glob("vectors/*/*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        _valid(vector_schema, document, path.name)
        key, operation = document["game"], document["operation"]
        rulings = _schema(unpacked, f"{key}/rulings.schema.json")
        request = _schema(unpacked, f"{key}/{operation}.request.schema.json")
        result = _schema(unpacked, f"{key}/{operation}.result.schema.json")
        for case in document["cases"]:
            _valid(request, case["input"], case["id"])
            _valid(rulings, case.get("rulings", {}), case["id"])  # a case that names no ruling leaves it out
            if "output" in case:
                _valid(result, case["output"], case["id"])
            checked += 1
    assert checked == sum(entry["counts"]["cases"] for entry in _manifest(unpacked)["games"].values()) > 600


def test_every_vector_of_the_bundle_replays_against_the_reference(unpacked: Path) -> None:
    for path in sorted(unpacked.glob("vectors/*/*.json")):
        played = game(path.parent.name)
        reference = python_subject(played, None)
        for loaded in load_file(played, path):
            verdict = run_case(reference, loaded)
            assert verdict.outcome == Outcome.PASSED, f"{loaded.case.id}: {verdict.detail}"


def test_a_changed_expectation_in_a_bundle_fails_its_replay(unpacked: Path, tmp_path: Path) -> None:
    """The replay can fail: one expected score altered is caught."""
    source = unpacked / "vectors" / "soe" / "score_region.json"
    document = json.loads(source.read_text(encoding="utf-8"))
    case = next(case for case in document["cases"] if case.get("output", {}).get("awards"))
    case["output"]["awards"][0]["vp"] += 1
    document["cases"] = [case]
    altered = tmp_path / "score_region.json"
    altered.write_text(json.dumps(document), encoding="utf-8")
    soe = game("soe")
    [loaded] = load_file(soe, altered)
    assert run_case(python_subject(soe, None), loaded).outcome == Outcome.FAILED


def _manifest(top: Path) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((top / "manifest.json").read_text(encoding="utf-8"))
    return found


def test_the_bundle_holds_the_whole_suite_and_its_manifest_says_which(unpacked: Path) -> None:
    described = _manifest(unpacked)
    stamp = stamp_now(all_games(), "ci", None)
    assert described["version"] == __version__ and described["format"] == 1
    assert described["hashes"] == {"suite": stamp.suite, "rules": stamp.rules}
    for played in all_games():
        entry = described["games"][played.key]
        one = stamp_now((played,), "ci", None)  # what a one-game expectations file records
        assert entry["hashes"] == {"suite": one.suite, "rules": one.rules}
        assert (unpacked / entry["spec"]).read_bytes() == played.spec_path.read_bytes()
        shipped = sorted(path.name for path in (unpacked / "vectors" / played.key).glob("*.json"))
        assert shipped == sorted(path.name for path in played.vectors_dir.glob("*.json"))
        assert entry["counts"]["vector_files"] == len(shipped)
    schemas = sorted(path.relative_to(unpacked / "schema") for path in (unpacked / "schema").rglob("*.json"))
    assert schemas == sorted(path.relative_to(SCHEMA_DIR) for path in SCHEMA_DIR.rglob("*.json"))


def test_the_tarball_is_the_same_bytes_every_time(tmp_path: Path) -> None:
    assert main(["bundle", str(tmp_path / "a")]) == 0
    assert main(["bundle", str(tmp_path / "b")]) == 0
    name = f"rulespec-suite-{__version__}.tar.gz"
    assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    with tarfile.open(tmp_path / "a" / name) as archive:
        infos = archive.getmembers()
    assert [info.name for info in infos] == sorted(info.name for info in infos)
    assert {(info.mtime, info.uid, info.gid, info.uname, info.mode) for info in infos} == {(946684800, 0, 0, "", 0o644)}


def test_an_out_that_is_a_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    taken = tmp_path / "taken"
    taken.write_text("x", encoding="utf-8")
    assert main(["bundle", str(taken)]) == 2
    assert "rulespec bundle: error: OUT" in capsys.readouterr().err
