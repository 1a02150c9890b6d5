"""Which sentence of region scoring a region's awards show misread (``blame.decided`` for ``score_region``).

Awards each right but listed otherwise (0 awards left out, another order, 0 awards added for majors placed where VP
were due) are SOE-SCORE-10's; awards added giving majors their places' VP, SOE-SCORE-9's. Ties made friendly or
unfriendly by the region's entrants rather than the game's players miscount SOE-SCORE-6's players. Under
``below_tie`` a tie's k counting its players alone leaves out SOE-SCORE-8's sentence that counts a non-player major
in it. A player credited the value of a place a major holds is SOE-SCORE-9's (a major takes a place but never
scores). A lone entrant past 1st given the first value, or valued as a tie of one, is SOE-SCORE-5's (a lone entrant
takes its own place's value). A friendly pool divided among the places that hold a value, not the tie's k players, is
SOE-SCORE-6's. A player who is no entrant given VP, every entrant valued right, is SOE-SCORE-9's (such a player scores
0).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.rulings import typed_question
from rulespec.conformance.harness.verdict import as_json, field, reordered
from rulespec.reference.struggle_of_empires.model import RegionRequest
from rulespec.reference.struggle_of_empires.rulings import (
    NonPlayerRank,
    Rulings,
    TieShare,
    UnfriendlyScope,
    UnfriendlyTie,
)
from rulespec.reference.struggle_of_empires.scoring import (
    PlaceGroup,
    bump_down,
    divide_pool,
    group_value,
    place_value,
    rank_entrants,
    region_entrants,
    ties_are_unfriendly,
)

Named = str | tuple[str | None, ...] | None  # a clause, several (None among them: no step for sure), or none
Valued = Callable[[PlaceGroup], int | None]  # what each player of a place group scores (None: a null, 0 / 0 in a port)


def region_awards(request: Any, rulings: Any, expected: Any, got: Any) -> Named:
    """The clause a region's awards show misread for sure, where only the awards differ; else None."""
    typed = typed_question(game("soe"), "score_region", request, rulings)
    if typed is not None:
        asked, ruled = cast(tuple[RegionRequest, Rulings], typed)
        given = field(got, "awards")
        majors = _majors_listed(asked, ruled, field(expected, "awards"), given)
        if majors is not None:
            return majors
        counted = _counted_otherwise(asked, ruled, given)
        if counted is not None:
            return counted
        if _full_share_reaching_unfriendly(asked, ruled, given):
            return ("SOE-SCORE-8", "SOE-SCORE-7")
        if _majors_left_out_of_k(asked, ruled, given):
            return "SOE-SCORE-8"
        credited = _majors_value_to_a_player(asked, ruled, given)
        if credited is not None:
            return credited
        if _tied_out_of_the_ranking(asked, ruled, given):
            # a tie for 1st taken out leaves the lone entrant after it the first value: a lone entrant valued as 1st
            # everywhere answers alike (SOE-SCORE-5), the run tells which
            return ("SOE-RULING-3", "SOE-SCORE-5") if _lone_valued_otherwise(asked, ruled, given) else "SOE-RULING-3"
        by_place = _unfriendly_only_for_first(asked, ruled, given)
        if by_place is not None:
            return by_place
        lone = _lone_valued_otherwise(asked, ruled, given) or _lone_valued_otherwise(asked, ruled, given, as_tie=True)
        if lone is not None:
            return lone
        if _shared_among_the_paying_places(asked, ruled, given):
            return "SOE-SCORE-6"
        if _non_entrants_valued(asked, ruled, field(expected, "awards"), given):
            return "SOE-SCORE-9"
    return "SOE-SCORE-10" if _awards_listed_otherwise(expected, got) else None


def _majors_listed(asked: RegionRequest, ruled: Rulings, due: Any, given: Any) -> Named:
    """The awards due, in order, with awards added for majors that took a place: each worth its place's value, a
    major given VP (SOE-SCORE-9); each 0 where some place is worth VP, the list holding an award per entrant rather
    than per player (SOE-SCORE-10); each 0 on places worth 0, either (the run tells which); else None."""
    if not (isinstance(due, list) and isinstance(given, list)):
        return None
    owed, shown = [as_json(award) for award in cast(list[object], due)], cast(list[object], given)
    players = [field(award, "player") for award in cast(list[object], due)]  # a hostile name may be a list
    added = [award for award in shown if field(award, "player") not in players]
    if not added or [as_json(award) for award in shown if field(award, "player") in players] != owed:
        return None
    unfriendly = ties_are_unfriendly(len(asked.players), asked.region, ruled)
    worth = {
        entrant.holder: group_value(asked.region.values, group, unfriendly, ruled)
        for group in rank_entrants(region_entrants(asked.players, asked.region, ruled))
        for entrant in group.entrants
        if not entrant.is_player
    }
    for entry in asked.region.non_player_control:
        worth.setdefault(entry.holder, 0)  # a major that took no place (``ignored``, no marker) is worth nothing
    if any(field(award, "player") not in worth for award in added):
        return None
    vps = [(field(award, "vp"), worth[field(award, "player")]) for award in added]
    if all(vp == value for vp, value in vps) and any(vp for vp, _ in vps):
        return "SOE-SCORE-9"
    if not all(vp == 0 for vp, _ in vps):
        return None
    return "SOE-SCORE-10" if any(value for _, value in vps) else ("SOE-SCORE-10", "SOE-SCORE-9")


