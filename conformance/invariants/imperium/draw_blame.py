"""Which clause of drawing a draw's answer shows misread (``blame.decided``, ``refused`` and ``accepted`` for
``draw``).

A ``required`` draw runs the shuffle procedure when its draw pile runs out (IMP-DRAW-2); an ``if_able`` draw never does
and simply ends (IMP-DRAW-5), whatever IMP-RULING-7 says of a required draw with nothing left. An answer the reference
gives to the same draw asked in the other mode is that mode read wrong: a required draw refused for ending short
answered as one if able is IMP-DRAW-2's (a required draw stopping at an empty pile is the reference's guard of the two
modes left out: IMP-DRAW-2, named on its line); a legal draw if able refused citing IMP-RULING-7 is IMP-DRAW-5's. Only
the count of procedures wrong is IMP-DRAW-4's, or IMP-DRAW-5's where the draw never shuffles; the nation card left on
its deck at a shuffle is IMP-DRAW-3's. A draw that counts its cards anew after a shuffle (as many again as ``count``,
not the cards it still lacks) is IMP-DRAW-2's, whatever it reaches; one that counts an empty run for each card it
still lacked under ``stop``, or one ended short under ``stop`` answered as though never made, IMP-RULING-7's.
"""

from __future__ import annotations

from typing import Any, cast

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.rulings import reference_answer
from rulespec.conformance.harness.verdict import as_json, field
from rulespec.conformance.invariants.imperium.piles import cards_of, player_of

Named = str | tuple[str | None, ...] | None  # a clause, several (None among them: no step for sure), or none


def draw_step(request: Any, rulings: Any, expected: Any, got: Any, paths: tuple[str, ...]) -> Named:
    """The clause of the first step of a draw that differs, when the answers show it; else None."""
    if _drawn_up_to_the_count(request, rulings, got) and not _answered_as_if_able(request, rulings, got):
        # ``count`` read as the size of the hand to draw up to, not the cards to take; where that draws nothing, a
        # hand limit misread answers alike (IMP-RULING-6): the run tells which
        return "IMP-DRAW-1" if _holds_fewer_than_the_count(request) else ("IMP-RULING-6", "IMP-DRAW-1")
    anew = _counted_anew(request, rulings)
    if _answers_as(anew, got) and paths != (
        "$.shuffles",
    ):  # more than the runs: a counter one over differs there alone
        # after a shuffle the count drawn again whole, not the cards it still lacks; from a pile of one card, a draw
        # one card too long answers alike (IMP-DRAW-1's bound): the run tells which
        return "IMP-DRAW-2" if len(player_of(request).get("draw_pile") or ()) > 1 else (None, "IMP-DRAW-2")
    lacking = _run_for_each_card_missing(request, rulings, expected, got) if paths == ("$.shuffles",) else 0
    if lacking:
        # ``stop`` read as going on: an empty run counted for each card the draw still lacked; two lacking, one run
        # over, as a counter one over everywhere answers: the run tells which
        return "IMP-RULING-7" if lacking > 2 else (None, "IMP-RULING-7")
    if _short_draw_undone(request, rulings, expected, got):
        return "IMP-RULING-7"  # ``stop`` read as undoing the draw, where the cards drawn so far are kept
    if paths == ("$.shuffles",):
        # every card where it should be, only the count of shuffle procedures wrong: where it is counted, unless the
        # draw is one that never shuffles (IMP-DRAW-5: an ``if_able`` draw ends at an empty pile, no procedure run),
        # or one more is counted where the draw emptied the pile with its last card (a procedure run when no card was
        # due: when it runs, IMP-DRAW-2)
        if _mode(request) == "if_able" and _runs(field(got, "shuffles")) > 0:
            return "IMP-DRAW-5"
        ran_after = _runs(field(got, "shuffles")) == _runs(field(expected, "shuffles")) + 1
        # a counter one over everywhere answers so too: the run's other draws tell (they name IMP-DRAW-4 alone)
        return (
            ("IMP-DRAW-2", "IMP-DRAW-4") if ran_after and _emptied_by_its_last_card(request, expected) else "IMP-DRAW-4"
        )
    if _nation_card_kept(expected, got, paths):
        return "IMP-DRAW-3"  # the nation card due to leave the nation deck at a shuffle left on top of it
    return None


