"""``<operation>.suite.json`` in a user's folder: suite cases named by ID, run as the suite has them.

``--save-failures`` writes a failing suite vector this way instead of copying it under a new ID,
so the saved file follows the suite when the case is corrected, and the check keeps its ID (and
its known-failure entry, if it has one).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from conformance.harness.games import game
from conformance.harness.vectors import VectorError, load_game
from conformance.harness.verify.checks import VectorItem
from conformance.harness.verify.vector_roots import user_game


class SuiteReferences(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        key = user_game(self.path.resolve())
        try:
            named: object = json.loads(self.path.read_text(encoding="utf-8")).get("suite_cases")
            cases = {loaded.case.id: loaded for loaded in load_game(game(str(key)))}
        except (OSError, ValueError, AttributeError, VectorError) as exc:
            raise self.CollectError(f"{self.path}: cannot read the suite cases it names: {exc}") from exc
        if not isinstance(named, list):
            raise self.CollectError(f"{self.path}: at $.suite_cases: expected a list of suite case IDs")
        for case_id in named:  # pyright: ignore[reportUnknownVariableType]
            if str(case_id) not in cases:  # pyright: ignore[reportUnknownArgumentType]
                raise self.CollectError(f"{self.path}: {case_id!r} is not a case of the {key} suite (any more?)")
            loaded = cases[str(case_id)]  # pyright: ignore[reportUnknownArgumentType]
            item: pytest.Item = VectorItem.from_parent(self, name=loaded.case.id, loaded=loaded)  # pyright: ignore[reportUnknownMemberType]
            yield item
