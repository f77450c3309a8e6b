"""R4: betting order, no limit, pot limit with its breakdown, fixed limit, all-ins, errors."""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import Structure
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import BetPlaced, Called, Checked, Folded, RaisedTo, WentAllIn
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.betting import legal_actions, pot_limit_breakdown
from tests import decided as cmd

from .table_helpers import board, chips_total, new_table, raise_to, run, stacks, start

NL = Structure.NO_LIMIT
FL = Structure.FIXED_LIMIT


def _pot_15_then_bet_10():
    """Blinds 1/2, button raises to 5, both blinds call: pot 15; the SB bets 10 on the flop."""
    state = start(new_table(stacks=(200, 200, 200)))
    state = run(state, raise_to(5), cmd.call, cmd.call, board(), raise_to(10))
    assert state.hand.total - sum(state.hand.bets) == 15
    return state


def test_r4_1_preflop_left_of_big_blind_then_left_of_button_after():
    state = start(new_table(stacks=(100,) * 5, button=4))
    assert state.hand.to_act == 2
    state = run(state, cmd.call, cmd.call, cmd.call, cmd.call, cmd.check, board())
    assert state.hand.to_act == 0


def test_r4_1_round_ends_when_all_have_acted_and_matched():
    state = start(new_table(stacks=(100,) * 3))
    state = run(state, raise_to(6), cmd.call)
    assert state.hand.to_act == 1  # the big blind still has to act
    state = run(state, cmd.call)
    assert state.hand.to_act is None and state.hand.street.value == "preflop"


def test_r4_2_everyone_folds_and_the_last_player_wins_at_once():
    state = start(new_table(stacks=(100,) * 3))
    state = run(state, raise_to(7), cmd.fold, cmd.fold)
    assert state.hand.complete
    assert stacks(state) == [99, 98, 103]
    assert [(a.seat, a.amount) for a in state.hand.awards] == [(2, 5)]  # 2 of it his own


def test_r4_3_no_limit_minimum_raise_is_the_last_raise_size():
    state = start(new_table(stacks=(500,) * 3, structure=NL))
    la = legal_actions(state)
    assert (la.min_raise_to, la.max_raise_to) == (4, 500)
    state = run(state, raise_to(10))  # a raise of 8
    assert legal_actions(state).min_raise_to == 18
    state = run(state, raise_to(30))  # a raise of 20
    assert legal_actions(state).min_raise_to == 50


def test_r4_3_no_limit_minimum_bet_is_the_big_blind():
    state = start(new_table(stacks=(500,) * 3, structure=NL))
    state = run(state, cmd.call, cmd.call, cmd.check, board())
    la = legal_actions(state)
    assert la.can_bet and (la.min_raise_to, la.max_raise_to) == (2, 498)


def test_r4_4_blinds_1_2_first_to_act_may_raise_to_7():
    state = start(new_table(stacks=(100,) * 4))
    assert legal_actions(state).max_raise_to == 7
    assert pot_limit_breakdown(state).sentence == "pot 3 + call 2 = 5; raise to 7"


def test_r4_4_pot_15_and_a_bet_of_10_raise_to_45():
    state = _pot_15_then_bet_10()
    bd = pot_limit_breakdown(state)
    assert (bd.pot, bd.bets_this_round, bd.to_call, bd.max_raise_to) == (15, 10, 10, 45)
    assert bd.sentence == "pot 25 + call 10 = 35; raise to 45"
    assert legal_actions(state).max_raise_to == 45


def test_r4_4_pot_10_and_a_bet_of_10_raise_to_40():
    state = start(new_table(stacks=(200, 200)))
    state = run(state, raise_to(5), cmd.call, board(), raise_to(10))
    assert legal_actions(state).max_raise_to == 40


def test_r4_4_shortcut_three_times_the_last_bet_plus_the_rest():
    state = _pot_15_then_bet_10()
    assert legal_actions(state).max_raise_to == 3 * 10 + 15


