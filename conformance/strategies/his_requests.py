"""Here I Stand requests for ``rulespec diff``: valid ones weighted to the boundaries the rules turn on.

``rulespec diff`` looks here before ``his.py`` (conformance/harness/diff/strategies.py). Most
draws pass validation; about one in eight is refused on purpose (a count below zero or past
its published track, an earner or value only one ruling allows, an unknown power). The weights
put the search where rules change their answer: the turns 3, 4, 5 and 9, a lead of 4, 5 or 8,
totals of 24 and 25 and ties of two and three there, a Protestant marker at a track threshold,
electorates in unrest under the Schmalkaldic League, a bonus counted twice.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from rulespec.conformance.strategies.his import (
    LAST_TURN,
    MAX_TOTAL,
    boards,
    boards_with_fault,
    bonus_for,
    bonuses,
    histories,
    powers,
    totals,
    unknown_powers,
)
from rulespec.conformance.strategies.refusals import refused_sometimes
from rulespec.reference.here_i_stand.model import (
    POWERS,
    Board,
    Bonus,
    BonusVpRequest,
    PhaseRequest,
    Power,
    PowerCard,
    PowerVp,
    ScoreRequest,
    SpecialVpRequest,
    TurnRecord,
    VictoryRequest,
)
from rulespec.reference.here_i_stand.special import TRACK_THRESHOLDS

BOUNDARY_TURNS = (3, 4, 5, 9)  # HIS-RULING-1's first turns of domination, their neighbours, the last turn
MARGINS = (4, 5, 8)  # HIS-RULING-2's margins, and one short of the smaller
STANDARD = 25  # HIS-WIN-2
LAST_SPACE = 49  # the marker's last box short of a religious victory (HIS-SPECIAL-8)


@st.composite
def boundary_boards(draw: st.DrawFn, within_tracks: bool = False) -> Board:
    """A board at the edges: the marker on or beside any threshold of HIS-SPECIAL-7, electorates in unrest,
    counts at and (unless ``within_tracks``, valid under every ruling) past a track's end."""
    electorates = draw(st.integers(0, 6))
    threshold = draw(st.sampled_from(TRACK_THRESHOLDS))
    position = threshold + draw(st.sampled_from((-1, 0, 1)))
    unrest = draw(st.integers(0, min(3, LAST_SPACE - position)))  # short of a religious victory however counted
    # past a published track's end: refused, unless the tracks are open (HIS-RULING-7)
    past = not within_tracks and draw(st.sampled_from((False, False, False, True)))
    return Board(
        piracy_vp=draw(st.sampled_from((0, 10, 11) if past else (0, 1, 10))),
        schmalkaldic_league=draw(st.booleans()),
        habsburg_electorates=electorates,
        habsburg_electorates_in_unrest=draw(st.integers(0, electorates)),
        edward_vi_born=draw(st.booleans()),
        elizabeth_i_born=draw(st.booleans()),
        english_spaces_protestant=draw(st.sampled_from((0, 1, 2, 3, 11, 12) + ((13,) if past else ()))),
        chateaux=draw(st.sampled_from((0, 6, 7) if past else (0, 1, 6))),
        st_peters=draw(st.sampled_from((0, 5, 6) if past else (0, 1, 5))),
        protestant_spaces=position + unrest,
        protestant_spaces_in_unrest=unrest,
    )


def valid_boards() -> st.SearchStrategy[Board]:
    """Boards valid under every ruling, half of them at a threshold or a track's end: what the invariants draw."""
    return st.one_of(boards(), boundary_boards(within_tracks=True))


def any_boards() -> st.SearchStrategy[Board]:
    return st.one_of(boards(), boundary_boards())


def faulty_boards() -> st.SearchStrategy[Board]:
    return boards_with_fault().map(lambda made: made[0])


