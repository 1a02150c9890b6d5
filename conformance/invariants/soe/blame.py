"""Which clause decides the first step where two answers of Struggle of Empires differ (``blame.blamed_rule``).

The end of a war runs its steps in a stated order (SOE-SEQ-1 to SOE-SEQ-3): an answer the steps give with two
neighbours swapped is that order's. The unrest assessment runs in steps, each standing's penalty before its VP and
every VP before the places (SOE-END-3, SOE-END-4, SOE-UNREST-*), and a wrong step spreads to every later one and to
every check whose answer holds it. Standings each right but out of the order of the empires are SOE-END-3's. Income is
the population, then the markers on the map: a gain of the population and markers counted otherwise than as the
player's own (every holder's, where the player holds some or everywhere, or the non-player majors' too) misreads whose
markers count (SOE-INCOME-3). A region's awards each right but listed otherwise (0 awards left out, another order)
are SOE-SCORE-10's. Only what a difference shows for sure is named; anything else is left to the
check's own rule.
"""

from __future__ import annotations

import re
from typing import Any, cast

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.rulings import json_value, typed_question
from rulespec.conformance.harness.verdict import as_json, field, reordered
from rulespec.reference.struggle_of_empires.end_game import REVOLUTION_UNREST
from rulespec.reference.struggle_of_empires.model import WarEndRequest
from rulespec.reference.struggle_of_empires.rulings import Rulings
from rulespec.reference.struggle_of_empires.sequence import (
    STEPS,
    Step,
    WarState,
    clean_up_step,
    income_step,
    maintenance_step,
    population_step,
    scoring_step,
)
from rulespec.reference.struggle_of_empires.validation import LAST_WAR

HIGHEST, SECOND = 7, 4  # SOE-UNREST-3 (SOE-UNREST-6 with 2 players), SOE-UNREST-4


def _penalty_amount(players: int, expected: int, got: int) -> str | None:
    """A penalty due and given, but of an amount no rule gives: the rule of the amount due (a row typed wrong)."""
    if expected == got or not expected or not got or got in (HIGHEST, SECOND):
        return None
    if expected == SECOND:
        return "SOE-UNREST-4"
    return "SOE-UNREST-3" if players >= 3 else "SOE-UNREST-6"


