"""The reducer as a fold: replay, JSON round trip, undo across hands, misdeals, ledger."""

from __future__ import annotations

import dataclasses

import pytest

from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    ActionUndone,
    BoardDealt,
    ChipsCorrected,
    EarlyCardDealt,
    Event,
    Folded,
    HandStarted,
    HoleCardsShown,
    MisdealDeclared,
    PlayerLeft,
    PlayerRebought,
    PlayerSeated,
    SessionEnded,
    event_from_json,
    event_to_json,
)
from omaha_tui.engine.reducer import history
from omaha_tui.engine.reducer.history import UNDO_HANDS
from omaha_tui.engine.reducer.replay import apply, initial_state, replay
from omaha_tui.engine.state import TableState, ledger_lines
from tests import decided as cmd

from .table_helpers import board, new_table, raise_to, start, table_events


class Recorder:
    """Applies commands and keeps the log and the undo history, as the session does."""

    def __init__(self, opening: list[Event] | TableState):
        if isinstance(opening, TableState):  # a table as it stands: nothing to undo
            self.history, self.log = history.History(opening), []
        else:
            self.history, self.log = history.replay(opening), list(opening)

    @property
    def state(self):
        return self.history.state

    def __call__(self, *steps) -> None:
        for step in steps:
            event = step(self.state) if callable(step) else step
            self.history = history.apply(self.history, event)
            self.log.append(event)


def _session() -> Recorder:
    rec = Recorder(table_events(stacks=(100, 100, 100)))
    for _ in range(3):
        rec(
            cmd.start_hand,
            raise_to(7),
            cmd.call,
            cmd.call,
            board("2c 7d 9h"),
            cmd.check,
            cmd.check,
            raise_to(10),
            cmd.fold,
            cmd.call,
            board("Ts"),
            cmd.check,
            cmd.check,
            board("Kd"),
            cmd.check,
            cmd.check,
            lambda s: cmd.settle_by_hand(s, [[s.hand.live[0]]]),
        )
    return rec


def test_reducer_replay_of_the_log_equals_the_incremental_state():
    rec = _session()
    assert replay(rec.log) == rec.state


def test_reducer_json_round_trip_replays_to_the_same_state():
    rec = _session()
    again = [event_from_json(event_to_json(e)) for e in rec.log]
    assert replay(again) == rec.state


def test_reducer_undo_retracts_the_last_event_within_a_hand():
    rec = _session()
    rec(cmd.start_hand, raise_to(7))
    before = rec.state
    rec(cmd.call)
    assert history.apply(rec.history, ActionUndone()).state == before


def test_reducer_undo_works_repeatedly_across_hand_boundaries():
    rec = _session()  # three hands: undo reaches back through all of them
    states = [replay(rec.log[:n]) for n in range(1, len(rec.log) + 1)]
    h = rec.history
    for expected in reversed(states[:-1]):
        h = history.apply(h, ActionUndone())
        assert h.state == expected
    assert history.apply(h, ActionUndone()).state == initial_state()


def test_reducer_undo_reaches_back_undo_hands_hands_and_no_further():
    rec = _session()
    rec(cmd.start_hand, raise_to(7))  # a fourth hand: the opening and hand 1 drop out
    starts = [i for i, e in enumerate(rec.log) if isinstance(e, HandStarted)]
    assert len(starts) == 4 and UNDO_HANDS == 3
    h = rec.history
    while history.can_undo(h):
        h = history.undo(h)
    assert h.state == replay(rec.log[: starts[1]])  # the table before hand 2
    with pytest.raises(RuleError, match="nothing to undo"):
        history.undo(h)


def test_reducer_undo_then_redo_returns_the_same_state():
    rec = _session()
    last = rec.log[-1]
    assert history.apply(history.undo(rec.history), last) == rec.history


def test_reducer_undo_events_in_the_log_replay():
    rec = _session()
    log = [*rec.log, ActionUndone(), ActionUndone(), rec.log[-2], rec.log[-1]]
    assert replay(log) == rec.state


def test_reducer_nothing_to_undo():
    with pytest.raises(RuleError, match="nothing to undo"):
        history.apply(history.History(), ActionUndone())
    with pytest.raises(RuleError, match="nothing to undo"):
        replay([ActionUndone()])


def test_reducer_a_state_holds_no_undo_history():
    rec = _session()
    rec(cmd.start_hand, raise_to(7))
    assert len(rec.history.hands[-1].events) == 2  # HandStarted and the raise
    names = {f.name for f in dataclasses.fields(TableState)}
    assert not names & {"base", "journal", "history", "hands"}
    with pytest.raises(RuleError, match="history"):
        apply(rec.state, ActionUndone())  # undo is the history's, not the state's


