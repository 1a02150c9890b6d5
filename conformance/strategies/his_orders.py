"""Here I Stand requests broken at two or more steps of the spec's Order of checks (HIS-VP-3), per operation.

Each fault breaks one step and says what the refusal names; ``faults.steps_of`` puts them in the spec's order.
Every fault holds under any rulings ``his.rulings`` draws (a count below 0, never one above a printed top).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TypeVar

from hypothesis import strategies as st

from rulespec.conformance.harness.games import game
from rulespec.conformance.strategies import his, his_requests
from rulespec.conformance.strategies.faults import Fault, Faults, Refusal, Step, faulted, steps_of
from rulespec.reference.here_i_stand.model import (
    Board,
    Bonus,
    BonusVpRequest,
    PhaseRequest,
    ScoreRequest,
    SpecialVpRequest,
    TurnRecord,
    VictoryRequest,
)

SPEC = game("his").spec_path
ELECTORATES = 6  # the map's electorates (HIS-SPECIAL-2): a printed count, whatever HIS-RULING-7 says
RELIGIOUS_VICTORY = 50  # the marker's box that ends the game (HIS-SPECIAL-8)

BoardT = TypeVar("BoardT", SpecialVpRequest, ScoreRequest, PhaseRequest)
PowerT = TypeVar("PowerT", SpecialVpRequest, BonusVpRequest, ScoreRequest)
BonusesT = TypeVar("BonusesT", BonusVpRequest, ScoreRequest, PhaseRequest)
TurnT = TypeVar("TurnT", PhaseRequest, VictoryRequest)


def _negative(name: str) -> Fault[Board]:
    """A count of the board below 0, refused on that count."""

    def fault(draw: st.DrawFn, board: Board) -> tuple[Board, Refusal]:
        found: Board = replace(board, **{name: draw(st.integers(-3, -1))})  # type: ignore[arg-type]
        return found, ("InvalidState", f"board.{name}")

    return fault


def _with_unrest(count: str, unrest: str) -> Fault[Board]:
    """A count below 0, or more of it in unrest than there are: the count is checked first, then its unrest."""

    def fault(draw: st.DrawFn, board: Board) -> tuple[Board, Refusal]:
        if draw(st.booleans()):
            return _negative(count)(draw, board)
        found: Board = replace(board, **{unrest: getattr(board, count) + draw(st.integers(1, 3))})
        return found, ("InvalidState", f"board.{unrest}")

    return fault


def _too_many_electorates(draw: st.DrawFn, board: Board) -> tuple[Board, Refusal]:
    """HIS-SPECIAL-2: more electorates than the map has, or a count of them at fault as any count."""
    if draw(st.booleans()):
        return _with_unrest("habsburg_electorates", "habsburg_electorates_in_unrest")(draw, board)
    found = replace(board, habsburg_electorates=draw(st.integers(ELECTORATES + 1, ELECTORATES + 3)))
    return found, ("InvalidState", "board.habsburg_electorates")


def _religious_victory(draw: st.DrawFn, board: Board) -> tuple[Board, Refusal]:
    """HIS-SPECIAL-8: the marker on 50 or beyond, none in unrest, so it counts under either HIS-RULING-9."""
    spaces = draw(st.integers(RELIGIOUS_VICTORY, RELIGIOUS_VICTORY + 5))
    return replace(board, protestant_spaces=spaces, protestant_spaces_in_unrest=0), (
        "InvalidState",
        "board.protestant_spaces",
    )


BOARD: tuple[Step[Board], ...] = steps_of(
    SPEC,
    "the board",
    {
        "piracy": _negative("piracy_vp"),
        "Habsburg electorates, then those in unrest": _too_many_electorates,
        "English spaces": _negative("english_spaces_protestant"),
        "chateaux": _negative("chateaux"),
        "St. Peter's": _negative("st_peters"),
        "Protestant spaces, then those in unrest": _with_unrest("protestant_spaces", "protestant_spaces_in_unrest"),
        "then the religious victory (HIS-SPECIAL-8 with HIS-RULING-9)": _religious_victory,
    },
)


def _board_step(step: Step[Board]) -> Fault[BoardT]:
    def fault(draw: st.DrawFn, request: BoardT) -> tuple[BoardT, Refusal]:
        board, refusal = step.fault(draw, request.board)
        return replace(request, board=board), refusal

    return fault


def _board(draw: st.DrawFn, request: BoardT) -> tuple[BoardT, Refusal]:
    """The board broken at one of its own steps."""
    step = draw(st.sampled_from(BOARD))
    board, refusal = step.fault(draw, request.board)
    return replace(request, board=board), refusal


def _power(draw: st.DrawFn, request: PowerT) -> tuple[PowerT, Refusal]:
    return replace(request, power=draw(his.misnamed_powers())), ("InvalidState", "power")


def _base_vp(draw: st.DrawFn, request: ScoreRequest) -> tuple[ScoreRequest, Refusal]:
    return replace(request, base_vp=draw(st.integers(-3, -1))), ("InvalidState", "base_vp")


def _bonuses(draw: st.DrawFn, request: BonusesT) -> tuple[BonusesT, Refusal]:
    """One entry more: impossible (a War Winner worth 0) or forbidden (France burning a debater, HIS-BONUS-1)."""
    at = len(request.bonuses)
    if draw(st.booleans()):
        return replace(request, bonuses=(*request.bonuses, Bonus("war_winner", "france", 0))), (
            "InvalidState",
            f"bonuses[{at}].vp",
        )
    burned = Bonus("burned_debater", "france", 1, debater="protestant")
    return replace(request, bonuses=(*request.bonuses, burned)), ("IllegalAction", "HIS-BONUS-1")


_SHEETS = "`special_vp`, `bonus_vp`, `score_power`"
SPECIAL_VP: tuple[Step[SpecialVpRequest], ...] = steps_of(SPEC, _SHEETS, {"`power`": _power, "the board": _board})
BONUS_VP: tuple[Step[BonusVpRequest], ...] = steps_of(SPEC, _SHEETS, {"`power`": _power, "the bonuses": _bonuses})
SCORE_POWER: tuple[Step[ScoreRequest], ...] = steps_of(
    SPEC,
    _SHEETS,
    {"`power`": _power, "`base_vp` (score sheet)": _base_vp, "the board": _board, "the bonuses": _bonuses},
)


def _turn(draw: st.DrawFn, request: TurnT) -> tuple[TurnT, Refusal]:
    return replace(request, turn=draw(st.sampled_from((0, his.LAST_TURN + 1)))), ("InvalidState", "turn")


def _cards(draw: st.DrawFn, request: PhaseRequest) -> tuple[PhaseRequest, Refusal]:
    """A power's card left out, or its power named otherwise: `England` is no power (HIS-POWER-1)."""
    at = draw(st.integers(0, len(request.cards) - 1))
    if draw(st.booleans()):
        renamed = replace(request.cards[at], power=draw(his.misnamed_powers()))
        return replace(request, cards=(*request.cards[:at], renamed, *request.cards[at + 1 :])), (
            "InvalidState",
            f"cards[{at}].power",
        )
    return replace(request, cards=request.cards[:at] + request.cards[at + 1 :]), ("InvalidState", "cards")


