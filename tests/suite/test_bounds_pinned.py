"""Every bound of Here I Stand's bonus VP table is asked on both sides: the last value accepted and the first refused.

The table (each kind's VP, HIS-BONUS-1 to HIS-BONUS-9, under each reading of HIS-RULING-7) is read from the
reference, the spec in code: each single-entry ``bonus_vp`` vector is asked again with its VP from -1 to 12, and
wherever the answer turns from accepted to refused, both neighbours must be among the vectors of that kind and
reading. A bound no vector pins lets a port type it one off and pass (a Master of Italy worth 3 accepted).
"""

from __future__ import annotations

import copy
from collections import defaultdict
from typing import Any

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.rulings import reference_json, typed_question
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.wire.encoding import wire_form

TRIED = range(-1, 13)


def _accepted(request: dict[str, Any], rulings: dict[str, Any], vp: int) -> bool:
    asked = copy.deepcopy(request)
    asked["bonuses"][0]["vp"] = vp
    typed = typed_question(game("his"), "bonus_vp", asked, rulings)
    assert typed is not None
    answer = reference_json(game("his"), "bonus_vp", *typed)
    return not (isinstance(answer, dict) and "error" in answer)


def test_every_bound_of_the_bonus_table_is_asked_on_both_sides() -> None:
    asked: defaultdict[tuple[str, str], set[int]] = defaultdict(set)
    template: dict[tuple[str, str], tuple[dict[str, Any], dict[str, Any]]] = {}
    for loaded in load_game(game("his")):
        request, rulings = wire_form(loaded.request), wire_form(loaded.rulings)
        if loaded.operation != "bonus_vp" or len(request["bonuses"]) != 1:
            continue
        key = (request["bonuses"][0]["kind"], rulings["track_limits"])
        asked[key].add(request["bonuses"][0]["vp"])
        if loaded.case.error is None:
            template.setdefault(key, (request, rulings))
    missing: list[str] = []
    for (kind, limits), (request, rulings) in sorted(template.items()):
        accepted = [_accepted(request, rulings, vp) for vp in TRIED]
        for at in range(len(TRIED) - 1):
            if accepted[at] != accepted[at + 1]:
                missing += [
                    f"{kind} {vp} VP ({limits})" for vp in TRIED[at : at + 2] if vp not in asked[(kind, limits)]
                ]
    assert len(template) >= 18, sorted(template)  # every kind asked under both readings
    assert not missing, f"bounds no vector asks: {', '.join(missing)}"
