"""The spec's sentences a blame reads: the clauses with a sentence that names some wire names (in backticks) and
refuses nothing, so the sentence says what a legal input means (an empty field, a field an operation takes)."""

from __future__ import annotations

import functools
import re

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.spec import read_clauses

_REFUSAL = re.compile(r"InvalidState|IllegalAction|\brefuse")


@functools.cache
def _sentences(game: str) -> dict[str, tuple[str, ...]]:
    """Each clause of the game's spec, by ID, as its sentences (a ``;`` ends one too: it joins two statements)."""
    return {
        clause.id: tuple(re.split(r"(?<=[.;])\s+", " ".join(clause.text.split())))
        for clause in read_clauses(registry.game(game).spec_path)
    }


def speaking_of(game: str, names: tuple[str, ...], saying: re.Pattern[str] | None = None) -> set[str]:
    """The clauses with a sentence naming each of ``names`` in backticks (and matching ``saying``, where given) that
    refuses nothing."""
    return {
        rule
        for rule, sentences in _sentences(game).items()
        if any(
            all(f"`{name}`" in sentence for name in names)
            and (saying is None or saying.search(sentence))
            and not _REFUSAL.search(sentence)
            for sentence in sentences
        )
    }
