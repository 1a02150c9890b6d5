"""Blame of one slip that shows in every answer of an operation: a result field of another form, or one crash.

Each fake is the reference with one slip a port makes in its plumbing rather than in a rule's reckoning (a field
left out, a card written where a name belongs, a sum with no start value). The slip fails the checks of many rules;
each failure is blamed on one clause: the one the spec's "What a result's fields hold" names for the field, or the
one a crash's requests speak of (``blame.shapes``, ``blame.crashes``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from types import SimpleNamespace
from typing import Any
from unittest import mock

import rulespec.reference.here_i_stand as his
import rulespec.reference.imperium as imperium
import rulespec.reference.struggle_of_empires as soe
import rulespec.reference.struggle_of_empires.scoring as scoring
from rulespec.conformance.harness.blame.crashes import _features, _too_long, crash, crash_rule  # pyright: ignore[reportPrivateUsage]
from rulespec.conformance.harness.blame.names import named_clause
from rulespec.conformance.harness.blame.shapes import misfit_path
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.per_rule import ERROR, FAILED, tally, with_blame
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.rulings import json_value
from rulespec.conformance.harness.verdict import Difference, field
from rulespec.reference.here_i_stand.model import VictoryRequest
from rulespec.reference.imperium.model import AcquireRequest, ExhaustRequest
from rulespec.reference.struggle_of_empires.model import EndGameRequest, IncomeRequest, RegionRequest
from tests.core.test_blame import records_of


def _broken(key: str, records: list[CheckRecord]) -> list[str]:
    """The rules the run fails or errs on (blamed), sorted."""
    return sorted(t.rule for t in tally([game(key)], records).tallies if t.status in (FAILED, ERROR))


def _spread(records: list[CheckRecord]) -> set[str]:
    """The primary rules of the checks that did not pass: the rules a blame on each check's own would fail."""
    return {r.primary_rule for r in records if r.outcome in ("failed", "error")}


def _collapse_card_left_out(request: AcquireRequest, rulings: Any, /) -> Any:
    """IMP-COLLAPSE-1 in a port's plumbing: ``collapse_card`` never set unless the game collapsed, so left out."""
    answer = json_value(imperium.acquire_market_card(request, rulings))
    if answer["collapse_card"] is None:
        del answer["collapse_card"]
    return answer


def test_a_result_field_left_out_fails_the_clause_saying_what_it_holds() -> None:
    records = records_of("imperium", SimpleNamespace(acquire_market_card=_collapse_card_left_out))
    assert len(_spread(records)) > 3
    assert _broken("imperium", records) == ["IMP-COLLAPSE-1"]


def _card_for_its_name(request: ExhaustRequest, rulings: Any, /) -> Any:
    """IMP-EXHAUST-1 in a port's plumbing: the card newly exhausted listed as the card, not by its name."""
    answer = json_value(imperium.use_exhaust_ability(request, rulings))
    cards = {card.name: json_value(card) for card in request.player.play_area}
    answer["exhausted"][-1] = cards[answer["exhausted"][-1]]
    return answer


def test_a_card_where_a_name_belongs_fails_the_clause_saying_what_the_field_holds() -> None:
    records = records_of("imperium", SimpleNamespace(use_exhaust_ability=_card_for_its_name))
    assert len(_spread(records)) > 2
    assert _broken("imperium", records) == ["IMP-EXHAUST-1"]


def _summed_without_a_start(request: IncomeRequest, rulings: Any, /) -> Any:
    """SOE-INCOME-3 in a port's plumbing: the markers on the map summed with no start value, a crash on no region."""
    income = soe.collect_income(request, rulings)
    if not request.regions:
        raise TypeError("reduce of an empty sequence with no initial value")
    return income


def test_one_crash_on_an_empty_field_fails_the_clause_that_speaks_of_that_field() -> None:
    """Every crashing request has ``regions`` empty, no accepted request the run passed has: SOE-INCOME-3 counts the
    markers over the regions given, none included, and is the one of the crashing checks' rules naming ``regions``."""
    records = records_of("soe", SimpleNamespace(collect_income=_summed_without_a_start))
    assert len(_spread(records)) > 3
    assert _broken("soe", records) == ["SOE-INCOME-3"]