@st.composite
def edge_bonuses(draw: st.DrawFn) -> tuple[Bonus, ...]:
    """A game's bonuses with one kind earned twice, and an entry only some rulings allow."""
    found = list(draw(bonuses()))
    power = draw(powers())
    odd = draw(
        st.sampled_from(
            (
                Bonus("exploration", power.value, 1),  # a voyage by any power (HIS-RULING-6)
                Bonus("bible_translation", power.value, 1, language="latin"),  # a language off the map (HIS-RULING-7)
                Bonus("copernicus", power.value, 1),  # Copernicus at its marker's 1 (HIS-RULING-5)
                Bonus("war_winner", power.value, 3),  # a marker past its printed value (HIS-RULING-7)
                Bonus("burned_debater", "papacy", 5, debater="protestant"),  # a rating past the printed 4
            )
        )
    )
    found.insert(draw(st.integers(0, len(found))), odd)  # every time: drawn one time in three, a search of 400 met none
    twice = draw(bonus_for(power))
    found += [twice, twice]  # War Winner twice is two wars won: both count
    return tuple(found)


def game_bonuses() -> st.SearchStrategy[tuple[Bonus, ...]]:
    return st.one_of(bonuses(), edge_bonuses())


@st.composite
def faulty_bonuses(draw: st.DrawFn) -> tuple[Bonus, ...]:
    """Bonuses with an impossible entry (an unknown kind, a VP of 0) and, after it, one the rules forbid."""
    found = list(draw(bonuses()))
    impossible = draw(st.sampled_from((Bonus("crusade", "papacy", 1), Bonus("war_winner", "france", 0))))
    forbidden = Bonus("disgraced_debater", "papacy", 1, debater="papal")  # only the Protestants disgrace (HIS-BONUS-2)
    found[draw(st.integers(0, len(found))) :] = (
        [forbidden, impossible] if draw(st.booleans()) else [impossible, forbidden]
    )
    return tuple(found)


SINGLE_CARDS = ("copernicus", "servetus", "julia_gonzaga")


@st.composite
def single_card_twice(draw: st.DrawFn) -> tuple[tuple[Bonus, ...], str]:
    """Valid bonuses with one single card entered a second time (by any power that may earn it), and the
    clause that refuses it (HIS-BONUS-5, HIS-BONUS-6)."""
    found = [b for b in draw(bonuses()) if b.kind not in SINGLE_CARDS]
    kind = draw(st.sampled_from(SINGLE_CARDS))
    card = {
        "copernicus": st.builds(Bonus, st.just("copernicus"), powers().map(str), st.just(2)),
        "servetus": st.builds(Bonus, st.just("servetus"), powers().map(str), st.just(1)),
        "julia_gonzaga": st.just(Bonus("julia_gonzaga", "ottomans", 1, tyrrhenian_piracy=True)),
    }[kind]
    for _ in range(2):
        found.insert(draw(st.integers(0, len(found))), draw(card))
    return tuple(found), "HIS-BONUS-6" if kind == "julia_gonzaga" else "HIS-BONUS-5"


@st.composite
def own_power(draw: st.DrawFn, found: tuple[Bonus, ...]) -> str:
    """Usually a power that earned one of ``found``, so its lines are not empty."""
    earners = sorted({b.power for b in found})
    own: bool = draw(st.booleans())
    if earners and own:
        earner: str = draw(st.sampled_from(earners))
        return earner
    return draw(powers()).value


@st.composite
def special_vp_requests(draw: st.DrawFn) -> SpecialVpRequest:
    """HIS-SPECIAL-*: a power and a board; an unknown power or a negative count one time in eight."""
    valid = st.builds(SpecialVpRequest, power=powers().map(str), board=any_boards())
    refused = st.one_of(
        st.builds(SpecialVpRequest, power=unknown_powers(), board=boards()),
        st.builds(SpecialVpRequest, power=powers().map(str), board=faulty_boards()),
        st.builds(SpecialVpRequest, power=unknown_powers(), board=faulty_boards()),  # two faults: which is named first
    )
    return draw(refused_sometimes(valid, refused))


