"""Which clause decides the first step where two answers of Struggle of Empires differ (``blame.blamed_rule``).

The end of a war runs its steps in a stated order (SOE-SEQ-1 to SOE-SEQ-3): an answer, or an order missing accepted,
that the steps give with one step moved is that order's (``sequence_blame``). The unrest assessment's steps are
``standings_blame``'s, a region's awards ``awards_blame``'s, and ``score_regions`` is blamed as its regions' awards are
(``composed``). Income is the population, then the markers on the map: a gain of the population and markers counted
otherwise than as the player's own (every holder's, where the player holds some or everywhere, or the non-player majors'
too) misreads whose markers count (SOE-INCOME-3); the gold held lost, in ``collect_income`` or ``end_war``, is
SOE-INCOME-4's. Only what a difference shows for sure is named; anything else is left to the check's own rule.
"""

from __future__ import annotations

import re
from typing import Any, cast

from rulespec.conformance.harness.verdict import field
from rulespec.conformance.invariants.soe.awards_blame import region_awards
from rulespec.conformance.invariants.soe.sequence_blame import moved_step
from rulespec.conformance.invariants.soe.standings_blame import standings
from rulespec.reference.struggle_of_empires.rulings import Rulings
from rulespec.reference.struggle_of_empires.validation import LAST_WAR, MAX_POPULATION

# the board's fields each step of the clean-up writes, and what it changes in each marker of a list (SOE-CLEAN-1 to -6)
_CLEANED = {
    "local_alliances": ("SOE-CLEAN-1", "region"),
    "grand_alliances": ("SOE-CLEAN-2", "holder"),
    "tiles": ("SOE-CLEAN-3", "flipped"),
    "war": ("SOE-CLEAN-4", None),
    "phase": ("SOE-CLEAN-5", None),
}


def _board(answer: Any, key: str | None) -> dict[str, Any]:
    """A request's or an answer's board (``key`` None: the answer is the board), as JSON."""
    found = answer
    if isinstance(answer, dict) and key:
        found = cast(dict[str, Any], answer).get(key)
    return cast(dict[str, Any], found) if isinstance(found, dict) else {}


def _cleaned(asked: dict[str, Any], got: dict[str, Any], board: str, paths: tuple[str, ...]) -> str | None:
    """The one step of the clean-up that writes every field that differs (``board``: where the board is in the
    answer), when the difference is that step's for sure: a marker's attribute it changes, or a list of markers
    emptied though it held a named one (a name read wrong keeps the well-named markers); after the 3rd war, when
    nothing changes, SOE-END-2."""
    for marker, (clause, changed) in _CLEANED.items():
        under = f"{board}.{marker}"
        if not all(path == under or path.startswith((f"{under}[", f"{under}.")) for path in paths):
            continue
        if asked.get("war") == LAST_WAR:
            return "SOE-END-2"
        if changed is None or all(path.endswith(f".{changed}") for path in paths):
            return clause
        held, kept = asked.get(marker), got.get(marker)
        markers = cast(list[Any], held) if isinstance(held, (list, tuple)) else []  # a run's own records: tuples
        named = any(isinstance(m, dict) and cast(dict[str, Any], m).get("name") for m in markers)
        emptied = isinstance(kept, (list, tuple)) and not kept
        return clause if paths == (under,) and emptied and named else None
    return None


def _income(request: Any, got: Any, paths: tuple[str, ...]) -> str | tuple[str, ...] | None:
    """The one term of the income (SOE-INCOME-4's gold + population + markers) that each empire whose gold differs was
    given otherwise: its population left out, another of its counts read for it or paid once per region given
    (SOE-INCOME-1: it gained its own markers alone, or with that count or that multiple), its markers left out or
    paid at another rate (SOE-INCOME-2: its population alone, or with another multiple of its markers), the markers of
    a reading of whose markers count that is not the player's own, or of a walk over the regions one short
    (SOE-INCOME-3), or the gold it held (SOE-INCOME-4:
    the income written over the treasury, not added to it); a term every such empire's gold shows (where a population
    equals the markers, either left out answers alike: the run tells which); else None (a population or a sum misread
    otherwise is the run's)."""
    shown = [_income_terms(request, got, path) for path in paths]
    terms = sorted(set[str].intersection(*shown)) if shown else []
    return (terms[0] if len(terms) == 1 else tuple(terms)) if terms else None


