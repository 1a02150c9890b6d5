"""The checks of a conformance run: which game a file belongs to, the rules a check names, vector cases
as pytest items.

An invariant's rules are read from its ``@pytest.mark.rules(...)`` markers by one function
(``marked_rules``), used by ``verify`` to credit a run's checks to rules and by ``coverage`` to
list what checks each rule, so the two cannot count differently.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.harness.games import INVARIANTS_DIR, REPO_ROOT, VECTORS_DIR, game
from conformance.harness.subject import ImplementationError
from conformance.harness.vectors import LoadedCase, VectorError, load_file, refuse_repeated_id
from conformance.harness.verdict import Outcome, Verdict, run_case
from conformance.harness.verify.subjects import SUBJECTS
from conformance.harness.verify.vector_roots import is_user_vector, user_game


def game_of(path: Path) -> str | None:
    for root in (VECTORS_DIR, INVARIANTS_DIR):
        if path.is_relative_to(root) and path != root:
            return path.relative_to(root).parts[0]
    return user_game(path.resolve()) if is_user_vector(path) else None


def marked_rules(item: pytest.Item) -> tuple[str, ...]:
    """The rule IDs of every ``rules`` marker on the item and the nodes above it (its class's, its module's),
    first seen first, once each."""
    rules: list[str] = []
    for marker in item.iter_markers("rules"):
        rules.extend(str(rule) for rule in marker.args)
    return tuple(dict.fromkeys(rules))


def rules_of(item: pytest.Item) -> tuple[str, ...]:
    if isinstance(item, VectorItem):
        return item.loaded.case.rules
    return marked_rules(item)


def _shown(path: Path) -> Path:
    """A suite file relative to the checkout; a user's own vector file as it is."""
    return path.relative_to(REPO_ROOT) if path.is_relative_to(REPO_ROOT) else path


CASE_IDS = pytest.StashKey[dict[str, dict[str, LoadedCase]]]()  # game -> case ID -> where it was first met


class VectorFileCollector(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        key = game_of(self.path)
        assert key is not None
        try:
            cases = load_file(game(key), self.path)
        except VectorError as exc:
            raise self.CollectError(str(exc)) from exc
        seen = self.config.stash.setdefault(CASE_IDS, {}).setdefault(key, {})
        for loaded in cases:
            try:
                refuse_repeated_id(seen, loaded)  # across the game's files, as within one
            except VectorError as exc:
                raise self.CollectError(str(exc)) from exc
            item: pytest.Item = VectorItem.from_parent(self, name=loaded.case.id, loaded=loaded)  # pyright: ignore[reportUnknownMemberType]
            yield item


VERDICT = pytest.StashKey[Verdict]()  # a vector case's verdict, read when its record is made


class VectorMismatch(AssertionError):
    """The subject answered, and the answer is not the rules' answer."""


class VectorItem(pytest.Item):
    def __init__(self, *, loaded: LoadedCase, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # pyright: ignore[reportUnknownMemberType]
        self.loaded = loaded

    def runtest(self) -> None:
        subject = self.config.stash[SUBJECTS].get(self.loaded.game)
        verdict = run_case(subject, self.loaded)
        self.stash[VERDICT] = verdict  # both answers and every difference, for the check's record
        if verdict.outcome == Outcome.NOT_IMPLEMENTED:
            pytest.skip(verdict.detail)
        if verdict.outcome == Outcome.ERROR:
            raise ImplementationError(verdict.detail)
        if verdict.outcome == Outcome.FAILED:
            raise VectorMismatch(verdict.detail)

    def repr_failure(
        self,
        excinfo: pytest.ExceptionInfo[BaseException],
        style: Any = None,
    ) -> str:
        case = self.loaded.case
        request = json.dumps(case.input, sort_keys=True)
        rulings = json.dumps(case.rulings, sort_keys=True)
        return (
            f"{excinfo.value}\n  case {case.id} ({', '.join(case.rules)}): {case.description}\n"
            f"  {self.loaded.operation} {request}\n  rulings {rulings}\n"
            f"  at {_shown(self.loaded.path)} $.cases[{self.loaded.index}]"
        )

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"{self.loaded.operation}: {self.loaded.case.id}"