def refused_draw(request: Any, rulings: Any, named: str) -> str | None:
    """The clause that rules legal a draw refused on ``named``: a draw if able refused citing IMP-RULING-7, a required
    draw's ruling, where it ends at an empty pile (IMP-DRAW-5); a ``required`` draw refused for its orders where it
    emptied the draw pile with its last card, a discard pile left to shuffle, every order it was given used: the
    procedure run after the last card, when no card was due (IMP-DRAW-2's when, not IMP-DRAW-4's orders), or one the
    orders are too few for only where the count is drawn again whole after a shuffle (IMP-DRAW-2's remaining cards);
    any other draw refused on ``shuffles``: the clause of the orders it takes (IMP-DRAW-4; if able, IMP-DRAW-5), never
    a vote of the vectors refusing that field; else None."""
    if named == "IMP-RULING-7" and _mode(request) == "if_able":
        return "IMP-DRAW-5"
    if named == "shuffles" and field(field(_counted_anew(request, rulings), "error"), "field") == "shuffles":
        return "IMP-DRAW-2"  # the orders too few for the count drawn again whole after a shuffle
    if named != "shuffles" or not isinstance(request, dict):
        return None
    answer = reference_answer(game("imperium"), "draw", request, rulings)
    orders = cast(dict[str, Any], request).get("shuffles")
    used = isinstance(orders, (list, tuple)) and _runs(field(answer, "shuffles")) == len(orders)  # pyright: ignore[reportUnknownArgumentType]
    left = bool(player_of(answer).get("discard_pile"))
    if used and left and _emptied_by_its_last_card(request, answer):
        return "IMP-DRAW-2"
    # else the clause of the orders this draw takes: a required draw's are IMP-DRAW-4's, one if able takes none
    return "IMP-DRAW-5" if _mode(request) == "if_able" else "IMP-DRAW-4"


def accepted_draw(request: Any, rulings: Any, expected: Any, got: Any) -> str | None:
    """A required draw refused for ending short (IMP-RULING-7 ``refuse``), answered as the same draw if able answers
    it, shuffling nothing: the mode read wrong, IMP-DRAW-2's; else None (an order left over accepted is IMP-DRAW-4's,
    whatever the draw)."""
    due = field(expected, "error")
    short = field(due, "rule") == "IMP-RULING-7"
    return "IMP-DRAW-2" if short and _answered_as_if_able(request, rulings, got) else None


def _answered_as_if_able(request: Any, rulings: Any, got: Any) -> bool:
    """A ``required`` draw answered as the reference answers it asked ``if_able`` (its orders dropped, which an
    ``if_able`` draw is refused for holding)."""
    if _mode(request) != "required" or not isinstance(got, dict) or "error" in got:
        return False
    asked: dict[str, Any] = {**cast(dict[str, Any], request), "mode": "if_able", "shuffles": []}
    answer = reference_answer(game("imperium"), "draw", asked, rulings)
    return _answers_as(answer, got)


def _drawn_up_to_the_count(request: Any, rulings: Any, got: Any) -> bool:
    """The answer the reference gives the same draw asked for the cards the hand lacks to hold ``count`` (none where
    it holds as many), where the hand already holds some but fewer: IMP-DRAW-1's ``count`` cards taken read as a hand
    size."""
    asked = cast(dict[str, Any], request) if isinstance(request, dict) else {}
    hand, count = player_of(asked).get("hand"), asked.get("count")
    if not isinstance(hand, (list, tuple)) or not hand or type(count) is not int or not isinstance(got, dict):
        return False
    short = {**asked, "count": max(0, count - len(cast(list[Any], hand)))}
    answer = reference_answer(game("imperium"), "draw", short, rulings)
    return _answers_as(answer, got)


def _counted_anew(request: Any, rulings: Any) -> Any:
    """The reference's answer to a ``required`` draw that shuffles, asked for its draw pile's cards and then ``count``
    more: the count started again after the shuffle procedure, where IMP-DRAW-2 draws only the cards it still lacks
    (None where the draw is due no shuffle)."""
    asked = cast(dict[str, Any], request) if isinstance(request, dict) else {}
    pile, count = player_of(asked).get("draw_pile"), asked.get("count")
    if _mode(request) != "required" or not isinstance(pile, (list, tuple)) or type(count) is not int:
        return None
    held = len(cast(list[Any], pile))
    if held >= count:
        return None
    return reference_answer(game("imperium"), "draw", {**asked, "count": count + held}, rulings)


