"""Here I Stand canaries: each answers as the reference does except for one rule it breaks.

``rulespec verify --game his --impl tests.canaries.his:<Name>`` must fail on the rules in
``caught_on``; ``tests/canaries/test_canaries.py`` checks that it does. Between them they make every
HIS invariant fail at least once, so none of them can pass whatever it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import rulespec.reference.here_i_stand as his
from rulespec.reference.here_i_stand import victory as victory_rules
from rulespec.reference.here_i_stand.model import (
    POWERS,
    Board,
    Bonus,
    BonusVp,
    BonusVpRequest,
    Outcome,
    PhaseRequest,
    PhaseResult,
    PlayVerdict,
    Power,
    PowerScore,
    PowerVp,
    ScoreLine,
    ScoreRequest,
    SpecialVp,
    SpecialVpRequest,
    TurnRecord,
    Victory,
    VictoryRequest,
)
from rulespec.reference.here_i_stand.rulings import Rulings, TimeLimitTie, UnbrokenTie
from rulespec.reference.here_i_stand.special import track_position
from rulespec.reference.here_i_stand.validation import LAST_TURN
from tests.canaries import Canary, Delegate


class Canaries(Delegate):
    reference = his


# --- misreading the board or the bonuses: the request is bent before the reference reads it ---


class Misreading(Canaries):
    """Bends the board and the bonuses of every request the same way, then scores as the reference does."""

    def board(self, board: Board) -> Board:
        return board

    def bonuses(self, bonuses: tuple[Bonus, ...]) -> tuple[Bonus, ...]:
        return bonuses

    def special_vp(self, request: SpecialVpRequest, rulings: Rulings, /) -> SpecialVp:
        return his.special_vp(replace(request, board=self.board(request.board)), rulings)

    def bonus_vp(self, request: BonusVpRequest, rulings: Rulings, /) -> BonusVp:
        return his.bonus_vp(replace(request, bonuses=self.bonuses(request.bonuses)), rulings)

    def score_power(self, request: ScoreRequest, rulings: Rulings, /) -> PowerScore:
        bent = replace(request, board=self.board(request.board), bonuses=self.bonuses(request.bonuses))
        return his.score_power(bent, rulings)

    def run_phase(self, request: PhaseRequest, rulings: Rulings, /) -> PhaseResult:
        bent = replace(request, board=self.board(request.board), bonuses=self.bonuses(request.bonuses))
        return his.run_phase(bent, rulings)

    def may_play_copernicus_or_servetus(self, request: PhaseRequest, rulings: Rulings, /) -> PlayVerdict:
        bent = replace(request, board=self.board(request.board), bonuses=self.bonuses(request.bonuses))
        return his.may_play_copernicus_or_servetus(bent, rulings)


class UnrestCountsOnTrack(Misreading):
    """Moves the Protestant spaces marker for spaces in unrest too, whatever HIS-RULING-9 says.

    Counting them is the ``counted`` alternative of HIS-RULING-9 (``spaces_in_unrest``), not a misreading
    in itself: this canary answers as the reference does under ``counted`` and is wrong only under the
    default ``excluded``, where the cases that leave those spaces out (HIS-SPECIAL-8) catch it.
    """

    def board(self, board: Board) -> Board:
        return replace(board, protestant_spaces_in_unrest=0)


class ElectoratesBeforeLeague(Misreading):
    """Scores Habsburg electorates before the Schmalkaldic League is played."""

    def board(self, board: Board) -> Board:
        return replace(board, schmalkaldic_league=True)


class EnglishSpacesRoundedUp(Misreading):
    """Rounds half the converted English home spaces up."""

    def board(self, board: Board) -> Board:
        return replace(
            board, english_spaces_protestant=board.english_spaces_protestant + board.english_spaces_protestant % 2
        )


class NegativeCountsClamped(Misreading):
    """Repairs a negative count on the board to 0 instead of refusing it."""

    def board(self, board: Board) -> Board:
        return replace(
            board,
            piracy_vp=max(0, board.piracy_vp),
            habsburg_electorates=max(0, board.habsburg_electorates),
            habsburg_electorates_in_unrest=max(0, board.habsburg_electorates_in_unrest),
            english_spaces_protestant=max(0, board.english_spaces_protestant),
            chateaux=max(0, board.chateaux),
            st_peters=max(0, board.st_peters),
            protestant_spaces=max(0, board.protestant_spaces),
            protestant_spaces_in_unrest=max(0, board.protestant_spaces_in_unrest),
        )


class LargestMarkerOnly(Misreading):
    """Keeps only the largest marker of each repeatable kind per power (a second War Winner adds nothing)."""

    def bonuses(self, bonuses: tuple[Bonus, ...]) -> tuple[Bonus, ...]:
        kept: dict[tuple[str, str], Bonus] = {}
        others: list[Bonus] = []
        for bonus in bonuses:
            if bonus.kind in ("war_winner", "master_of_italy", "exploration", "conquest"):
                key = (bonus.power, bonus.kind)
                if key not in kept or bonus.vp > kept[key].vp:
                    kept[key] = bonus
            else:
                others.append(bonus)
        return (*others, *kept.values())


class PapalDebaterBurned(Misreading):
    """Lets the Papacy score a burned debater whatever side the debater was on."""

    def bonuses(self, bonuses: tuple[Bonus, ...]) -> tuple[Bonus, ...]:
        return tuple(replace(b, debater="protestant") if b.kind == "burned_debater" else b for b in bonuses)


# --- writing the sheet wrongly ---


class TotalLeavesOutBonus(Canaries):
    """Adds up base and special VP but forgets the bonus lines in a power's total."""

    def score_power(self, request: ScoreRequest, rulings: Rulings, /) -> PowerScore:
        sheet = his.score_power(request, rulings)
        return replace(sheet, total=sheet.total - sum(line.vp for line in sheet.bonus))