def _order_read_unguarded(operation: str) -> Any:
    """SOE-MAINT-8 in a port's plumbing: each empire's order read without a guard, a crash for an empire without one
    (which the clause allows: it draws and disbands nothing), in a maintenance phase and in a war's."""

    def call(request: Any, rulings: Any, /) -> Any:
        ordered = {order.player for order in request.orders}
        if any(empire.player not in ordered for empire in request.empires):
            raise TypeError("Cannot read properties of undefined (reading 'unrest_draws')")
        return getattr(soe, operation)(request, rulings)

    return call


def test_one_crash_on_a_list_short_of_a_key_fails_the_clause_that_allows_it() -> None:
    """Every crashing request has an empire without an order, no accepted request the run passed has: SOE-MAINT-8 is
    the clause with a sentence allowing ``orders`` to leave a player out. A war's crash is judged by the maintenance
    requests that passed where none of the war's own did: each field judged by requests holding it."""
    fake = SimpleNamespace(**{name: _order_read_unguarded(name) for name in ("pay_maintenance", "end_war")})
    records = records_of("soe", fake, ("pay_maintenance", "end_war"))
    crashed = [r for r in records if r.outcome == "error"]
    assert {r.operation for r in crashed} == {"pay_maintenance", "end_war"}
    assert len({r.primary_rule for r in crashed}) > 3
    assert _broken("soe", records) == ["SOE-MAINT-8"]


def _six_players_unsupported(request: RegionRequest, rulings: Any, /) -> Any:
    """An honest port that has not written ties of six or more players yet, and says so (SOE-GAME-1 allows seven)."""
    if len(request.players) > 5:
        raise NotImplementedError("not supported yet: more than five players in score_region")
    return soe.score_region(request, rulings)


def test_one_crash_on_lists_longer_than_any_passed_fails_the_rule_bounding_that_length() -> None:
    """Every crashing request holds more players than any request the run passed: no field is empty, and the crash is
    blamed on the rule of the vectors refusing the list's count (SOE-GAME-1), not the rounding rule most of those
    vectors (ties of six and seven) are primary to."""
    records = records_of("soe", SimpleNamespace(score_region=_six_players_unsupported), ("score_region",))
    crashed = [r for r in records if r.outcome == "error"]
    assert len({r.primary_rule for r in crashed}) >= 2
    assert _broken("soe", records) == ["SOE-GAME-1"]


def _thrown(operation: str, rule: str, first: str, caller: str) -> CheckRecord:
    """A wire crash as the harness records it: the message, then the reply's context, a stack of escaped lines."""
    stack = f'{{"stack":"TypeError: x is undefined\\n    at {first}\\n    at {caller}\\n    at run (impl.js:24)"}}'
    thrown = f"exception in the implementation: TypeError: x is undefined {stack}"
    return CheckRecord(f"{operation}.json::{rule}", "soe", "vector", (rule,), "error", thrown, operation=operation)


def test_one_wire_message_reached_by_two_callers_is_one_slip_and_thrown_in_two_places_two() -> None:
    """An ``errored`` reply's stack names the callers below the frame that threw, and they differ where one operation
    reaches the slip by two paths: the same message thrown at the same place is one fault. Thrown at two places, the
    same generic message is two slips (a read of an undefined order, and of an undefined seeding)."""
    callers = [
        _thrown("end_war", rule, "maintain (soe.js:270)", caller)
        for rule, caller in (("SOE-SEQ-1", "war (soe.js:381)"), ("SOE-SEQ-4", "war (soe.js:386)"), ("SOE-SEQ-1", "g"))
    ]
    assert [crash_rule(record, callers) for record in callers] == ["SOE-SEQ-1"] * 3
    places = [
        _thrown("end_war", "SOE-SEQ-4", "maintain (soe.js:270)", "war (soe.js:381)"),
        _thrown("end_war", "SOE-SEQ-5", "seed (soe.js:120)", "war (soe.js:390)"),
    ]
    assert [crash_rule(record, places) for record in places] == [None, None]  # each a slip of one rule's checks


def test_a_crash_under_declared_rulings_is_the_same_crash_and_the_same_misfit_the_same_field() -> None:
    """A vector re-derived under the rulings an engine declares carries their note before its detail: the exception
    (or the refused output) behind it is the same, so one slip stays one crash over declared and default checks."""
    plain = _thrown("score_region", "SOE-GAME-1", "score (soe.js:331)", "run (impl.js:24)")
    noted = replace(plain, nodeid="x.json::y", rederived=True, detail=f"re-derived under rounding=up: {plain.detail}")
    assert crash(noted) == crash(plain) is not None
    words = "wrong type: output is not a X: Expected `str`, got `object` - at `$.drawn[0]`"
    misfit = replace(_misfit("error", words), rederived=True, detail=f"re-derived under rounding=up: {words}")
    assert misfit_path(misfit) == "drawn[]"


