"""Mistakes on the command line are usage errors before anything runs: exit 2, one line naming what and why."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.vocabulary import close, edit_distance, processes
from tests import REPO_ROOT


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A user's project as the current directory; the modules it adds are forgotten afterwards."""
    monkeypatch.chdir(tmp_path)
    before = set(sys.modules)
    yield tmp_path
    for name in set(sys.modules) - before:
        del sys.modules[name]
    if str(tmp_path) in sys.path:
        sys.path.remove(str(tmp_path))


def _usage_error(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    code: object
    try:
        code = main(list(arguments))
    except SystemExit as exc:  # argparse's own refusals exit from inside the parser
        code = exc.code
    shown = capsys.readouterr()
    assert code == 2, shown.out[-2000:] + shown.err
    assert shown.out == "", f"something ran: {shown.out[-2000:]}"
    lines = shown.err.strip().splitlines()
    assert len(lines) == 1, shown.err
    return lines[0]


def _engine(project: Path, name: str, source: str) -> None:
    (project / f"{name}.py").write_text(source, encoding="utf-8")


OFFERS_INCOME = "class SoeRules:\n    def collect_income(self, request, rulings): return request.empires\n"


@pytest.mark.parametrize(
    ("name", "source", "impl", "said"),
    [
        ("engine_a", OFFERS_INCOME, "engin_a:SoeRules", "no module named 'engin_a'; did you mean engine_a?"),
        ("engine_b", "def broken(:\n", "engine_b:SoeRules", "importing engine_b raised SyntaxError"),
        ("engine_c", "raise RuntimeError('no database')\n", "engine_c:SoeRules", "raised RuntimeError: no database"),
        ("engine_d", OFFERS_INCOME, "engine_d:SoeRule", "engine_d has no attribute 'SoeRule'; did you mean SoeRules?"),
        (
            "engine_e",
            "class SoeRules:\n    def __init__(self, db): pass\n",
            "engine_e:SoeRules",
            "cannot be constructed without arguments (TypeError",
        ),
        (
            "engine_f",
            "class SoeRules:\n    def collect_incme(self, request, rulings): return request.empires\n",
            "engine_f:SoeRules",
            "collect_incme looks like collect_income",
        ),
    ],
)
def test_an_impl_that_cannot_be_used_is_a_usage_error(
    project: Path, capsys: pytest.CaptureFixture[str], name: str, source: str, impl: str, said: str
) -> None:
    _engine(project, name, source)
    line = _usage_error(capsys, "verify", "--game", "soe", "--impl", impl)
    assert line.startswith(f"rulespec verify: error: --impl {impl}") and said in line


def test_expectations_write_records_no_usage_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _engine(project, "engine_g", OFFERS_INCOME)
    written = project / "expected.json"
    line = _usage_error(capsys, "expectations", "--write", str(written), "--game", "soe", "--impl", "engin_g:SoeRules")
    assert "no module named 'engin_g'" in line and not written.exists()


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (("verify", "--game", "seo"), "unknown game 'seo'; did you mean soe?"),
        (
            ("verify", "--game", "soe", "--rule", "soe-pop-1"),
            "--rule soe-pop-1: no clause of soe has this ID; did you mean SOE-POP-1?",
        ),
        (("verify", "--game", "soe", "--rule", "SOE-POP-9"), "did you mean SOE-POP-1 or SOE-POP-2?"),
        (
            (
                "symbolic",
                "--game",
                "soe",
                "--impl",
                "rulespec.reference.struggle_of_empires",
                "--operation",
                "grow_populaton",
            ),
            "--operation grow_populaton: soe has no such operation; did you mean grow_population?",
        ),
        (
            ("typecheck", "--game", "soe", "--game", "his", "--impl", "rulespec.reference.struggle_of_empires"),
            "checks one game",
        ),
        (
            ("expectations", "--write", "known.yaml", "--game", "soe"),
            "an expectations file is .json or .toml, not '.yaml'",
        ),
        (("verify", "--game", "soe", "--expectations", "known.yml"), "not '.yml'"),
        (("rules", "SOE-POP-9"), "no clause 'SOE-POP-9' in his, imperium, soe; did you mean SOE-POP-1 or SOE-POP-2?"),
        # one --case-timeout, checked alike by every command that talks to an implementation
        (("diff", "--game", "soe", "ref", "ref", "--case-timeout", "-1"), "'-1': expected a number of seconds above 0"),
        (("rulings", "infer", "--game", "soe", "--impl", "x:y", "--case-timeout", "0"), "'0': expected a number of"),
        (("diff", "--game", "soe", "ref", "ref", "--crosshair-timeout", "nan"), "'nan': expected a number of seconds"),
        (("verify", "--game", "soe", "--max-faults", "0"), "--max-faults: '0': expected a whole number of faults"),
    ],
)
def test_unknown_names_are_refused_with_the_close_ones(
    project: Path, capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], said: str
) -> None:
    assert said in _usage_error(capsys, *arguments)


