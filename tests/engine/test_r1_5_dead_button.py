"""R1.5 dead button and moving button, R2.6 owed blinds, busted players."""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import ButtonRule, Stakes, TableConfig, parse_game
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    BoardDealt,
    ButtonRuleChanged,
    CameBack,
    Folded,
    HandStarted,
    PlayerLeft,
    PlayerRebought,
    PlayerSeated,
    Post,
    PostKind,
    SatOut,
    SessionStarted,
)
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.rules.blinds import propose_deal

from .evening import check_or_call, deal, fold_out, posts, settle, table


def _bust_seat_1_in_hand_1():
    """Seats 1-6 (indexes 0-5), hand 1: button 6, SB 1, BB 2; seat 2 all in and loses."""
    state = deal(table((100, 2, 100, 100, 100, 100)))
    assert (state.hand.button, state.hand.sb_seat, state.hand.bb_seat) == (5, 0, 1)
    state = apply(state, Folded(seat=2))
    state = apply(state, Folded(seat=3))
    state = apply(state, Folded(seat=4))
    return settle(state, 5)  # the button calls and wins; seat 2 is out of chips


def test_r1_5_example_three_hands_bb_moves_one_player_and_the_button_goes_dead():
    state = _bust_seat_1_in_hand_1()
    assert state.seats[1].stack == 0 and state.seats[1].sitting_out
    state = apply(state, PlayerLeft(seat=1))  # seat 2 is gone
    state = deal(state)  # hand 2: BB 3, no SB, button 1
    hand = state.hand
    assert (hand.button, hand.sb_seat, hand.bb_seat) == (0, None, 2)
    assert [p for p in posts(state) if p[1] in ("sb", "bb")] == [(2, "bb", 2)]
    state = fold_out(state)
    state = deal(state)  # hand 3: BB 4, SB 3, button on empty seat 2 (dead)
    hand = state.hand
    assert (hand.button, hand.sb_seat, hand.bb_seat) == (1, 2, 3)
    assert state.seats[1] is None
    # Seat 1 (index 0) acts last after the flop.
    state = apply(apply(state, Folded(seat=4)), Folded(seat=5))
    while state.hand.to_act is not None:
        state = check_or_call(state)
    state = apply(state, BoardDealt(count=3))
    order = []
    while state.hand.to_act is not None:
        order.append(state.hand.to_act)
        state = check_or_call(state)
    assert order == [2, 3, 0]


def test_r1_5_bb_moves_forward_past_an_empty_seat():
    state = fold_out(deal(table((100, 100, 100, None, 100), seats=6, button=4)))
    assert state.hand.bb_seat == 1
    state = fold_out(deal(state))
    assert state.hand.bb_seat == 2
    state = deal(state)
    assert state.hand.bb_seat == 4 and state.hand.sb_seat == 2


def test_r1_5_nobody_posts_the_big_blind_twice_running_after_a_rebuy():
    state = _bust_seat_1_in_hand_1()  # index 1 had the BB and busted
    state = apply(state, PlayerRebought(seat=1, amount=100))
    state = apply(state, CameBack(seat=1, post_now=True))
    state = deal(state)
    assert state.hand.bb_seat == 2 and state.hand.sb_seat == 1


def test_r1_5_returning_player_posting_now_never_takes_the_bb_twice_running():
    state = fold_out(deal(table((100,) * 4)))  # BB 1
    state = apply(state, SatOut(seat=1))
    state = apply(state, CameBack(seat=1, post_now=True))
    state = deal(state)
    assert state.hand.bb_seat == 2 and state.hand.sb_seat == 1


def test_r1_5_returning_player_waiting_for_the_bb_never_takes_it_twice_running():
    state = fold_out(deal(table((100,) * 4)))  # BB 1
    state = apply(state, SatOut(seat=1))
    state = apply(state, CameBack(seat=1, post_now=False))
    state = deal(state)
    assert state.hand.bb_seat == 2
    assert 1 not in state.hand.seats  # waits a whole round for the BB
    assert state.hand.sb_seat is None  # its SB is dead