def _awarded(
    asked: RegionRequest, ruled: Rulings, unfriendly: bool, credited: str | None = None, value: Valued | None = None
) -> Any:
    """The awards as JSON, ties friendly or not as ``unfriendly`` says; ``credited``: a player each major's award
    goes to, as an index among the players that finds no major would send it (a later place's overwriting);
    ``value``: each place group's value read otherwise than ``group_value`` reads it."""
    scored: dict[str, int | None] = dict.fromkeys(asked.players, 0)
    for group in rank_entrants(region_entrants(asked.players, asked.region, ruled)):
        worth = value(group) if value else group_value(asked.region.values, group, unfriendly, ruled)
        for entrant in group.entrants:
            if entrant.is_player or credited is not None:
                scored[entrant.holder if entrant.is_player else cast(str, credited)] = worth
    return [{"player": player, "vp": scored[player]} for player in asked.players]


def _counted_otherwise(asked: RegionRequest, ruled: Rulings, given: Any) -> Named:
    """The awards given where the players counted for friendly ties are the region's entrants, not every player of
    the game: SOE-SCORE-6's count, the length of ``players``. Counted with the majors (only 2 or 3 players have any,
    so the count rises past 3 and a due unfriendly tie is shared), ties never unfriendly answer alike (SOE-SCORE-7):
    the run tells which."""
    entrants = region_entrants(asked.players, asked.region, ruled)
    players = sum(entrant.is_player for entrant in entrants)
    real = ties_are_unfriendly(len(asked.players), asked.region, ruled)
    if _awarded(asked, ruled, not real) != given:
        return None
    if players != len(asked.players) and ties_are_unfriendly(players, asked.region, ruled) != real:
        return "SOE-SCORE-6"
    if len(entrants) != len(asked.players) and ties_are_unfriendly(len(entrants), asked.region, ruled) != real:
        return (None, "SOE-SCORE-6")
    return None


def _full_share_reaching_unfriendly(asked: RegionRequest, ruled: Rulings, given: Any) -> bool:
    """Under ``tie_share`` ``full``, the awards of unfriendly ties scored as friendly: ``full`` applied before the
    tie's kind is settled, where SOE-SCORE-8 settles it first (``full`` governs friendly ties alone). Ties never
    unfriendly answer alike (SOE-SCORE-7): the run tells which, those failing under ``pool`` too."""
    unfriendly = ties_are_unfriendly(len(asked.players), asked.region, ruled)
    return ruled.tie_share is TieShare.FULL and unfriendly and _awarded(asked, ruled, False) == given


def _unfriendly_only_for_first(asked: RegionRequest, ruled: Rulings, given: Any) -> Named:
    """The awards given where, in a region whose ties are unfriendly, only a tie for 1st is (those lower scored as
    friendly): SOE-SCORE-7 makes every tie of such a region unfriendly, whatever its place. Under ``full`` a friendly
    tie takes its own place's value, as ``next_place`` misread to that place does (SOE-RULING-3), and under ``region``
    a tie for 1st holding a major is unfriendly where ``region`` reads a major only in the tie (SOE-RULING-5): where
    no tie for 1st shows the reading by place, either, the run telling which; else None."""
    unfriendly = ties_are_unfriendly(len(asked.players), asked.region, ruled)
    groups = rank_entrants(region_entrants(asked.players, asked.region, ruled))
    if not unfriendly or not any(len(group.entrants) > 1 and group.place > 1 for group in groups):
        return None

    def first_only(group: PlaceGroup) -> int:
        return group_value(asked.region.values, group, group.place == 1, ruled)

    if _awarded(asked, ruled, unfriendly, value=first_only) != given:
        return None
    values, first = asked.region.values, [g for g in groups if g.place == 1 and len(g.entrants) > 1]
    bumped = bool(first) and group_value(values, first[0], True, ruled) != group_value(values, first[0], False, ruled)
    if ruled.tie_share is TieShare.FULL and not bumped:
        return ("SOE-SCORE-7", "SOE-RULING-3")
    major_in_it = bool(first) and any(not entrant.is_player for entrant in first[0].entrants)
    if ruled.unfriendly_scope is UnfriendlyScope.REGION and major_in_it:
        return ("SOE-RULING-5", "SOE-SCORE-7")
    return "SOE-SCORE-7"