def test_a_broken_or_unfinished_expectations_file_is_named_with_its_place(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "bad.json").write_text('{"known_failures": [\n  {"check": "x", "reason": "y"},,\n]}', encoding="utf-8")
    assert "bad.json:2:33: not valid JSON" in _usage_error(
        capsys, "verify", "--game", "soe", "--expectations", "bad.json"
    )
    (project / "bad.toml").write_text('[[known_failures]]\ncheck = "x"\nreason = \n', encoding="utf-8")
    line = _usage_error(capsys, "verify", "--game", "soe", "--expectations", "bad.toml")
    assert "bad.toml: not valid TOML" in line and "line 3" in line
    (project / "todo.json").write_text(
        '{"not_implemented": [{"operation": "end_war", "reason": "TODO: say why"}]}', encoding="utf-8"
    )
    line = _usage_error(capsys, "verify", "--game", "soe", "--expectations", "todo.json")
    assert "not_implemented[0] (operation end_war): replace the placeholder reason" in line


def test_close_names_are_a_few_edits_away() -> None:
    assert edit_distance("seo", "soe") == 1 and edit_distance("collect_incme", "collect_income") == 1
    assert close("collect_incme", ["collect_income", "clean_up", "end_war"]) == ["collect_income"]
    assert close("score", ["end_game", "clean_up"]) == []


def test_the_pytest_plugin_refuses_the_same_mistakes(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _engine(project, "engine_h", OFFERS_INCOME)
    vectors = str(REPO_ROOT / "conformance" / "vectors" / "soe")
    for option, said in (
        ("--impl=engin_h:SoeRules", "did you mean engine_h?"),
        ("--rule=SOE-POP-9", "did you mean SOE-POP-1"),
        ("--game=seo", "did you mean soe?"),
    ):
        code = pytest.main([vectors, "-p", "no:cacheprovider", "--game=soe", option])
        shown = capsys.readouterr()
        assert code == pytest.ExitCode.USAGE_ERROR and said in shown.err, shown.out[-2000:] + shown.err


@pytest.mark.parametrize(
    ("cmd", "said"),
    [
        (f"{sys.executable} -c pass", "--cmd"),  # exits before the handshake
        (f"{sys.executable} -c print('hello')", "--cmd"),  # answers something else
    ],
)
def test_a_bad_handshake_is_a_usage_error_like_every_other(
    capsys: pytest.CaptureFixture[str], cmd: str, said: str
) -> None:
    code = main(["verify", "--game", "soe", "--cmd", cmd, "--case-timeout", "5"])
    shown = capsys.readouterr()
    assert code == 2 and shown.out == "", shown.out[-2000:]
    assert shown.err.startswith(f"rulespec verify: error: {said} "), shown.err  # a fault may add its request below


def test_n_0_is_accepted_as_one_process() -> None:
    assert processes("0") == "0" and processes("auto") == "auto"
    with pytest.raises(ValueError, match="number of processes"):
        processes("-1")
