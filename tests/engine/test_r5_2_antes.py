"""R2.9 and R5.2: antes before the blinds, dead money in the main pot; R2.8 straddles."""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import AntePots, Stakes
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Called, RaisedTo, SatOut, StraddleChanged, WentAllIn
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.rules.blinds import propose_deal
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import Pot

from .evening import deal, fold_out, posts, table


def test_r5_2_example_ante_1_times_9_one_player_with_exactly_1_chip_main_pot_9_all_eligible():
    state = deal(
        table((100, 100, 100, 100, 1, 100, 100, 100, 100), stakes=Stakes(big_blind=2, ante=1))
    )
    hand = state.hand
    assert 4 in hand.seats and 4 in hand.all_in  # R2.9: all in and still dealt in
    assert hand_pots(hand)[0] == Pot(9, hand.seats)


def test_r5_2_example_antes_100_times_6_one_player_with_85_main_pot_510_side_pot_starts_75():
    stakes = Stakes(big_blind=200, small_blind=100, ante=100, chip=1)
    state = deal(table((1000, 1000, 1000, 85, 1000, 1000), stakes=stakes))
    pots = hand_pots(state.hand)
    others = tuple(s for s in state.hand.seats if s != 3)
    assert pots[0] == Pot(6 * 85, state.hand.seats)
    assert pots[1].eligible == others
    assert pots[1].amount == 5 * 15 + 100 + 200  # the antes' rest, then the blinds


def test_r5_2_example_big_blind_ante_all_in_player_wins_the_whole_ante_plus_20_from_each():
    stakes = Stakes(big_blind=5, small_blind=2, ante=5, big_blind_ante=True)
    state = deal(table((200, 200, 20, 200), stakes=stakes))  # SB 0, BB 1 posts the ante
    assert posts(state)[:2] == [(1, "ante", 5), (0, "sb", 2)]
    state = apply(state, WentAllIn(seat=2))
    state = apply(state, Called(seat=3))
    state = apply(state, Called(seat=0))
    state = apply(state, RaisedTo(seat=1, to=60))  # the BB covers and raises
    state = apply(state, Called(seat=3))
    state = apply(state, Called(seat=0))
    main = hand_pots(state.hand)[0]
    assert main == Pot(5 + 4 * 20, (0, 1, 2, 3))


def test_r2_9_big_blind_ante_comes_before_the_blind():
    stakes = Stakes(big_blind=5, small_blind=2, ante=5, big_blind_ante=True)
    deal_ = propose_deal(table((200, 7, 200), stakes=stakes))
    assert [(p.seat, p.kind.value, p.amount) for p in deal_.posts] == [
        (1, "ante", 5),
        (0, "sb", 2),
        (1, "bb", 2),
    ]


def test_r2_9_a_player_whose_stack_is_the_ante_posts_no_blind_and_others_call_the_full_bb():
    state = deal(table((100, 1, 100), stakes=Stakes(big_blind=2, ante=1)))
    assert (1, "bb", 0) in posts(state) and 1 in state.hand.all_in
    assert legal_actions(state).call_amount == 2


def test_r5_2_partial_ante_wins_from_each_ante_only_what_was_posted():
    state = deal(table((100, 100, 100, 3), stakes=Stakes(big_blind=10, ante=5)))
    pots = hand_pots(state.hand)
    assert pots[0] == Pot(4 * 3, (0, 1, 2, 3))
    assert pots[1] == Pot(3 * 2 + 5 + 10, (0, 1, 2))


def test_ante_pots_main_option_puts_every_ante_in_the_main_pot():
    state = deal(
        table((100, 100, 100, 3), stakes=Stakes(big_blind=10, ante=5), ante_pots=AntePots.MAIN)
    )
    assert hand_pots(state.hand)[0] == Pot(3 * 5 + 3, (0, 1, 2, 3))


def test_r2_8_straddle_raise_over_it_at_least_its_size():
    state = deal(table((100,) * 4, stakes=Stakes(big_blind=2, straddle=4)), straddle=True)
    assert (2, "straddle", 4) in posts(state)
    la = legal_actions(state)
    assert la.seat == 3 and la.call_amount == 4 and la.min_raise_to == 8


def test_r2_8_standing_straddle_is_posted_every_hand_and_can_be_switched_off():
    state = apply(table((100,) * 5), StraddleChanged(amount=4))
    state = deal(state)
    assert (2, "straddle", 4) in posts(state)
    state = fold_out(state)
    assert state.hand.awards  # the straddler acted last and won the blinds
    state = deal(state)
    assert (3, "straddle", 4) in posts(state)
    state = apply(fold_out(state), StraddleChanged(amount=0))
    assert all(kind != "straddle" for _, kind, _ in posts(deal(state)))


def test_r2_8_straddle_heads_up_is_refused_and_nothing_changes():
    state = table((100,) * 2)
    with pytest.raises(RuleError, match="a straddle needs at least 3 players at the table"):
        apply(state, StraddleChanged(amount=4))
    with pytest.raises(RuleError, match="below twice the big blind"):
        apply(table((100,) * 4), StraddleChanged(amount=3))
    with pytest.raises(RuleError, match="a hand is running: change the straddle between hands"):
        apply(deal(table((100,) * 4)), StraddleChanged(amount=4))


def test_r2_8_three_handed_the_button_left_of_the_bb_straddles_and_acts_last():
    # R2.8: the seat left of the BB straddles; three-handed that is the button (seat 3).
    state = deal(table((100,) * 3, stakes=Stakes(big_blind=2, straddle=4)), straddle=True)
    assert posts(state) == [(0, "sb", 1), (1, "bb", 2), (2, "straddle", 4)]
    la = legal_actions(state)
    assert la.seat == 0 and la.call_amount == 3 and la.min_raise_to == 8  # SB acts first
    state = apply(apply(state, Called(seat=0)), Called(seat=1))
    la = legal_actions(state)
    assert la.seat == 2 and la.can_check and la.can_raise  # the straddler's option


def test_r2_8_standing_straddle_is_skipped_heads_up():
    state = apply(table((100,) * 3), StraddleChanged(amount=4))
    assert (2, "straddle", 4) in posts(deal(state))
    state = apply(table((100,) * 3), StraddleChanged(amount=4))
    state = apply(state, SatOut(seat=2))
    assert all(p.kind.value != "straddle" for p in propose_deal(state).posts)
    with pytest.raises(RuleError, match="a straddle needs at least 3 players dealt in, not 2"):
        propose_deal(state, straddle=True)