def test_r1_5_d_newcomer_on_the_button_waits_until_it_has_passed():
    state = fold_out(deal(table((100, 100, 100, None), seats=4, button=2)))
    # hand 1: button 2, SB 0, BB 1. Next: BB 2, SB 1, button 0.
    state = apply(state, PlayerLeft(seat=0))
    state = apply(state, PlayerSeated(seat=0, name="New", stack=100))
    state = apply(state, PlayerSeated(seat=3, name="Eve", stack=100))
    proposal = propose_deal(state)
    assert proposal.button == 0 and 0 not in proposal.seats  # on the (dead) button: waits
    assert 3 in proposal.seats and (3, PostKind.BIG_BLIND, 2) in [
        (p.seat, p.kind, p.amount) for p in proposal.posts
    ]
    state = fold_out(deal(state))
    state = deal(state)  # the button has passed seat 0: New posts and plays
    assert 0 in state.hand.seats and (0, "bb", 2) in posts(state)


def test_r1_5_d_a_hand_start_dealing_an_owing_player_on_the_button_is_refused():
    state = fold_out(deal(table((100, 100, 100, None), seats=4, button=2)))
    state = apply(state, PlayerSeated(seat=3, name="New", stack=100))
    event = HandStarted(
        button=3,
        seats=(0, 1, 2, 3),
        posts=(Post(seat=0, kind="sb", amount=1), Post(seat=1, kind="bb", amount=2)),
    )
    with pytest.raises(RuleError, match="New owes blinds and is on the button"):
        apply(state, event)


def test_r1_5_e_heads_up_transition_the_last_big_blind_posts_the_small_blind():
    state = fold_out(deal(table((100, 100, 2))))  # button 2, SB 0, BB 1
    state = apply(state, PlayerLeft(seat=2))
    state = deal(state)  # heads-up: seat 1 had the BB, so it posts the SB on the button
    hand = state.hand
    assert (hand.button, hand.sb_seat, hand.bb_seat) == (1, 1, 0)
    assert hand.to_act == 1  # R2.2: the button acts first pre-flop
    state = fold_out(state)
    state = deal(state)
    assert (state.hand.sb_seat, state.hand.bb_seat) == (0, 1)


def test_r1_5_e_heads_up_to_three_handed_keeps_the_bb_moving():
    state = fold_out(deal(table((100, 100, None), seats=3, button=1)))  # SB 1, BB 0
    state = apply(state, PlayerSeated(seat=2, name="New", stack=100))
    state = deal(state)
    assert state.hand.bb_seat == 1
    state = fold_out(state)
    state = deal(state)
    assert state.hand.bb_seat == 2 and 2 in state.hand.seats


def test_r1_5_moving_button_option_moves_to_the_next_player_in_the_game():
    state = table((100,) * 4, button=0, button_rule=ButtonRule.MOVING)
    state = apply(state, SatOut(seat=1))
    state = fold_out(deal(state))
    assert state.hand.button == 0
    state = deal(state)
    assert state.hand.button == 2  # seat 1 sits out: skipped


def test_r1_5_button_rule_changes_between_hands_only():
    state = deal(table((100,) * 3))
    with pytest.raises(RuleError, match="a hand is running: change the button rule between"):
        apply(state, ButtonRuleChanged(rule=ButtonRule.MOVING))
    state = apply(fold_out(state), ButtonRuleChanged(rule=ButtonRule.MOVING))
    assert state.config.button_rule is ButtonRule.MOVING


def test_r2_6_owed_bb_only_for_a_player_the_bb_actually_passed():
    state = fold_out(deal(table((100,) * 5)))  # button 4, SB 0, BB 1
    state = apply(state, SatOut(seat=3))
    state = apply(state, CameBack(seat=3, post_now=False))  # waits for the BB
    state = apply(state, SatOut(seat=4))
    state = fold_out(deal(state))  # BB 2: passes nobody
    assert not state.seats[4].owes_bb
    state = deal(state)  # BB reaches seat 3 (waiting): seat 4 is not passed either
    assert state.hand.bb_seat == 3 and not state.seats[4].owes_bb
    state = fold_out(state)
    state = deal(state)  # BB passes seat 4 (away) to seat 0
    assert state.hand.bb_seat == 0 and state.seats[4].owes_bb