def test_reducer_equal_logs_give_equal_states_whatever_was_undone_on_the_way():
    rec = _session()
    log = rec.log
    detour = [*log[:-3], log[-3], ActionUndone(), log[-3], log[-2], log[-1]]
    assert replay(detour) == replay(log) == rec.state
    assert history.replay(detour).state == rec.state
    assert repr(replay(detour)) == repr(rec.state)


def test_r3_5_misdeal_returns_the_blinds_and_keeps_the_button():
    state = new_table(stacks=(100, 100, 100))
    state = start(state)
    state = apply(state, MisdealDeclared(reason="card exposed"))
    assert state.hand is None and [s.stack for s in state.seats if s] == [100, 100, 100]
    assert cmd.start_hand(state).button == 2


def test_r3_5_no_misdeal_after_substantial_action():
    state = start(new_table(stacks=(100, 100, 100)))
    state = apply(state, cmd.call(state))
    with pytest.raises(RuleError, match=r"too late for a misdeal: there has been substantial"):
        apply(state, MisdealDeclared())


def test_r3_5_one_fold_is_not_substantial_action_two_actions_are():
    state = start(new_table(stacks=(100,) * 4))
    once = apply(state, Folded(seat=state.hand.to_act))
    undone = apply(once, MisdealDeclared(reason="second card exposed"))
    assert undone.hand is None and [s.stack for s in undone.seats if s] == [100] * 4
    assert cmd.start_hand(undone).button == state.hand.button  # the button stays
    twice = apply(once, Folded(seat=once.hand.to_act))
    with pytest.raises(RuleError, match=r"too late for a misdeal: there has been substantial"):
        apply(twice, MisdealDeclared())


def test_r3_3_courchevel_early_card_before_preflop_betting_then_two_flop_cards():
    state = start(new_table(stacks=(100, 100, 100), game="courchevel"))
    with pytest.raises(RuleError, match="deal Courchevel's early flop card"):
        cmd.call(state)
    state = apply(state, EarlyCardDealt(card="Ah"))
    state = apply(state, cmd.call(state))
    state = apply(state, cmd.call(state))
    state = apply(state, cmd.check(state))
    with pytest.raises(RuleError, match="the flop is 2 cards, not 3"):
        apply(state, BoardDealt(cards=("Kd", "Qc", "2s")))
    state = apply(state, BoardDealt(cards=("Kd", "Qc")))
    assert state.hand.board_count == 3 and len(state.hand.board) == 3


def test_r3_3_early_card_only_in_courchevel():
    state = start(new_table(stacks=(100, 100, 100)))
    with pytest.raises(RuleError, match="Omaha has no early flop card: only Courchevel does"):
        apply(state, EarlyCardDealt(card="Ah"))


def test_r3_4_binglao_die_roll_selects_the_game():
    state = new_table(stacks=(100, 100, 100), game="binglao")
    with pytest.raises(RuleError, match="Binglao needs the die roll for this hand"):
        cmd.start_hand(state)
    state = apply(state, cmd.start_hand(state, die_roll=3))
    assert state.hand.variant.hole_cards == 6 and state.hand.variant.hilo


def test_die_roll_refused_outside_binglao():
    with pytest.raises(RuleError, match="only Binglao rolls a die"):
        cmd.start_hand(new_table(), die_roll=3)


def test_wrong_board_count_is_refused():
    state = start(new_table(stacks=(100, 100, 100)))
    state = apply(state, cmd.call(state))
    state = apply(state, cmd.call(state))
    state = apply(state, cmd.check(state))
    with pytest.raises(RuleError, match="the flop is 3 cards, not 2"):
        apply(state, BoardDealt(cards=("Kd", "Qc")))


def test_board_before_the_round_ends_is_refused():
    state = start(new_table(stacks=(100, 100, 100)))
    with pytest.raises(RuleError, match=r"the preflop betting is not over: P2 \(seat 3\) to act"):
        apply(state, BoardDealt(count=3))


def test_duplicate_cards_are_refused():
    rec = Recorder(start(new_table(stacks=(100, 100))))
    rec(cmd.call, cmd.check, board("Ah Kd 7c"), cmd.check, cmd.check)
    with pytest.raises(RuleError, match="Kd appears twice"):
        apply(rec.state, BoardDealt(cards=("Kd",)))
    rec(board("2c"), cmd.check, cmd.check, board("3c"), cmd.check, cmd.check)
    rec(lambda s: cmd.show(s, 0, "As Ks Qs Js"))
    with pytest.raises(RuleError, match="As appears twice"):
        apply(rec.state, HoleCardsShown(seat=1, cards=("As", "2d", "3d", "4d")))
    with pytest.raises(RuleError, match="shows 3 cards: Omaha deals 4"):
        apply(rec.state, HoleCardsShown(seat=1, cards=("5d", "2d", "3d")))