def _tied_out_of_the_ranking(asked: RegionRequest, ruled: Rulings, given: Any) -> bool:
    """Under ``unfriendly_tie`` ``nothing``, the awards given where an unfriendly tie's players leave the ranking (0
    each, the places they cover vacated: the next group starts at the tie's place, not past it): ``nothing`` read
    as taking the tied players out, where SOE-RULING-3 keeps their places."""
    unfriendly = ties_are_unfriendly(len(asked.players), asked.region, ruled)
    if ruled.unfriendly_tie is not UnfriendlyTie.NOTHING or not unfriendly:
        return False
    vacated, places = 0, dict[int, int]()
    for group in rank_entrants(region_entrants(asked.players, asked.region, ruled)):
        places[group.place] = group.place - vacated
        vacated += len(group.entrants) if len(group.entrants) > 1 else 0
    if not vacated:
        return False

    def moved_up(group: PlaceGroup) -> int:
        if len(group.entrants) > 1:
            return 0
        return place_value(asked.region.values, places[group.place])

    return bool(_awarded(asked, ruled, unfriendly, value=moved_up) == given)


def _lone_valued_otherwise(asked: RegionRequest, ruled: Rulings, given: Any, as_tie: bool = False) -> Named:
    """The awards given where each lone entrant past 1st place takes the first value (a group's size read for its
    place), or with ``as_tie`` is valued as a tie of one (bumped down where ties are unfriendly: only 1st taken for a
    lone entrant's place): SOE-SCORE-5's, a lone entrant taking its own place's value. The first value is that for sure
    where a tie in the region is valued right beside it (with none, every place read as worth the first value answers
    alike, SOE-SCORE-4); a tie of one, where some lone player is bumped to a place worth VP (bumped only to places worth
    0, it answers as one left out of the ranking, SOE-SCORE-2) and no major ignored could have taken a place ahead.
    Else the run's other failures tell."""
    groups = rank_entrants(region_entrants(asked.players, asked.region, ruled))
    lone = [group for group in groups if len(group.entrants) == 1 and group.place > 1]
    if not lone:
        return None
    unfriendly, values = ties_are_unfriendly(len(asked.players), asked.region, ruled), asked.region.values
    scoring = [group for group in lone if group.entrants[0].is_player]  # a major's place never scores
    # bumped to a place worth VP, which no player left out of the ranking gets, nor a major ignored read as one
    # taking its place ahead (SOE-RULING-4's other alternative moves the player down alike)
    ignored = ruled.non_player_rank is NonPlayerRank.IGNORED and bool(asked.region.non_player_control)
    bumped = unfriendly and not ignored and any(bump_down(values, group, ruled) for group in scoring)

    def first(group: PlaceGroup) -> int:
        if len(group.entrants) > 1 or (as_tie and group.place == 1):
            return group_value(values, group, unfriendly, ruled)
        if as_tie:
            return bump_down(values, group, ruled) if unfriendly else place_value(values, group.place)
        return place_value(values, 1)

    if _awarded(asked, ruled, unfriendly, value=first) != given:
        return None
    sure = bumped if as_tie else any(len(group.entrants) > 1 for group in groups)
    return "SOE-SCORE-5" if sure else (None, "SOE-SCORE-5")


def _shared_among_the_paying_places(asked: RegionRequest, ruled: Rulings, given: Any) -> bool:
    """The awards given where each friendly tie pooled under ``pool`` divides its places' values among the places
    that hold one, not among its k players (a tie wholly past the values dividing nothing by nothing, a null): the k of
    SOE-SCORE-6, where some tie runs past the printed values (elsewhere the two readings agree)."""
    values, unfriendly = asked.region.values, ties_are_unfriendly(len(asked.players), asked.region, ruled)
    if ruled.tie_share is not TieShare.POOL or unfriendly:
        return False
    groups = rank_entrants(region_entrants(asked.players, asked.region, ruled))
    if not any(len(group.entrants) > 1 and group.place + len(group.entrants) - 1 > len(values) for group in groups):
        return False

    def paying(group: PlaceGroup) -> int | None:
        paid = values[group.place - 1 : group.place - 1 + len(group.entrants)]
        if len(group.entrants) == 1 or len(paid) == len(group.entrants):
            return group_value(values, group, unfriendly, ruled)
        return divide_pool(sum(paid), len(paid), ruled.rounding) if paid else None

    return bool(_awarded(asked, ruled, unfriendly, value=paying) == given)