def _postflop_order(state):
    """Play the pre-flop round out by calls and checks, deal the flop, and return
    who acts in order on it."""
    while state.hand.to_act is not None:
        state = check_or_call(state)
    state = apply(state, BoardDealt(count=3))
    order = []
    while state.hand.to_act is not None:
        order.append(state.hand.to_act)
        state = check_or_call(state)
    return order


def test_r1_5_example_a_returning_player_hands_1_to_4():
    # Seats 1-4 are indexes 0-3: hand 1 button 1, SB 2, BB 3.
    state = deal(table((100,) * 4, button=0))
    assert (state.hand.button, state.hand.sb_seat, state.hand.bb_seat) == (0, 1, 2)
    state = apply(fold_out(state), SatOut(seat=3))  # seat 4 sits out before hand 2
    state = deal(state)  # hand 2: BB 1, SB 3, button 2; seat 4 passed by the BB
    assert (state.hand.button, state.hand.sb_seat, state.hand.bb_seat) == (1, 2, 0)
    assert 3 not in state.hand.seats and state.seats[3].owes_bb
    state = apply(fold_out(state), CameBack(seat=3, post_now=True))
    state = deal(state)  # hand 3: BB 2, SB 1, button 3 (last hand's SB chair)
    assert (state.hand.button, state.hand.sb_seat, state.hand.bb_seat) == (2, 0, 1)
    # R1.5(d): seat 4 sits between the button and the SB, so they wait.
    assert 3 not in state.hand.seats and state.seats[3].owes_bb
    assert _postflop_order(state)[-1] == 2  # seat 3 acts last after the flop


def test_r1_5_example_a_returning_player_hand_4_posts_a_live_bb():
    state = deal(table((100,) * 4, button=0))
    state = apply(fold_out(state), SatOut(seat=3))
    state = apply(fold_out(deal(state)), CameBack(seat=3, post_now=True))
    state = fold_out(deal(state))
    state = deal(state)  # hand 4: BB 3, SB 2, button 1, seat 4 dealt in with a live BB
    assert (state.hand.button, state.hand.sb_seat, state.hand.bb_seat) == (0, 1, 2)
    assert 3 in state.hand.seats
    # Held back between the button and the SB in hand 3 is not away: a live BB only.
    assert posts(state) == [(1, "sb", 1), (2, "bb", 2), (3, "bb", 2)]
    assert not state.seats[3].owes_bb
    assert state.hand.bets[3] == 2  # live: it counts toward their bet (R2.6)


def _six_at_ten_chairs():
    """Ann, Bob, Cy, Dee, Eve, Fay in seats 1-6 (indexes 0-5) of a ten-chair table,
    hand 1's button on seat 1."""
    state = table((100,) * 6, seats=10, button=0)
    return state


def _blinds(state):
    return (state.hand.button, state.hand.sb_seat, state.hand.bb_seat)


def test_r1_5_example_empty_chairs_the_buttons_go_round_1_to_6():
    state = _six_at_ten_chairs()
    buttons = []
    for _ in range(7):
        state = deal(state)
        buttons.append(state.hand.button)
        assert state.hand.button in state.hand.seats  # never dead, never a chair 7-10
        state = fold_out(state)
    assert [b + 1 for b in buttons] == [1, 2, 3, 4, 5, 6, 1]


def test_r1_5_example_empty_chairs_fay_leaves_after_hand_4():
    state = _six_at_ten_chairs()
    for _ in range(3):
        state = fold_out(deal(state))
    state = deal(state)  # hand 4: button 4, SB 5, BB Fay (seat 6)
    assert _blinds(state) == (3, 4, 5)
    state = apply(fold_out(state), PlayerLeft(seat=5))  # Fay leaves
    state = deal(state)  # hand 5: BB 1, no SB, button 5
    assert _blinds(state) == (4, None, 0)
    state = deal(fold_out(state))  # hand 6: BB 2, SB 1, button on Fay's empty chair 6
    assert _blinds(state) == (5, 0, 1) and state.seats[5] is None
    assert _postflop_order(state)[-1] == 4  # dead button: Eve acts last
    state = deal(fold_out(state))  # hand 7: BB 3, SB 2, button 1
    assert _blinds(state) == (0, 1, 2)
    buttons = []
    for _ in range(10):  # from then on the buttons go round 1-5
        state = fold_out(state)
        state = deal(state)
        buttons.append(state.hand.button + 1)
    assert buttons == [2, 3, 4, 5, 1, 2, 3, 4, 5, 1]