def test_r4_4_pot_bet_with_nothing_to_call_is_the_pot():
    state = start(new_table(stacks=(200, 200, 200)))
    state = run(state, raise_to(5), cmd.call, cmd.call, board())
    assert pot_limit_breakdown(state).sentence == "pot 15; bet 15"
    assert legal_actions(state).max_raise_to == 15


def test_r4_5_pot_limit_minimum_as_in_no_limit_and_all_in_for_less_allowed():
    state = start(new_table(stacks=(200, 200, 3)))
    la = legal_actions(state)
    assert la.min_raise_to == 3 and la.all_in_to == 3
    state = run(state, WentAllIn(seat=2))
    assert 2 in state.hand.all_in and state.hand.current_bet == 3


def test_r4_6_pot_command_fills_the_maximum():
    state = _pot_15_then_bet_10()
    assert cmd.pot(state) == RaisedTo(seat=1, to=45)


def test_r4_6_over_pot_wager_is_cut_and_the_excess_returned():
    state = _pot_15_then_bet_10()
    event = cmd.bet_or_raise(state, 100)
    assert event == RaisedTo(seat=1, to=45, excess_returned=55)
    after = apply(state, event)
    assert after.hand.bets[1] == 45 and after.seats[1].stack == 200 - 5 - 45


def test_r4_6_reducer_refuses_an_over_pot_raise_naming_the_range():
    state = _pot_15_then_bet_10()
    with pytest.raises(RuleError, match=r"raise to 100 is above the maximum: raise to 20 to 45"):
        apply(state, RaisedTo(seat=1, to=100))


def test_r4_7_fixed_limit_4_8_small_bets_preflop_and_flop_big_bets_after():
    state = start(new_table(stacks=(200,) * 3, structure=FL, big_blind=4, small_blind=2))
    la = legal_actions(state)
    assert (la.min_raise_to, la.max_raise_to) == (8, 8)
    state = run(state, cmd.call, cmd.call, cmd.check, board())
    assert legal_actions(state).max_raise_to == 4
    state = run(state, cmd.check, cmd.check, cmd.check, board())
    assert legal_actions(state).max_raise_to == 8
    state = run(state, cmd.check, cmd.check, cmd.check, board())
    assert (legal_actions(state).min_raise_to, legal_actions(state).max_raise_to) == (8, 8)


def test_r4_7_fixed_limit_refuses_any_other_amount():
    state = start(new_table(stacks=(200,) * 3, structure=FL, big_blind=4))
    with pytest.raises(RuleError, match="raise to 12 is above the maximum: raise to exactly 8"):
        apply(state, RaisedTo(seat=2, to=12))


def test_r4_7_cap_is_one_bet_and_three_raises_counting_the_blind():
    state = start(new_table(stacks=(200,) * 4, structure=FL, big_blind=4))
    state = run(state, raise_to(8), raise_to(12), raise_to(16))
    la = legal_actions(state)
    assert not la.can_raise and la.call_amount == 16 - 4  # the big blind can only call
    with pytest.raises(RuleError, match=r"capped at 4 bets and raises \(R4.7\): call or fold"):
        apply(state, RaisedTo(seat=1, to=20))


def test_r4_7_cap_counts_the_opening_bet_after_the_flop():
    state = start(new_table(stacks=(200,) * 3, structure=FL, big_blind=4))
    state = run(state, cmd.call, cmd.call, cmd.check, board())
    state = run(state, raise_to(4), raise_to(8), raise_to(12), raise_to(16))
    assert not legal_actions(state).can_raise


def test_r4_7_table_option_four_raises():
    state = start(new_table(stacks=(200,) * 4, structure=FL, big_blind=4, raise_cap=5))
    state = run(state, raise_to(8), raise_to(12), raise_to(16))
    assert legal_actions(state).max_raise_to == 20