def _income_terms(request: Any, got: Any, path: str) -> set[str]:
    """The terms of the income that, given otherwise, explain the gold of the empire at ``path`` (none: no one)."""
    if not (isinstance(request, dict) and isinstance(got, dict)):
        return set()
    asked, answered = cast(dict[str, Any], request), cast(dict[str, Any], got)
    empires: list[Any] = asked.get("empires", [])
    gained: list[Any] = answered.get("empires", [])
    regions: list[Any] = asked.get("regions", [])
    players = {empire.get("player") for empire in empires}
    found = _GOLD.fullmatch(path)
    at = int(found.group(1)) if found else len(empires)
    if at >= min(len(empires), len(gained)):
        return set()
    player, population = empires[at].get("player"), empires[at].get("population", 0)
    now, held_gold = gained[at].get("gold", 0), empires[at].get("gold", 0)
    if type(now) is not int or type(held_gold) is not int:
        return set()  # an answer's gold may be anything
    gain = now - held_gold
    entries = [(region, entry) for region in regions for entry in region.get("control", [])]
    own = sum(entry["markers"] for _, entry in entries if entry["holder"] == player)
    held = [region for region in regions if any(e["holder"] == player for e in region.get("control", []))]
    misread = (
        {
            sum(entry["markers"] for region in held for entry in region.get("control", [])),  # every holder's there
            sum(entry["markers"] for _, entry in entries),  # every holder's everywhere
            own + sum(entry["markers"] for _, entry in entries if entry["holder"] not in players),  # majors' too
            # a walk one region short, where it leaves some marker (none left: the markers left out, SOE-INCOME-2)
            *(walked for walked in (_own_markers(player, regions[1:]), _own_markers(player, regions[:-1])) if walked),
        }
        - {own}
    )
    terms = {"SOE-INCOME-1"} if gain == own and population else set[str]()  # the population left out
    others = {value for key, value in empires[at].items() if key in _COUNTS and value != population}
    terms |= {"SOE-INCOME-1"} if gain - own in others else set()  # another of the empire's counts read for it
    # paid once per region given (the population's line inside the loop over the regions)
    terms |= {"SOE-INCOME-1"} if population and len(regions) > 1 and gain == population * len(regions) + own else set()
    terms |= {"SOE-INCOME-2"} if gain == population and own else set()  # the markers left out
    # or paid at another rate than a gold each (a taxation's yield): another multiple of them; any gain is a multiple
    # of one marker, so one counts only with no population, or for more than is due (a population cut short gives less)
    rated = own > 1 or (own == 1 and (not population or gain > population + own))
    terms |= {"SOE-INCOME-2"} if rated and gain != population + own and (gain - population) % own == 0 else set()
    # the gold held lost: with no population, a marker miscounted by the gold held answers alike
    terms |= {"SOE-INCOME-4"} if held_gold and population and gain == population + own - held_gold else set()
    terms |= {"SOE-INCOME-3"} if gain - population in misread else set()
    # no marker of its own on the map, no other reading answering so: the population's gold itself read otherwise,
    # for sure where the gain is one the track could give (0 to 9); off it, a gold taken besides answers alike
    if terms or own or not population or gain == population:
        return terms
    return {"SOE-INCOME-1"} if 0 <= gain <= MAX_POPULATION else {"SOE-INCOME-1", "SOE-INCOME-4"}


def _own_markers(player: Any, regions: list[Any]) -> int:
    """The player's control markers over ``regions``."""
    entries = (entry for region in regions for entry in region.get("control", []))
    return sum(entry["markers"] for entry in entries if entry["holder"] == player)


_GOLD = re.compile(r"\$\.empires\[(\d+)\]\.gold")
_COUNTS = ("gold", "unrest", "vp", "armies", "navies", "forts")  # an empire's counts other than its population


def _differing_golds(paths: tuple[str, ...], *answers: Any) -> list[tuple[Any, ...]]:
    """Where every difference is an empire's gold: each such empire's entry in each of ``answers``' ``empires`` (none
    where another field differs or an answer lacks the entry)."""
    found = [_GOLD.fullmatch(path) for path in paths]
    held = [field(answer, "empires") for answer in answers]
    if not paths or not all(found) or not all(isinstance(empires, (list, tuple)) for empires in held):
        return []
    lists = [list(cast(list[Any], empires)) for empires in held]
    at = [int(match.group(1)) for match in found if match]
    return [] if any(i >= len(empires) for i in at for empires in lists) else [tuple(e[i] for e in lists) for i in at]


def _treasury_lost(request: Any, expected: Any, got: Any, paths: tuple[str, ...]) -> bool:
    """Only golds differ, each by exactly the gold its empire held before the war ended, and each empire had income to
    earn: the income written over the treasury rather than added to it (SOE-INCOME-4). Maintenance writing over it
    would lose the income too, and a taxation count changed by it is refused on the draws."""
    rows = _differing_golds(paths, request, expected, got)
    golds = [
        (field(e, "gold"), field(e, "population"), field(due, "gold"), field(given, "gold")) for e, due, given in rows
    ]
    whole = all(type(value) is int for counts in golds for value in counts)  # an answer's gold may be anything
    return bool(golds) and whole and all(held and people and held == owed - kept for held, people, owed, kept in golds)


def _leftover_lost(expected: Any, got: Any, paths: tuple[str, ...]) -> bool:
    """Only golds differ (every draw right, so every taxation counted), each due more than 0 and given 0: the gold
    the taxations leave over the cost lost (SOE-MAINT-7's gold + taxations x yield - cost)."""
    left = [(field(due, "gold"), field(given, "gold")) for due, given in _differing_golds(paths, expected, got)]
    return bool(left) and all(isinstance(owed, int) and owed > 0 and kept == 0 for owed, kept in left)