def test_board_may_be_tracked_without_cards_then_settled_by_hand():
    rec = Recorder(start(new_table(stacks=(100, 100))))
    rec(
        cmd.call,
        cmd.check,
        board(),
        cmd.check,
        cmd.check,
        board(),
        cmd.check,
        cmd.check,
        board(),
        cmd.check,
        cmd.check,
        lambda s: cmd.show(s, 0, "As Ks Qs Js"),
        lambda s: cmd.show(s, 1, "Ad Kd Qd Jd"),
    )
    with pytest.raises(RuleError, match="the board was not entered in full"):
        cmd.settle_by_cards(rec.state)
    rec(lambda s: cmd.settle_by_hand(s, [[0, 1]]))
    assert rec.state.hand.complete


def test_hand_start_refusals():
    state = new_table(stacks=(100, 100))
    with pytest.raises(RuleError, match="a hand needs at least 2 players able to play, not 1"):
        apply(state, HandStarted(button=0, seats=(0,)))
    with pytest.raises(RuleError, match="seat 6 is empty"):
        apply(state, HandStarted(button=0, seats=(0, 5)))
    running = start(state)
    with pytest.raises(RuleError, match="a hand is already running"):
        apply(running, HandStarted(button=0, seats=(0, 1)))


def test_seat_errors():
    state = new_table(stacks=(100, 100))
    with pytest.raises(RuleError, match="seat 1 is taken by P0: pick an empty seat"):
        apply(state, PlayerSeated(seat=0, name="X", stack=100))
    with pytest.raises(RuleError, match="P1 is already seated: use another name"):
        apply(state, PlayerSeated(seat=3, name="P1", stack=100))
    running = start(state)
    with pytest.raises(RuleError, match=r"P0 \(seat 1\) is in the hand: they can leave after it"):
        apply(running, PlayerLeft(seat=0))


def test_out_of_range_seat_errors_name_the_seats_as_dealers_count_them():
    # Index 6 is the seventh seat; a six-seat table has seats 1 to 6 (events stay 0-based).
    state = new_table(stacks=(100, 100), seats=6)
    assert len(state.seats) == 6
    with pytest.raises(RuleError, match=r"^seat 7 does not exist: this table has seats 1 to 6$"):
        apply(state, PlayerSeated(seat=6, name="X", stack=100))
    with pytest.raises(RuleError, match=r"^seat 7 does not exist: this table has seats 1 to 6$"):
        apply(state, PlayerRebought(seat=6, amount=100))
    with pytest.raises(RuleError, match=r"^button seat 7 does not exist: use seats 1 to 6$"):
        apply(state, HandStarted(button=6, seats=(0, 1)))
    with pytest.raises(RuleError, match=r"^seat 6 is empty$"):
        apply(state, PlayerRebought(seat=5, amount=100))


def test_ledger_lines_track_buy_ins_rebuys_corrections_and_cash_outs():
    rec = Recorder(new_table(stacks=(100, 100, 100)))
    rec(cmd.start_hand, raise_to(7), cmd.fold, cmd.fold)  # the button wins the blinds
    rec(PlayerRebought(seat=0, amount=50), ChipsCorrected(seat=1, delta=-2, reason="miscount"))
    rec(PlayerLeft(seat=2), PlayerSeated(seat=2, name="P2", stack=40), SessionEnded())
    lines = {line.name: line for line in ledger_lines(rec.state)}
    assert (lines["P0"].buy_in, lines["P0"].rebuys, lines["P0"].cashed_out) == (100, 50, 149)
    assert (lines["P1"].corrections, lines["P1"].cashed_out) == (-2, 96)
    assert (lines["P2"].buy_in, lines["P2"].cashed_out, lines["P2"].net) == (140, 143, 3)
    assert sum(line.net for line in lines.values()) == -2  # the correction
    assert rec.state.ended


def test_ledger_counts_chips_in_a_running_hand_as_the_players():
    state = start(new_table(stacks=(100, 100, 100)))
    assert sum(line.stack for line in ledger_lines(state)) == 300


def test_reducer_replay_checks_every_event_even_one_undone_later():
    log = table_events(stacks=(100, 100))
    bad = PlayerSeated(seat=0, name="X", stack=100)  # seat 0 is taken
    with pytest.raises(RuleError, match="taken"):
        replay([*log, bad, ActionUndone()])
    assert replay([*log, PlayerRebought(seat=0, amount=10), ActionUndone()]) == replay(log)
