"""The whole Victory Determination Phase, and a Copernicus or Servetus played in its middle (HIS-PLAY-*).

``run_phase`` is the sequence of the phase as one short function: check the request,
score the six powers, judge the mid-phase play if any, decide, record the turn.
"""

from __future__ import annotations

from rulespec.reference.errors import IllegalAction, InvalidState
from rulespec.reference.here_i_stand.bonus import check_bonuses, check_claim
from rulespec.reference.here_i_stand.model import (
    POWERS,
    Bonus,
    BonusKind,
    PhaseRequest,
    PhaseResult,
    PlayVerdict,
    Power,
    PowerScore,
    PowerVp,
    TurnRecord,
    Victory,
)
from rulespec.reference.here_i_stand.rulings import Rulings
from rulespec.reference.here_i_stand.score import score_sheet

# named by the contracts, which CrossHair evaluates in this module
from rulespec.reference.here_i_stand.validation import LAST_TURN as LAST_TURN
from rulespec.reference.here_i_stand.validation import (
    validate_board,
    validate_bonus,
    validate_cards,
    validate_history,
    validate_rulings,
    validate_turn,
)
from rulespec.reference.here_i_stand.victory import as_totals, outcome

PLAYABLE = (BonusKind.COPERNICUS, BonusKind.SERVETUS)


def validate_phase(request: PhaseRequest, rulings: Rulings) -> None:
    """Every check of the phase's request, the play included (HIS-PLAY-1)."""
    validate_rulings(rulings)  # HIS-RULING-2: the rulings before the request
    validate_turn(request.turn)
    validate_cards(request.cards)
    validate_board(request.board, rulings)
    check_bonuses(request.bonuses, rulings)  # HIS-WIN-9: the bonuses before the history
    validate_history(request.history, request.turn)  # HIS-WIN-9: the history before the play
    if request.play is not None:
        validate_bonus(request.play, "play", rulings)  # its possible values, as any entry's
        check_claim(request.play, "play", rulings)  # who may earn it, as for any entry
        # only Copernicus and Servetus say they may be played in this phase
        if request.play.kind not in PLAYABLE:
            raise IllegalAction("HIS-PLAY-1", f"{request.play.kind} cannot be played during this phase")
        # the card is still in play: its VP were not earned before (HIS-BONUS-5)
        check_bonuses((*request.bonuses, request.play), rulings)


def score_all(request: PhaseRequest, bonuses: tuple[Bonus, ...], rulings: Rulings) -> tuple[PowerScore, ...]:
    """HIS-VP-1: the six score sheets in impulse order."""
    base = {Power(card.power): card.base_vp for card in request.cards}
    return tuple(score_sheet(power, base[power], request.board, bonuses, rulings) for power in POWERS)


def totals_of(scores: tuple[PowerScore, ...]) -> tuple[PowerVp, ...]:
    """HIS-VP-1: each power's total from its score sheet, in the sheets' order."""
    return tuple(PowerVp(s.power, s.total) for s in scores)


def judge_play(request: PhaseRequest, play: Bonus, rulings: Rulings) -> PlayVerdict:
    """HIS-PLAY-1, HIS-PLAY-2: allowed only when it turns another power's domination into none."""
    before = outcome(
        request.turn, as_totals(totals_of(score_all(request, request.bonuses, rulings))), request.history, rulings
    )
    after_scores = score_all(request, (*request.bonuses, play), rulings)
    after = outcome(request.turn, as_totals(totals_of(after_scores)), request.history, rulings)
    stops_another = before.victory is Victory.DOMINATION and before.winner != play.power
    allowed = stops_another and after.victory is not Victory.DOMINATION
    return PlayVerdict(allowed, before, after)


def may_play_copernicus_or_servetus(request: PhaseRequest, rulings: Rulings, /) -> PlayVerdict:
    """HIS-PLAY-1, HIS-PLAY-2, HIS-BONUS-5: whether ``request.play`` may be played now, and the outcome
    before and after.

    pre: len(request.bonuses) <= 8
    pre: len(request.history) <= LAST_TURN
    raises: InvalidState, IllegalAction
    post: not __return__.allowed or __return__.before.victory == Victory.DOMINATION
    post: not __return__.allowed or __return__.after.victory != Victory.DOMINATION
    post: not __return__.allowed or __return__.before.winner != request.play.power
    """
    validate_phase(request, rulings)
    if request.play is None:
        raise InvalidState("play", None, "name the Copernicus or Servetus play to judge", "HIS-PLAY-1")
    return judge_play(request, request.play, rulings)


def run_phase(request: PhaseRequest, rulings: Rulings, /) -> PhaseResult:
    """HIS-VP-1, HIS-WIN-1 to HIS-WIN-10, HIS-PLAY-2: score the six powers, decide, record the turn.

    pre: len(request.bonuses) <= 8
    pre: len(request.history) <= LAST_TURN
    raises: InvalidState, IllegalAction
    post: tuple(s.power for s in __return__.scores) == POWERS
    post: len(__return__.history) == request.turn
    post: __return__.history[-1].totals == tuple(PowerVp(s.power, s.total) for s in __return__.scores)
    post: __return__.outcome.game_over or __return__.outcome.next_turn == request.turn + 1
    """
    validate_phase(request, rulings)
    bonuses = request.bonuses
    if request.play is not None:
        # a play that keeps nobody from domination may not be made (HIS-PLAY-1)
        if not judge_play(request, request.play, rulings).allowed:
            raise IllegalAction("HIS-PLAY-1", "the play does not keep another power from a domination victory")
        bonuses = (*bonuses, request.play)
    scores = score_all(request, bonuses, rulings)
    totals = totals_of(scores)
    decided = outcome(request.turn, as_totals(totals), request.history, rulings)
    return PhaseResult(scores, decided, (*canonical_history(request.history), TurnRecord(request.turn, totals)))


def canonical_history(history: tuple[TurnRecord, ...]) -> tuple[TurnRecord, ...]:
    """HIS-WIN-9: the records as given, each with its powers in impulse order."""
    return tuple(
        TurnRecord(record.turn, tuple(PowerVp(p.value, as_totals(record.totals)[p]) for p in POWERS))
        for record in history
    )
