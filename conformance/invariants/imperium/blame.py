"""Which clause decides the first step where two answers of Imperium: Classics differ (``blame.blamed_rule``).

Only what a difference shows for sure is named; anything else is left to the check's own rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, cast

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.rulings import reference_answer
from rulespec.conformance.harness.verdict import as_json, field, reordered, unwrapped
from rulespec.conformance.invariants.imperium.draw_blame import accepted_draw, draw_step, refused_draw
from rulespec.conformance.invariants.imperium.piles import cards_of, player_of

# what an acquisition adds to the acquirer from the card's tokens (IMP-MARKET-2), and no other step of it changes
_TAKEN_WITH_THE_CARD = frozenset(
    {"$.player.tokens.coins", "$.player.tokens.influence", "$.player.action_markers", "$.player.markers_on_nation_card"}
)


# the clauses ``refused`` names for a reading it models: each holds only where that reading answers every refusal of
# the run under the rule cited (``refusals.cited``)
READS_ALIKE = frozenset({"IMP-PAY-2"})


def refused(operation: str, request: Any, rulings: Any, named: str) -> str | None:
    """The clause that rules legal an input refused on ``named`` (a payment's conversion, a card named like a player
    in ``determine_winner``, the draw's: ``draw_blame``); else None. A red card in play refused on the empire side
    citing IMP-EXHAUST-4 stays that rule's: a port refusing every card in play so answers it alike."""
    if operation == "pay_cost" and named == "IMP-PAY-4" and _refused_allotting_military_first(request):
        return "IMP-PAY-2"  # a legal payment's influence spent otherwise than the clause allots it
    if operation == "determine_winner" and _named_like_a_player(request, named):
        return "IMP-COLLAPSE-3"  # a player's name is not a card's: that clause decides it, not IMP-STATE-1
    return refused_draw(request, rulings, named) if operation == "draw" else None


_CARD_NAME = re.compile(r"^players\[(\d+)\]\.(\w+)\[(\d+)\]\.name$")


def _named_like_a_player(request: Any, path: str) -> bool:
    """Whether a card's name refused in a legal request is some player's name: the name read as a card's twice."""
    found = _CARD_NAME.match(path)
    players = field(request, "players")
    if found is None or not isinstance(players, (list, tuple)):
        return False
    listed = list(cast(Sequence[Any], players))
    index, zone, at = int(found[1]), found[2], int(found[3])
    cards = field(listed[index], zone) if index < len(listed) else None
    held = list(cast(Sequence[Any], cards)) if isinstance(cards, (list, tuple)) else []
    card = held[at] if at < len(held) else None
    return field(card, "name") in {field(player, "name") for player in listed}


def _refused_allotting_military_first(request: Any) -> bool:
    """Whether a payment is one that spending its influence on the military cost first, and only what is left on the
    influence cost, refuses: refused as not covering where it covers, the influence was spent otherwise than IMP-PAY-2
    allots it. A payment that allotment still accepts is refused for another reason (a holding's bound read one off,
    IMP-PAY-1's, citing the wrong rule), and a misreading of the reference answering so is weighed first."""
    payment, cost = field(request, "payment"), field(request, "cost")
    amounts = [
        field(payment, "influence"),
        field(payment, "military"),
        field(cost, "military"),
        field(cost, "influence"),
    ]
    if not all(isinstance(amount, int) for amount in amounts):
        return False
    influence, military, military_cost, influence_cost = cast(list[int], amounts)
    to_military = min(influence, military_cost)
    return military + to_military < military_cost or influence - to_military < influence_cost


def accepted(operation: str, request: Any, rulings: Any, expected: Any, got: Any) -> str | None:
    """The clause an input accepted though a refusal was due breaks, where the answer shows it for sure (a draw's:
    ``draw_blame``; an action's fault left unread behind its collapse: IMP-COLLAPSE-2); else None."""
    if operation == "resolve_action":
        return "IMP-COLLAPSE-2" if _unread_behind_collapse(expected, got) else None
    return accepted_draw(request, rulings, expected, got) if operation == "draw" else None


def _unread_behind_collapse(expected: Any, got: Any) -> bool:
    """Whether the refusal due names an effect the answer's collapse came before (``effects[2]`` refused, the game
    collapsed with 2 effects done or fewer): every effect is checked before the first is carried out."""
    named = field(field(expected, "error"), "field")
    at = re.match(r"effects\[(\d+)\]", named) if isinstance(named, str) else None
    done = field(got, "effects_done")
    return at is not None and field(got, "collapsed") is True and type(done) is int and done <= int(at[1])


def decided(
    operation: str, request: Any, rulings: Any, expected: Any, got: Any, paths: tuple[str, ...]
) -> str | tuple[str | None, ...] | None:
    """The clause of the first step that differs, when the answers show it (several: one of them, the run tells
    which); else None."""
    if operation == "draw" and paths:
        drawn = draw_step(request, rulings, expected, got, paths)
        if drawn is not None:
            return drawn
    if operation == "pay_cost" and paths == ("$.tokens.progress",) and _progress_kept(request, rulings, expected, got):
        return "IMP-RULING-4"  # the progress tokens handed over kept: under ``forfeited`` they are spent like any other
    if operation == "pay_cost" and any(path.startswith("$.tokens") for path in paths):
        taken = _cost_taken_off(request, got)  # the holding less the cost, not the payment handed over
        if taken is not None:
            return taken
    if operation == "use_exhaust_ability" and paths == ("$.action_markers",):
        return "IMP-EXHAUST-1"  # the markers owned changed, where exhausting only moves one onto the card
    if paths == ("$.collapse_card",) and operation in _REPORTS_THE_COLLAPSE:
        # a card named where nothing collapsed: IMP-COLLAPSE-1's null; the collapse right, another card named as the
        # one that emptied the pile: the step that reports it
        return "IMP-COLLAPSE-1" if field(expected, "collapsed") is False else _REPORTS_THE_COLLAPSE[operation]
    if operation == "acquire_market_card" and paths:
        if "$.collapsed" in paths and set(paths) <= {"$.collapsed", "$.collapse_card"}:
            # every card where it is due, the pile's emptying (the slide's too) missed or made up
            return "IMP-COLLAPSE-1"
        if _sent_to_the_other_zone(request, rulings, got):
            return "IMP-RULING-8"  # every step right but where the acquired card went: the clause naming the zone
        if all(path in _TAKEN_WITH_THE_CARD for path in paths):
            return "IMP-MARKET-2"  # the one step of an acquisition adding coins, influence, markers: the card's tokens
        if all(path.startswith("$.player.hand") for path in paths) and _acquired_first(request, expected, got):
            return "IMP-MARKET-1"  # the hand due, the acquired card put at its front, not at its end
        if all(path.startswith("$.player.hand") for path in paths) and _same_cards(expected, got, "hand"):
            return "IMP-MARKET-3"  # the right cards in the wrong order: the acquired card first, then the unrest
        if all(path.startswith("$.player.") for path in paths) and _unrest_card_elsewhere(request, expected, got):
            return "IMP-MARKET-3"  # the unrest card under it to the hand, whatever IMP-RULING-8 says of the card
        if _slide_left_out(expected, got, paths):
            return "IMP-MARKET-5"  # the unrest card due under the replacement never there: the collapse follows
        if all(path.startswith(("$.market[", "$.market_deck")) for path in paths):
            return "IMP-MARKET-4"  # the acquirer's side right, the market wrong: the slot's replacement
        if _slot_kept_beside_its_replacement(request, expected, got):
            return "IMP-MARKET-4"  # the replacement put in beside the slot it was due to fill, not in its place
    if (
        operation == "determine_winner"
        and paths == ("$.winners",)
        and unwrapped(field(expected, "winners"), field(got, "winners"))
    ):
        return "IMP-COLLAPSE-5"  # a lone winner named bare, not as the list of one the clause says ``winners`` is
    if operation == "determine_winner" and paths == ("$.decided_by",) and _decided_otherwise(request, expected, got):
        return "IMP-COLLAPSE-5"
    if operation == "determine_winner" and paths and _full_tie_settled_otherwise(request, expected, got):
        return "IMP-RULING-5"  # the players tied on unrest and on score, right, their tie settled the other way
    if operation == "determine_winner" and paths and _scores_passed_over(request, expected, got):
        return "IMP-COLLAPSE-4"  # every player tied on unrest named, where the scores should have chosen among them
    if operation == "determine_winner" and paths and all(path.startswith("$.winners") for path in paths):
        if reordered(field(expected, "winners"), field(got, "winners")) or _named_by_place(request, expected, got):
            # the right winners, listed otherwise than in the order of the players, or each by its place in it
            return "IMP-COLLAPSE-5"
        return _winners(request, expected, got)
    return None


def ordered(operation: str, expected: Any, got: Any) -> str | None:
    """The clause stating the order of the refusal due and the refusal given: IMP-EXHAUST-4's for a card the player
    does not own refused as an owned card's exhausting is (the spec's Order of checks); else None."""
    return (
        "IMP-EXHAUST-4" if operation == "use_exhaust_ability" and _unknown_card_judged_as_owned(expected, got) else None
    )


def _unknown_card_judged_as_owned(expected: Any, got: Any) -> bool:
    """A card the player does not own (InvalidState on ``card`` due) refused under an IMP-EXHAUST rule: the checks of
    IMP-EXHAUST-4's order taken before the name is known to be the player's."""
    due, given = field(expected, "error"), field(got, "error")
    cited = field(given, "rule")
    owned = field(due, "kind") == "InvalidState" and field(due, "field") == "card"
    return (
        owned
        and field(given, "kind") == "IllegalAction"
        and isinstance(cited, str)
        and cited.startswith("IMP-EXHAUST-")
    )


def _progress_kept(request: Any, rulings: Any, expected: Any, got: Any) -> bool:
    """Under ``surplus`` ``forfeited``, the player holding after the payment exactly the progress tokens it handed
    over (a count misread otherwise, or a token taken where none was handed over, is another clause's)."""
    handed = field(field(request, "payment"), "progress")
    due, kept = (field(field(answer, "tokens"), "progress") for answer in (expected, got))
    counts = all(type(count) is int for count in (handed, due, kept))
    return field(rulings, "surplus") == "forfeited" and counts and handed > 0 and kept - due == handed


def _cost_taken_off(request: Any, got: Any) -> str | tuple[str, ...] | None:
    """Where the tokens answered are the holding less the cost (its coins, military and influence; every other count
    as held): the cost taken off, not the payment (IMP-PAY-1). Only a payment worth exactly its cost and holding no
    resource shows it for sure (influence handed over for military); a resource taken off as two coins (IMP-PAY-3) or
    a spare token given back under ``forfeited`` (IMP-RULING-4) leaves the holding less the cost too: the run tells
    which, that clause first where it shows neither."""
    holding, left = field(request, "tokens"), field(got, "tokens")
    cost, paid = field(request, "cost"), field(request, "payment")
    kinds = ("coins", "military", "influence", "resources", "progress")
    rows = [(field(holding, kind), field(cost, kind) or 0, field(paid, kind), field(left, kind)) for kind in kinds]
    if not all(type(count) is int for row in rows for count in row):
        return None
    if not all(held - due == kept for held, due, _, kept in rows):
        return None
    if field(paid, "resources"):
        return ("IMP-PAY-3", "IMP-PAY-1")
    return "IMP-PAY-1" if sum(row[2] for row in rows) == sum(row[1] for row in rows) else ("IMP-RULING-4", "IMP-PAY-1")


# the operations that report the card that emptied the unrest pile, and the clause of the step that reports it
_REPORTS_THE_COLLAPSE = {"acquire_market_card": "IMP-MARKET-5", "resolve_action": "IMP-COLLAPSE-2"}


def _decided_otherwise(request: Any, expected: Any, got: Any) -> bool:
    """The right winners said decided otherwise where IMP-COLLAPSE-5 says how: a game of one player, won on unrest
    (with more players, a tie found or missed on the way to the same winner answers alike: not sure), or several
    winners, which only a tie on unrest and on score that IMP-RULING-5 shares gives, said decided by one step."""
    if len(field(request, "players") or ()) == 1:
        return True
    winners = field(expected, "winners")
    several = isinstance(winners, (list, tuple)) and len(winners) > 1  # pyright: ignore[reportUnknownArgumentType]
    return several and field(got, "decided_by") in ("unrest", "score")


def _full_tie_settled_otherwise(request: Any, expected: Any, got: Any) -> bool:
    """Every unrest right, a full tie (on unrest and on score) due to be shared or won by turn order, answered the
    other way among exactly those players: IMP-RULING-5's, which says how such a tie is settled."""
    decided = {field(expected, "decided_by"), field(got, "decided_by")}
    if decided != {"shared", "turn_order"} or field(expected, "unrest") != field(got, "unrest"):
        return False
    unrest, scores = field(expected, "unrest"), field(request, "scores")
    players = [field(p, "name") for p in field(request, "players") or ()]
    if not isinstance(unrest, (list, tuple)) or not isinstance(scores, (list, tuple)) or not unrest:
        return False
    fewest = min(unrest)  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
    tied = [i for i, held in enumerate(unrest) if held == fewest]  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
    best = max(scores[i] for i in tied) if all(i < len(scores) for i in tied) else None  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
    full = [players[i] for i in tied if i < len(players) and scores[i] == best]  # pyright: ignore[reportUnknownArgumentType]
    shared = field(got, "winners") if field(got, "decided_by") == "shared" else field(expected, "winners")
    return len(full) > 1 and list(shared or []) == full  # pyright: ignore[reportUnknownArgumentType]


def _sent_to_the_other_zone(request: Any, rulings: Any, got: Any) -> bool:
    """The answer the reference gives with the acquired card sent to the zone the rulings do not name: the acquisition
    right but where the card goes, which IMP-MARKET-1 leaves to IMP-RULING-8, whichever zone the rulings asked."""
    if not isinstance(rulings, dict):
        return False
    asked = str(cast(dict[str, Any], rulings).get("acquired_card_to", "hand"))
    other = {**cast(dict[str, Any], rulings), "acquired_card_to": "discard_pile" if asked == "hand" else "hand"}
    answer = reference_answer(game("imperium"), "acquire_market_card", request, other)
    return answer is not None and "error" not in answer and as_json(answer) == as_json(got)


_SLID = ("$.market[", "$.unrest_pile", "$.collapsed", "$.collapse_card")


def _slide_left_out(expected: Any, got: Any, paths: tuple[str, ...]) -> bool:
    """Only the market's unrest cards, the unrest pile and the collapse differ, and each slot due an unrest card under
    its replacement holds none: the slide under it (IMP-MARKET-5) not made, the card kept on its pile or lost on the
    way, whatever follows from it (the collapse of an emptied pile, IMP-COLLAPSE-1)."""
    if not paths or not all(path.startswith(_SLID) for path in paths):
        return False
    if any(path.startswith("$.market[") and not path.endswith(".unrest") for path in paths):
        return False
    due, kept = _slots(expected), _slots(got)
    missing = [a for a, b in zip(due, kept, strict=False) if a.get("unrest") and not b.get("unrest")]
    wrong = [a for a, b in zip(due, kept, strict=False) if b.get("unrest") and a.get("unrest") != b.get("unrest")]
    return len(due) == len(kept) and bool(missing) and not wrong


def _slot_kept_beside_its_replacement(request: Any, expected: Any, got: Any) -> bool:
    """A replacement due (the market deck not empty), every field but the market right, the market the due one with
    the acquired slot, as the request gave it, still in it: the replacement inserted, not put in the slot's place."""
    if not field(request, "market_deck") or not isinstance(expected, dict) or not isinstance(got, dict):
        return False
    mine, theirs = cast(dict[str, Any], expected), cast(dict[str, Any], got)
    if {key: value for key, value in mine.items() if key != "market"} != {
        key: value for key, value in theirs.items() if key != "market"
    }:
        return False
    named = field(request, "card")
    acquired = [as_json(slot) for slot in _slots(request) if field(slot.get("card"), "name") == named]
    shown = [as_json(slot) for slot in _slots(got)]
    if len(acquired) != 1 or acquired[0] not in shown:
        return False
    shown.remove(acquired[0])  # the first place it shows: the slot kept where it stood
    return shown == [as_json(slot) for slot in _slots(expected)]


def _slots(answer: Any) -> list[dict[str, Any]]:
    market = field(answer, "market")  # a run's own records hold tuples, a report's lists
    slots = list(cast(list[object], market)) if isinstance(market, (list, tuple)) else []
    return [cast(dict[str, Any], slot) if isinstance(slot, dict) else {} for slot in slots]


def _scores_passed_over(request: Any, expected: Any, got: Any) -> bool:
    """Every unrest counted right, the winners named every player tied for the fewest, where the answer due names
    fewer of them, decided otherwise: the tie on unrest never went to the scores (IMP-COLLAPSE-4)."""
    if not (isinstance(expected, dict) and isinstance(got, dict) and isinstance(request, dict)):
        return False
    mine, theirs = cast(dict[str, Any], expected), cast(dict[str, Any], got)
    unrest: list[Any] = list(mine.get("unrest") or [])
    if not unrest or theirs.get("unrest") != unrest:
        return False
    players: list[Any] = list(cast(dict[str, Any], request).get("players") or [])
    names = [field(p, "name") for p in players]
    tied = {name for name, held in zip(names, unrest, strict=False) if held == min(unrest)}
    named, due = set(theirs.get("winners") or []), set(mine.get("winners") or [])
    # a full tie shared among every player tied on unrest, as the answer due shares one among the best scores, is
    # who shares it (``_winners``): only another decider shows the scores passed over
    return len(tied) > 1 and named == tied and due < tied and mine.get("decided_by") != theirs.get("decided_by")


# what decided a collapse's winners (IMP-COLLAPSE-5) to the clause saying who they are
_DECIDED_BY = {
    "unrest": "IMP-COLLAPSE-3",
    "score": "IMP-COLLAPSE-4",
    "shared": "IMP-RULING-5",
    "turn_order": "IMP-RULING-5",
}


def _winners(request: Any, expected: Any, got: Any) -> str | None:
    """Every unrest counted right and the same step said to decide, other winners: that step's clause (of a full tie,
    who shares it or who wins it is IMP-RULING-5's), unless a winner of a full tie holds more than the fewest unrest:
    then the full tie was looked for among other players than those IMP-COLLAPSE-5 names."""
    if not (isinstance(expected, dict) and isinstance(got, dict) and isinstance(request, dict)):
        return None
    mine, theirs = cast(dict[str, Any], expected), cast(dict[str, Any], got)
    if mine.get("unrest") != theirs.get("unrest") or mine.get("decided_by") != theirs.get("decided_by"):
        return None
    decider = str(mine.get("decided_by"))
    unrest: list[Any] = list(mine.get("unrest") or [])
    players: list[Any] = list(cast(dict[str, Any], request).get("players") or [])
    names = [field(p, "name") for p in players]
    held = dict(zip(names, unrest, strict=False))
    fewest = min(unrest, default=None)
    beyond = any(held.get(name, fewest) != fewest for name in theirs.get("winners") or ())
    return "IMP-COLLAPSE-5" if decider in ("shared", "turn_order") and beyond else _DECIDED_BY.get(decider)


def _acquired_first(request: Any, expected: Any, got: Any) -> bool:
    """The hand due with the acquired card moved from its place to the hand's front (put first, as by an
    ``unshift``), every other card in its order: IMP-MARKET-1's end of the hand."""
    mine, theirs = player_of(expected).get("hand"), player_of(got).get("hand")
    if not (isinstance(mine, list) and isinstance(theirs, list)):
        return False
    due, given = cast(list[object], mine), cast(list[object], theirs)
    acquired = [card for card in due if field(card, "name") == field(request, "card")]
    return len(acquired) == 1 and given != due and given == acquired + [card for card in due if card is not acquired[0]]


def _named_by_place(request: Any, expected: Any, got: Any) -> bool:
    """The winners due, each given as its index in ``players`` rather than its name (IMP-COLLAPSE-5 lists names)."""
    names = [field(p, "name") for p in field(request, "players") or ()]
    given, due = field(got, "winners"), field(expected, "winners")
    if not (isinstance(given, list) and given and isinstance(due, list)):
        return False
    places = cast(list[object], given)
    if not all(type(at) is int and 0 <= at < len(names) for at in places):
        return False
    return [names[cast(int, at)] for at in places] == due


def _same_cards(expected: Any, got: Any, place: str) -> bool:
    """The player's ``place`` holds the same cards in both answers, in whatever order."""
    mine, theirs = player_of(expected), player_of(got)
    listed = isinstance(mine.get(place), list) and isinstance(theirs.get(place), list)
    return listed and sorted(cards_of(mine, place)) == sorted(cards_of(theirs, place))


ZONES = ("hand", "play_area", "draw_pile", "discard_pile", "history", "nation_deck")


def _unrest_card_elsewhere(request: Any, expected: Any, got: Any) -> bool:
    """The unrest card that lay under the acquired card is due in the hand and is not there, every other card of the
    player where it is due (the acquired card where IMP-RULING-8 puts it), or another card put in its place (the
    acquired card taken for it): only IMP-MARKET-3's step went wrong."""
    try:
        slot = next(s for s in request["market"] if (s.get("card") or dict[str, Any]()).get("name") == request["card"])
        name = slot["unrest"]["name"]
        due, given = expected["player"], got["player"]
        names = {zone: ([c["name"] for c in due[zone]], [c["name"] for c in given[zone]]) for zone in ZONES}
    except (KeyError, TypeError, AttributeError, StopIteration):
        return False
    if name not in names["hand"][0] or name in names["hand"][1]:
        return False
    (hand, held), rest = names["hand"], [mine == theirs for zone, (mine, theirs) in names.items() if zone != "hand"]
    if len(hand) == len(held) and [n for n, m in zip(hand, held, strict=True) if n != m] == [name] and all(rest):
        return True
    return all([n for n in mine if n != name] == [n for n in theirs if n != name] for mine, theirs in names.values())
