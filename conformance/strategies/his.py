"""Hypothesis strategies for Here I Stand's Victory Determination Phase.

Small pieces that compose: a power's base VP, a board, a game's bonuses, a VP history,
a whole phase. Every value they make is valid under every ruling (the published track
sizes and earners, Copernicus at 2), so an invariant can pair any request with any
``rulings()``. The ``*_with_fault`` strategies make one field wrong and say which.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from hypothesis import strategies as st

from rulespec.conformance.harness.rulings import alternatives, drawn
from rulespec.reference.here_i_stand.model import (
    POWERS,
    Board,
    Bonus,
    PhaseRequest,
    Power,
    PowerCard,
    PowerVp,
    TurnRecord,
    VictoryRequest,
)
from rulespec.reference.here_i_stand.rulings import Rulings

LAST_TURN = 9
MAX_TOTAL = 40  # above any total seen in play; room for ties, dominations and standard wins
SEAFARERS = (Power.ENGLAND, Power.FRANCE, Power.HABSBURGS)
LANGUAGES = ("english", "french", "german")


@cache
def rulings() -> st.SearchStrategy[Rulings]:
    """Any combination of the rulings' alternatives, a declared ruling only at the values declared."""
    strategy: st.SearchStrategy[Rulings] = drawn(Rulings)
    return strategy


@cache
def powers() -> st.SearchStrategy[Power]:
    return st.sampled_from(POWERS)


# the turns a domination may first come on (HIS-RULING-1), where reading one alternative for the other shows
DOMINATION_TURNS: tuple[int, ...] = alternatives(Rulings)["domination_first_turn"]
# the leads a domination needs (HIS-RULING-2)
DOMINATION_MARGINS: tuple[int, ...] = alternatives(Rulings)["domination_margin"]


