"""R4.8 short all-ins in no limit, pot limit and fixed limit; R4.7 cap; R4.1 no option."""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import Structure
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    BetPlaced,
    BoardDealt,
    Called,
    Checked,
    Folded,
    RaisedTo,
    WentAllIn,
)
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.betting import legal_actions

from .evening import check_or_call, deal, table


def _play(state, *events):
    for event in events:
        state = apply(state, event)
    return state


def _example(structure: Structure, raise_to: int, b: int, d: int):
    """Seats: 0 SB, 1 BB, 2 A, 3 B (all in for ``b``), 4 C, 5 D (all in for ``d``)."""
    state = deal(table((100, 100, 100, b, 100, d), structure=structure))
    return _play(
        state,
        RaisedTo(seat=2, to=raise_to),
        WentAllIn(seat=3),
        Called(seat=4),
        WentAllIn(seat=5),
        Folded(seat=0),
        Folded(seat=1),
    )


def test_r4_8_example_nl_two_short_all_ins_add_up_for_a_but_not_for_c():
    state = _example(Structure.NO_LIMIT, 10, 14, 18)
    la = legal_actions(state)
    assert la.seat == 2 and la.can_raise  # A faces +8 since raising to 10: a full raise
    assert la.min_raise_to == 18 + 8
    state = apply(state, Called(seat=2))
    la = legal_actions(state)
    assert la.seat == 4 and la.can_call and not la.can_raise  # C faces +4 since calling 14
    with pytest.raises(RuleError, match="does not reopen the betting"):
        apply(state, RaisedTo(seat=4, to=40))


def test_r4_8_pot_limit_short_all_ins_add_up_only_against_what_each_player_matched():
    state = _example(Structure.POT_LIMIT, 7, 10, 13)  # A +5; B +3; C calls 10; D +3
    la = legal_actions(state)
    assert la.seat == 2 and la.can_raise  # A faces +6 >= the full raise 5
    state = apply(state, Called(seat=2))
    assert not legal_actions(state).can_raise  # C faces +3


def test_r4_8_fixed_limit_half_a_small_bet_on_the_turn_does_not_reopen():
    state = deal(table((100, 100, 7), structure=Structure.FIXED_LIMIT, button=2))
    state = _play(state, Called(seat=2), Called(seat=0), Checked(seat=1))
    state = apply(state, BoardDealt(count=3))
    while state.hand.to_act is not None:
        state = check_or_call(state)
    state = apply(state, BoardDealt(count=1))  # turn: the unit is the big bet, 4
    state = _play(state, BetPlaced(seat=0, amount=4), Called(seat=1), WentAllIn(seat=2))
    assert state.hand.current_bet == 5  # +1: half a small bet
    la = legal_actions(state)
    assert la.seat == 0 and not la.can_raise


@pytest.mark.parametrize("half_bet", [False, True])
def test_r4_8_fixed_limit_half_bet_option_makes_half_a_unit_a_full_raise(half_bet: bool):
    state = deal(
        table((100, 100, 8), structure=Structure.FIXED_LIMIT, button=2, half_bet_reopens=half_bet)
    )
    state = _play(state, Called(seat=2), Called(seat=0), Checked(seat=1))
    state = apply(state, BoardDealt(count=3))
    while state.hand.to_act is not None:
        state = check_or_call(state)
    state = apply(state, BoardDealt(count=1))
    state = _play(state, BetPlaced(seat=0, amount=4), Called(seat=1), WentAllIn(seat=2))
    assert state.hand.current_bet == 6  # +2: half the big bet
    assert legal_actions(state).can_raise is half_bet


def test_r4_7_only_full_raises_count_toward_the_cap():
    state = deal(table((100, 100, 100, 5, 100), structure=Structure.FIXED_LIMIT))
    # BB 2 is the bet (1); raise to 4 (2); all in to 5 is short (not counted);
    # raise to 7 (3); raise to 9 (4): the cap is one bet and three raises.
    state = _play(state, RaisedTo(seat=2, to=4), WentAllIn(seat=3), RaisedTo(seat=4, to=7))
    assert state.hand.raises == 3
    state = _play(state, RaisedTo(seat=0, to=9))
    la = legal_actions(state)
    assert not la.can_raise and "capped at 4" in la.no_raise_reason


def test_r4_1_bb_has_no_option_against_nobody_and_a_recorded_check_changes_nothing():
    state = deal(table((20, 100), button=0, structure=Structure.NO_LIMIT))  # button posts SB
    state = _play(state, WentAllIn(seat=0))
    state = apply(state, Called(seat=1))
    hand = state.hand
    assert hand.to_act is None and hand.active == (1,)
    assert apply(state, Checked(seat=1)) == state  # R4.1: the check changes nothing
    with pytest.raises(RuleError):
        apply(state, Checked(seat=0))  # all in: not theirs to check


def test_r4_1_a_bb_facing_only_an_all_in_that_matched_it_is_not_asked():
    state = deal(table((2, 100), button=0))  # button posts SB 1, BB 2
    state = apply(state, WentAllIn(seat=0))  # all in for 2: matches the big blind
    assert state.hand.to_act is None
    assert apply(state, Checked(seat=1)) == state


def _turn_after_a_check(structure: Structure):
    """A 2/4 game on the turn: A (seat 0) checks, B (seat 1) bets 1 all in, C calls."""
    state = deal(table((100, 3, 100), structure=structure))
    while state.hand.to_act is not None:
        state = check_or_call(state)
    state = apply(state, BoardDealt(count=3))
    while state.hand.to_act is not None:
        state = check_or_call(state)
    state = apply(state, BoardDealt(count=1))
    return _play(state, Checked(seat=0), WentAllIn(seat=1), Called(seat=2))


@pytest.mark.parametrize("structure", list(Structure))
def test_r4_8_a_player_who_checked_faces_a_short_all_in_bet_call_or_fold_only(structure):
    state = _turn_after_a_check(structure)
    la = legal_actions(state)
    assert la.seat == 0 and la.call_amount == 1
    assert not la.can_bet_or_raise and "R4.8" in la.no_raise_reason
    with pytest.raises(RuleError, match="does not reopen the betting"):
        apply(state, RaisedTo(seat=0, to=5))


def test_r4_8_a_player_yet_to_act_may_raise_a_short_all_in_bet():
    state = deal(table((100, 3, 100, 100), structure=Structure.FIXED_LIMIT))
    while state.hand.to_act is not None:
        state = check_or_call(state)
    for count in (3, 1):
        state = apply(state, BoardDealt(count=count))
        if count == 3:
            while state.hand.to_act is not None:
                state = check_or_call(state)
    state = _play(state, Checked(seat=0), WentAllIn(seat=1))
    la = legal_actions(state)
    assert la.seat == 2 and la.can_raise  # seat 2 has not acted on the turn


def test_r4_3_no_raise_when_the_players_still_to_act_cannot_put_in_more():
    state = deal(table((2, 2, 100, 2, 2, 2), structure=Structure.NO_LIMIT))  # SB 0, BB 1
    la = legal_actions(state)  # seats 3, 4, 5 and the SB are still to act, none can raise
    assert la.seat == 2 and not la.can_bet_or_raise
    assert la.no_raise_reason == "nobody else can put in more than 2: check, call or fold"