def test_a_list_short_of_a_key_is_a_player_s_or_a_power_s_never_two_unrelated_names() -> None:
    """Two lists keyed by names of different things (tiles and grand alliances, two zones of cards) are not one list
    short of the other's keys: only entries of players or powers are."""
    board = {"tiles": [{"name": "Bank", "owner": "a"}], "grand_alliances": [{"name": "Holy Roman Empire"}]}
    assert set(_features(board)) == set()
    zones = {"hand": [{"name": "farm"}], "draw_pile": [{"name": "road"}], "discard_pile": []}
    assert set(_features(zones)) == {"discard_pile"}  # empty, never short
    orders = {"empires": [{"player": "a"}, {"player": "b"}], "orders": [{"player": "b"}]}
    assert set(_features(orders)) == {"orders"}


def test_a_list_longer_than_any_passed_names_only_a_rule_refusing_that_length() -> None:
    """A rule whose vectors refuse the list for another reason (any seeding at the third war, an empty unrest pile)
    bounds no length: a crash on longer lists never names it."""
    assert _too_long("soe").get("players") == "SOE-GAME-1"
    assert "neutral_seeding" not in _too_long("soe")
    assert "unrest_pile" not in _too_long("imperium")


def _empty_slot_read(request: AcquireRequest, rulings: Any, /) -> Any:
    """IMP-MARKET-1 in a port's plumbing: the market searched for the asked card reading every slot's card, a crash
    on an empty slot met before the card (or anywhere, for a card in no slot)."""
    for slot in request.market:
        if slot.card is None:
            raise AttributeError("'NoneType' object has no attribute 'name'")
        if slot.card.name == request.card:
            break
    return imperium.acquire_market_card(request, rulings)


def test_one_crash_no_field_explains_fails_the_rule_most_of_its_vectors_are_primary_to() -> None:
    """Accepted requests with an empty slot pass too (after the asked card), so no empty field tells the crashing
    requests apart: the crash fails IMP-MARKET-1, the rule of most of the vectors it throws in."""
    records = records_of("imperium", SimpleNamespace(acquire_market_card=_empty_slot_read))
    crashed = [r for r in records if r.outcome == "error"]
    assert len({r.primary_rule for r in crashed}) >= 2
    assert _broken("imperium", records) == ["IMP-MARKET-1"]


def _crashed(rule: str, detail: str) -> CheckRecord:
    return CheckRecord("x.json::" + rule.lower(), "soe", "vector", (rule,), "error", detail, operation="end_game")


def test_a_crash_in_one_rule_s_checks_only_and_a_crash_of_its_own_stay_each_check_s_rule() -> None:
    one_rule = [_crashed("SOE-END-4", "fake.end_game raised KeyError: 'a'")] * 2
    assert crash_rule(one_rule[0], one_rule) is None
    apart = [
        _crashed("SOE-END-4", "fake.end_game raised KeyError: 'a'"),
        _crashed("SOE-END-5", "fake.end_game raised KeyError: 'b'"),
    ]
    assert crash_rule(apart[0], apart) is None  # two messages: two slips, each its own check's


def _misfit(outcome: str, detail: str) -> CheckRecord:
    return CheckRecord("x.json::y", "imperium", "vector", ("IMP-MARKET-1",), outcome, detail, operation="draw")