def _lone_candidate_spared(players: int, pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> bool:
    """Two players, the one penalty due the most unrest's 7 and nobody penalised: SOE-UNREST-6's (a lone candidate,
    the other in revolution or unpenalised at 0 unrest, still has the most unrest), not the rule that made it lone.
    Not where the other stands on 20 exactly: the candidates' bound misread (``<=`` for ``<``) answers so too, and
    the run's passes tell the two apart (``blame._misread``)."""
    due = [mine["penalty"] for mine, _ in pairs]
    spared = players == 2 and sorted(due) == [0, HIGHEST] and all(not theirs["penalty"] for _, theirs in pairs)
    return spared and all(mine["unrest"] != REVOLUTION_UNREST for mine, _ in pairs if not mine["penalty"])


def _places(
    standings: list[dict[str, Any]], got: list[dict[str, Any]], rulings: dict[str, Any]
) -> str | tuple[str, ...] | None:
    """Every penalty and VP right, a place wrong: the ranking made from them went wrong. A place given to a player
    in revolution, or withheld from one still in, or places that count the players in revolution among those ranked
    above, are SOE-END-5's; under ``final_tie`` ``less_unrest``, places that are ``shared``'s (the other reading
    played) or that order equal VP by more unrest (the alternative's one comparison read backwards) are the ruling's,
    SOE-RULING-12; where a ranking on the VP before the penalty (SOE-END-4's final VP misread) gives those places too
    (more unrest, more penalty: the same places where the penalties differ), one of the two, the run tells which;
    any other is the ranking's, SOE-END-4 (1 + those ranked above, whatever the ruling: equal VP placed 1, 3, 3)."""
    placed = [s["place"] for s in got]
    if [s["place"] for s in standings] == placed:
        return None
    if any((mine["place"] is None) != (theirs["place"] is None) for mine, theirs in zip(standings, got, strict=True)):
        return "SOE-END-5"
    tie = rulings.get("final_tie", "shared")
    if placed == _ranked(standings, standings, tie):
        return "SOE-END-5"
    still_in = [s for s in standings if not s["revolution"]]
    before_penalty = placed == _ranked(standings, still_in, tie, before_penalty=True)
    misread = (_ranked(standings, still_in, "shared"), _ranked(standings, still_in, "more"))
    if tie == "less_unrest" and placed in misread:
        return ("SOE-END-4", "SOE-RULING-12") if before_penalty else "SOE-RULING-12"
    return "SOE-END-4"


def _ranked(
    standings: list[dict[str, Any]], counted: list[dict[str, Any]], tie: str, before_penalty: bool = False
) -> list[int | None]:
    """SOE-END-4's places, those ranked above counted among ``counted``; equal VP apart by unrest under
    ``less_unrest`` (less first), or by more unrest first (``more``: that alternative read backwards);
    ``before_penalty``: ranked on the VP before the penalty came off (the final VP plus the penalty)."""

    def vp(standing: dict[str, Any]) -> int:
        return int(standing["vp"]) + (int(standing["penalty"]) if before_penalty else 0)

    def above(other: dict[str, Any], one: dict[str, Any]) -> bool:
        if vp(other) != vp(one):
            return vp(other) > vp(one)
        if tie == "more":
            return bool(other["unrest"] > one["unrest"])
        return tie == "less_unrest" and bool(other["unrest"] < one["unrest"])

    return [None if s["revolution"] else 1 + sum(above(o, s) for o in counted) for s in standings]


def _taken_off(empires: list[Any], pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> bool:
    """Every penalty reported as the VP that came off (the floor of SOE-RULING-11 letting less come off than one was
    due), every VP right: what `penalty` reports is SOE-UNREST-8's (the assessed 7 or 4 even when less comes off), the
    assessment itself right."""
    if len(empires) != len(pairs) or all(mine["penalty"] == theirs["penalty"] for mine, theirs in pairs):
        return False
    for empire, (mine, theirs) in zip(empires, pairs, strict=True):
        vp = empire.get("vp") if isinstance(empire, dict) else None
        if not isinstance(vp, int) or theirs["vp"] != mine["vp"]:
            return False
        taken = None if mine["revolution"] else vp - mine["vp"]  # a player in revolution loses no penalty
        if theirs["penalty"] != (mine["penalty"] if taken is None else taken):
            return False
    return True


def _tie_split(players: int, pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> str | None:
    """Candidates of equal unrest, each due the same 7 or 4, given other penalties. One given nothing beside one
    given some was left out of those the penalty falls on: the clause saying who loses it, "every candidate whose
    unrest equals" the highest (SOE-UNREST-3) or the second highest (SOE-UNREST-4); all given part of it: the value
    divided, SOE-UNREST-5."""
    given: dict[int, list[int]] = {}
    due: dict[int, int] = {}
    for mine, theirs in pairs:
        if mine["penalty"]:
            given.setdefault(mine["unrest"], []).append(theirs["penalty"])
            due[mine["unrest"]] = mine["penalty"]
    for unrest, amounts in given.items():
        if len(amounts) > 1 and len(set(amounts)) > 1 and 0 in amounts:
            return "SOE-UNREST-4" if due[unrest] == SECOND else "SOE-UNREST-3" if players >= 3 else "SOE-UNREST-6"
        if len(amounts) > 1 and 0 not in amounts and sum(amounts) <= due[unrest]:  # one value shared out
            return "SOE-UNREST-5"
    return None


def _standings(empires: list[Any], expected: Any, got: Any, rulings: dict[str, Any]) -> str | tuple[str, ...] | None:
    if not (isinstance(expected, list) and isinstance(got, list)):
        return None
    if reordered(expected, got):
        return "SOE-END-3"  # every standing right, shown out of the order of the empires
    due, given = cast(list[dict[str, Any]], expected), cast(list[dict[str, Any]], got)
    if len(due) != len(given):
        return None
    pairs = list(zip(due, given, strict=True))
    if _taken_off(empires, pairs):
        return "SOE-UNREST-8"
    split = _tie_split(len(empires), pairs)
    if split:
        return split
    if _lone_candidate_spared(len(empires), pairs):
        return "SOE-UNREST-6"
    for mine, theirs in pairs:  # the penalties first
        rule = _penalty_amount(len(empires), mine["penalty"], theirs["penalty"])
        if rule:
            return rule
    steps = ("player", "unrest", "revolution", "penalty", "vp")
    if all(mine[step] == theirs[step] for mine, theirs in pairs for step in steps):  # then the places
        return _places(due, given, rulings)
    return None


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
    found = answer.get(key) if isinstance(answer, dict) and key else answer
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
        named = any(isinstance(m, dict) and m.get("name") for m in markers)
        emptied = isinstance(kept, (list, tuple)) and not kept
        return clause if paths == (under,) and emptied and named else None
    return None


# two neighbouring steps of the end of a war, and the clause that states which comes first: income first in every
# order, maintenance before population (SOE-SEQ-2), clean-up after all scoring (SOE-SEQ-3); any other, the order the
# sequence ruling gives (SOE-SEQ-1)
_FIRST: dict[tuple[Step, Step], str] = {
    **{(income_step, later): "SOE-SEQ-2" for later in (maintenance_step, scoring_step, population_step)},
    (maintenance_step, population_step): "SOE-SEQ-2",
    (scoring_step, clean_up_step): "SOE-SEQ-3",
}


def _sequenced(request: Any, rulings: Any, got: Any) -> str | None:
    """The clause stating the order of two neighbouring steps of ``end_war`` when, those two taken in the other order,
    the steps leave the empires and the board the implementation returned; None when no such swap does."""
    typed = typed_question(game("soe"), "end_war", request, rulings)
    if typed is None or not isinstance(got, dict):
        return None
    asked, ruled = cast(tuple[WarEndRequest, Rulings], typed)
    returned = json_value({"empires": got.get("empires"), "board": got.get("board")})  # pyright: ignore[reportUnknownMemberType]
    steps = STEPS[ruled.sequence]
    for at in range(len(steps) - 1):
        state = WarState(asked.empires, asked.board)
        for step in (*steps[:at], steps[at + 1], steps[at], *steps[at + 2 :]):
            state = step(state, asked, ruled)
        if json_value({"empires": state.empires, "board": state.board}) == returned:
            return _FIRST.get((steps[at], steps[at + 1]), "SOE-SEQ-1")
    return None


def _income(request: Any, got: Any, paths: tuple[str, ...]) -> str | tuple[str, ...] | None:
    """The one term of the income (SOE-INCOME-4's gold + population + markers) that each empire whose gold differs
    was given otherwise: its population left out (SOE-INCOME-1: it gained its own markers alone), its markers left out
    (SOE-INCOME-2: its population alone), or the markers of a reading of whose markers count that is not the
    player's own (SOE-INCOME-3); a term every such empire's gold shows (where a population equals the markers, either
    left out answers alike: the run tells which); else None (a population or a sum misread otherwise is the run's)."""
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
    gain = gained[at].get("gold", 0) - empires[at].get("gold", 0)
    entries = [(region, entry) for region in regions for entry in region.get("control", [])]
    own = sum(entry["markers"] for _, entry in entries if entry["holder"] == player)
    held = [region for region in regions if any(e["holder"] == player for e in region.get("control", []))]
    misread = {
        sum(entry["markers"] for region in held for entry in region.get("control", [])),  # every holder's there
        sum(entry["markers"] for _, entry in entries),  # every holder's everywhere
        own + sum(entry["markers"] for _, entry in entries if entry["holder"] not in players),  # majors' too
    } - {own}
    terms = {"SOE-INCOME-1"} if gain == own and population else set[str]()  # the population left out
    terms |= {"SOE-INCOME-2"} if gain == population and own else set()  # the markers left out
    return terms | ({"SOE-INCOME-3"} if gain - population in misread else set())


_GOLD = re.compile(r"\$\.empires\[(\d+)\]\.gold")


def _leftover_lost(expected: Any, got: Any, paths: tuple[str, ...]) -> bool:
    """Only golds differ (every draw right, so every taxation counted), each due more than 0 and given 0: the gold
    the taxations leave over the cost lost (SOE-MAINT-7's gold + taxations x yield - cost)."""
    found = [_GOLD.fullmatch(path) for path in paths]
    if not paths or not all(found):
        return False
    due, given = field(expected, "empires"), field(got, "empires")
    if not (isinstance(due, list) and isinstance(given, list)):
        return False
    at = [int(match.group(1)) for match in found if match]
    inside = all(i < min(len(due), len(given)) for i in at)  # pyright: ignore[reportUnknownArgumentType]
    left = [(field(due[i], "gold"), field(given[i], "gold")) for i in at] if inside else []  # pyright: ignore[reportUnknownArgumentType]
    return bool(left) and all(isinstance(owed, int) and owed > 0 and kept == 0 for owed, kept in left)


def _awards_listed_otherwise(expected: Any, got: Any) -> bool:
    """Every award given right, the list holding them otherwise than one per player in the players' order: some
    of the 0 awards left out, or the awards shown in another order (SOE-SCORE-10)."""
    due_awards, given = field(expected, "awards"), field(got, "awards")
    if not (isinstance(due_awards, list) and isinstance(given, list)) or due_awards == given:
        return False
    if reordered(due_awards, given):
        return True
    owed = cast(list[object], due_awards)
    shown = [as_json(award) for award in cast(list[object], given)]
    remaining = iter(as_json(award) for award in owed)
    in_order = all(any(award == due for due in remaining) for award in shown)  # each shown one is due, in order
    return in_order and all(field(award, "vp") == 0 for award in owed if as_json(award) not in shown)


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
    the board is left as it is (SOE-END-2) and the players are assessed (SOE-SEQ-5) (``blame.composed``)."""
    board = field(request, "board")
    war = field(board, "war")
    sequence = field(rulings, "sequence") or Rulings().sequence.value
    if operation != "end_war" or not isinstance(war, int) or sequence not in _SEQUENCES:
        return ()
    steps = _SEQUENCES[sequence]
    return (*(step for step in steps if step is not _CLEAN_UP), _ASSESSMENT) if war == LAST_WAR else steps


def decided(
    operation: str, request: Any, rulings: Any, expected: Any, got: Any, paths: tuple[str, ...]
) -> str | tuple[str, ...] | None:
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
        return "SOE-SCORE-10" if _awards_listed_otherwise(expected, got) else None
    if operation == "end_war" and any(path.startswith(("$.empires", "$.board")) for path in paths):
        sequenced = _sequenced(request, rulings, got)
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
    return _standings(empires, mine.get("standings"), theirs.get("standings"), ruled)