@st.composite
def bonus_vp_requests(draw: st.DrawFn) -> BonusVpRequest:
    """HIS-BONUS-*: the game's bonuses (sometimes with an entry only some rulings allow) and one power's share."""
    refused = st.one_of(faulty_bonuses(), single_card_twice().map(lambda made: made[0]))
    found = draw(refused_sometimes(game_bonuses(), refused))
    power = draw(refused_sometimes(own_power(found), unknown_powers()))
    return BonusVpRequest(power, found)


@st.composite
def score_requests(draw: st.DrawFn) -> ScoreRequest:
    """HIS-VP-1: base VP, the board and the bonuses of one power's sheet; one time in eight, two or more at fault."""
    if not draw(st.sampled_from((False,) * 7 + (True,))):
        found = draw(game_bonuses())
        return ScoreRequest(draw(own_power(found)), draw(st.integers(0, 25)), draw(any_boards()), found)
    faults = draw(
        st.sets(st.sampled_from(("power", "base_vp", "board", "bonuses")), min_size=2)
    )  # which is named first
    found = draw(faulty_bonuses() if "bonuses" in faults else game_bonuses())
    return ScoreRequest(
        draw(unknown_powers() if "power" in faults else own_power(found)),
        draw(st.integers(-3, -1) if "base_vp" in faults else st.integers(0, 25)),
        draw(faulty_boards() if "board" in faults else any_boards()),
        found,
    )


@st.composite
def boundary_totals(draw: st.DrawFn) -> tuple[PowerVp, ...]:
    """Six totals with a leader at 24 or 25 or a lead of 4, 5 or 8, or two or three powers tied at the top."""
    top = draw(st.sampled_from((STANDARD - 1, STANDARD, STANDARD + 1, 12, 20)))
    count = draw(st.sampled_from((1, 1, 2, 3)))  # a lone leader, or a tie of two or three
    leaders = draw(st.sets(st.sampled_from(POWERS), min_size=count, max_size=count))
    gap = draw(st.sampled_from(MARGINS))
    runner_up = draw(st.sampled_from([p for p in POWERS if p not in leaders]))
    vp = {p: draw(st.integers(0, max(top - gap, 0))) for p in POWERS}
    vp[runner_up] = max(top - gap, 0)
    vp.update({p: top for p in leaders})
    return tuple(PowerVp(p.value, vp[p]) for p in POWERS)


@st.composite
def domination_totals(draw: st.DrawFn) -> tuple[PowerVp, ...]:
    """Six totals below 25 with a lone leader just short of, at or past a domination margin (HIS-WIN-5)."""
    top = draw(st.integers(MARGINS[-1] + 1, STANDARD - 1))
    leader = draw(st.sampled_from(POWERS))
    lead = draw(st.sampled_from((*MARGINS, MARGINS[-1] + 1)))
    vp = {p: draw(st.integers(0, top - lead)) for p in POWERS}
    vp[draw(st.sampled_from([p for p in POWERS if p is not leader]))] = top - lead
    vp[leader] = top
    return tuple(PowerVp(p.value, vp[p]) for p in POWERS)


@st.composite
def turn_draws(draw: st.DrawFn) -> int:
    return draw(
        st.sampled_from((False, False, True)).flatmap(
            lambda anywhere: st.integers(1, LAST_TURN) if anywhere else st.sampled_from(BOUNDARY_TURNS)
        )
    )


@st.composite
def tied_histories(draw: st.DrawFn, turn: int, now: tuple[PowerVp, ...]) -> tuple[TurnRecord, ...]:
    """A history whose last records often keep today's leaders tied, so a tie walks back more than one turn, and
    whose record before those often puts one leader ahead by one, so the walk ends there (HIS-WIN-3): drawn alone,
    the records of a small search are mostly all zero and break no tie, and a time-limit tie settled by the
    history (HIS-RULING-4) answered as a shared one."""
    history = list(draw(histories(turn)))
    kept = min(len(history), draw(st.integers(0, 3)))
    for back in range(1, kept + 1):
        history[-back] = replace(history[-back], totals=now)
    top = max(total.vp for total in now)
    leaders = [total.power for total in now if total.vp == top]
    if kept < len(history) and len(leaders) > 1 and draw(st.booleans()):
        before = history[-kept - 1]
        then = {total.power: total.vp for total in before.totals}
        then[draw(st.sampled_from(leaders))] = max(then[power] for power in leaders) + 1
        history[-kept - 1] = replace(before, totals=tuple(PowerVp(power, vp) for power, vp in then.items()))
    return tuple(history)