def _run_for_each_card_missing(request: Any, rulings: Any, expected: Any, got: Any) -> int:
    """The cards a draw ended short under ``short_draw`` ``stop`` lacked, where its runs are counted one more for each
    further card: the draw gone on past the first empty run, where IMP-RULING-7's ``stop`` ends it there (0: not so)."""
    count, drawn = field(request, "count"), field(expected, "drawn")
    if field(rulings, "short_draw") != "stop" or _mode(request) != "required":
        return 0  # an ``if_able`` draw never runs the procedure (IMP-DRAW-5)
    if type(count) is not int or not isinstance(drawn, (list, tuple)):
        return 0
    lacking = count - len(cast(list[Any], drawn))
    runs_on = lacking > 1 and _runs(field(got, "shuffles")) == _runs(field(expected, "shuffles")) + lacking - 1
    return lacking if runs_on else 0


def _short_draw_undone(request: Any, rulings: Any, expected: Any, got: Any) -> bool:
    """A required draw that ends short under ``stop`` after drawing some cards, answered with the player as given,
    nothing drawn, no run counted: the draw thrown away, where IMP-RULING-7's ``stop`` ends it with the cards drawn so
    far (one that drew none answers as a draw asked for none, or asked if able, would)."""
    if _mode(request) != "required" or field(rulings, "short_draw") not in (None, "stop"):
        return False
    due, count = field(expected, "drawn"), field(request, "count")
    short = isinstance(due, list) and isinstance(count, int) and 0 < len(due) < count  # pyright: ignore[reportUnknownArgumentType]
    as_given = as_json(field(got, "player")) == as_json(player_of(request))
    return short and as_given and field(got, "drawn") == [] and _runs(field(got, "shuffles")) == 0


def _answers_as(answer: Any, given: Any) -> bool:
    """Whether the reference's ``answer`` (a result, never a refusal) is ``given``, as JSON."""
    return answer is not None and "error" not in answer and as_json(answer) == as_json(given)


def _holds_fewer_than_the_count(request: Any) -> bool:
    """Whether the hand holds fewer cards than the draw's ``count``: drawing up to it still takes a card."""
    hand, count = player_of(request).get("hand"), field(request, "count")
    return isinstance(hand, (list, tuple)) and type(count) is int and len(cast(list[Any], hand)) < count


def _mode(request: Any) -> object:
    return cast(dict[str, Any], request).get("mode") if isinstance(request, dict) else None


def _emptied_by_its_last_card(request: Any, expected: Any) -> bool:
    """A ``required`` draw that drew every card asked and left the draw pile empty: no card was due after its last."""
    asked = cast(dict[str, Any], request) if isinstance(request, dict) else {}
    drawn = field(expected, "drawn")
    whole = isinstance(drawn, (list, tuple)) and len(drawn) == asked.get("count")  # pyright: ignore[reportUnknownArgumentType]
    pile = player_of(expected).get("draw_pile")  # a run's own records hold tuples, a report's lists
    return asked.get("mode") == "required" and whole and isinstance(pile, (list, tuple)) and not pile


def _nation_card_kept(expected: Any, got: Any, paths: tuple[str, ...]) -> bool:
    """Only the hand and the nation deck differ, the nation deck holding on top the cards the answer due moved to the
    hand, the hand lacking just those: the shuffle procedure's first step, the nation card leaving its deck
    (IMP-DRAW-3), never taken (under IMP-RULING-1 ``hand``; elsewhere the card shows in more places)."""
    if not paths or not all(path.startswith(("$.player.hand", "$.player.nation_deck")) for path in paths):
        return False
    mine, theirs = player_of(expected), player_of(got)
    due_deck, kept_deck = cards_of(mine, "nation_deck"), cards_of(theirs, "nation_deck")
    kept = len(kept_deck) - len(due_deck)
    if kept <= 0 or kept_deck[kept:] != due_deck:
        return False
    left = list(cards_of(mine, "hand"))
    for card in kept_deck[:kept]:
        if card not in left:
            return False
        left.remove(card)
    return left == cards_of(theirs, "hand")


def _runs(count: Any) -> int:
    """A count of shuffles as given, 0 for anything but a count."""
    return count if isinstance(count, int) and not isinstance(count, bool) else 0
