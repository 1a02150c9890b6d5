"""``rulespec verify --vectors DIR``: a user's own vector files run with the suite and count in the per-rule table."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests import REPO_ROOT, rulespec


def _empire(player: str, population: int) -> dict[str, object]:
    return {
        "player": player,
        "gold": 1,
        "population": population,
        "unrest": 0,
        "vp": 0,
        "armies": 0,
        "navies": 0,
        "forts": 0,
    }


# Worked out from SOE-POP-1 and SOE-POP-2: population 3 rises by 5 to 8; population 6 would reach 11, so it stops at 9.
OURS = {
    "game": "soe",
    "operation": "grow_population",
    "cases": [
        {
            "id": "ours-population-three-and-six",
            "description": "3 rises by 5 to 8; 6 rises to the top of the track, 9",
            "rules": ["SOE-POP-1", "SOE-POP-2"],
            "input": {"empires": [_empire("a", 3), _empire("b", 6)]},
            "output": {"empires": [_empire("a", 8), _empire("b", 9)]},
        }
    ],
}


def test_your_vectors_run_beside_ours_and_count_per_rule(tmp_path: Path) -> None:
    (tmp_path / "our-vectors" / "soe").mkdir(parents=True)
    (tmp_path / "our-vectors" / "soe" / "population.json").write_text(json.dumps(OURS), encoding="utf-8")
    report = tmp_path / "report.json"
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "COLUMNS": "200"}
    done = rulespec(
        *("verify", "--game", "soe", "--rule", "SOE-POP-1", "--profile", "canary", "--vectors", "our-vectors"),
        *("--report-json", str(report), "--", "-p", "no:cacheprovider"),
        cwd=tmp_path,
        env=env,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    records = json.loads(report.read_text(encoding="utf-8"))["checks"]
    ours = [record for record in records if record["nodeid"].endswith("::ours-population-three-and-six")]
    assert [(record["outcome"], record["rules"]) for record in ours] == [("passed", ["SOE-POP-1", "SOE-POP-2"])]
    suite = [record for record in records if "conformance/vectors/soe/" in record["nodeid"]]
    assert suite, "the suite's own vectors ran too"
    row = next(line for line in done.stdout.splitlines() if "SOE-POP-1" in line)
    assert f"{len(suite) + 1}/{len(suite) + 1}" in row, row