def test_r4_7_no_cap_heads_up_option():
    capped = start(new_table(stacks=(200, 200), structure=FL, big_blind=4))
    capped = run(capped, raise_to(8), raise_to(12), raise_to(16))
    assert not legal_actions(capped).can_raise
    free = start(new_table(stacks=(200, 200), structure=FL, big_blind=4, no_cap_heads_up=True))
    free = run(free, raise_to(8), raise_to(12), raise_to(16), raise_to(20))
    assert legal_actions(free).max_raise_to == 24


def test_r4_8_short_all_in_raise_does_not_reopen_for_players_who_acted():
    state = start(new_table(stacks=(500, 500, 500, 25), structure=NL, button=3))
    state = run(state, raise_to(10))  # seat 2 raises to 10 (a raise of 8)
    state = run(state, WentAllIn(seat=3))  # all in for 25: a raise of 15 >= 8 is full
    state = run(state, cmd.fold, cmd.call)
    assert state.hand.to_act == 2 and legal_actions(state).can_raise
    state = start(new_table(stacks=(500, 500, 500, 14), structure=NL, button=3))
    state = run(state, raise_to(10), WentAllIn(seat=3))  # 14: a raise of 4 < 8
    la = legal_actions(state)
    assert la.seat == 0 and la.can_raise  # the small blind has not acted yet
    state = run(state, cmd.call, cmd.call)
    la = legal_actions(state)
    assert la.seat == 2 and la.can_call and not la.can_raise  # seat 2 acted: call or fold
    with pytest.raises(
        RuleError,
        match=r"raise to 40 is not possible: the all-in was less than a full raise "
        r"and does not reopen the betting \(R4.8\): call or fold",
    ):
        apply(state, RaisedTo(seat=2, to=40))


def test_r4_8_minimum_raise_stays_the_last_full_raise():
    state = start(new_table(stacks=(500, 500, 500, 14), structure=NL, button=3))
    state = run(state, raise_to(10), WentAllIn(seat=3))
    assert legal_actions(state).min_raise_to == 14 + 8


def test_r4_8_short_all_ins_adding_up_to_a_full_raise_reopen():
    state = start(new_table(stacks=(500, 500, 500, 14, 18), structure=NL, button=4))
    # seat 2 raises to 10; seat 3 all in 14 (+4); seat 4 all in 18 (+4): together +8.
    state = run(state, raise_to(10), WentAllIn(seat=3), WentAllIn(seat=4), cmd.call, cmd.call)
    assert legal_actions(state).seat == 2 and legal_actions(state).can_raise


def test_r4_8_fixed_limit_half_bet_option_counts_as_a_full_raise():
    def table(option: bool):
        state = start(
            new_table(
                stacks=(200, 200, 200, 7),
                structure=FL,
                big_blind=4,
                button=3,
                half_bet_reopens=option,
            )
        )
        # seat 2 raises to 8; seat 3 all in for 7 is a call for less; use a later street
        return state

    for option, reopened in ((False, False), (True, True)):
        state = start(
            new_table(
                stacks=(200, 200, 200, 10),
                structure=FL,
                big_blind=4,
                button=3,
                half_bet_reopens=option,
            )
        )
        state = run(state, raise_to(8), WentAllIn(seat=3), cmd.call, cmd.call)  # 10 = +2
        assert legal_actions(state).seat == 2
        assert legal_actions(state).can_raise is reopened
    assert table(False).hand is not None


def test_r4_9_uncalled_bet_is_returned_before_the_pots_are_awarded():
    state = start(new_table(stacks=(100, 100, 100)))
    state = run(state, raise_to(7), cmd.fold, cmd.call, board(), raise_to(10), cmd.fold)
    assert state.hand.complete
    assert state.hand.returned == ((1, 10),)
    assert stacks(state) == [99, 100 - 7 + 15, 93]


