"""Commands: ``can_x`` agrees with ``verify_x``, and commands fill in what the rules decide."""

from __future__ import annotations

import pytest

from omaha_tui.engine import commands as cmd
from omaha_tui.engine.config import Stakes, Structure
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import BetPlaced, Checked, LevelChanged, RaisedTo, WentAllIn
from omaha_tui.engine.reducer import apply

from .table_helpers import board, new_table, raise_to, run, start


def test_can_and_verify_agree_for_the_player_to_act():
    state = start(new_table(stacks=(100,) * 3))
    assert cmd.can_call(state) and cmd.can_fold(state) and not cmd.can_check(state)
    with pytest.raises(RuleError, match=r"P2 \(seat 3\) cannot check: 2 to call"):
        cmd.verify_check(state)
    assert cmd.can_bet_or_raise(state) and cmd.can_bet_or_raise(state, 7)
    assert cmd.bet_or_raise(state, 8).excess_returned == 1  # R4.6: cut to the pot of 7
    assert cmd.can_pot(state) and cmd.can_all_in(state) is False
    with pytest.raises(RuleError, match="cannot go all in for 100: raise to 100 is above"):
        cmd.verify_all_in(state)


def test_check_or_call_picks_the_right_event():
    state = start(new_table(stacks=(100,) * 3))
    assert cmd.check_or_call(state).type == "called"
    state = run(state, cmd.call, cmd.call)
    assert cmd.check_or_call(state) == Checked(seat=1)


def test_bet_or_raise_opens_with_a_bet_after_the_flop():
    state = start(new_table(stacks=(100,) * 3))
    state = run(state, cmd.call, cmd.call, cmd.check, board())
    assert cmd.bet_or_raise(state, 4) == BetPlaced(seat=0, amount=4)


def test_r4_10_confirmed_over_stack_is_all_in_and_r4_6_over_pot_is_cut():
    state = start(new_table(stacks=(100, 100, 6)))
    assert cmd.bet_or_raise(state, 7, confirm_all_in=True) == WentAllIn(seat=2)
    state = start(new_table(stacks=(100, 100, 50)))
    assert cmd.bet_or_raise(state, 20) == RaisedTo(seat=2, to=7, excess_returned=13)


def test_pot_command_only_in_pot_limit():
    state = start(new_table(stacks=(100,) * 3, structure=Structure.FIXED_LIMIT))
    with pytest.raises(RuleError, match="'pot' is the pot-limit maximum: this table is not"):
        cmd.pot(state)


def test_no_limit_bet_of_the_whole_stack_is_an_all_in():
    state = start(new_table(stacks=(100,) * 3, structure=Structure.NO_LIMIT))
    assert cmd.bet_or_raise(state, 100) == WentAllIn(seat=2)


def test_commands_refuse_when_nobody_is_to_act():
    state = new_table()
    with pytest.raises(RuleError, match="no hand is running: start the next hand"):
        cmd.fold(state)
    assert not cmd.can_check_or_call(state) and not cmd.can_bet_or_raise(state)


def test_seat_player_turns_field_errors_into_rule_errors():
    with pytest.raises(RuleError, match="stack: Input should be greater than 0"):
        cmd.seat_player(new_table(), 5, "Zed", -10)
    assert cmd.can_seat_player(new_table(), 5, "Zed", 100)


def test_rebuy_refuses_non_positive_and_off_chip_amounts():
    state = new_table(big_blind=25, chip=5, stacks=(1000, 1000))
    with pytest.raises(RuleError, match="a rebuy must be a positive amount, not 0"):
        cmd.rebuy(state, 0, 0)
    with pytest.raises(RuleError, match="rebuy 12 is not a multiple of the smallest chip 5"):
        cmd.rebuy(state, 0, 12)


def test_r4_11_buy_in_outside_the_usual_range_warns_but_is_allowed():
    state = new_table(stacks=(100, 100))  # BB 2: usual range 40 to 200
    assert cmd.buy_in_warning(state, 30) == "30 is below this table's usual buy-in of 40"
    assert cmd.buy_in_warning(state, 500) == "500 is above this table's usual buy-in of 200"
    assert cmd.buy_in_warning(state, 100) is None
    assert cmd.can_rebuy(state, 0, 1000)


def test_correction_needs_a_reason_and_cannot_go_negative():
    state = new_table(stacks=(100, 100))
    with pytest.raises(RuleError, match="say why the chips are corrected"):
        cmd.correct_chips(state, 0, 5, " ")
    with pytest.raises(RuleError, match="P0 has 100: a correction of -200 would make it neg"):
        cmd.correct_chips(state, 0, -200, "miscount")


def test_start_hand_uses_the_level_in_force():
    state = new_table(stacks=(100,) * 3)
    state = apply(state, cmd.change_level(state, 2, Stakes(big_blind=10)))
    assert [p.amount for p in cmd.start_hand(state).posts] == [5, 10]
    assert isinstance(cmd.change_level(state, 3, Stakes(big_blind=20)), LevelChanged)


def test_undo_command_and_can_undo():
    state = new_table()
    assert cmd.can_undo(state)
    state = start(state)
    state = run(state, raise_to(7))
    assert apply(state, cmd.undo(state)).hand.current_bet == 2