def test_r1_5_c_button_on_the_last_sb_chair_when_its_player_sits_out():
    # Hand 1: button 0, SB 1, BB 2. Seat 2 (last BB, the SB's chair) sits out.
    state = apply(fold_out(deal(table((100,) * 5, button=0))), SatOut(seat=2))
    state = deal(state)  # BB 3; no SB (R1.5b); button two below the BB: seat 1
    assert (state.hand.button, state.hand.sb_seat, state.hand.bb_seat) == (1, None, 3)
    state = deal(fold_out(state))  # BB 4, SB 3, button on seat 2 (sitting out: dead)
    assert (state.hand.button, state.hand.sb_seat, state.hand.bb_seat) == (2, 3, 4)
    assert 2 not in state.hand.seats
    assert _postflop_order(state)[-1] == 1  # the player nearest the button's right


def test_r1_5_c_button_on_an_empty_chair():
    state = fold_out(deal(table((100, 100, 100, 100, 100), button=0)))  # SB 1, BB 2
    state = apply(state, PlayerLeft(seat=2))  # the last BB (the SB's chair) leaves
    state = deal(state)  # BB 3, no SB, button 1
    assert (state.hand.button, state.hand.sb_seat, state.hand.bb_seat) == (1, None, 3)
    state = deal(fold_out(state))  # BB 4, SB 3, button on the empty chair 2
    assert (state.hand.button, state.hand.sb_seat, state.hand.bb_seat) == (2, 3, 4)
    assert state.seats[2] is None


def test_r2_6_missed_both_blinds_posts_live_big_blind_plus_dead_small_blind():
    state = fold_out(deal(table((100,) * 5, button=4)))  # SB 0, BB 1
    state = apply(state, SatOut(seat=2))
    state = fold_out(deal(state))  # BB passes seat 2
    assert state.seats[2].owes_bb and not state.seats[2].owes_sb
    state = fold_out(deal(state))  # still away: the SB would have been theirs
    assert state.seats[2].owes_sb
    state = apply(state, CameBack(seat=2, post_now=True))
    state = deal(state)
    assert (2, "bb", 2) in posts(state) and (2, "dead_sb", 1) in posts(state)
    hand = state.hand
    assert hand.bets[2] == 2 and hand.dead[2] == 1  # the dead SB is not part of the bet


def test_r2_6_newcomer_chooses_post_now_or_wait():
    state = fold_out(deal(table((100, 100, 100, None), seats=4)))  # BB 1
    posting = apply(state, PlayerSeated(seat=3, name="New", stack=100))
    assert posting.seats[3].owes_bb
    hand = deal(posting)  # BB 2, SB 1, button 0: seat 3 is not SB or button
    assert (3, "bb", 2) in posts(hand)
    waiting = apply(state, PlayerSeated(seat=3, name="New", stack=100, wait_for_bb=True))
    assert 3 not in deal(waiting).hand.seats


def test_busted_player_sits_out_and_must_rebuy_before_coming_back():
    state = _bust_seat_1_in_hand_1()
    assert state.seats[1].sitting_out
    with pytest.raises(RuleError, match="P1 is out of chips: rebuy first"):
        apply(state, CameBack(seat=1))
    assert 1 not in propose_deal(state).seats


def test_r4_11_a_rebuy_below_the_usual_range_is_warned_never_refused():
    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.engine.decisions.decide import decide
    from omaha_tui.engine.decisions.outcomes import Decided

    cfg = TableConfig(variant=parse_game("omaha"), stakes=Stakes(big_blind=2))  # 40 to 200
    state = replay(
        [
            SessionStarted(config=cfg),
            PlayerSeated(seat=0, name="Eve", stack=10),
            PlayerSeated(seat=1, name="Bob", stack=100),
        ]
    )
    out = decide(state, rq.Rebuy(0, 20))
    assert isinstance(out, Decided)
    assert out.note == "30 is 15 big blinds, below this table's usual 20 to 100"
    assert apply(state, PlayerRebought(seat=0, amount=20)).seats[0].stack == 30


