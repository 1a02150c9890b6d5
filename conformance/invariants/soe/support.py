"""What the Struggle of Empires invariants share: settings, a check against the reference, a reading of places.

The place reading here is the spec's (SOE-SCORE-2 to 4), written out independently of
the reference so that properties about ties can name the places a tie covers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, settings

from rulespec.conformance.invariants.refusals import describe, refusal_of
from rulespec.reference.errors import RuleError
from rulespec.reference.struggle_of_empires.model import PlayerName, Region
from rulespec.reference.struggle_of_empires.rulings import NonPlayerRank, Rulings, UnfriendlyScope

ResultT = TypeVar("ResultT")

FRIENDLY_FROM = 4


# The share of the profile's examples these invariants draw. A Struggle of Empires request is large (up to 7
# players, 11 regions of control lines), so its examples cost the most of the three games, and half of them lose
# nearly nothing: over the 10 canaries, 38 (canary, invariant) failures at 100 examples and 38 at 50; the one not
# seen at 50 (PooledTieRoundedUp in end_war) is a canary that still failed 4 other invariants, while every canary
# failed some invariant at both (python bench/budget.py --game soe --budget 200 --budget 100: half the time).
EXAMPLES_SHARE = 0.5


def subject_settings() -> settings:
    """The loaded profile at ``EXAMPLES_SHARE`` of its examples, allowing the function-scoped ``soe`` fixture (it
    holds no state between examples)."""
    current = settings()  # the profile loaded by --hypothesis-profile
    return settings(
        current,
        max_examples=max(1, round(current.max_examples * EXAMPLES_SHARE)),
        suppress_health_check=(*current.suppress_health_check, HealthCheck.function_scoped_fixture),
    )


def assert_same_as_reference(subject: Callable[[], ResultT], oracle: Callable[[], ResultT]) -> None:
    """The subject answers as the reference does: the same result, or the same refusal (kind and field or rule)."""
    try:
        expected = oracle()
    except RuleError as refused:
        got = refusal_of(subject)
        assert describe(got) == describe(refused), f"the reference refuses ({refused}); the subject: {describe(got)}"
        return
    try:
        result = subject()
    except RuleError as refused:
        pytest.fail(f"the subject refused a request the reference accepts: {refused}")
    assert result == expected


# --- places, as SOE-SCORE-2 to 4 say --------------------------------------------------------


@dataclass(frozen=True)
class Group:
    """Entrants with equal markers, covering places ``place`` .. ``place + size - 1``."""

    place: int
    markers: int
    players: tuple[PlayerName, ...]
    size: int  # non-player majors in the group included


def place_value(values: Sequence[int], place: int) -> int:
    """SOE-SCORE-4: the n-th printed value, 0 beyond them."""
    return values[place - 1] if place <= len(values) else 0


def markers_of(player: PlayerName, region: Region) -> int:
    return sum(p.markers for p in region.control if p.holder == player)


def place_groups(players: Sequence[PlayerName], region: Region, rulings: Rulings) -> tuple[Group, ...]:
    """SOE-SCORE-2, SOE-SCORE-3: the entrants grouped by markers, most first, each group at its place."""
    ranked = [(markers_of(p, region), p) for p in players if rulings.markerless_scores or markers_of(p, region) >= 1]
    majors = [m.markers for m in region.non_player_control if m.markers >= 1]
    if rulings.non_player_rank is NonPlayerRank.IGNORED:
        majors = []
    groups: list[Group] = []
    place = 1
    for count in sorted({m for m, _ in ranked} | set(majors), reverse=True):
        tied = tuple(p for m, p in ranked if m == count)
        size = len(tied) + majors.count(count)
        groups.append(Group(place, count, tied, size))
        place += size
    return tuple(groups)


def ties_are_friendly(player_count: int, region: Region, rulings: Rulings) -> bool:
    """SOE-SCORE-6, SOE-SCORE-7: friendly with 4+ players, or with 2–3 under `region` scope where no major is."""
    if player_count >= FRIENDLY_FROM:
        return True
    majors_here = any(m.markers >= 1 for m in region.non_player_control)
    return rulings.unfriendly_scope is UnfriendlyScope.REGION and not majors_here