def _non_entrants_valued(asked: RegionRequest, ruled: Rulings, due: Any, given: Any) -> bool:
    """Every entrant's award right, in the players' order, and a player who is no entrant given VP, not as ranking
    every player would value it: SOE-SCORE-9's 0 for a player who is not an entrant (who is one, SOE-SCORE-2 and
    SOE-RULING-6, read right: every entrant valued as due, the others not ranked)."""
    if not (isinstance(due, list) and isinstance(given, list)):
        return False
    owed = cast(list[object], due)
    shown = cast(list[object], given)
    if len(owed) != len(asked.players):
        return False
    if len(shown) != len(owed) or [field(a, "player") for a in shown] != [field(a, "player") for a in owed]:
        return False
    entrants = [e.holder for e in region_entrants(asked.players, asked.region, ruled) if e.is_player]
    valued = [a != b for a, b in zip(owed, shown, strict=True)]
    outside = [field(b, "player") not in entrants and field(b, "vp") != 0 for b in shown]  # a list: names as given
    if not any(valued) or not all(not wrong or out for wrong, out in zip(valued, outside, strict=True)):
        return False
    # every player ranked (a player without markers taken as an entrant) answers so too where they take those values:
    # who is an entrant misread, not the 0 of one who is not
    ranked = replace(ruled, markerless_scores=True)
    return bool(given != _awarded(asked, ranked, ties_are_unfriendly(len(asked.players), asked.region, ranked)))


def _awards_listed_otherwise(expected: Any, got: Any) -> bool:
    """Every award given right, the list holding them otherwise than one per player in the players' order: some
    of the 0 awards left out, or the awards shown in another order (SOE-SCORE-10)."""
    due_awards, given = field(expected, "awards"), field(got, "awards")
    if not (isinstance(due_awards, list) and isinstance(given, list)) or due_awards == given:
        return False
    if reordered(cast(list[object], due_awards), cast(list[object], given)):
        return True
    owed = cast(list[object], due_awards)
    shown = [as_json(award) for award in cast(list[object], given)]
    remaining = iter(as_json(award) for award in owed)
    in_order = all(any(award == due for due in remaining) for award in shown)  # each shown one is due, in order
    return in_order and all(field(award, "vp") == 0 for award in owed if as_json(award) not in shown)


def _majors_left_out_of_k(asked: RegionRequest, ruled: Rulings, given: Any) -> bool:
    """Under ``below_tie``, the awards an unfriendly tie holding a non-player major gives when k counts its players
    alone: the sentence of SOE-SCORE-8 that counts the major towards k left out (SOE-RULING-3 only names p+k)."""
    region = asked.region
    below = ruled.unfriendly_tie is UnfriendlyTie.BELOW_TIE
    if not below or not ties_are_unfriendly(len(asked.players), region, ruled):
        return False
    groups = rank_entrants(region_entrants(asked.players, region, ruled))
    if not any(len(g.entrants) > 1 and not all(e.is_player for e in g.entrants) for g in groups):
        return False  # no major in a tie: k is the same either way

    def players_alone(group: PlaceGroup) -> int:
        counted = sum(entrant.is_player for entrant in group.entrants)
        return place_value(region.values, group.place + (counted if len(group.entrants) > 1 else 0))

    return bool(_awarded(asked, ruled, True, value=players_alone) == given)


def _majors_value_to_a_player(asked: RegionRequest, ruled: Rulings, given: Any) -> Named:
    """The awards given where each major's award goes to one of the players, the later place's overwriting the
    earlier (awards kept by the holder's index among the players, a major's not found): SOE-SCORE-9's, a major taking a
    place but never scoring, for sure where that player takes no place of its own and is given a value. Where it is
    given 0 (any value lost gives 0), or takes a place (its own value read from another place answers alike), the
    awards show no step for sure: SOE-SCORE-9 where the run's other failures show it, else nothing said."""
    groups = rank_entrants(region_entrants(asked.players, asked.region, ruled))
    entrants = [entrant for group in groups for entrant in group.entrants]
    if all(entrant.is_player for entrant in entrants):
        return None
    unfriendly = ties_are_unfriendly(len(asked.players), asked.region, ruled)
    for credited in asked.players:
        if _awarded(asked, ruled, unfriendly, credited) == given:
            value = next(award["vp"] for award in given if award["player"] == credited)
            ranked = any(entrant.holder == credited for entrant in entrants)
            return (None, "SOE-SCORE-9") if ranked or not value else "SOE-SCORE-9"
    return None