class BonusLinesInGivenOrder(Canaries):
    """Lists bonus lines in the order the bonuses were given, not the score sheet's."""

    def bonus_vp(self, request: BonusVpRequest, rulings: Rulings, /) -> BonusVp:
        result = his.bonus_vp(request, rulings)
        seen = list(dict.fromkeys(b.kind for b in request.bonuses if b.power == request.power))
        return replace(result, lines=tuple(sorted(result.lines, key=lambda line: seen.index(line.source))))


class ThresholdTypedOneOff(Canaries):
    """Types the Protestant spaces track's threshold 37 as 38: on 37 spaces the marker reads the box before."""

    def special_vp(self, request: SpecialVpRequest, rulings: Rulings, /) -> SpecialVp:
        result = his.special_vp(request, rulings)
        if track_position(request.board, rulings) != 37:
            return result
        step = {"papacy": 1, "protestants": -1}.get(request.power, 0)
        lines = tuple(ScoreLine(x.source, x.vp + step) if x.source == "protestant_spaces" else x for x in result.lines)
        return SpecialVp(result.power, lines, sum(x.vp for x in lines))


class SecondServetusAccepted(Misreading):
    """Takes a second Servetus in the game's bonuses without refusing it, counting the card once."""

    def bonuses(self, bonuses: tuple[Bonus, ...]) -> tuple[Bonus, ...]:
        first = next((i for i, b in enumerate(bonuses) if b.kind == "servetus"), len(bonuses))
        return tuple(b for i, b in enumerate(bonuses) if b.kind != "servetus" or i == first)


class PapacyReadsBrownNumber(Canaries):
    """Gives the Papacy the Protestants' (brown) number of the Protestant spaces track."""

    def special_vp(self, request: SpecialVpRequest, rulings: Rulings, /) -> SpecialVp:
        result = his.special_vp(request, rulings)
        if request.power != "papacy":
            return result
        brown = his.special_vp(replace(request, power="protestants"), rulings).total
        lines = tuple(ScoreLine(x.source, brown) if x.source == "protestant_spaces" else x for x in result.lines)
        return SpecialVp(result.power, lines, sum(x.vp for x in lines))