# each step of the end of a war (SOE-SEQ-1): the operations that ask it alone, and the answer's paths it writes
_INCOME = (("collect_income",), ("$.empires[].gold",))
_MAINTENANCE = (("pay_maintenance",), ("$.empires[].gold", "$.empires[].unrest"))
_POPULATION = (("grow_population",), ("$.empires[].population",))
_SCORING = (("score_region", "score_regions"), ("$.empires[].vp",))
_CLEAN_UP = (("clean_up",), ("$.board",))
_ASSESSMENT = (("end_game",), ("$.standings",))
_SEQUENCES = {
    "published": (_INCOME, _MAINTENANCE, _POPULATION, _SCORING, _CLEAN_UP),
    "seed_telling": (_INCOME, _SCORING, _CLEAN_UP, _MAINTENANCE, _POPULATION),
}


def composed(operation: str, request: Any, rulings: Any) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """The steps an ``end_war`` request runs, in the order ``sequence`` gives (SOE-RULING-13): after the last war
    the board is left as it is (SOE-END-2) and the players are assessed (SOE-SEQ-5); ``score_regions`` is each
    region's awards added up (``blame.composed``)."""
    if operation == "score_regions":
        return ((("score_region",), ("$.empires[].vp",)),)
    board = field(request, "board")
    war = field(board, "war")
    sequence = field(rulings, "sequence") or Rulings().sequence.value
    if operation != "end_war" or not isinstance(war, int) or sequence not in _SEQUENCES:
        return ()
    steps = _SEQUENCES[sequence]
    return (*(step for step in steps if step is not _CLEAN_UP), _ASSESSMENT) if war == LAST_WAR else steps


def decided(
    operation: str, request: Any, rulings: Any, expected: Any, got: Any, paths: tuple[str, ...]
) -> str | tuple[str | None, ...] | None:
    """The clause of the first step that differs, when the answers show it (several: one of them, the run tells
    which); else None."""
    if operation == "collect_income" and paths and not any(_GOLD.fullmatch(path) for path in paths):
        return "SOE-INCOME-4"  # every gold right, another field changed: income changes gold only
    if operation == "collect_income":
        return _income(request, got, paths)
    if operation == "pay_maintenance" and _leftover_lost(expected, got, paths):
        # every unrest right, gold left at 0 where the taxations leave some over the cost; a taxation yielding 1 gold
        # whatever ``gold_per_taxation`` (SOE-MAINT-4) may leave 0 too where the ruling is not 1: the run tells which
        rate = cast(dict[str, Any], rulings).get("gold_per_taxation", 1) if isinstance(rulings, dict) else 1
        return "SOE-MAINT-7" if rate == 1 else ("SOE-MAINT-4", "SOE-MAINT-7")
    if operation == "end_war" and paths == ("$.standings",) and field(expected, "standings") is None:
        return "SOE-SEQ-5"  # the steps all right, standings given after a war before the 3rd
    if operation == "score_region" and paths and all(path.startswith("$.awards") for path in paths):
        return region_awards(request, rulings, expected, got)
    if operation == "score_region" and paths == ("$.region",):
        return "SOE-SCORE-10"  # every award right, the region not answered by its name as given
    if operation == "end_war" and _treasury_lost(request, expected, got, paths):
        return "SOE-INCOME-4"
    if operation == "end_war" and any(path.startswith(("$.empires", "$.board")) for path in paths):
        sequenced = moved_step(request, rulings, got)
        if sequenced is not None:
            return sequenced
    markers = {"clean_up": "$.neutral_markers", "end_war": "$.board.neutral_markers"}.get(operation)
    if markers and paths and all(path.startswith(markers) for path in paths):
        return "SOE-CLEAN-6"  # the one step of the clean-up that writes the neutral markers
    board = {"clean_up": "$", "end_war": "$.board"}.get(operation)
    if board and paths:
        cleaned = _cleaned(_board(request, "board"), _board(got, "board" if board != "$" else None), board, paths)
        if cleaned is not None:
            return cleaned
    if operation not in ("end_game", "end_war") or not all(path.startswith("$.standings") for path in paths):
        return None
    if not (isinstance(expected, dict) and isinstance(got, dict) and isinstance(request, dict)):
        return None
    mine, theirs, asked = cast(dict[str, Any], expected), cast(dict[str, Any], got), cast(dict[str, Any], request)
    empires: list[Any] = asked.get("empires", [])
    ruled: dict[str, Any] = cast(dict[str, Any], rulings) if isinstance(rulings, dict) else {}
    return standings(empires, mine.get("standings"), theirs.get("standings"), ruled)


def accepted(operation: str, request: Any, rulings: Any, expected: Any, got: Any) -> str | None:
    """The clause an end of a war accepted though it was due a refusal breaks, where a move of its steps answers as
    the implementation did (an order missing where the gold at maintenance, income counted on a grown population,
    needs no taxation): the order the move breaks (``sequence_blame``); else None."""
    due = field(field(expected, "error"), "field")
    missing = isinstance(due, str) and due.startswith("orders")  # the orders' checks read the gold at maintenance
    return moved_step(request, rulings, got) if operation == "end_war" and missing else None
