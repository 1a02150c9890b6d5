"""A default ``verify --cmd`` run sends each batch of vector cases ahead in one stream, spread over workers or not.

Seen from the implementation's side: ``tests/fakes/counting_adapter.py`` serves the reference and
counts the most requests it held unanswered. Asked one by one, that is 2 (a request and its
determinism copy); sent ahead, the whole batch.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from rulespec.conformance.harness.cli import main
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.verify.spread import VectorsTogether, sent_together
from tests import REPO_ROOT

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

RULE = "SOE-SCORE-2"  # vector cases in several files of one folder: one batch
# only the rule's vector cases: its invariants ask one request at a time, each waiting out the adapter's settling
# moment (about 500 of them: 15 s of sleep for nothing this test reads)
VECTORS_ONLY = ("-k", "json")


@pytest.mark.parametrize("spread", [(), ("-n", "2")], ids=["in-process", "spread-over-2-workers"])
def test_every_vector_case_of_a_batch_reaches_the_process_before_its_first_reply(
    tmp_path: Path, spread: tuple[str, ...]
) -> None:
    counted = tmp_path / "counted"
    adapter = shlex.join(
        [sys.executable, str(REPO_ROOT / "tests" / "fakes" / "counting_adapter.py"), "soe", str(counted)]
    )
    cases = [loaded for loaded in load_game(game("soe")) if RULE in loaded.case.rules]
    assert len({loaded.path.parent for loaded in cases}) == 1 and len({loaded.path for loaded in cases}) > 1
    options = ("--game", "soe", "--cmd", adapter, "--rule", RULE, "--profile", "canary")
    assert main(["verify", *options, "--", *VECTORS_ONLY, *spread]) == 0
    most = [int(line) for line in counted.read_text(encoding="utf-8").split()]
    # one count per process asked something: the run's own (it answered the handshake checked before the run), and
    # each worker's that ran a check (a worker's process is begun at once, and ended unasked if none comes)
    assert len(most) in ((2, 3) if spread else (1,))
    assert max(most) == 2 * len(cases), f"requests held before a reply, per process: {most}"


def test_a_batch_is_the_folder_of_a_vector_file_and_no_other_check_is_in_one() -> None:
    assert sent_together("conformance/vectors/soe/score_region.json::soe-score-x") == "conformance/vectors/soe"
    assert sent_together("../mine/saved/soe/grow_population.json::x") == "../mine/saved/soe"
    assert sent_together("conformance/invariants/soe/test_score.py::test_x") is None
    assert sent_together("conformance/vectors/soe/score_region.json") is None


class _Node:
    def __init__(self) -> None:
        self.sent: list[list[int]] = []
        self.shutting_down = False

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent.append(list(indices))


def test_the_scheduler_deals_a_batch_whole_to_the_worker_that_reaches_it_first() -> None:
    collection = [
        "conformance/invariants/soe/test_a.py::test_long",
        "conformance/vectors/soe/a.json::one",
        "conformance/invariants/soe/test_a.py::test_short",
        "conformance/vectors/his/b.json::two",
        "conformance/vectors/soe/c.json::three",
    ]
    scheduler = VectorsTogether.__new__(VectorsTogether)
    first, second = _Node(), _Node()
    scheduler.collection = collection
    scheduler.pending = list(range(len(collection)))
    scheduler.node2pending = {first: [], second: []}
    deal = getattr(scheduler, "_send_tests")  # what LoadScheduling calls to hand a node its next checks
    deal(first, 1)
    deal(second, 1)
    deal(second, 1)
    assert first.sent == [[0]]
    assert second.sent == [[1, 4], [2]], "soe's vector cases go out together"
    assert scheduler.pending == [3]
