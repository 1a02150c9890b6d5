"""Which step of the unrest assessment two answers' standings first differ at (``blame.decided``'s end of the game).

The assessment runs in steps, each standing's penalty before its VP and every VP before the places (SOE-END-3,
SOE-END-4, SOE-UNREST-*), and a wrong step spreads to every later one: the first wrong step is named, where the
standings show it for sure (a penalty given to less unrest than one due it: who has the highest unrest). Standings
each right but out of the order of the empires are SOE-END-3's.
"""

from __future__ import annotations

from typing import Any, cast

from rulespec.conformance.harness.verdict import reordered
from rulespec.reference.struggle_of_empires.end_game import REVOLUTION_UNREST

HIGHEST, SECOND = 7, 4  # SOE-UNREST-3 (SOE-UNREST-6 with 2 players), SOE-UNREST-4


def _penalty_rule(players: int, amount: int) -> str:
    """The clause saying who loses ``amount``: the second highest's 4 (SOE-UNREST-4), else the highest's 7
    (SOE-UNREST-3; SOE-UNREST-6 with 2 players)."""
    if amount == SECOND:
        return "SOE-UNREST-4"
    return "SOE-UNREST-3" if players >= 3 else "SOE-UNREST-6"


def _penalty_amount(players: int, expected: int, got: int) -> str | None:
    """A penalty due and given, but of an amount no rule gives: the rule of the amount due (a row typed wrong)."""
    if expected == got or not expected or not got or got in (HIGHEST, SECOND):
        return None
    return _penalty_rule(players, expected)