def test_only_the_harness_s_words_for_a_refused_output_name_a_field() -> None:
    """The harness's reason of an error, or the last "(and ...)" a failure read anyway carries; never the same words
    in an exception's message, a refusal's reason or an output the differences quote (they would steer the blame)."""
    words = "output is not a DrawResult: Object missing required field `drawn`"
    assert misfit_path(_misfit("error", f"missing field: {words}")) == "drawn"
    nested = "wrong type: output is not a X: Object missing required field `place` - at `$.standings[2]`"
    assert misfit_path(_misfit("error", nested)) == "standings[].place"
    in_process = "fake.draw returned dict, not a valid DrawResult: Expected `str`, got `object` - at `$.drawn[0]`"
    assert misfit_path(_misfit("error", in_process)) == "drawn[]"
    read = "result differs at $.drawn[0]: expected 1 (and wrong type: output is not a X: Expected `str`, got `int`"
    read += " - at `$.drawn[0]`)"
    assert misfit_path(_misfit("failed", read)) == "drawn[]"
    invariant = "wrong type: output is not a DrawResult: Expected `str`, got `object` - at `$.drawn[0]`"
    assert misfit_path(_misfit("failed", invariant)) == "drawn[]"  # an invariant's misfit, recorded as a failure
    assert misfit_path(_misfit("error", f"exception in the implementation: missing field: {words}")) is None
    # a request answered two ways: the harness's note ends the first line; the replies below may say anything
    twice = "result differs at $.drawn[0]: expected 1, got 2 (and non-determinism: the same request answered two ways)"
    steer = "(and wrong type: output is not a X: Expected `str`, got `int` - at `$.drawn[0]`)"
    assert misfit_path(_misfit("failed", f"{twice}\n  non-determinism: ... got {{}} then oops {steer}")) is None
    assert misfit_path(_misfit("failed", f"non-determinism: answered oops {steer}")) is None
    assert (
        misfit_path(_misfit("error", f"fake.draw raised ValueError: x.draw returned dict, not a valid X: {words}"))
        is None
    )
    quoted = (
        f'result differs at $.x: expected 1, got "(and missing field: {words})" (and wrong type: output is not a X: '
    )
    assert misfit_path(_misfit("failed", quoted + "Expected `str`, got `int` - at `$.shuffles`)")) == "shuffles"
    assert (
        misfit_path(_misfit("failed", f'result differs at $.x: expected 1, got "(and missing field: {words})"')) is None
    )


def test_a_number_of_another_kind_or_a_null_for_a_value_is_no_field_s_form() -> None:
    """A share left a fraction is arithmetic and a null where a number is due a value left out: the rules computing
    them are blamed as before; a null for a list is the list's form."""

    def wrong(due: str, got: str) -> CheckRecord:
        return _misfit("error", f"wrong type: output is not a X: Expected `{due}`, got `{got}` - at `$.drawn`")

    assert misfit_path(wrong("int", "float")) is None
    assert misfit_path(wrong("int", "null")) is None
    assert misfit_path(wrong("array", "null")) == "drawn"
    assert misfit_path(wrong("str", "int")) == "drawn"


def _phase_never_run(request: Any, rulings: Any, /) -> Any:
    """A port whose ``run_phase`` throws whatever it is asked (a stub left in)."""
    raise RuntimeError("run_phase: not written yet")


def test_an_operation_that_always_crashes_is_one_fault_on_the_rule_most_of_its_vectors_are_primary_to() -> None:
    """Nothing answered tells what the crashing requests have apart, so no field is blamed by accident: the one
    fault errs on the rule most of the operation's vectors are primary to, the others only implicated."""
    records = records_of("his", SimpleNamespace(run_phase=_phase_never_run), ("run_phase",))
    crashed = [r for r in records if r.outcome == "error"]
    votes = Counter(r.primary_rule for r in crashed)
    assert len(votes) > 3
    assert _broken("his", records) == [
        next(r.primary_rule for r in crashed if votes[r.primary_rule] == max(votes.values()))
    ]


def test_with_no_accepted_request_passed_no_empty_field_is_named() -> None:
    """Two checks crash alike, both on ``regions`` ``[]``, and nothing of the operation passed: an empty field shared
    by chance is no evidence, so the crash is the first check's rule (a tie of one vector each), not SOE-INCOME-3's."""
    asked = {"empires": [{"player": "a", "gold": 1}], "regions": []}
    crashed = [
        CheckRecord(
            f"collect_income.json::{rule}",
            "soe",
            "vector",
            (rule,),
            "error",
            "fake.collect_income raised TypeError: x",
            operation="collect_income",
            request=asked,
        )
        for rule in ("SOE-GAME-1", "SOE-INCOME-3")
    ]
    assert crash_rule(crashed[1], crashed) == "SOE-GAME-1"


def _share_left_a_fraction(pool: int, size: int, rounding: Any) -> Any:
    """SOE-RULING-2 misread: a pooled share that does not divide evenly left as a fraction, never rounded."""
    return pool / size if pool % size else pool // size


def _unrounded(request: RegionRequest, rulings: Any, /) -> Any:
    with mock.patch.object(scoring, "divide_pool", _share_left_a_fraction):
        return soe.score_region(request, rulings)


