"""Every alternative of every ruling of every game is told apart by ``rulespec diff`` with its default budget.

``rulespec diff ref 'ref[FIELD=ALT]' --game KEY``: the rulings are drawn per input, FIELD from the
alternatives other than ALT, so each input asks what ALT changes. The search runs the operation
that reads the ruling first (``READ_BY``, from the reference's code), then the game's other
operations in order, and stops at the first that shows a difference: an alternative no operation
tells apart still fails, after every operation's full budget. The difference is not shrunk (the
matrix asks whether the sides differ, not for the smallest input that shows it). It must be
found within 90 CPU seconds (the machine is shared: CPU time, not the wall clock, is what a
search costs); searched first where the ruling is read, each takes a few seconds at most.

An implementation that *plays* an alternative whatever it is asked (``Plays``) is told apart too, by
``rulespec diff ref impl:...``: no side switches a field there, so nothing is steered and every ruling
is drawn from all its alternatives; the difference must be found, and explained by that alternative.

About half a minute of CPU for the whole matrix (127 cases), so it runs in its own session
(``nox -s ruling_matrix``) and in CI within ``all_tests``, not in the default ``tests`` session
(tests/diff/conftest.py skips it there). The rulings are read from each game's Rulings type, so a
ruling added later is in the matrix without an edit here.
"""

from __future__ import annotations

import time

import msgspec
import pytest

from rulespec.conformance.harness.diff.answers import answer_json
from rulespec.conformance.harness.diff.command import DEFAULT_BUDGET
from rulespec.conformance.harness.diff.explore import Found, explore
from rulespec.conformance.harness.diff.sides import Side, parse_side
from rulespec.conformance.harness.games import REGISTRY, Game, game
from rulespec.conformance.harness.rulings import alternatives, explaining, value_text
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.subject import PythonSubject
from tests.rulings.switched import Plays

pytestmark = pytest.mark.ruling_matrix

CPU_SECONDS = 90.0
# rulings whose alternatives the spec shows to answer alike on the state modelled, with the clause saying so
EQUIVALENT = {("soe", "sequence"): ("SOE-RULING-13", "give the same result")}

# the operation whose reference code reads each ruling, searched first; a ruling missing here (or an operation
# that no longer reads it) costs only time: the other operations are searched after it, in the game's order
READ_BY = {
    ("his", "domination_first_turn"): "determine_victory",
    ("his", "domination_margin"): "determine_victory",
    ("his", "unbroken_tie"): "determine_victory",
    ("his", "time_limit_tie"): "determine_victory",
    ("his", "copernicus_vp"): "bonus_vp",
    ("his", "bonus_earners"): "bonus_vp",
    ("his", "spaces_in_unrest"): "special_vp",
    ("imperium", "nation_card_on_shuffle"): "draw",
    ("imperium", "hand_limit"): "draw",
    ("imperium", "short_draw"): "draw",
    ("imperium", "unrest_under"): "acquire_market_card",
    ("imperium", "acquired_card_to"): "acquire_market_card",
    ("imperium", "empty_market_deck"): "acquire_market_card",
    ("imperium", "surplus"): "pay_cost",
    ("imperium", "last_unrest"): "determine_winner",
    ("imperium", "full_tie"): "determine_winner",
    ("soe", "tie_share"): "score_region",
    ("soe", "rounding"): "score_region",
    ("soe", "unfriendly_tie"): "score_region",
    ("soe", "non_player_rank"): "score_region",
    ("soe", "unfriendly_scope"): "score_region",
    ("soe", "markerless_scores"): "score_region",
    ("soe", "gold_per_taxation"): "pay_maintenance",
    ("soe", "unrest_tokens"): "pay_maintenance",
    ("soe", "second_unrest"): "end_game",
    ("soe", "zero_unrest_penalised"): "end_game",
    ("soe", "vp_floor"): "end_game",
    ("soe", "final_tie"): "end_game",
}

MATRIX = [
    (key, name, msgspec.json.encode(choice).decode())
    for key in sorted(REGISTRY)
    for name, choices in alternatives(game(key).rulings).items()
    for choice in choices
]


def test_each_ruling_is_read_by_an_operation_of_its_game() -> None:
    for (key, name), operation in READ_BY.items():
        assert name in alternatives(game(key).rulings), f"READ_BY names {key}'s ruling {name}, which it lacks"
        assert operation in {o.name for o in game(key).operations}, f"READ_BY names {key}'s operation {operation}"


def first_difference(chosen: Game, name: str, a: Side, b: Side) -> tuple[Found | None, float]:
    """The search of each operation in turn, the one that reads the ruling first, until one tells the sides apart;
    with the CPU seconds it took."""
    first = READ_BY.get((chosen.key, name))
    operations = sorted((operation.name for operation in chosen.operations), key=lambda operation: operation != first)
    start = time.process_time()
    found = None
    for operation in operations:
        found = explore(chosen, operation, a, b, DEFAULT_BUDGET, max_differences=1, shrinking=False)
        if found.differences:
            break
    return found, time.process_time() - start


@pytest.mark.parametrize(("key", "name", "alternative"), MATRIX)
def test_diff_tells_the_alternative_from_the_reference(key: str, name: str, alternative: str) -> None:
    if (key, name) in EQUIVALENT:
        clause, says = EQUIVALENT[(key, name)]
        text = " ".join(c.text for c in read_clauses(game(key).spec_path) if c.id == clause).replace("\n", " ")
        assert says in text, f"{clause} no longer says its alternatives {says}"
        pytest.skip(f"{clause}: the spec shows the alternatives {says} on the modelled state")
    chosen = game(key)
    reference, switched = parse_side(chosen, "ref"), parse_side(chosen, f"ref[{name}={alternative}]")
    found, spent = first_difference(chosen, name, reference, switched)
    print(f"{key} {name}={alternative}: {found.operation if found else '-'} {spent:.1f} s CPU")
    assert found is not None and found.differences, (
        f"ref[{name}={alternative}]: no difference in {DEFAULT_BUDGET} inputs per operation"
    )
    assert spent < CPU_SECONDS, f"ref[{name}={alternative}]: found in {found.operation} after {spent:.0f} CPU seconds"


@pytest.mark.parametrize(("key", "name", "alternative"), MATRIX)
def test_diff_tells_an_implementation_playing_the_alternative_and_names_it(
    key: str, name: str, alternative: str
) -> None:
    if (key, name) in EQUIVALENT:
        pytest.skip(f"{EQUIVALENT[(key, name)][0]}: the spec shows the alternatives alike on the modelled state")
    chosen = game(key)
    value = next(v for v in alternatives(chosen.rulings)[name] if msgspec.json.encode(v).decode() == alternative)
    engine = Plays(chosen, name, value)
    reference, playing = parse_side(chosen, "ref"), Side("plays", PythonSubject(chosen, engine, "plays"), {}, engine)
    found, spent = first_difference(chosen, name, reference, playing)
    print(f"{key} plays {name}={alternative}: {found.operation if found else '-'} {spent:.1f} s CPU")
    assert found is not None and found.differences, f"plays {name}={alternative}: no difference in any operation"
    difference = found.differences[0]
    switch = f"{name}={value_text(value)}"
    got = answer_json(difference.b)
    told = explaining(chosen, difference.operation, difference.request, difference.rulings_b, got)
    assert switch in told, f"{difference.group}: explained by {told}, not {switch}"
    assert spent < CPU_SECONDS, f"plays {name}={alternative}: found in {found.operation} after {spent:.0f} CPU seconds"