def _tied_highest_lose_both(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> bool:
    """With 3 or more players, a tie for the highest given 7 + 4 each, every other penalty right: SOE-UNREST-5 says
    tied candidates lose the whole 7 and no player loses both (a lone highest given 11 is SOE-UNREST-3's amount)."""
    wrong = _penalties_given_otherwise(pairs)
    return len(pairs) >= 3 and len(wrong) > 1 and all(pair == (HIGHEST, HIGHEST + SECOND) for pair in wrong)


def _highest_given_the_second(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> bool:
    """Every penalty right but the highest's 7, given the second's 4 (its amount typed as the next line's), every
    standing's unrest and revolution right: the clause of the 7, SOE-UNREST-3 (SOE-UNREST-6 with 2 players)."""
    if any(mine[key] != theirs[key] for mine, theirs in pairs for key in ("unrest", "revolution")):
        return False
    wrong = _penalties_given_otherwise(pairs)
    return bool(wrong) and all(pair == (HIGHEST, SECOND) for pair in wrong)


def _penalties_given_otherwise(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> list[tuple[Any, Any]]:
    """Each penalty due and given, where they differ."""
    return [(mine["penalty"], theirs["penalty"]) for mine, theirs in pairs if mine["penalty"] != theirs["penalty"]]


def _lone_candidate_spared(players: int, pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> bool:
    """Two players, the one penalty due the most unrest's 7 and nobody penalised: SOE-UNREST-6's (a lone candidate,
    the other in revolution or unpenalised at 0 unrest, still has the most unrest), not the rule that made it lone.
    Not where the other stands on 20 exactly: the candidates' bound misread (``<=`` for ``<``) answers so too, and
    the run's passes tell the two apart (``blame._misread``)."""
    due = [mine["penalty"] for mine, _ in pairs]
    spared = players == 2 and sorted(due) == [0, HIGHEST] and all(not theirs["penalty"] for _, theirs in pairs)
    return spared and all(mine["unrest"] != REVOLUTION_UNREST for mine, _ in pairs if not mine["penalty"])


def _revolution_not_counted(players: int, pairs: list[tuple[dict[str, Any], dict[str, Any]]], rules: Any) -> bool:
    """Three players or more, fewer than three once those in revolution are left out, every penalty given as two
    players' are (the lone most unrest loses 7, a tie for it nobody: SOE-UNREST-6, -7) where three players' differ,
    every standing's unrest and revolution right: the players in revolution left out of the number of players, which
    SOE-UNREST-2 says counts them (the one count the penalties read: three players or more)."""
    out = sum(1 for mine, _ in pairs if mine["revolution"])
    if not out or players < 3 or players - out >= 3:
        return False
    if any(mine[key] != theirs[key] for mine, theirs in pairs for key in ("player", "unrest", "revolution")):
        return False
    zero = isinstance(rules, dict) and bool(cast(dict[str, Any], rules).get("zero_unrest_penalised"))
    candidates = [mine["unrest"] for mine, _ in pairs if not mine["revolution"] and (mine["unrest"] > 0 or zero)]
    highest = max(candidates, default=None)
    alone = candidates.count(highest) == 1

    def as_two(mine: dict[str, Any]) -> int:
        eligible = not mine["revolution"] and (mine["unrest"] > 0 or zero)
        return HIGHEST if eligible and alone and mine["unrest"] == highest else 0

    given = [theirs["penalty"] for _, theirs in pairs]
    return given == [as_two(mine) for mine, _ in pairs] and given != [mine["penalty"] for mine, _ in pairs]


def _revolution_penalised(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> bool:
    """A player in revolution shown penalised, its VP 0 as due, and a player still in the game penalised otherwise,
    every standing's unrest and revolution right: those in revolution kept among the candidates, taking the highest
    or the second highest from the others (SOE-UNREST-2), not a revolution's penalty merely shown (SOE-UNREST-1)."""
    if any(mine[key] != theirs[key] for mine, theirs in pairs for key in ("player", "unrest", "revolution")):
        return False
    shown = any(mine["revolution"] and theirs["penalty"] and theirs["vp"] == mine["vp"] for mine, theirs in pairs)
    return shown and any(not mine["revolution"] and mine["penalty"] != theirs["penalty"] for mine, theirs in pairs)


def _places(
    standings: list[dict[str, Any]], got: list[dict[str, Any]], rulings: dict[str, Any]
) -> str | tuple[str, ...] | None:
    """Every penalty and VP right, a place wrong: the ranking made from them went wrong. A place given to a player
    in revolution, or withheld from one still in, or places that count the players in revolution among those ranked
    above, are SOE-END-5's; under ``final_tie`` ``less_unrest``, places that are ``shared``'s (the other reading
    played), that order equal VP by more unrest (the alternative's one comparison read backwards), equal unrest
    too by the order listed (its players of equal VP and unrest not left to share) or every player by unrest before
    VP (its "less unrest first" read as the first key) are the ruling's,
    SOE-RULING-12, and so, under ``shared``, are places that order equal VP by less unrest (where the order
    listed does not give them too: that stays the ranking's): SOE-END-4 leaves to SOE-RULING-12 whether unrest orders
    equal VP, at either value; where a ranking on the VP before the penalty (SOE-END-4's final VP misread) gives
    those places too (more unrest, more penalty: the same places where the penalties differ), one of the two, the
    run tells which; any other is the ranking's, SOE-END-4 (1 + those ranked above, whatever the ruling: equal VP
    placed 1, 3, 3)."""
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
    misread = tuple(_ranked(standings, still_in, reading) for reading in ("shared", "more", "listed", "unrest_first"))
    if tie == "less_unrest" and placed in misread:
        return ("SOE-END-4", "SOE-RULING-12") if before_penalty else "SOE-RULING-12"
    # under ``shared``, equal VP ordered by unrest: SOE-END-4 gives SOE-RULING-12 whether unrest orders equal VP
    by_unrest = placed == _ranked(standings, still_in, "less_unrest")
    if tie == "shared" and by_unrest and placed != _ranked(standings, still_in, "order"):
        return ("SOE-END-4", "SOE-RULING-12") if before_penalty else "SOE-RULING-12"
    return "SOE-END-4"


def _ranked(
    standings: list[dict[str, Any]], counted: list[dict[str, Any]], tie: str, before_penalty: bool = False
) -> list[int | None]:
    """SOE-END-4's places, those ranked above counted among ``counted``; equal VP apart by unrest under
    ``less_unrest`` (less first), or by more unrest first (``more``: that alternative read backwards), or by less
    unrest and then the order listed (``listed``: that alternative's equal unrest not left to share a place), or by
    the order listed alone (``order``: equal VP never sharing, whatever the unrest), or by unrest before VP
    (``unrest_first``: less unrest above whatever the VP, equal unrest by more VP);
    ``before_penalty``: ranked on the VP before the penalty came off (the final VP plus the penalty)."""

    def vp(standing: dict[str, Any]) -> int:
        return int(standing["vp"]) + (int(standing["penalty"]) if before_penalty else 0)

    def above(other: dict[str, Any], one: dict[str, Any]) -> bool:
        if tie == "unrest_first" and other["unrest"] != one["unrest"]:
            return bool(other["unrest"] < one["unrest"])
        if vp(other) != vp(one):
            return vp(other) > vp(one)
        if tie == "more":
            return bool(other["unrest"] > one["unrest"])
        if tie == "order" or (tie == "listed" and other["unrest"] == one["unrest"]):
            return standings.index(other) < standings.index(one)
        return tie in ("less_unrest", "listed") and bool(other["unrest"] < one["unrest"])

    return [None if s["revolution"] else 1 + sum(above(o, s) for o in counted) for s in standings]


def _taken_off(empires: list[Any], pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> bool:
    """Every penalty reported as the VP that came off (the floor of SOE-RULING-11 letting less come off than one was
    due), every VP right: what `penalty` reports is SOE-UNREST-8's (the assessed 7 or 4 even when less comes off), the
    assessment itself right."""
    if len(empires) != len(pairs) or all(mine["penalty"] == theirs["penalty"] for mine, theirs in pairs):
        return False
    for empire, (mine, theirs) in zip(empires, pairs, strict=True):
        vp = cast(dict[str, Any], empire).get("vp") if isinstance(empire, dict) else None
        if not isinstance(vp, int) or theirs["vp"] != mine["vp"]:
            return False
        taken = None if mine["revolution"] else vp - mine["vp"]  # a player in revolution loses no penalty
        if theirs["penalty"] != (mine["penalty"] if taken is None else taken):
            return False
    return True


def _written_as_the_change(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> bool:
    """Every standing right but penalties written as the change they make to VP (-7 for 7): what `penalty` reports is
    SOE-UNREST-8's (the assessed amount that comes off), the assessment itself right."""
    differing = [(mine, theirs) for mine, theirs in pairs if mine != theirs]
    return bool(differing) and all(
        [key for key in mine if mine[key] != theirs.get(key)] == ["penalty"] and theirs["penalty"] == -mine["penalty"]
        for mine, theirs in differing
    )


def _revolution_scores(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> bool:
    """Only the VP of players in revolution differ, every other field of every standing right: a player out of the
    game kept VP where SOE-UNREST-1 gives it 0 (the places, worked out without it, are right)."""
    wrong = [(mine, theirs) for mine, theirs in pairs if mine != theirs]
    return bool(wrong) and all(
        mine["revolution"] and {key for key in mine if mine[key] != theirs.get(key)} == {"vp"} for mine, theirs in wrong
    )


def _unrest_carried(empires: list[Any], pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> str | None:
    """Only standings' ``unrest`` differ, every other field of every standing right: no step of the assessment writes
    it, the standing carries the empire's (SOE-END-3, a player in revolution's too); where each one wrong is the
    empire's unrest as the request gave it, before the draws of an end of a war's maintenance, the standings were
    taken before that step (SOE-SEQ-5)."""
    wrong = [(at, mine, theirs) for at, (mine, theirs) in enumerate(pairs) if mine != theirs]
    if not wrong or any(
        {key for key in mine if mine[key] != theirs.get(key)} != {"unrest"} for _, mine, theirs in wrong
    ):
        return None
    before = [
        empires[at].get("unrest") if at < len(empires) and isinstance(empires[at], dict) else None for at, _, _ in wrong
    ]
    return "SOE-SEQ-5" if all(theirs["unrest"] == was for (_, _, theirs), was in zip(wrong, before)) else "SOE-END-3"


def _tie_split(players: int, pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> str | tuple[str, ...] | None:
    """Candidates of equal unrest, each due the same 7 or 4, given other penalties. One given nothing beside one
    given some was left out of those the penalty falls on: the clause saying who loses it, "every candidate whose
    unrest equals" the highest (SOE-UNREST-3) or the second highest (SOE-UNREST-4); all given part of it: the value
    divided, SOE-UNREST-5; with 3 or more players, every tie given nothing and every other penalty right: a tie read
    as costing nobody anything, as with 2 players, where SOE-UNREST-5 says ties lose the full value (only ties of the
    second highest spared: that, or the 4 lost wherever two totals lie below the highest, SOE-UNREST-4; a tie on 0
    spared: that, or 0 read as never penalised, SOE-RULING-8; the run tells which)."""
    given: dict[int, list[int]] = {}
    due: dict[int, int] = {}
    for mine, theirs in pairs:
        if mine["penalty"] and type(theirs["penalty"]) is int:  # a penalty of another type tells nothing of the tie
            given.setdefault(mine["unrest"], []).append(theirs["penalty"])
            due[mine["unrest"]] = mine["penalty"]
    for unrest, amounts in given.items():
        if len(amounts) > 1 and len(set(amounts)) > 1 and 0 in amounts:
            return _penalty_rule(players, due[unrest])
        if len(amounts) > 1 and 0 not in amounts and sum(amounts) <= due[unrest]:  # one value shared out
            return "SOE-UNREST-5"
    ties = {unrest: amounts for unrest, amounts in given.items() if len(amounts) > 1}
    spared = bool(ties) and all(not any(amounts) for amounts in ties.values())
    lone_right = all(
        mine["penalty"] == theirs["penalty"] for mine, theirs in pairs if len(given.get(mine["unrest"], [])) < 2
    )
    if not (players >= 3 and spared and lone_right):
        return None
    # ties of the second highest alone spared: as well the 4 left out wherever more than one total lies below the
    # highest (SOE-UNREST-4, ``_second_left_out``), which a lone second shows; a tie on 0 spared: as well 0 read as
    # never penalised (SOE-RULING-8); the run tells which
    found = ("SOE-UNREST-5", "SOE-UNREST-4") if all(due[unrest] == SECOND for unrest in ties) else ("SOE-UNREST-5",)
    found = ("SOE-RULING-8", *found) if 0 in given else found
    return found if len(found) > 1 else found[0]


def _second_left_out(players: int, pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> bool:
    """With 3 or more players, a lone second highest given nothing, every other penalty right and every standing's
    unrest and revolution right: the 4 left out, SOE-UNREST-4 (the clause saying who loses it). Only where 3 or more
    are surely candidates (out of revolution, above 0): else the players counted as the candidates answer alike
    (SOE-UNREST-2: ``blame._misread`` tells)."""
    if players < 3 or any(mine[key] != theirs[key] for mine, theirs in pairs for key in ("unrest", "revolution")):
        return False
    if sum(1 for mine, _ in pairs if not mine["revolution"] and mine["unrest"]) < 3:
        return False
    lone = sum(1 for mine, _ in pairs if mine["penalty"] == SECOND) == 1
    return lone and _penalties_given_otherwise(pairs) == [(SECOND, 0)]


def _misjudged(players: int, pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> str | None:
    """A 7 (then, the 7s right, a 4) given to a standing of less unrest than one due it and not given it: the highest
    (second highest) total found wrong, in the comparison itself (numbers compared as text, the lowest taken): the
    clause saying who has it, SOE-UNREST-3 (SOE-UNREST-6 with 2 players), SOE-UNREST-4. Only on every standing's
    unrest and revolution right: penalties assessed on other unrest were assessed on other empires (SOE-SEQ-5)."""
    if any(mine[key] != theirs[key] for mine, theirs in pairs for key in ("unrest", "revolution")):
        return None
    for amount in (HIGHEST, SECOND):
        missed = [mine["unrest"] for mine, theirs in pairs if mine["penalty"] == amount != theirs["penalty"]]
        given = [mine["unrest"] for mine, theirs in pairs if theirs["penalty"] == amount != mine["penalty"]]
        # not where one due it stands one short of revolution: the candidates' bound misread (``<= 19`` for ``< 20``)
        # leaves it out and gives the penalty on down too (SOE-UNREST-2: ``blame._misread`` tells)
        bound = any(unrest == REVOLUTION_UNREST - 1 for unrest in missed)
        if missed and given and min(missed) > max(given) and not bound:
            return _penalty_rule(players, amount)
        if missed or given:
            return None  # the 7s wrong otherwise: the 4s follow from them
    return None


def standings(empires: list[Any], expected: Any, got: Any, rulings: dict[str, Any]) -> str | tuple[str, ...] | None:
    """The step of the assessment where two answers' standings first differ, when they show it for sure; else None."""
    if not (isinstance(expected, list) and isinstance(got, list)):
        return None
    if reordered(cast(list[object], expected), cast(list[object], got)):
        return "SOE-END-3"  # every standing right, shown out of the order of the empires
    due, given = cast(list[dict[str, Any]], expected), cast(list[dict[str, Any]], got)
    if len(due) != len(given):
        # every standing shown right and in order, some left out: one standing per empire, SOE-END-3's
        remaining = iter(due)
        shown_right = all(any(shown == one for one in remaining) for shown in given)
        # none shown at all only where every standing left out is out of the game (an assessment skipped is no
        # standing left out)
        return "SOE-END-3" if shown_right and (given or all(one["revolution"] for one in due)) else None
    pairs = list(zip(due, given, strict=True))
    carried = _unrest_carried(empires, pairs)
    if carried:
        return carried
    if _revolution_scores(pairs):
        return "SOE-UNREST-1"
    if _revolution_not_counted(len(empires), pairs, rulings) or _revolution_penalised(pairs):
        return "SOE-UNREST-2"
    if _taken_off(empires, pairs) or _written_as_the_change(pairs):
        return "SOE-UNREST-8"
    split = _tie_split(len(empires), pairs)
    if split:
        return split
    if _lone_candidate_spared(len(empires), pairs):
        return "SOE-UNREST-6"
    if _second_left_out(len(empires), pairs):
        return "SOE-UNREST-4"
    if _highest_given_the_second(pairs):
        return _penalty_rule(len(empires), HIGHEST)
    misjudged = _misjudged(len(empires), pairs)
    if misjudged:
        return misjudged
    if _tied_highest_lose_both(pairs):
        # no player loses both (SOE-UNREST-5); under ``next_place`` a tie read as also filling 2nd place answers alike
        # (SOE-RULING-7), and a highest given 11 whether tied or not too (SOE-UNREST-3's amount): the run tells which
        both = ("SOE-UNREST-5", "SOE-UNREST-3")
        return ("SOE-RULING-7", *both) if rulings.get("second_unrest") == "next_place" else both
    for mine, theirs in pairs:  # the penalties first
        rule = _penalty_amount(len(empires), mine["penalty"], theirs["penalty"])
        if rule:
            return rule
    steps = ("player", "unrest", "revolution", "penalty", "vp")
    if all(mine[step] == theirs[step] for mine, theirs in pairs for step in steps):  # then the places
        return _places(due, given, rulings)
    return None
