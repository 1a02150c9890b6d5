"""The checks of a conformance run: which game a file belongs to, the rules a check names, vector cases as pytest items.

A check is a vector case (its file under ``conformance/vectors/<game>/``) or an invariant (under
``conformance/invariants/<game>/``). An invariant's rules are read from its ``@pytest.mark.rules(...)``
markers by one function (``marked_rules``), used by ``verify`` to credit a run's checks to rules and by
``coverage`` to list what checks each rule, so the two cannot count differently.

Vector files from the user's own repository run beside the suite's (``--vectors DIR``, or a path given
to pytest). A file there is a vector file when it is JSON naming a game of the registry (``{"game": "soe",
"operation": ..., "cases": [...]}``, as ``--save-failures`` writes), or a list of suite cases by ID
(``<operation>.suite.json``: ``{"game": "soe", "suite_cases": [...]}``), which runs those cases of the
suite as they are: ``--save-failures`` writes a failing suite vector this way instead of copying it under a
new ID, so the saved file follows the suite when the case is corrected, and the check keeps its ID (and its
known-failure entry, if it has one).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, cast

import pytest

from rulespec import SUITE_ROOT
from rulespec.conformance.harness.games import INVARIANTS_DIR, REGISTRY, VECTORS_DIR, game
from rulespec.conformance.harness.subject import ImplementationError
from rulespec.conformance.harness.vectors import LoadedCase, VectorError, load_file, load_game, refuse_repeated_id
from rulespec.conformance.harness.verdict import Outcome, Verdict, run_case
from rulespec.conformance.harness.verify.declared import DECLARED, judged_under
from rulespec.conformance.harness.verify.saved_failures import SUITE_REFERENCES
from rulespec.conformance.harness.verify.spread import sent_together
from rulespec.conformance.harness.verify.subjects import SUBJECTS

USER_ROOTS: list[Path] = []  # set once per run by the plugin (on every xdist worker too)


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


# --- the user's own vector files ----------------------------------------------------------


def set_roots(vectors: Iterable[str], arguments: Iterable[str], invoked_in: Path) -> None:
    """The ``--vectors`` folders, and every path given to pytest that is not the suite's own."""
    roots: list[Path] = []
    for text in [*vectors, *(argument.partition("::")[0] for argument in arguments)]:
        path = (invoked_in / text).resolve()
        inside_suite = any(
            path.is_relative_to(own) or own.is_relative_to(path) for own in (VECTORS_DIR, INVARIANTS_DIR)
        )
        if path.exists() and not inside_suite:
            roots.append(path)
    USER_ROOTS[:] = roots


@functools.lru_cache(maxsize=1024)
def user_game(path: Path) -> str | None:
    """The game a user's vector file names, or None when the file is not one (not JSON, no registered game)."""
    if path.suffix != ".json" or not path.is_file():
        return None
    try:
        document: object = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):  # refused before the run (verify/preflight.py)
        return None
    key: object = cast(dict[str, object], document).get("game") if isinstance(document, dict) else None
    return key if isinstance(key, str) and key in REGISTRY else None


def is_user_vector(path: Path) -> bool:
    resolved = path.resolve()
    return any(resolved.is_relative_to(root) for root in USER_ROOTS) and user_game(resolved) is not None


# --- the checks collected -------------------------------------------------------------------


def collector(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A vector file of the suite's or the user's (``--vectors DIR``, a saved failure given to pytest), as checks."""
    if file_path.suffix == ".json" and game_of(file_path) is not None and file_path.is_relative_to(VECTORS_DIR):
        suite: pytest.Collector = VectorFileCollector.from_parent(parent, path=file_path)  # pyright: ignore[reportUnknownMemberType]
        return suite
    if is_user_vector(file_path):
        kind = SuiteReferences if file_path.name.endswith(SUITE_REFERENCES) else VectorFileCollector
        users: pytest.Collector = kind.from_parent(parent, path=file_path)  # pyright: ignore[reportUnknownMemberType]
        return users
    return None


def choose(config: pytest.Config, items: list[pytest.Item], rules: Sequence[str]) -> None:
    """Every check must name its rules; with ``--rule``, only the checks of those rules are kept."""
    kept: list[pytest.Item] = []
    for item in items:
        if game_of(Path(str(item.path))) is None:
            kept.append(item)
            continue
        if not rules_of(item):
            raise pytest.UsageError(f"{item.nodeid}: a conformance check must name its rules (@pytest.mark.rules)")
        if rules and not set(rules) & set(rules_of(item)):
            continue
        # JUnit XML writes user_properties as <property> elements: one "rule" per rule ID checked
        item.user_properties.extend(("rule", rule) for rule in rules_of(item))
        kept.append(item)
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


def batches(items: Iterable[pytest.Item]) -> dict[str, list[LoadedCase]]:
    """The vector cases among ``items``, by the batch each is sent ahead in (``spread.sent_together``)."""
    found: dict[str, list[LoadedCase]] = {}
    for item in items:
        batch = sent_together(item.nodeid)
        if isinstance(item, VectorItem) and batch is not None:
            found.setdefault(batch, []).append(item.loaded)
    return found


# --- vector cases as pytest items ------------------------------------------------------------


def _shown(path: Path) -> Path:
    """A suite file relative to the checkout; a user's own vector file as it is."""
    return path.relative_to(SUITE_ROOT) if path.is_relative_to(SUITE_ROOT) else path


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


class SuiteReferences(pytest.File):
    """``<operation>.suite.json`` in a user's folder: suite cases named by ID, run as the suite has them."""

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


HEADLINE = 76  # what pytest's section header holds at 80 columns: "_ " and " _" around it
VERDICT = pytest.StashKey[Verdict]()  # a vector case's verdict, read when its record is made


class VectorMismatch(AssertionError):
    """The subject answered, and the answer is not the rules' answer."""


class VectorItem(pytest.Item):
    def __init__(self, *, loaded: LoadedCase, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # pyright: ignore[reportUnknownMemberType]
        # asked under the rulings the implementation plays, its expectation re-derived if they switch one it names
        self.loaded = judged_under(game(loaded.game), loaded, self.config.stash[DECLARED].get(loaded.game, {}))

    def runtest(self) -> None:
        subject = self.config.stash[SUBJECTS].get(self.loaded.game, sent_together(self.nodeid))
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
        """pytest heads the case's section with this between two rules of ``_``: its ID alone where the operation's
        name beside it would take the line past 80 columns (an ID is unique in its game; the section names the
        operation again)."""
        named = f"{self.loaded.operation}: {self.loaded.case.id}"
        return self.path, 0, named if len(named) <= HEADLINE else self.loaded.case.id