@cache
def turns() -> st.SearchStrategy[int]:
    return st.integers(1, LAST_TURN)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A board within the published tracks, Protestant spaces short of a religious victory.

    Fewer than 50 spaces in all, so the marker stops short of 50 whether or not those in unrest count
    (HIS-RULING-9).
    """
    electorates = draw(st.integers(0, 6))
    spaces = draw(st.integers(0, 49))
    unrest = draw(st.integers(0, min(6, spaces)))
    return Board(
        piracy_vp=draw(st.integers(0, 10)),
        schmalkaldic_league=draw(st.booleans()),
        habsburg_electorates=electorates,
        habsburg_electorates_in_unrest=draw(st.integers(0, electorates)),
        edward_vi_born=draw(st.booleans()),
        elizabeth_i_born=draw(st.booleans()),
        english_spaces_protestant=draw(st.integers(0, 12)),
        chateaux=draw(st.integers(0, 6)),
        st_peters=draw(st.integers(0, 5)),
        protestant_spaces=spaces,
        protestant_spaces_in_unrest=unrest,
    )


@cache
def repeatable_bonuses() -> st.SearchStrategy[Bonus]:
    """One bonus of a kind a game can hold many of, earned by a power allowed to earn it."""
    return st.one_of(
        st.builds(
            Bonus,
            kind=st.just("burned_debater"),
            power=st.just("papacy"),
            vp=st.integers(1, 4),
            debater=st.just("protestant"),
        ),
        st.builds(
            Bonus,
            kind=st.just("disgraced_debater"),
            power=st.just("protestants"),
            vp=st.integers(1, 4),
            debater=st.just("papal"),
        ),
        st.builds(
            Bonus,
            kind=st.sampled_from(("exploration", "conquest")),
            power=st.sampled_from(SEAFARERS),
            vp=st.integers(1, 3),
        ),
        st.builds(Bonus, kind=st.sampled_from(("war_winner", "master_of_italy")), power=powers(), vp=st.integers(1, 2)),
    )


@cache
@st.composite
def bonuses(draw: st.DrawFn, single_cards: bool = True) -> tuple[Bonus, ...]:
    """The bonuses of a game so far: repeatable ones, each single card at most once, each language once.

    ``single_cards=False`` leaves Copernicus and Servetus out, so either can still be played.
    """
    found = list(draw(_REPEATED))
    if single_cards:
        if draw(st.booleans()):
            found.append(Bonus("copernicus", draw(powers()), 2))
        if draw(st.booleans()):
            found.append(Bonus("servetus", draw(powers()), 1))
    if draw(st.booleans()):
        found.append(Bonus("julia_gonzaga", "ottomans", 1, tyrrhenian_piracy=True))
    for language in draw(_TRANSLATED):
        found.append(Bonus("bible_translation", "protestants", 1, language=language))
    return tuple(draw(st.permutations(found)))


@cache
def bonus_for(power: Power) -> st.SearchStrategy[Bonus]:
    """A repeatable bonus the power may earn under every ruling (War Winner, Master of Italy, its own kinds)."""
    options: list[st.SearchStrategy[Bonus]] = [
        st.builds(
            Bonus,
            kind=st.sampled_from(("war_winner", "master_of_italy")),
            power=st.just(power.value),
            vp=st.integers(1, 2),
        )
    ]
    if power in SEAFARERS:
        options.append(
            st.builds(
                Bonus,
                kind=st.sampled_from(("exploration", "conquest")),
                power=st.just(power.value),
                vp=st.integers(1, 3),
            )
        )
    return st.one_of(options)


@cache
def cards() -> st.SearchStrategy[tuple[PowerCard, ...]]:
    """Six power cards in impulse order, base VP 0 to 25."""
    six = st.lists(st.integers(0, 25), min_size=6, max_size=6)
    return six.map(lambda vps: tuple(PowerCard(p.value, vp) for p, vp in zip(POWERS, vps)))


@cache
def totals(low: int = 0, high: int = MAX_TOTAL) -> st.SearchStrategy[tuple[PowerVp, ...]]:
    """Six totals in impulse order (made once per range: building strategies is the slow part)."""
    six = st.lists(st.integers(low, high), min_size=6, max_size=6)
    return six.map(lambda vps: tuple(PowerVp(p.value, vp) for p, vp in zip(POWERS, vps)))


@cache
@st.composite
def histories(draw: st.DrawFn, turn: int) -> tuple[TurnRecord, ...]:
    """One record per completed turn before ``turn``."""
    # small totals tie often; up to 30, a recorded turn may show a total that would have won
    high = draw(_HIGHS)
    return tuple(TurnRecord(t, draw(totals(0, high))) for t in range(1, turn))


@st.composite
def tied_totals(draw: st.DrawFn) -> tuple[PowerVp, ...]:
    """Six totals where two or three powers share the most VP, at or near 25."""
    top = draw(st.integers(20, 30))
    leaders = draw(_TIED)
    return tuple(PowerVp(p.value, top if p in leaders else draw(st.integers(0, top - 1))) for p in POWERS)


@st.composite
def leading_totals(draw: st.DrawFn) -> tuple[PowerVp, ...]:
    """Six totals with one power below 25, ahead of the rest by one of the domination margins (HIS-RULING-2's
    alternatives), one less or one more: the leads that tell a margin from its neighbours."""
    top = draw(st.integers(9, 24))
    gap = draw(st.sampled_from(DOMINATION_MARGINS)) + draw(st.sampled_from((-1, 0, 1)))
    leader = draw(st.sampled_from(POWERS))
    runner_up = draw(st.sampled_from([p for p in POWERS if p is not leader]))
    rest = {p: draw(st.integers(0, top - gap)) for p in POWERS}
    rest[runner_up] = top - gap
    rest[leader] = top
    return tuple(PowerVp(p.value, rest[p]) for p in POWERS)


# built once, not per draw: a strategy built anew is validated each time it is drawn from
_REPEATED = st.lists(repeatable_bonuses(), max_size=8)
_TRANSLATED = st.lists(st.sampled_from(LANGUAGES), unique=True, max_size=3)
_HIGHS = st.sampled_from((6, 24, 30))
_TIED = st.sets(st.sampled_from(POWERS), min_size=2, max_size=3)
_VICTORY_TURNS = st.one_of(turns(), st.sampled_from(DOMINATION_TURNS))
_NOW = st.one_of(totals(), totals(18, 27), tied_totals(), leading_totals())
_NOW_LEADING = st.one_of(leading_totals(), _NOW)


@st.composite
def victory_requests(draw: st.DrawFn) -> VictoryRequest:
    """A turn (often a first turn of domination, HIS-RULING-1's alternatives), its six totals (often tied at the top,
    near 25 or near a domination) and a history that fits the turn."""
    turn = draw(_VICTORY_TURNS)
    # a lead on the first turn it may win decides between the alternatives
    now = _NOW_LEADING if turn in DOMINATION_TURNS else _NOW
    return VictoryRequest(turn, draw(now), draw(histories(turn)))


@cache
@st.composite
def phase_requests(draw: st.DrawFn, single_cards: bool = True) -> PhaseRequest:
    turn = draw(turns())
    return PhaseRequest(turn, draw(cards()), draw(boards()), draw(bonuses(single_cards)), draw(histories(turn)))


@st.composite
def play_requests(draw: st.DrawFn) -> PhaseRequest:
    """A phase with a Copernicus or Servetus play in it; often near a domination, so plays matter."""
    request = draw(phase_requests(single_cards=False))
    card = draw(st.sampled_from((Bonus("copernicus", "", 2), Bonus("servetus", "", 1))))
    play = replace(card, power=draw(powers()).value)
    turn = draw(st.integers(4, LAST_TURN)) if draw(st.booleans()) else request.turn
    return replace(request, turn=turn, history=draw(histories(turn)), play=play)


def reordered(request: PhaseRequest, order: list[int]) -> PhaseRequest:
    """The same phase with cards and each history record listed in another order."""
    history = tuple(TurnRecord(r.turn, tuple(r.totals[i] for i in order)) for r in request.history)
    return replace(request, cards=tuple(request.cards[i] for i in order), history=history)


BOARD_COUNTS = (
    "piracy_vp",
    "habsburg_electorates",
    "habsburg_electorates_in_unrest",
    "english_spaces_protestant",
    "chateaux",
    "st_peters",
    "protestant_spaces",
    "protestant_spaces_in_unrest",
)


# a count whose "in unrest" partner becomes a second fault when the count goes negative
_PARTNERS = {
    "habsburg_electorates": "habsburg_electorates_in_unrest",
    "protestant_spaces": "protestant_spaces_in_unrest",
}


@st.composite
def boards_with_fault(draw: st.DrawFn) -> tuple[Board, tuple[str, ...]]:
    """A board with one count negative, and the JSON paths a refusal may name for it."""
    board = draw(boards())
    name = draw(st.sampled_from(BOARD_COUNTS))
    faulty: Board = replace(board, **{name: draw(st.integers(-5, -1))})  # type: ignore[arg-type]
    paths = (f"board.{name}",) + ((f"board.{_PARTNERS[name]}",) if name in _PARTNERS else ())
    return faulty, paths


@cache
def unknown_powers() -> st.SearchStrategy[str]:
    # text()'s own characters (every one UTF-8 encodes: all but surrogates), named by category: its default
    # alphabet builds a codec table that costs seconds on a run's first use in a directory
    names = st.text(st.characters(exclude_categories=["Cs"]), min_size=0, max_size=12)
    return names.filter(lambda name: name not in {p.value for p in POWERS})


@cache
def misnamed_powers() -> st.SearchStrategy[str]:
    """Names of no power, half of them a power's own name written otherwise (capitalised, padded): a port folding or
    trimming names takes those for that power, where HIS-POWER-1 compares names exactly."""
    near = st.sampled_from(
        [form for p in POWERS for form in (p.value.capitalize(), p.value.upper(), f" {p.value}", f"{p.value} ")]
    )
    return st.one_of(near, unknown_powers())
