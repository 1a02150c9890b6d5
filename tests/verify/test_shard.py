"""``verify --shard K/N`` and ``report merge``: the shards of a run are disjoint, cover it, and merge to its verdict."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.per_rule import tally
from rulespec.conformance.harness.records import read_report
from rulespec.conformance.harness.verify import spread
from rulespec.conformance.harness.verify.options import Shard, VerifyOptions
from rulespec.conformance.harness.verify.spread import deal

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

# One canary per game, so the verdict to keep holds failures as well as passes; its rules and one more
# keep the runs short. The canary's own rules fail; the others pass.
RUNS = (
    ("his", "tests.canaries.his:TotalLeavesOutBonus", ("HIS-VP-1", "HIS-VP-2", "HIS-BONUS-1")),
    ("imperium", "tests.canaries.imperium:ShuffleWithoutNationCard", ("IMP-DRAW-1", "IMP-DRAW-3")),
    ("soe", "tests.canaries.soe:PopulationReachesTen", ("SOE-POP-1", "SOE-POP-2", "SOE-MAINT-1")),
)


def test_the_shares_are_disjoint_cover_every_check_and_balance_its_seconds() -> None:
    seconds = [9.0, 5.0, 4.0, 3.0, 3.0, 2.0, 1.0]
    nodeids = [f"conformance/invariants/soe/test_x.py::test_{n}" for n in range(len(seconds))]
    durations = dict(zip(nodeids, seconds))
    shares = deal(nodeids, 3, durations)
    assert sorted(n for share in shares for n in share) == sorted(nodeids)
    assert shares == deal(list(nodeids), 3, dict(durations)), "the same checks must give the same shares"
    loads = [sum(durations[n] for n in share) for share in shares]
    # longest first to the lightest: 9 | 5+3+1 | 4+3+2, each share within one check of the others
    assert loads == [9.0, 9.0, 9.0]
    assert shares[0] == [nodeids[0]]


def test_a_check_with_no_recorded_seconds_counts_as_the_median_of_its_kind() -> None:
    known = {"a.py::slow": 8.0, "a.py::mid": 2.0, "a.py::quick": 1.0, "v.json::x": 0.001}
    shares = deal([*known, "a.py::new", "v.json::y"], 2, known)
    # the new invariant costs 2 (the median of 8, 2, 1): 8 | 2+2+1 and the two vectors
    assert [n for n in shares[0] if n.endswith(".py::slow") or n.endswith(".py::new")] == ["a.py::slow"]
    assert {"a.py::mid", "a.py::new", "a.py::quick"} <= set(shares[1])


@pytest.mark.parametrize("text", ["0/3", "4/3", "3", "a/b", "1/0"])
def test_a_bad_shard_is_refused_naming_it(text: str) -> None:
    with pytest.raises(ValueError, match=text):
        Shard.parse(text)


def _verify(tmp_path: Path, key: str, impl: str, rules: tuple[str, ...], shard: str | None) -> Path:
    report = tmp_path / f"{key}-{(shard or 'all').replace('/', 'of')}.json"
    argv = ["verify", "--game", key, "--impl", impl, "--profile", "canary", "--report-json", str(report)]
    argv += [f"--rule={rule}" for rule in rules] + (["--shard", shard] if shard else [])
    main(argv)
    return report


@pytest.mark.parametrize(("key", "impl", "rules"), RUNS, ids=[run[0] for run in RUNS])
def test_three_shards_merge_to_the_verdict_of_one_run(
    key: str, impl: str, rules: tuple[str, ...], tmp_path: Path
) -> None:
    whole = _verify(tmp_path, key, impl, rules, None)
    shards = [_verify(tmp_path, key, impl, rules, f"{k}/3") for k in (1, 2, 3)]
    merged_path = tmp_path / "merged.json"
    code = main(["report", "merge", *map(str, shards), "--out", str(merged_path), "--game", key])
    once, merged = read_report(whole), read_report(merged_path)
    assert sorted(r.nodeid for r in merged) == sorted(r.nodeid for r in once)
    assert all(read_report(path) for path in shards), "each of the 3 shards runs some checks"
    verdict = {t.rule: t.status for t in tally([game(key)], once, only=rules).tallies}
    assert {t.rule: t.status for t in tally([game(key)], merged, only=rules).tallies} == verdict
    assert "failed" in verdict.values(), "the canary's rule fails in both"
    assert code == (0 if tally([game(key)], merged).full_pass else 1)
    # each failure names the rule the verdict fails for it, the merged report's weighed over every shard
    blamed = {r.nodeid: r.blamed for r in once if r.outcome in ("failed", "error")}
    assert blamed and all(blamed.values()) and {r.nodeid: r.blamed for r in merged if r.nodeid in blamed} == blamed
    assert all(r.blamed == "" for r in merged if r.outcome == "passed")


def test_verify_spreads_whole_games_over_the_cores_and_a_few_rules_not(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spread, "cores", lambda: 2)
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    games = ("his", "soe")
    whole = VerifyOptions(games=games, shard=Shard(2, 3))
    spreading = ["-n", "2", *spread.SCHEDULE]
    assert spread.pytest_args(whole) == spreading
    assert VerifyOptions.decode(whole.encode()).shard == Shard(2, 3), "the shard is handed to pytest with the options"
    assert spread.pytest_args(VerifyOptions(games=("soe",), shard=Shard(2, 3))) == spreading, "one game too"
    assert spread.default_processes(VerifyOptions(games=games, rules=("SOE-POP-2",))) == 0
    assert spread.default_processes(VerifyOptions(games=games, pytest_args=("-k", "tie"))) == 0
    assert spread.default_processes(VerifyOptions(games=games, numprocesses="4")) == 0, "-n given: not twice"
    given = VerifyOptions(games=games, numprocesses="auto")
    assert spread.pytest_args(given) == spread.SCHEDULE, "-n auto: the same queue"
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    assert spread.default_processes(VerifyOptions(games=games)) == 0, "inside xdist: not again"
    monkeypatch.delenv("PYTEST_XDIST_WORKER")
    monkeypatch.setattr(spread, "cores", lambda: 1)
    assert spread.default_processes(VerifyOptions(games=games)) == 0