class StPetersPerFiveBoxes(Canaries):
    """Reads St. Peter's as 1 VP per 5 boxes, confusing the VP track with the CP spent."""

    def special_vp(self, request: SpecialVpRequest, rulings: Rulings, /) -> SpecialVp:
        result = his.special_vp(request, rulings)
        lines = tuple(ScoreLine(x.source, x.vp // 5) if x.source == "st_peters" else x for x in result.lines)
        return SpecialVp(result.power, lines, sum(x.vp for x in lines))


class UnknownPowerScoresNothing(Canaries):
    """Answers 0 for a power that does not exist instead of refusing it."""

    def special_vp(self, request: SpecialVpRequest, rulings: Rulings, /) -> SpecialVp:
        if request.power not in POWERS:
            return SpecialVp(request.power, (), 0)
        return his.special_vp(request, rulings)


# --- deciding wrongly: one verdict, used by determine_victory and run_phase alike ---


class Misjudging(Canaries):
    """Decides the phase with ``decide``; everything else as the reference."""

    def decide(self, request: VictoryRequest, rulings: Rulings) -> Outcome:
        return his.determine_victory(request, rulings)

    def determine_victory(self, request: VictoryRequest, rulings: Rulings, /) -> Outcome:
        return self.decide(request, rulings)

    def run_phase(self, request: PhaseRequest, rulings: Rulings, /) -> PhaseResult:
        result = his.run_phase(request, rulings)
        totals = tuple(PowerVp(s.power, s.total) for s in result.scores)
        return replace(result, outcome=self.decide(VictoryRequest(request.turn, totals, request.history), rulings))


def vp(totals: tuple[PowerVp, ...], power: str) -> int:
    return next(t.vp for t in totals if t.power == power)


class TieBreakOverWholeTable(Misjudging):
    """Breaks a tie for the win in favour of whoever led the whole table the turn before, tied or not."""

    def decide(self, request: VictoryRequest, rulings: Rulings) -> Outcome:
        outcome = his.determine_victory(request, rulings)
        if outcome.tie_broken_at_turn is None or not request.history:
            return outcome
        last = request.history[-1].totals
        top = max(t.vp for t in last)
        ahead = [t.power for t in last if t.vp == top]
        return replace(outcome, winner=ahead[0], tie_broken_at_turn=request.turn - 1) if len(ahead) == 1 else outcome


class TimeLimitTieNotBroken(Misjudging):
    """Shares a tie at the time limit without looking back, whatever the ruling says."""

    def decide(self, request: VictoryRequest, rulings: Rulings) -> Outcome:
        outcome = his.determine_victory(request, rulings)
        if outcome.victory is not Victory.TIME_LIMIT or outcome.tie_broken_at_turn is None:
            return outcome
        top = max(t.vp for t in request.totals)
        tied = tuple(p.value for p in POWERS if vp(request.totals, p.value) == top)
        return replace(outcome, winner=None, tied=tied, tie_broken_at_turn=None)


class TwentyFourIsEnough(Misjudging):
    """Gives a standard victory to a lone leader on 24 VP."""

    def decide(self, request: VictoryRequest, rulings: Rulings) -> Outcome:
        top = max(t.vp for t in request.totals)
        ahead = [t.power for t in request.totals if t.vp == top]
        if top == 24 and len(ahead) == 1:
            his.determine_victory(request, rulings)  # refuse what the reference refuses
            return Outcome(Victory.STANDARD, ahead[0], (), None, True, None)
        return his.determine_victory(request, rulings)


class DominationFromTurnOne(Misjudging):
    """Checks domination from the first turn, whatever the ruling says."""

    def decide(self, request: VictoryRequest, rulings: Rulings) -> Outcome:
        return his.determine_victory(request, replace(rulings, domination_first_turn=1))


class TenTurns(Misjudging):
    """Forgets the time limit: after turn 9 without a winner the marker moves to turn 10."""

    def decide(self, request: VictoryRequest, rulings: Rulings) -> Outcome:
        outcome = his.determine_victory(request, rulings)
        if outcome.victory is Victory.TIME_LIMIT:
            return Outcome(Victory.NONE, None, (), None, False, request.turn + 1)
        return outcome


class TiedListsAllLeaders(Misjudging):
    """Lists every power with the most VP in ``tied``, even when the history found a winner."""

    def decide(self, request: VictoryRequest, rulings: Rulings) -> Outcome:
        outcome = his.determine_victory(request, rulings)
        top = max(t.vp for t in request.totals)
        leaders = tuple(p.value for p in POWERS if vp(request.totals, p.value) == top)
        return replace(outcome, tied=leaders) if len(leaders) > 1 else outcome


class EarlierWinnerStands(Misjudging):
    """Judges the recorded turns again: a power that had 25 VP on an earlier turn is declared the winner."""

    def decide(self, request: VictoryRequest, rulings: Rulings) -> Outcome:
        outcome = his.determine_victory(request, rulings)
        for record in request.history:
            top = max(t.vp for t in record.totals)
            ahead = [t.power for t in record.totals if t.vp == top]
            if top >= 25 and len(ahead) == 1:
                return Outcome(Victory.STANDARD, ahead[0], (), None, True, None)
        return outcome


class FirstListedWinsTies(Misjudging):
    """Gives a tie the history cannot break to the tied power listed first in the request."""

    def decide(self, request: VictoryRequest, rulings: Rulings) -> Outcome:
        outcome = his.determine_victory(request, rulings)
        if not outcome.tied or not outcome.game_over:
            return outcome
        first = next(t.power for t in request.totals if t.power in outcome.tied)
        return replace(outcome, winner=first, tied=())


# --- the history and the mid-phase play ---


class HistoryForgotten(Canaries):
    """Returns only this turn's totals as the new history."""

    def run_phase(self, request: PhaseRequest, rulings: Rulings, /) -> PhaseResult:
        result = his.run_phase(request, rulings)
        return replace(result, history=result.history[-1:])


class HistoryInGivenOrder(Canaries):
    """Returns the recorded turns with their powers in the order they were given."""

    def run_phase(self, request: PhaseRequest, rulings: Rulings, /) -> PhaseResult:
        result = his.run_phase(request, rulings)
        kept = tuple(TurnRecord(r.turn, r.totals) for r in request.history)
        return replace(result, history=(*kept, result.history[-1]))


class CopernicusAlwaysAllowed(Canaries):
    """Allows Copernicus or Servetus against any domination, whether or not the play stops it."""

    def may_play_copernicus_or_servetus(self, request: PhaseRequest, rulings: Rulings, /) -> PlayVerdict:
        verdict = his.may_play_copernicus_or_servetus(request, rulings)
        return replace(verdict, allowed=verdict.before.victory is Victory.DOMINATION)


class DominatorMayPlay(Canaries):
    """Drops "by a power other than the one playing": a dominator's own play that lifts it to a standard victory
    (no longer a domination) is allowed."""

    def may_play_copernicus_or_servetus(self, request: PhaseRequest, rulings: Rulings, /) -> PlayVerdict:
        verdict = his.may_play_copernicus_or_servetus(request, rulings)
        own = verdict.before.victory is Victory.DOMINATION and verdict.after.victory is not Victory.DOMINATION
        return replace(verdict, allowed=True) if own else verdict

    def run_phase(self, request: PhaseRequest, rulings: Rulings, /) -> PhaseResult:
        if request.play is None or not self.may_play_copernicus_or_servetus(request, rulings).allowed:
            return his.run_phase(request, rulings)
        return his.run_phase(replace(request, bonuses=(*request.bonuses, request.play), play=None), rulings)


# --- the blind bug zoo of the Rust audit (docs/audits/his-rust-2026-12-02.md), each bug as the audit tells it ---

Keep = Callable[[Sequence[int]], int]  # which VP a tie-break keeps at each turn it walks back


def decided(request: VictoryRequest, rulings: Rulings, threshold: int, keep: Keep) -> Outcome:
    """The reference's HIS-WIN-1 to HIS-WIN-8, with the standard threshold and the tie-break's ``keep`` as given."""
    his.determine_victory(request, rulings)  # refuse what the reference refuses
    totals = victory_rules.as_totals(request.totals)

    def break_tie(tied: tuple[Power, ...]) -> tuple[tuple[Power, ...], int | None]:
        remaining = tied
        for record in reversed(request.history):
            if len(remaining) == 1:
                break
            then = victory_rules.as_totals(record.totals)
            kept = keep([then[p] for p in remaining])
            remaining = tuple(p for p in remaining if then[p] == kept)
            if len(remaining) == 1:
                return remaining, record.turn
        return remaining, None

    over = victory_rules.over
    first = victory_rules.leaders(totals)
    unbroken: tuple[Power, ...] = ()
    if max(totals.values()) >= threshold:
        remaining, broken_at = break_tie(first)
        if len(remaining) == 1:
            return over(Victory.STANDARD, remaining[0], (), broken_at)
        if rulings.unbroken_tie is UnbrokenTie.SHARED:
            return over(Victory.STANDARD, None, remaining, None)
        unbroken = remaining
    else:
        dominant = victory_rules.dominating_power(request.turn, totals, rulings)
        if dominant is not None:
            return over(Victory.DOMINATION, dominant, (), None)
    if request.turn == LAST_TURN:
        if len(first) == 1:
            return over(Victory.TIME_LIMIT, first[0], (), None)
        if rulings.time_limit_tie is TimeLimitTie.SHARED:
            return over(Victory.TIME_LIMIT, None, first, None)
        remaining, broken_at = break_tie(first)
        if len(remaining) == 1:
            return over(Victory.TIME_LIMIT, remaining[0], (), broken_at)
        return over(Victory.TIME_LIMIT, None, remaining, None)
    return Outcome(Victory.NONE, None, tuple(p.value for p in unbroken), None, False, request.turn + 1)


class StandardAboveTwentyFive(Misjudging):
    """A standard victory only above 25 VP (``> 25`` typed for ``>= 25``): a lone leader on exactly 25 plays on."""

    def decide(self, request: VictoryRequest, rulings: Rulings) -> Outcome:
        return decided(request, rulings, victory_rules.STANDARD_VICTORY_VP + 1, max)


class TieBreakKeepsFewest(Misjudging):
    """Walking back through the history, the tie-break keeps the powers with the fewest VP, not the most."""

    def decide(self, request: VictoryRequest, rulings: Rulings) -> Outcome:
        return decided(request, rulings, victory_rules.STANDARD_VICTORY_VP, min)


# the canaries without their bugs: a correct implementation plugged in the same way (bench/targets.py)
CORRECT = "Canaries"

CANARIES = (
    Canary("UnrestCountsOnTrack", "counts spaces in unrest on the track (wrong under excluded)", ("HIS-SPECIAL-8",)),
    Canary("ElectoratesBeforeLeague", "scores electorates before the Schmalkaldic League", ("HIS-SPECIAL-2",)),
    Canary("EnglishSpacesRoundedUp", "rounds half the English Protestant spaces up", ("HIS-SPECIAL-4",)),
    Canary("NegativeCountsClamped", "clamps a negative count to 0 instead of refusing it", ("HIS-SPECIAL-1",)),
    Canary("LargestMarkerOnly", "keeps only the largest marker of each kind", ("HIS-BONUS-10",)),
    Canary("PapalDebaterBurned", "lets the Papacy score a burned Papal debater", ("HIS-BONUS-1",)),
    Canary("TotalLeavesOutBonus", "leaves the bonus VP out of a power's total", ("HIS-VP-1",)),
    Canary("BonusLinesInGivenOrder", "lists bonus lines in the order given", ("HIS-BONUS-10",)),
    Canary("ThresholdTypedOneOff", "types the track's threshold 37 as 38", ("HIS-SPECIAL-7",)),
    Canary("SecondServetusAccepted", "accepts a second Servetus in the game's bonuses", ("HIS-BONUS-5",)),
    Canary("PapacyReadsBrownNumber", "gives the Papacy the brown number", ("HIS-SPECIAL-7",)),
    Canary("StPetersPerFiveBoxes", "scores St. Peter's 1 VP per 5 boxes", ("HIS-SPECIAL-6",)),
    Canary("UnknownPowerScoresNothing", "scores 0 for an unknown power instead of refusing it", ("HIS-POWER-1",)),
    Canary("TieBreakOverWholeTable", "breaks a tie by the previous turn's leader of the whole table", ("HIS-WIN-3",)),
    # HIS-WIN-7 hands a tie at the limit to HIS-RULING-4: the vectors it fails are HIS-RULING-4's and only
    # implicate HIS-WIN-7
    Canary("TimeLimitTieNotBroken", "shares a tie at the time limit without the history", ("HIS-RULING-4",)),
    Canary("TwentyFourIsEnough", "wins a standard victory on 24 VP", ("HIS-WIN-6",)),
    Canary("DominationFromTurnOne", "allows domination from turn 1", ("HIS-RULING-1", "HIS-WIN-5")),
    Canary("TenTurns", "plays on past turn 9", ("HIS-WIN-7",)),
    Canary("TiedListsAllLeaders", "reports a tie alongside a winner", ("HIS-WIN-4",)),
    Canary("EarlierWinnerStands", "judges the recorded turns again", ("HIS-RULING-8",)),
    Canary("FirstListedWinsTies", "gives an unbroken tie to the first power listed", ("HIS-POWER-1", "HIS-WIN-4")),
    Canary("HistoryForgotten", "returns only this turn as the new history", ("HIS-WIN-9",)),
    Canary("HistoryInGivenOrder", "keeps the powers of the recorded turns in the order given", ("HIS-WIN-9",)),
    Canary("CopernicusAlwaysAllowed", "allows Copernicus against a domination it does not stop", ("HIS-PLAY-1",)),
    Canary("DominatorMayPlay", "allows the dominating power's own play that lifts it to 25", ("HIS-PLAY-1",)),
    Canary("StandardAboveTwentyFive", "wins a standard victory only above 25 VP", ("HIS-WIN-2",)),
    Canary("TieBreakKeepsFewest", "keeps the fewest VP when it breaks a tie through the history", ("HIS-WIN-3",)),
)