def test_newcomer_into_an_occupied_seat_is_refused():
    state = table((100, 100))
    with pytest.raises(RuleError, match="seat 1 is taken by P0: pick an empty seat"):
        apply(state, PlayerSeated(seat=0, name="New", stack=100))


def test_r2_6_a_player_waiting_for_the_bb_who_decides_to_play_now_posts_it():
    state = fold_out(deal(table((100,) * 4)))
    state = apply(state, SatOut(seat=3))
    state = apply(state, CameBack(seat=3, post_now=False))
    state = apply(state, CameBack(seat=3, post_now=True))
    assert state.seats[3].owes_bb and not state.seats[3].waiting_for_bb


def test_r1_5_d_the_table_says_why_a_newcomer_is_not_dealt_in_yet():
    from omaha_tui.engine.rules.blinds import not_dealt

    state = fold_out(deal(table((100, 100, 100, None), seats=4, button=2)))
    state = apply(state, PlayerLeft(seat=0))
    state = apply(state, PlayerSeated(seat=0, name="New", stack=100))
    assert not_dealt(state) == {0: "waits until the button has passed (R1.5)"}


def test_r2_6_a_player_who_busts_and_rebuys_before_the_next_hand_is_dealt_in_owing_nothing():
    from omaha_tui.engine.decisions import requests as rq
    from tests.decided import events

    state = _bust_seat_1_in_hand_1()  # index 1 had the BB and busted
    done = events(state, rq.Rebuy(1, 100))
    assert done == (PlayerRebought(seat=1, amount=100), CameBack(seat=1, post_now=True))
    for event in done:
        state = apply(state, event)
    seat = state.seats[1]
    assert not (seat.sitting_out or seat.owes_bb or seat.owes_sb or seat.waiting_for_bb)
    state = deal(state)
    assert 1 in state.hand.seats and state.hand.sb_seat == 1  # last BB: the SB now
    assert [p for p in posts(state) if p[0] == 1] == [(1, "sb", 1)]  # nothing owed


def test_r2_6_a_busted_player_who_sat_out_longer_comes_back_when_they_rebuy():
    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.engine.decisions.decide import decide
    from omaha_tui.engine.decisions.outcomes import Ask
    from tests.decided import events

    state = _bust_seat_1_in_hand_1()
    state = fold_out(deal(state))  # a hand without them: the BB has not passed them yet
    assert not (state.seats[1].owes_bb or state.seats[1].owes_sb)
    assert events(state, rq.Rebuy(1, 100)) == (
        PlayerRebought(seat=1, amount=100),
        CameBack(seat=1, post_now=True),
    )
    while not state.seats[1].owes_bb:  # until the BB passes them: they owe it (R2.6)
        state = fold_out(deal(state))
    ask = decide(state, rq.Rebuy(1, 100))
    assert isinstance(ask, Ask)
    assert ask.question == (
        "P1 rebuys 100 and owes a big blind: post now, or wait for the big blind (R2.6)?"
    )
    assert [c.request for c in ask.choices] == [rq.Rebuy(1, 100, True), rq.Rebuy(1, 100, False)]
    assert events(state, rq.Rebuy(1, 100, False)) == (
        PlayerRebought(seat=1, amount=100),
        CameBack(seat=1, post_now=False),
    )
    done = events(state, rq.Rebuy(1, 100, True))
    for event in done:
        state = apply(state, event)
    seat = state.seats[1]
    assert not seat.sitting_out and seat.owes_bb and seat.stack == 100


def test_r2_6_a_rebuy_of_a_player_sitting_out_with_chips_leaves_them_sitting_out():
    from omaha_tui.engine.decisions import requests as rq
    from tests.decided import events

    state = apply(fold_out(deal(table((100,) * 4))), SatOut(seat=3))
    assert events(state, rq.Rebuy(3, 50)) == (PlayerRebought(seat=3, amount=50),)
