"""Whether a phase's answer shows its totals carried over from the turn before (``blame.decided``).

HIS-VP-1's totals are this turn's alone: the history is read only to break a tie. A port reading "VP are cumulative"
as adding each power's total in the history's last record to its sheet answers every phase as the reference answers
the same phase with each power's base VP raised by that total: the sheets' lines as due, their totals, the verdict on
them and the new record raised alike (``run_phase``), or a play judged on them (``may_play_copernicus_or_servetus``,
whose verdicts alone other misreadings give alike). Where the sheets show it, it is HIS-VP-1's, whatever else it
reaches.
"""

from __future__ import annotations

from typing import Any, cast

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.rulings import reference_json, typed_question
from rulespec.conformance.harness.verdict import as_json, field

CARRIED = ("run_phase", "may_play_copernicus_or_servetus")  # the operations that total this turn's sheets


def _items(value: object) -> list[object]:
    """A JSON array's items (a run's records hold tuples), none for anything else."""
    return list(cast(list[object], value)) if isinstance(value, (list, tuple)) else []


def _raised(request: Any) -> dict[str, Any] | None:
    """``request`` with each power's base VP raised by its total in the history's last record; None without one."""
    asked = cast(dict[str, Any], request) if isinstance(request, dict) else None
    records, cards = _items(field(asked, "history")), _items(field(asked, "cards"))
    if asked is None or not records or not cards:
        return None
    last = {field(entry, "power"): field(entry, "vp") for entry in _items(field(records[-1], "totals"))}
    raised: list[dict[str, Any]] = []
    for card in cards:
        base, carried = field(card, "base_vp"), last.get(field(card, "power"))
        if not (isinstance(base, int) and isinstance(carried, int)):
            return None
        raised.append({**cast(dict[str, Any], card), "base_vp": base + carried})
    return {**asked, "cards": raised}


def _answer_raised(operation: str, request: Any, rulings: Any) -> Any:
    """The reference's answer (JSON) to the phase with every total carried over; None where none is known."""
    raised = _raised(request) if operation in CARRIED else None
    typed = typed_question(game("his"), operation, raised, rulings or {}) if raised is not None else None
    return reference_json(game("his"), operation, *typed) if typed else None


def carried_over(operation: str, request: Any, rulings: Any, expected: Any, got: Any) -> bool:
    """Whether ``got`` is the phase answered on totals carried over: ``may_play_copernicus_or_servetus`` whole as the
    reference answers the raised phase; ``run_phase`` so too (the carried VP shown on the base line), or its sheets
    each as due but for its total, the totals, verdict and new record the raised phase's."""
    raised = _answer_raised(operation, request, rulings)
    if raised is None or "error" in raised or as_json(raised) == as_json(expected):
        return False
    whole = as_json(raised) == as_json(got)  # the raised phase whole: a sheet's base line raised too
    if whole or operation == "may_play_copernicus_or_servetus":
        return whole
    due, totals = (
        _items(field(expected, "scores")),
        [field(sheet, "total") for sheet in _items(field(raised, "scores"))],
    )
    if len(due) != len(totals) or not all(isinstance(sheet, dict) for sheet in due):
        return False
    sheets = [{**cast(dict[str, Any], sheet), "total": total} for sheet, total in zip(due, totals)]
    answer = {"scores": sheets, "outcome": field(raised, "outcome"), "history": field(raised, "history")}
    return as_json(answer) == as_json(got)