def test_r4_9_all_in_caller_for_less_gets_the_excess_back_to_the_bettor():
    state = start(new_table(stacks=(100, 30, 100), structure=NL))
    state = run(state, raise_to(80), cmd.fold, cmd.call)  # BB calls all in for 30
    assert state.hand.returned == ((2, 50),)
    assert state.seats[2].stack == 100 - 30
    assert chips_total(state) == 230


def test_r4_10_raise_below_minimum_names_the_legal_range():
    state = start(new_table(stacks=(100,) * 3))
    with pytest.raises(
        RuleError, match=r"P2 \(seat 3\): raise to 3 is below the minimum: raise to 4 to 7"
    ):
        apply(state, RaisedTo(seat=2, to=3))


def test_r4_10_bet_above_the_stack_is_refused_unless_confirmed_all_in():
    state = start(new_table(stacks=(100, 100, 50), structure=NL))
    with pytest.raises(RuleError, match="80 is more than the 50 this player has"):
        cmd.bet_or_raise(state, 80)
    assert cmd.bet_or_raise(state, 80, confirm_all_in=True) == WentAllIn(seat=2)
    with pytest.raises(RuleError, match="raise to 80 is more than the 50 this player has"):
        apply(state, RaisedTo(seat=2, to=80))


def test_r4_10_amount_not_a_multiple_of_the_chip_is_refused():
    state = start(new_table(stacks=(1000,) * 3, big_blind=25, chip=5))
    with pytest.raises(RuleError, match="52 is not a multiple of the smallest chip 5"):
        cmd.bet_or_raise(state, 52)
    with pytest.raises(RuleError, match="52 is not a multiple of the smallest chip 5"):
        apply(state, RaisedTo(seat=2, to=52))


def test_r4_10_negative_or_zero_amounts_are_refused():
    state = start(new_table(stacks=(100,) * 3))
    with pytest.raises(RuleError, match="a bet must be a positive amount, not -5"):
        cmd.bet_or_raise(state, -5)
    with pytest.raises(ValueError, match="greater than 0"):
        RaisedTo(seat=2, to=0)


def test_out_of_turn_action_is_refused_and_the_state_stands():
    state = start(new_table(stacks=(100,) * 3))
    before = state
    with pytest.raises(
        RuleError, match=r"P0 \(seat 1\) cannot act now: it is P2 \(seat 3\)'s turn"
    ):
        apply(state, Called(seat=0))
    assert state == before


def test_check_facing_a_bet_is_refused():
    state = start(new_table(stacks=(100,) * 3))
    with pytest.raises(RuleError, match="P2 \\(seat 3\\) cannot check: 2 to call"):
        apply(state, Checked(seat=2))


def test_bet_when_there_is_already_a_bet_is_refused():
    state = start(new_table(stacks=(100,) * 3))
    with pytest.raises(RuleError, match="there is already a bet of 2"):
        apply(state, BetPlaced(seat=2, amount=6))


def test_action_after_the_hand_ended_is_refused():
    state = start(new_table(stacks=(100,) * 3))
    state = run(state, cmd.fold, cmd.fold)
    with pytest.raises(RuleError, match="no hand is running: folding is not possible"):
        apply(state, Folded(seat=1))


def test_r4_6_pot_states_the_breakdown_with_the_amount():
    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.engine.decisions.decide import decide

    out = decide(_pot_15_then_bet_10(), rq.RaisePot())
    assert out.events == (RaisedTo(seat=1, to=45),)
    assert out.note == "R4.4: pot 25 + call 10 = 35; raise to 45"


def test_r4_6_excess_returned_is_never_more_than_the_player_had():
    # Pot 15, a bet of 10: the pot maximum is 45; with 90 behind, "raise 999" returns 45.
    state = start(new_table(stacks=(200, 105, 200)))
    state = run(state, raise_to(5), cmd.call, cmd.call, board(), raise_to(10))
    assert state.seats[1].stack == 100 and legal_actions(state).max_raise_to == 45
    assert cmd.bet_or_raise(state, 999) == RaisedTo(seat=1, to=45, excess_returned=55)