@st.composite
def victory_requests(draw: st.DrawFn) -> VictoryRequest:
    """HIS-WIN-*: a boundary turn, totals at 24/25 or a margin, a lone leader near a domination margin, ties of
    two or three, a history that may not break them."""
    turn = draw(turn_draws())
    now = draw(st.one_of(boundary_totals(), domination_totals(), totals(18, 27), totals(0, MAX_TOTAL)))
    history = draw(tied_histories(turn, now))
    if draw(st.sampled_from((False,) * 7 + (True,))):  # refused: a total below 0, and maybe a record short too
        at = draw(st.integers(0, len(now) - 1))
        now = (*now[:at], PowerVp(now[at].power, -1), *now[at + 1 :])
        history = history[: draw(st.sampled_from((len(history), max(len(history) - 1, 0))))]
    # the totals in any order: a refusal names an entry where the request put it, never its power's impulse place
    return VictoryRequest(turn, tuple(draw(st.permutations(now))), history)


@st.composite
def phase_requests(draw: st.DrawFn) -> PhaseRequest:
    """HIS-WIN-*, HIS-VP-*: a whole phase whose base VP put the totals near 25 or a domination margin."""
    turn = draw(turn_draws())
    base = draw(boundary_totals())
    cards = tuple(PowerCard(t.power, max(t.vp - 8, 0)) for t in base)
    return PhaseRequest(turn, cards, draw(any_boards()), draw(game_bonuses()), draw(tied_histories(turn, base)))


@st.composite
def own_domination_plays(draw: st.DrawFn) -> PhaseRequest:
    """HIS-PLAY-1: the dominating power, at 23 or 24 VP and 8 or more ahead, plays its own card and reaches 25:
    no domination after the play, yet the play is not "by a power other than the one playing".

    A bare board and no bonuses, so each total is its base VP, but for the Papacy's 15 of the track's purple
    number at 0 spaces (HIS-SPECIAL-7). Turn 5 or later: a domination under either first turn (HIS-RULING-1).
    """
    turn = draw(st.integers(5, LAST_TURN))
    dominator = draw(powers())
    top = draw(st.sampled_from((STANDARD - 2, STANDARD - 1)))
    track = {Power.PAPACY: 15}
    vp = {p: draw(st.integers(track.get(p, 0), top - MARGINS[-1])) for p in POWERS}
    vp[dominator] = top
    cards = tuple(PowerCard(p.value, vp[p] - track.get(p, 0)) for p in POWERS)
    card = draw(st.sampled_from((Bonus("servetus", dominator.value, 1), Bonus("copernicus", dominator.value, 2))))
    if top == STANDARD - 2:
        card = Bonus("copernicus", dominator.value, 2)  # Servetus's 1 would leave it at 24, still dominating
    bare = Board(0, False, 0, 0, False, False, 0, 0, 0, 0, 0)
    return PhaseRequest(turn, cards, bare, (), draw(histories(turn)), play=card)


@st.composite
def may_play_copernicus_or_servetus_requests(draw: st.DrawFn) -> PhaseRequest:
    """HIS-PLAY-*: a Copernicus or Servetus play, often by a power a domination would beat, sometimes by the
    dominating power itself."""
    if draw(st.sampled_from((False,) * 7 + (True,))):
        return draw(own_domination_plays())
    request = draw(phase_requests())
    single = tuple(b for b in request.bonuses if b.kind not in ("copernicus", "servetus"))
    card = draw(st.sampled_from((Bonus("copernicus", "", 2), Bonus("copernicus", "", 1), Bonus("servetus", "", 1))))
    return replace(request, bonuses=single, play=replace(card, power=draw(powers()).value))