def _history(draw: st.DrawFn, request: TurnT) -> tuple[TurnT, Refusal]:
    """A record too many, or one short (HIS-WIN-9)."""
    shorter = draw(st.booleans())
    if request.history and shorter:
        return replace(request, history=request.history[:-1]), ("InvalidState", "history")
    extra = TurnRecord(len(request.history) + 1, request.history[-1].totals if request.history else ())
    return replace(request, history=(*request.history, extra)), ("InvalidState", "history")


def _play(draw: st.DrawFn, request: PhaseRequest) -> tuple[PhaseRequest, Refusal]:
    """A play worth 0: impossible as an entry, checked before its kind or anything else of the play."""
    card = draw(st.sampled_from(("copernicus", "servetus")))
    return replace(request, play=Bonus(card, draw(his.powers()).value, 0)), ("InvalidState", "play.vp")


PHASE: tuple[Step[PhaseRequest], ...] = steps_of(
    SPEC,
    "`run_phase`, `may_play_copernicus_or_servetus`",
    {
        "`turn`": _turn,
        "`cards`": _cards,
        "the board": _board,
        "the bonuses": _bonuses,
        "`history`": _history,
        "the play": _play,
    },
)


def _totals(draw: st.DrawFn, request: VictoryRequest) -> tuple[VictoryRequest, Refusal]:
    """A total below 0 (HIS-VP-1), a power named otherwise (`England`), or a power's total left out (HIS-POWER-1)."""
    at = draw(st.integers(0, len(request.totals) - 1))
    kind = draw(st.sampled_from(("vp", "power", "left out")))
    if kind != "left out":
        wrong = {"vp": draw(st.integers(-3, -1))} if kind == "vp" else {"power": draw(his.misnamed_powers())}
        return replace(
            request, totals=(*request.totals[:at], replace(request.totals[at], **wrong), *request.totals[at + 1 :])
        ), (
            "InvalidState",
            f"totals[{at}].{kind}",
        )
    return replace(request, totals=request.totals[:at] + request.totals[at + 1 :]), ("InvalidState", "totals")


VICTORY: tuple[Step[VictoryRequest], ...] = steps_of(
    SPEC, "`determine_victory`", {"`turn`": _turn, "`totals`": _totals, "`history`": _history}
)


@cache
def special_vp_faults() -> st.SearchStrategy[Faults[SpecialVpRequest]]:
    valid = st.builds(SpecialVpRequest, power=his.powers().map(str), board=his_requests.valid_boards())
    return faulted(valid, SPECIAL_VP)


@cache
def board_faults() -> st.SearchStrategy[Faults[SpecialVpRequest]]:
    """Two or more of the board's own steps broken (the power valid)."""
    valid = st.builds(SpecialVpRequest, power=his.powers().map(str), board=his_requests.valid_boards())
    return faulted(valid, tuple(Step(step.words, _board_step(step)) for step in BOARD))


@cache
def bonus_vp_faults() -> st.SearchStrategy[Faults[BonusVpRequest]]:
    valid = st.builds(BonusVpRequest, power=his.powers().map(str), bonuses=his.bonuses())
    return faulted(valid, BONUS_VP)


@cache
def score_power_faults() -> st.SearchStrategy[Faults[ScoreRequest]]:
    valid = st.builds(
        ScoreRequest,
        power=his.powers().map(str),
        base_vp=st.integers(0, 25),
        board=his_requests.valid_boards(),
        bonuses=his.bonuses(),
    )
    return faulted(valid, SCORE_POWER)


@cache
def victory_faults() -> st.SearchStrategy[Faults[VictoryRequest]]:
    return faulted(his.victory_requests(), VICTORY)


@cache
def phase_faults() -> st.SearchStrategy[Faults[PhaseRequest]]:
    return faulted(his.phase_requests(), PHASE)
