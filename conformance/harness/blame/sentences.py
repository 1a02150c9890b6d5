"""The spec's clauses as blame reads them: each clause's text, the clauses with a sentence that names a wire
name (in backticks) and neither refuses nor says what is checked, so the sentence says what a legal input means
(an empty field, a player without an order), and the operations a clause names (``scoped``)."""

from __future__ import annotations

import functools
import re

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.spec import read_clauses

# a sentence about what is refused or checked (or taken as given unchecked), not about what a legal input means
_CHECKING = re.compile(r"InvalidState|IllegalAction|\brefuse|\bchecked\b|\bas given\b")


@functools.cache
def clause_texts(game: str) -> dict[str, str]:
    """Each clause of the game's spec, by ID."""
    return {clause.id: clause.text for clause in read_clauses(registry.game(game).spec_path)}


@functools.cache
def _sentences(game: str) -> dict[str, tuple[str, ...]]:
    """Each clause of the game's spec, by ID, as its sentences (a ``;`` ends one too: it joins two statements)."""
    return {rule: tuple(re.split(r"(?<=[.;])\s+", " ".join(text.split()))) for rule, text in clause_texts(game).items()}


def speaking_of(game: str, name: str, saying: re.Pattern[str]) -> set[str]:
    """The clauses with a sentence naming ``name`` in backticks and matching ``saying`` that neither refuses nor says
    what is checked."""
    return {
        rule
        for rule, sentences in _sentences(game).items()
        if any(
            f"`{name}`" in sentence and saying.search(sentence) and not _CHECKING.search(sentence)
            for sentence in sentences
        )
    }


@functools.cache
def _operations(game: str) -> dict[str, frozenset[str]]:
    """Each clause, by ID, to the game's operations its text names in backticks."""
    names = {operation.name for operation in registry.game(game).operations}
    return {rule: frozenset(re.findall(r"`(\w+)`", text)) & names for rule, text in clause_texts(game).items()}


def scoped(game: str, operation: str | None, clauses: set[str]) -> set[str]:
    """Of clauses a misreading fits alike, the one naming the check's operation where every other names only other
    operations: a check a clause binds in ``score_regions`` made in ``collect_income``, which SOE-INCOME-3 says is
    not held to it, misreads SOE-INCOME-3. Else the clauses as they are."""
    named = _operations(game)
    here = {rule for rule in clauses if operation in named.get(rule, ())}
    elsewhere = {rule for rule in clauses - here if named.get(rule)}
    return here if len(here) == 1 and elsewhere == clauses - here else clauses