def test_a_share_left_a_fraction_fails_the_rounding_ruling_not_the_awards_field() -> None:
    records = records_of("soe", SimpleNamespace(score_region=_unrounded), ("score_region",))
    assert any("got `float`" in r.detail for r in records)
    assert _broken("soe", records) == ["SOE-RULING-2"]


def _tied_null(request: VictoryRequest, rulings: Any, /) -> Any:
    """HIS-WIN-4 in a port's plumbing: no tie written as null, not as the empty list (a nil slice marshalled)."""
    answer = json_value(his.determine_victory(request, rulings))
    answer["tied"] = answer["tied"] or None
    return answer


def test_a_null_for_an_empty_list_fails_the_clause_of_that_list() -> None:
    records = records_of("his", SimpleNamespace(determine_victory=_tied_null), ("determine_victory",))
    assert len(_spread(records)) > 3
    assert _broken("his", records) == ["HIS-WIN-4"]


def _total_null(name: str) -> Any:
    """HIS-VP-1 in a port's plumbing: each sheet's total summed from fields the sheet does not have, NaN written as
    null (the 66th zoo's plumbing his-03), in every sheet of ``score_power`` and ``run_phase``."""
    operation = getattr(his, name)

    def call(request: Any, rulings: Any, /) -> Any:
        answer = json_value(operation(request, rulings))
        for sheet in answer["scores"] if name == "run_phase" else [answer]:
            sheet["total"] = None
        return answer

    return call


def test_a_null_in_every_answer_is_the_field_s_form_and_a_null_in_some_a_value_s_slip() -> None:
    """A total null in every sheet, whatever the request, fails the clause the table names for `total`, over the
    scoring, ruling and phase checks alike; where some requests get a number (the run passes a vector of the
    operation) a null is one value's slip, the checks' own rules."""
    names = ("score_power", "run_phase")
    records = records_of("his", SimpleNamespace(**{name: _total_null(name) for name in names}), names)
    assert len(_spread(records)) > 3
    assert _broken("his", records) == ["HIS-VP-1"]
    sheets = [r for r in records if r.operation == "score_power" and r.kind == "vector" and r.outcome == "failed"]
    assert len(sheets) >= 2 and misfit_path(sheets[0], records) == "total" and misfit_path(sheets[0]) is None
    numbered = [replace(r, outcome="passed") if r is sheets[1] else r for r in records]  # one request got a number
    assert misfit_path(sheets[0], numbered) is None


def _one_shared_empire(request: Any, rulings: Any, /) -> Any:
    """SOE-POP-2 in a port's plumbing: each grown empire assigned onto one shared object (the 66th zoo's plumbing
    soe-08), so every entry shows the last empire's values."""
    answer = json_value(soe.grow_population(request, rulings))
    answer["empires"] = [answer["empires"][-1] for _ in answer["empires"]]
    return answer


def _papacy_null_others_one_up(request: Any, rulings: Any, /) -> Any:
    """Two slips of ``score_power``: every total one too many, and the Papacy's written as null."""
    answer = json_value(his.score_power(request, rulings))
    answer["total"] = None if answer["power"] == "papacy" else answer["total"] + 1
    return answer


def test_a_null_where_other_failing_answers_hold_a_number_is_a_value_s_slip() -> None:
    """No result of the operation passes, but the failing answers hold numbers at `total` beside the one null: the
    null is one value's slip, not the field's form (a second reader's case)."""
    records = records_of("his", SimpleNamespace(score_power=_papacy_null_others_one_up), ("score_power",))
    nulls = [r for r in records if r.outcome == "failed" and field(r.got, "power") == "papacy"]
    assert nulls and all(misfit_path(r, records) is None for r in nulls)


def _null_penalty(request: EndGameRequest, rulings: Any, /) -> Any:
    """A port writing a penalty of null for every player penalised."""
    answer = json_value(soe.end_game(request, rulings))
    for standing in answer["standings"]:
        standing["penalty"] = None if standing["penalty"] else 0
    return answer


def test_a_penalty_of_another_type_is_blamed_without_a_fault_of_the_blame() -> None:
    """The standings' blame reads penalties as numbers: a null one is no tie's evidence, never a crash (a second
    reader's case), and the report names each failure's rule."""
    records = records_of("soe", SimpleNamespace(end_game=_null_penalty), ("end_game",))
    assert any(r.outcome == "failed" for r in records)
    assert all(r.blamed for r in with_blame(records) if r.outcome == "failed")


