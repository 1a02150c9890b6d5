"""Which clause decides the first step where two answers of Here I Stand differ (``blame.blamed_rule``).

The phase's verdict is decided in steps (HIS-WIN-1): whether a standard victory applies (HIS-WIN-2), and only then who
wins it, by the history when powers tie (HIS-WIN-3); below 25 VP, whether one power dominates (HIS-WIN-5), before the
time limit on turn 9 (a time limit where a domination was due shows neither that step nor the order for sure; where a
standard victory was due, the order or the victory missed, the run tells which, and for a tie the history cannot
break first HIS-RULING-3, which says ``shared`` holds on turn 9 too); every verdict right and only the turn
after it (or whether the game is over) wrong is the turn marker's (HIS-WIN-8); a winner named where the game goes on
below 25 VP, HIS-WIN-6's.
``run_phase`` ends with that verdict, found after an allowed play (HIS-PLAY-2: an outcome that is the one before the
play is that step misplaced; a play not allowed answered as the phase without it, the refusal it asks of ``run_phase``
not made: ``accepted``), and the history with this turn's record last (HIS-WIN-9: the same records in another order);
Copernicus's or Servetus's play is judged on the verdict. A history total refused though it won its own turn (25 VP or
more, a domination) judged an earlier turn again, where the history is taken as recorded, and this turn's total
refused for falling below the last record's (HIS-RULING-8: ``refused``);
a lone Bible translation refused from a power that may earn it is HIS-RULING-6's, the clause naming who may; one
accepted from a power that may not stays the refusal's (its kind's check left out, or its earners listed wrong: the
run's refusals, if any, name HIS-RULING-6 beside it).
A score sheet's VP each right but its lines showing them otherwise are its clause's (``sheet_blame``); a list of the
powers (score sheets, totals, the powers tied) holding the same entries in another order is the order every result lists
the powers in (HIS-POWER-1). A phase answered on totals carried over from the last record, its verdicts, new record
and plays judged on them where the run shows the sheets so, is HIS-VP-1's (``total_blame``); nobody's win given as the
winner ``""``, HIS-WIN-4's. Only what a difference shows for sure is named; anything else is left to the run's
evidence and the check's own rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, cast

from rulespec.conformance.harness.blame.probed import at
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.rulings import reference_json, typed_question
from rulespec.conformance.harness.verdict import as_json, field, reordered
from rulespec.conformance.invariants.his.sheet_blame import sheet_lines
from rulespec.conformance.invariants.his.total_blame import carried_over
from rulespec.reference.here_i_stand.model import POWERS
from rulespec.reference.here_i_stand.phase import PLAYABLE
from rulespec.reference.here_i_stand.rulings import Rulings
from rulespec.reference.here_i_stand.validation import BIBLE_LANGUAGES
from rulespec.reference.here_i_stand.victory import STANDARD_VICTORY_VP

DEFAULTS = Rulings()  # what a record's rulings leave out

# score-sheet lines whose source is named otherwise than the reference's step that scores it
SOURCES = {"protestant_spaces": "protestant_track_vp"}  # the Protestant track, the Papacy's side of it too
_HISTORY_TURN = re.compile(r"\$\.history\[\d+\]\.turn")  # a history record's turn number (HIS-WIN-9)
_RECORD = re.compile(r"\$\.history\[(\d+)\]")  # a path inside a history record, by its index


def _object(answer: Any) -> dict[str, Any] | None:
    return cast(dict[str, Any], answer) if isinstance(answer, dict) else None


def _domination_part(request: dict[str, Any] | None, rulings: Any) -> str | tuple[str, ...]:
    """Which part of HIS-WIN-5's condition a domination found or missed was read wrong on. At the first turn's edge,
    the first turn (HIS-RULING-1) or the lead itself, the run telling which (a domination never found misses it on
    the first turn too, and elsewhere for sure): the first turn first, unless the lead is at the margin's edge too or
    the request does not give the totals (a play's); else the lead itself."""
    ruled: dict[str, Any] = cast(dict[str, Any], rulings) if isinstance(rulings, dict) else {}
    first = ruled.get("domination_first_turn", DEFAULTS.domination_first_turn)
    margin = ruled.get("domination_margin", DEFAULTS.domination_margin)
    totals = sorted((entry["vp"] for entry in (request or {}).get("totals", [])), reverse=True)
    turn = (request or {}).get("turn")
    if not isinstance(turn, int) or turn not in (first - 1, first):
        return "HIS-WIN-5"
    at_margin = len(totals) < 2 or totals[0] - totals[1] in (margin - 1, margin)  # no totals given: either edge
    return ("HIS-WIN-5", "HIS-RULING-1") if at_margin else ("HIS-RULING-1", "HIS-WIN-5")


def _leaders_of_the_last_record(expected: dict[str, Any], got: dict[str, Any], request: dict[str, Any] | None) -> bool:
    """At the time limit, this turn's lone leader passed over for the lone leader of the last history record: the
    leader at the limit read off the record of the turn before, where HIS-WIN-7 takes this turn's totals (HIS-VP-1
    at this phase). Not where this turn's totals are tied: the history breaks the tie, and a tie-break's misreading
    answers alike."""
    history = request.get("history") if request else None
    at_limit = expected.get("victory") == got.get("victory") == "time_limit"
    lone = expected.get("winner") is not None and expected.get("tie_broken_at_turn") is None
    if not (at_limit and lone and history) or got.get("winner") in (None, expected.get("winner")):
        return False
    last = _object(list(cast(Sequence[Any], history))[-1]) or {}
    totals = [_object(entry) or {} for entry in cast(Sequence[Any], last.get("totals") or [])]
    most = max((entry.get("vp", 0) for entry in totals), default=None)
    leaders = [entry.get("power") for entry in totals if entry.get("vp") == most]
    return leaders == [got.get("winner")]


def _most(request: dict[str, Any] | None) -> int | None:
    """The most VP any power has in a ``determine_victory`` request's totals (None: no totals given)."""
    totals = cast(list[dict[str, Any]], (request or {}).get("totals") or [])
    return max((int(t["vp"]) for t in totals if isinstance(t.get("vp"), int)), default=None)


def _outcome(
    expected: dict[str, Any] | None, got: dict[str, Any] | None, request: dict[str, Any] | None, rulings: Any
) -> str | tuple[str, ...] | None:
    if expected is None or got is None:
        return None
    if _leaders_of_the_last_record(expected, got, request):
        return "HIS-WIN-7"  # the time limit's leader found on the last record, not on this turn's totals
    broken, claimed = expected.get("tie_broken_at_turn"), got.get("tie_broken_at_turn")
    if broken is not None and claimed is None and all(expected.get(k) == got.get(k) for k in ("victory", "winner")):
        # the history broke the tie and the winner is right, the turn that broke it left unsaid: the clause of the
        # victory states that field (HIS-WIN-3 for a standard victory); at the time limit HIS-WIN-7, unless the run
        # shows the turn left unsaid by standard victories too (the tie-break both share: HIS-WIN-3)
        return ("HIS-WIN-7", "HIS-WIN-3") if expected.get("victory") == "time_limit" else "HIS-WIN-3"
    ruled: dict[str, Any] = cast(dict[str, Any], rulings) if isinstance(rulings, dict) else {}
    shared = ruled.get("time_limit_tie", DEFAULTS.time_limit_tie.value) == "shared"
    if claimed is not None and broken is None and expected.get("victory") == "time_limit" and shared:
        return None  # the history walked at a time limit ``shared`` ends without it: the check's own rule says where
    lone_at_limit = expected.get("victory") == got.get("victory") == "time_limit" and expected.get("winner")
    if shared and lone_at_limit and got.get("winner") is None and list(got.get("tied") or []) == [expected["winner"]]:
        return "HIS-RULING-4"  # ``shared`` is for powers tied for the most: a lone leader made a tie of one
    lone = broken is None and expected.get("winner") is not None and not expected.get("tied")
    if lone and claimed is not None and expected.get("victory") == got.get("victory") == "standard":
        # a lone leader, and a tie said broken: the history walked among powers not tied for the most. Another power
        # named winner, one with fewer VP: the most VP read wrong (HIS-WIN-2); the same winner: that, or only a
        # tie-break reported where none was due (HIS-WIN-3), the run tells which
        return "HIS-WIN-2" if got.get("winner") != expected.get("winner") else ("HIS-WIN-3", "HIS-WIN-2")
    unbroken = broken is None and expected.get("winner") is None and expected.get("tied")
    shared_tie = ruled.get("unbroken_tie", DEFAULTS.unbroken_tie.value) == "shared"
    if unbroken and claimed is not None and got.get("winner") is None and got.get("tied") == expected.get("tied"):
        return "HIS-WIN-4"  # the same powers left tied, the walk right, a turn reported for a tie it never broke
    if claimed is not None and claimed != broken:
        return "HIS-WIN-3"  # a tie said broken where the walk back through the history does not break it
    if expected.get("victory") == "standard" and got.get("victory") == "domination":
        return "HIS-WIN-1"  # a domination found where the standard victory, checked first, applies
    if expected.get("victory") == "standard" and got.get("victory") == "none" and broken is not None:
        # play_on's going on applied to a tie the history breaks, not only to one it cannot; with the tied on exactly
        # 25, as well 25 read as not enough (HIS-WIN-2): the run tells which
        at_25 = _most(request) == STANDARD_VICTORY_VP
        return ("HIS-RULING-3", "HIS-WIN-2") if at_25 else "HIS-RULING-3"
    if expected.get("victory") == "standard" and got.get("victory") == "time_limit":
        # the time limit checked before the standard victory (HIS-WIN-1), or the standard victory missed (HIS-WIN-2,
        # which the run shows before turn 9 too): the run tells which; for a tie the history cannot break, first the
        # sentence of HIS-RULING-3 that says ``shared`` holds on turn 9 too, the time limit never reached
        return ("HIS-RULING-3", "HIS-WIN-1", "HIS-WIN-2") if unbroken and shared_tie else ("HIS-WIN-1", "HIS-WIN-2")
    if expected.get("victory") == "standard" and got.get("victory") != "standard":
        return "HIS-WIN-2"  # someone has 25 VP or more: the game ends in a standard victory
    if expected.get("victory") == "domination" and got.get("victory") == "time_limit":
        return None  # the domination missed, or the time limit checked before it (HIS-WIN-1): the run tells which
    if (expected.get("victory") == "domination") != (got.get("victory") == "domination"):
        return _domination_part(request, rulings)  # below 25 VP: one power far enough ahead, from the first turn on
    winner, named = expected.get("winner"), got.get("winner")
    if _winner_named_going_on(expected, got):
        return "HIS-WIN-6"
    if expected.get("victory") == got.get("victory") and broken is not None and named not in (None, winner):
        return "HIS-WIN-3"  # the tie the history breaks, walked to another winner (no winner: not shown here)
    if expected.get("victory") == got.get("victory") and winner == named and expected.get("tied") != got.get("tied"):
        # the same verdict, another list of the powers still tied: HIS-WIN-4's result where the game ends on it after
        # the history; where it goes on (``none``: HIS-RULING-3's ``play_on`` states that outcome whole), or the time
        # limit is shared without the history (HIS-RULING-4 ``shared``), the difference shows no step
        if expected.get("victory") == "time_limit" and shared:
            # the powers the history leaves tied, where ``shared`` lists every leader: the history walked where no
            # clause walks it (the check's own rule says where); any other list misreads what ``tied`` lists
            return None if got.get("tied") == _walked(request, ruled) else "HIS-WIN-4"
        return "HIS-WIN-4" if expected.get("victory") != "none" else None
    return None


def _winner_named_going_on(expected: Any, got: Any) -> bool:
    """The game goes on below 25 VP (``none``, nobody tied: a tie at 25 or more played on lists its powers, and
    HIS-RULING-3's ``play_on`` states that outcome whole), yet a power is named winner: nobody wins below 25 VP but
    by domination or the time limit (HIS-WIN-6)."""
    going_on = field(expected, "victory") == field(got, "victory") == "none" and not field(expected, "tied")
    return going_on and field(expected, "winner") is None and field(got, "winner") is not None


def _walked(request: dict[str, Any] | None, rulings: dict[str, Any]) -> Any:
    """``tied`` at the time limit as the history leaves it (HIS-RULING-4 ``history``); None when not known."""
    if request is None or "history" not in request:
        return None
    return _reference("determine_victory", request, {**rulings, "time_limit_tie": "history"}, "tied")


def _reference(operation: str, request: dict[str, Any], rulings: Any, field: str, read_as: str | None = None) -> Any:
    """``field`` of the reference's answer to ``request`` (read as ``read_as``'s request, by default the operation's)
    as JSON; None when the request does not read."""
    answer = _answer(operation, request, rulings, read_as)
    return cast(dict[str, Any], answer).get(field) if isinstance(answer, dict) else None


def _answer(operation: str, request: dict[str, Any], rulings: Any, read_as: str | None = None) -> Any:
    """The reference's whole answer to ``request`` as JSON (see ``_reference``)."""
    his = game("his")
    typed = typed_question(his, read_as or operation, request, rulings or {})
    return reference_json(his, operation, *typed) if typed else None


def _before_play(request: dict[str, Any], rulings: Any) -> Any:
    """The outcome on a phase's totals before its play (HIS-PLAY-2's ``before``) as JSON; None when unreadable."""
    return _reference("may_play_copernicus_or_servetus", request, rulings, "before", read_as="run_phase")


def _recorded_before_play(request: dict[str, Any], rulings: Any, got: dict[str, Any]) -> bool:
    """Whether the answer's last history record is the one the phase without its play appends (the totals before it)."""
    without = _object(_answer("run_phase", {**request, "play": None}, rulings))
    recorded, due = (got.get("history") or [None])[-1], ((without or {}).get("history") or [None])[-1]
    return without is not None and as_json(recorded) == as_json(due)


_STEPS = re.compile(r"\.\w+|\[\d+\]")


def _powers_reordered(expected: Any, got: Any, paths: tuple[str, ...]) -> bool:
    """Whether every difference lies in a list of the powers (each entry a power or names one) that holds the same
    entries in another order: each power's entry right, shown out of the order of HIS-POWER-1."""
    for path in paths:
        mine, theirs, found = expected, got, False
        for step in _STEPS.findall(path.removeprefix("$")):
            listed, given = _list(mine), _list(theirs)
            if step.startswith("[") and listed is not None and given is not None:
                if all(_power_of(entry) in POWERS for entry in listed) and reordered(listed, given):
                    found = True
                    break
                at = int(step[1:-1])
                mine, theirs = (listed[at], given[at]) if at < min(len(listed), len(given)) else (None, None)
            else:
                mine, theirs = field(mine, step[1:]), field(theirs, step[1:])
        if not found:
            return False
    return bool(paths)


def _given_records_only(request: Any, paths: tuple[str, ...]) -> bool:
    """Whether every difference lies in a history record the request gave (not the one the phase appends)."""
    given = len(cast(list[Any], (_object(request) or {}).get("history") or []))
    return bool(paths) and all(
        (found := _RECORD.match(path)) is not None and int(found.group(1)) < given for path in paths
    )


def _list(answer: Any) -> list[object] | None:
    return cast(list[object], answer) if isinstance(answer, list) else None


def _power_of(entry: object) -> object:
    return field(cast(dict[str, Any], entry), "power") if isinstance(entry, dict) else entry


def accepted(operation: str, request: Any, rulings: Any, expected: Any, got: Any) -> str | None:
    """The clause an illegal input accepted breaks, where the answer shows it for sure: another power's entry never
    checked (``_own_entries_only``, HIS-VP-3); a Copernicus or Servetus play
    that is not allowed (HIS-PLAY-1's domination condition) answered by ``run_phase`` as the phase without it, the
    outcome before standing as ``may_play_copernicus_or_servetus`` answers: the condition read right, the refusal
    HIS-PLAY-2 asks of ``run_phase`` not made (HIS-PLAY-2). A play scored anyway is what a condition read wrong also
    answers, and a play of another kind is refused by HIS-PLAY-1 itself: those stay the refusal's; else None."""
    asked, due = _object(request), field(expected, "error")
    if operation in ("bonus_vp", "score_power") and asked is not None and due is not None:
        return _own_entries_only(operation, asked, rulings, got, sure=True)
    play = _object(asked.get("play")) if asked is not None else None
    if operation != "run_phase" or asked is None or play is None or field(due, "rule") != "HIS-PLAY-1":
        return None
    if play.get("kind") not in {kind.value for kind in PLAYABLE}:
        return None
    without = _answer("run_phase", {**asked, "play": None}, rulings)
    return "HIS-PLAY-2" if without is not None and as_json(without) == as_json(got) else None


def accepted_alike(operation: str, request: Any, rulings: Any, expected: Any, got: Any) -> str | None:
    """HIS-VP-3 where the answer is the asked power's entries alone but the fault needs them too (a second
    Copernicus of the asked power's after another power's): another power's entries left unchecked answers so, and so
    does a condition across powers misread (the card once per power); the run decides (``due.accepted``)."""
    asked = _object(request)
    if operation not in ("bonus_vp", "score_power") or asked is None or field(expected, "error") is None:
        return None
    return _own_entries_only(operation, asked, rulings, got, sure=False)


def _own_entries_only(operation: str, asked: dict[str, Any], rulings: Any, got: Any, *, sure: bool) -> str | None:
    """HIS-VP-3, where a request due a refusal for another power's entry is answered as the reference answers it with
    the asked power's own entries alone: the others dropped before any check, where every entry is checked whichever
    power it names. None where the asked power's entries are all the request holds, where the answer is another, or
    where, ``sure``, the other powers' entries alone are legal (the fault needs the asked power's own: a language
    translated by another power, counted once per power, is HIS-BONUS-9's condition misread, unless the run shows
    another power's entry left unchecked for sure: ``accepted_alike``).
    A check left out for every power answers so too: ``unchecked.never_made`` hears the run, which then shows the
    same refusal missed in the asked power's own entries."""
    raw = asked.get("bonuses")
    entries = list(cast(Sequence[Any], raw)) if isinstance(raw, (list, tuple)) else []  # pyright: ignore[reportUnknownArgumentType]
    mine = [field(entry, "power") == asked.get("power") for entry in entries]
    if all(mine):
        return None
    alone = _answer(operation, {**asked, "bonuses": [e for e, m in zip(entries, mine, strict=True) if m]}, rulings)
    if alone is None or as_json(alone) != as_json(got):
        return None
    # the fault lies in another power's entries (refused without the asked power's): a condition across powers (a
    # language translated by another) is that condition's clause, misread
    others = _answer(operation, {**asked, "bonuses": [e for e, m in zip(entries, mine, strict=True) if not m]}, rulings)
    return "HIS-VP-3" if not sure or (isinstance(others, dict) and "error" in others) else None


_HISTORY_TOTAL = re.compile(r"^history\[(\d+)\]\.totals\[(\d+)\]\.vp$")


def refused(operation: str, request: Any, rulings: Any, path: str) -> str | None:
    """The clause that rules legal the input a refusal of it named (``path``: the field, or the rule cited), where a
    clause other than the field's own range or the rule cited does: the total of a power that won its turn with it
    (the record, judged as that turn's phase, is a victory the power won or shares) is taken as recorded, earlier
    turns never judged again (HIS-RULING-8), a total of a power that won nothing there is the range's; a play
    ``may_play_copernicus_or_servetus`` answers not allowed whatever its VP, refused citing the domination condition,
    is HIS-PLAY-2's, which answers it and never refuses it for that condition alone; a lone Bible translation in a
    published language refused citing HIS-BONUS-9 was refused on who may earn it, and the power may: the list of
    earners HIS-RULING-6 states read wrong (``_who_may_earn``); this turn's total refused below the power's last
    recorded total is HIS-RULING-8's (``_fallen``), as is a history total refused below the same power's total in
    an earlier record (``_below_an_earlier_record``); a language written, refused under ``track_limits`` ``open``,
    is HIS-RULING-7's, which makes any string but the empty one a language; else None."""
    found, asked = _HISTORY_TOTAL.match(path), _object(request)
    written = at(request, path) if _LANGUAGE.match(path) else None  # any string but the empty one names a language
    if isinstance(written, str) and written != "" and field(rulings, "track_limits") == "open":
        return "HIS-RULING-7"  # under ``open`` any string but the empty one is a language, blanks included
    if operation == "may_play_copernicus_or_servetus" and path == "HIS-PLAY-1" and asked is not None:
        return "HIS-PLAY-2" if _not_allowed_whatever_its_vp(asked, rulings) else None
    if path == "HIS-BONUS-9" and asked is not None:
        return _who_may_earn(asked)
    if asked is not None and _fallen(asked, path):
        return "HIS-RULING-8"
    history = asked.get("history") if asked is not None else None  # the phase's operations each carry one
    if found is None or not isinstance(history, (list, tuple)) or int(found[1]) >= len(history):  # pyright: ignore[reportUnknownArgumentType]
        return None
    earlier = list(cast(Sequence[Any], history))[: int(found[1]) + 1]
    record = _object(earlier[-1]) or {}
    raw = record.get("totals")
    totals = list(cast(Sequence[Any], raw)) if isinstance(raw, (list, tuple)) else []  # pyright: ignore[reportUnknownArgumentType]
    entry = _object(totals[int(found[2])]) if int(found[2]) < len(totals) else None
    if _below_an_earlier_record(entry, earlier[:-1]):
        return "HIS-RULING-8"  # a record's VP taken as never going down: the history is taken as recorded
    phase = {"turn": record.get("turn"), "totals": totals, "history": earlier[:-1]}
    judged = _answer("determine_victory", phase, rulings)
    if entry is None or field(judged, "victory") in (None, "none"):
        return None
    winners: list[Any] = [field(judged, "winner"), *(field(judged, "tied") or [])]
    return "HIS-RULING-8" if entry.get("power") in winners else None


_TOTAL = re.compile(r"^totals\[(\d+)\]\.vp$")
_BASE = re.compile(r"^\$(?:\.scores\[\d+\])?\.base$")
_LANGUAGE = re.compile(r"^(bonuses\[\d+\]|play)\.language$")


def _fallen(asked: dict[str, Any], path: str) -> bool:
    """This turn's total refused where it is above 0 (no floor misread) and below the power's total in the history's
    last record: VP taken as never going down, where HIS-RULING-8 judges the totals at this phase whatever the
    history held."""
    found, history = _TOTAL.match(path), asked.get("history")
    totals = asked.get("totals")
    if found is None or not isinstance(history, (list, tuple)) or not history or not isinstance(totals, (list, tuple)):  # pyright: ignore[reportUnknownArgumentType]
        return False
    listed = list(cast(Sequence[Any], totals))
    entry = _object(listed[int(found[1])]) if int(found[1]) < len(listed) else None
    last = _object(list(cast(Sequence[Any], history))[-1]) or {}
    before = {field(e, "power"): field(e, "vp") for e in last.get("totals") or ()}
    vp, was = field(entry, "vp"), before.get(field(entry, "power"))
    return isinstance(vp, int) and isinstance(was, int) and 0 < vp < was


def _below_an_earlier_record(entry: dict[str, Any] | None, before: Sequence[Any]) -> bool:
    """A history record's total above 0 (a 0 refused may be a floor misread, as ``_fallen`` takes it) and below the
    same power's total in an earlier record: VP taken as never going down from record to record, where HIS-RULING-8
    refuses no such record."""
    vp, power = field(entry, "vp"), field(entry, "power")
    if not isinstance(vp, int) or vp <= 0:
        return False
    was = [field(e, "vp") for r in before for e in (field(r, "totals") or ()) if field(e, "power") == power]
    return any(isinstance(one, int) and vp < one for one in was)


def _who_may_earn(asked: dict[str, Any]) -> str | None:
    """HIS-RULING-6, where a Bible translation refused citing HIS-BONUS-9 can only be refused on who may earn it: the
    request's one Bible entry (a second of its language is that rule's other ground), in a published language (one
    outside the list, under ``open``, is a reading of HIS-RULING-7's limits). A voyage's rule has other grounds a
    port may cite it for (a VP past its own reading of the range, a second voyage): not sure, it stays cited."""
    bonuses = asked.get("bonuses")
    entries = [*(cast(Sequence[Any], bonuses) if isinstance(bonuses, (list, tuple)) else ()), asked.get("play")]  # pyright: ignore[reportUnknownArgumentType]
    bibles = [entry for entry in entries if field(entry, "kind") == "bible_translation"]
    lone = len(bibles) == 1 and field(bibles[0], "language") in BIBLE_LANGUAGES
    return "HIS-RULING-6" if lone else None


def _not_allowed_whatever_its_vp(asked: dict[str, Any], rulings: Any) -> bool:
    """A play answered not allowed at each VP the rulings let the card carry (1 or 2, those the reference answers): the
    domination condition alone forbids it, whatever a port made of its VP (a refusal of a 1 VP Copernicus that 2 VP
    would let stop a domination is that VP's reading, not the answer HIS-PLAY-2 asks)."""
    play = _object(asked.get("play"))
    if play is None:
        return False
    answers = [
        _answer("may_play_copernicus_or_servetus", {**asked, "play": {**play, "vp": vp}}, rulings) for vp in (1, 2)
    ]
    allowed = [field(answer, "allowed") for answer in answers if field(answer, "allowed") is not None]
    return bool(allowed) and not any(allowed)


def _verdicts(expected: Any, got: Any, paths: tuple[str, ...]) -> tuple[dict[str, Any] | None, ...]:
    """The two verdicts compared: the answers themselves, or ``run_phase``'s ``outcome`` where every path lies in it."""
    due, given = _object(expected), _object(got)
    if paths and all(path.startswith("$.outcome") for path in paths):
        return _object(field(due, "outcome")), _object(field(given, "outcome"))
    return due, given


def _winner_empty(expected: Any, got: Any, paths: tuple[str, ...]) -> bool:
    """Every winner that differs given as ``""`` where nobody wins (``null``: HIS-WIN-4)."""

    def verdict(answer: Any, path: str) -> Any:  # the verdict holding the path's winner: the answer, or one field
        holder = path.removeprefix("$").removesuffix(".winner").lstrip(".")
        return field(answer, holder) if holder else answer

    return all(field(verdict(expected, p), "winner") is None and field(verdict(got, p), "winner") == "" for p in paths)


def _played_on(expected: Any, got: Any, paths: tuple[str, ...], rulings: Any) -> bool:
    """The verdict a tie the history cannot break gets under ``unbroken_tie`` ``play_on`` before turn 9 (nobody won,
    the powers still tied named, the game going on: HIS-RULING-3), answered as a game over, its two fields agreeing
    (fields that disagree break HIS-WIN-8's own sentence that they never do)."""
    due, given = _verdicts(expected, got, paths)
    if due is None or given is None or field(rulings, "unbroken_tie") != "play_on":
        return False
    over = given.get("game_over") is True and given.get("next_turn") is None
    return over and due.get("victory") == "none" and bool(due.get("tied"))


def _shared_tie_said_no_victory(expected: Any, got: Any, paths: tuple[str, ...], rulings: Any) -> bool:
    """Only ``victory`` differs, ``none`` given where a standard tie the history cannot break shares the victory
    (``unbroken_tie`` ``shared``: no winner, the powers still tied named, the game over): HIS-WIN-4's result keeps the
    victory found, only the winner is missing. Not at the time limit, which ``time_limit_tie`` and ``play_on`` decide
    (HIS-RULING-4, HIS-RULING-3: ``none`` is ``play_on``'s own answer before turn 9)."""
    if paths not in (("$.victory",), ("$.outcome.victory",)):
        return False
    due, given = _verdicts(expected, got, paths)
    if due is None or given is None:
        return False
    shared = due.get("winner") is None and bool(due.get("tied")) and due.get("game_over") is True
    ruled = field(rulings, "unbroken_tie") != "play_on"
    return ruled and shared and due.get("victory") == "standard" and given.get("victory") == "none"


def decided(
    operation: str, request: Any, rulings: Any, expected: Any, got: Any, paths: tuple[str, ...]
) -> str | tuple[str | None, ...] | None:
    """The clause of the first step that differs, when the answers show it (several: one of them, the run tells
    which); else None."""
    carried = carried_over(operation, request, rulings, expected, got)
    if carried:
        # this turn's totals raised by the last record's, shown on the sheets; a play's verdicts alone, which other
        # misreadings give alike, only where the run shows the sheets so
        return "HIS-VP-1" if operation == "run_phase" else (None, "HIS-VP-1")
    if paths and all(path.endswith(".winner") for path in paths) and _winner_empty(expected, got, paths):
        return "HIS-WIN-4"  # no winner given as an empty name, never as null
    if paths and all(path.endswith((".next_turn", ".game_over")) for path in paths):
        # the verdict right, the turn after it or whether the game is over wrong: the one clause that says which turn
        # is next and that the game is over exactly when there is none; where the verdict is ``play_on``'s tie, that
        # ruling's sentence giving the next turn, or the turn marker's clause: the run tells which
        return ("HIS-RULING-3", "HIS-WIN-8") if _played_on(expected, got, paths, rulings) else "HIS-WIN-8"
    if _shared_tie_said_no_victory(expected, got, paths, rulings):
        return "HIS-WIN-4"  # the tie the history cannot break said won by nobody, the game over all the same
    mine, theirs, asked = _object(expected), _object(got), _object(request)
    lines = sheet_lines(operation, mine, theirs, paths) if mine is not None and theirs is not None and paths else None
    if lines is not None:
        return lines  # each VP right, the lines showing it otherwise: the clause stating the sheet
    if paths and all(_BASE.fullmatch(path) for path in paths):
        return "HIS-VP-1"  # every line and total right, a sheet's base shown otherwise than given
    if _powers_reordered(expected, got, paths):
        # each power's entry right, the powers listed in another order than the impulses': inside the records the
        # request gave alone, the sentence of HIS-WIN-9 putting theirs in that order too; else the six powers' order
        return "HIS-WIN-9" if operation == "run_phase" and _given_records_only(request, paths) else "HIS-POWER-1"
    if operation == "determine_victory":
        return _outcome(mine, theirs, asked, rulings)
    if operation == "run_phase" and mine and theirs and paths and all(path.startswith("$.history") for path in paths):
        # the same turns' records in another order, or numbered otherwise: the order and turns the history keeps
        numbered = all(_HISTORY_TURN.fullmatch(path) for path in paths)
        # or only the record this turn appends written otherwise, the sheets and the verdict right: not the turn's
        # totals as the sheets give them (a card's base VP recorded for them)
        appended = f"$.history[{len(cast(list[Any], mine.get('history') or [])) - 1}]"
        last = all(path == appended or path.startswith(f"{appended}.") for path in paths)
        if last and asked and asked.get("play") is not None and _recorded_before_play(asked, rulings, theirs):
            return "HIS-PLAY-2"  # the turn's record holding the totals before the play: HIS-PLAY-2 asks those after it
        return "HIS-WIN-9" if numbered or last or reordered(mine.get("history"), theirs.get("history")) else None
    if operation == "run_phase" and mine and theirs and all(path.startswith("$.outcome") for path in paths):
        if asked and asked.get("play") is not None and theirs.get("outcome") == _before_play(asked, rulings):
            return "HIS-PLAY-2"  # the outcome before the play, where run_phase reports the one after it
        history = cast(list[dict[str, Any]], mine.get("history") or [{}])
        phase = {"turn": (asked or {}).get("turn"), "totals": history[-1].get("totals", [])}  # the turn's own
        return _outcome(_object(mine.get("outcome")), _object(theirs.get("outcome")), phase, rulings)
    if operation == "may_play_copernicus_or_servetus" and mine and theirs:
        # whether the play is allowed is read off the outcome before it (HIS-PLAY-1), found on the request's own
        # totals: a wrong one is the step that went wrong (the outcome after also depends on the card's VP)
        before = _outcome(_object(mine.get("before")), _object(theirs.get("before")), asked, rulings)
        return before or ("HIS-WIN-6" if _winner_named_going_on(mine.get("after"), theirs.get("after")) else None)
    return None
