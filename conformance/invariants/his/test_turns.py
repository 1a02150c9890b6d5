"""Turn after turn, 1 to 9: the history each phase returns is the one the next phase reads."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,  # pyright: ignore[reportUnknownVariableType]
)

from rulespec.conformance.harness.games.his import HereIStand
from rulespec.conformance.strategies import his as his_st
from rulespec.reference.here_i_stand.model import Board, Bonus, PhaseRequest, PowerCard, TurnRecord, Victory
from rulespec.reference.here_i_stand.rulings import Rulings


class TurnByTurn(RuleBasedStateMachine):
    """Plays phases in order, feeding each result's history to the next turn."""

    # set on a subclass per run: the implementation under test, boxed so that Hypothesis's
    # scan of the class for rules does not ask the subject for attributes it lacks
    subject: tuple[HereIStand]

    def __init__(self) -> None:
        super().__init__()
        self.his = self.subject[0]
        self.rulings = Rulings()
        self.turn = 1
        self.history: tuple[TurnRecord, ...] = ()
        self.over = False

    @initialize(rulings=his_st.rulings())
    def choose_rulings(self, rulings: Rulings) -> None:
        self.rulings = rulings

    @precondition(lambda self: not self.over)
    @rule(cards=his_st.cards(), board=his_st.boards(), bonuses=his_st.bonuses())
    def play_a_turn(self, cards: tuple[PowerCard, ...], board: Board, bonuses: tuple[Bonus, ...]) -> None:
        result = self.his.run_phase(PhaseRequest(self.turn, cards, board, bonuses, self.history), self.rulings)
        assert result.history[:-1] == self.history, "a phase rewrote the recorded turns"
        assert result.history[-1].turn == self.turn
        assert tuple(r.vp for r in result.history[-1].totals) == tuple(s.total for s in result.scores)
        outcome = result.outcome
        if outcome.game_over:
            assert outcome.victory is not Victory.NONE and outcome.next_turn is None
            self.over = True
        else:
            assert self.turn < 9, "the game cannot go on past turn 9"
            assert outcome.next_turn == self.turn + 1
            self.turn += 1
        self.history = result.history

    @precondition(lambda self: self.over)
    @rule()
    def the_game_stays_over(self) -> None:
        # the last record is the turn that ended the game, at most turn 9
        assert self.history[-1].turn == self.turn <= 9

    @invariant()
    def one_record_per_completed_turn(self) -> None:
        completed = self.turn if self.over else self.turn - 1
        assert len(self.history) == completed
        assert tuple(r.turn for r in self.history) == tuple(range(1, completed + 1))


@pytest.mark.rules("HIS-WIN-9", "HIS-WIN-8", "HIS-WIN-10", "HIS-WIN-7")
def test_turn_by_turn_the_history_stays_consistent(his: HereIStand) -> None:
    machine = type("TurnByTurnOfSubject", (TurnByTurn,), {"subject": (his,)})
    run_state_machine_as_test(
        machine,
        settings=settings(stateful_step_count=12, suppress_health_check=[HealthCheck.function_scoped_fixture]),
    )