def test_every_entry_written_onto_one_shared_object_fails_the_clause_of_each_entry_its_own() -> None:
    """The one misreading that answers so builds each empire and keeps the last for all: the step's clause
    (SOE-POP-2: nothing else changes), not each check's own rule."""
    records = records_of("soe", SimpleNamespace(grow_population=_one_shared_empire), ("grow_population",))
    assert len(_spread(records)) >= 3
    assert _broken("soe", records) == ["SOE-POP-2"]


def _special_summed_one_line_short(request: Any, rulings: Any, /) -> Any:
    """HIS-SPECIAL-9 in a port's plumbing: the sheet's total summed by a loop that stops one line early (the 67th
    zoo's plumbing his-01), so a lone line counts nothing."""
    answer = json_value(his.special_vp(request, rulings))
    answer["total"] = sum(line["vp"] for line in answer["lines"][:-1])
    return answer


def test_a_total_summed_one_term_short_fails_the_clause_of_the_sum() -> None:
    """Every special VP sheet with a line totals all but its last: the clause saying the total is the sum of its
    lines (HIS-SPECIAL-9), not each line's own clause."""
    records = records_of("his", SimpleNamespace(special_vp=_special_summed_one_line_short), ("special_vp",))
    assert len(_spread(records)) >= 4
    assert _broken("his", records) == ["HIS-SPECIAL-9"]


def _prototype_key_tallied(request: IncomeRequest, rulings: Any, /) -> Any:
    """SOE-GAME-2 in a port's plumbing: the markers tallied in a plain JavaScript object keyed by name (the 67th zoo's
    plumbing soe-01), where the key `__proto__` is the object's prototype, so that player's gold is joined to it as
    text; every other name is tallied right."""
    answer = json_value(soe.collect_income(request, rulings))
    for empire in answer["empires"]:
        if empire["player"] == "__proto__":  # JavaScript's quirk, not a condition on a test's values
            empire["gold"] = f"{empire['gold']}[object Object]"
    return answer


def test_a_name_the_spec_calls_a_name_like_any_other_answered_wrong_fails_the_clause_saying_so() -> None:
    """Only requests holding a player named `__proto__` fail, and no passed vector of the operation holds that name:
    SOE-GAME-2, the clause naming it as a name like any other, not each check's income rule."""
    records = records_of("soe", SimpleNamespace(collect_income=_prototype_key_tallied), ("collect_income",))
    failed = [r for r in records if r.outcome == "failed"]
    assert failed and {r.primary_rule for r in failed} != {"SOE-GAME-2"}
    assert _broken("soe", records) == ["SOE-GAME-2"]
    assert named_clause(failed[0], []) is None  # no run, no name set apart
    vector = next(r for r in failed if r.kind == "vector")
    other = next(i for i, e in enumerate(vector.request["empires"]) if e["player"] != "__proto__")
    elsewhere = replace(vector, differences=(Difference(f"$.empires[{other}].gold", 1, 2, "value"),), detail="")
    assert named_clause(elsewhere, records) is None  # a wrong answer for another player is not that name's


def _revolution_only_when_true(request: EndGameRequest, rulings: Any, /) -> Any:
    """SOE-END-3 in a port's plumbing: `revolution` written only when true (an optional field left unset)."""
    answer = json_value(soe.end_game(request, rulings))
    for standing in answer["standings"]:
        if not standing["revolution"]:
            del standing["revolution"]
    return answer


def test_a_standing_s_field_left_out_fails_the_clause_listing_a_standing_s_fields() -> None:
    records = records_of("soe", SimpleNamespace(end_game=_revolution_only_when_true), ("end_game",))
    assert len(_spread(records)) > 3
    assert _broken("soe", records) == ["SOE-END-3"]


def test_one_wire_message_in_two_operations_is_two_slips_and_no_run_weighs_none() -> None:
    """A generic message ("internal error") thrown by two operations is two faults, each its operation's."""
    thrown = "exception in the implementation: internal error {}"
    crashed = [
        CheckRecord(f"{operation}.json::{rule}", "soe", "vector", (rule,), "error", thrown, operation=operation)
        for operation, rule in (
            ("collect_income", "SOE-GAME-1"),
            ("collect_income", "SOE-INCOME-3"),
            ("end_game", "SOE-END-4"),
            ("end_game", "SOE-END-5"),
        )
    ]
    assert [crash_rule(record, crashed) for record in crashed] == ["SOE-GAME-1"] * 2 + ["SOE-END-4"] * 2
    assert crash_rule(crashed[0], ()) is None
