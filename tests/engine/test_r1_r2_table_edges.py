"""R1.3, R1.5, R2.3, R2.6 at the table: seat limits, the button's chair counted round
empty chairs, the default small blind as posted, owed blinds and the pot-limit maximum,
and a rebuy straight after a bust."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.events import (
    BoardDealt,
    Called,
    CameBack,
    Folded,
    PlayerLeft,
    PlayerSeated,
    SatOut,
)
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.betting import legal_actions, pot_limit_breakdown
from omaha_tui.engine.rules.pots import hand_pots
from tests.decided import events

from .evening import check_or_call, deal, fold_out, posts, settle, table


def _places(state) -> tuple[int, int | None, int]:
    hand = state.hand
    return hand.button, hand.sb_seat, hand.bb_seat


@pytest.mark.parametrize(
    ("game", "most"),
    [("omaha", 10), ("omaha8", 10), ("omaha5", 8), ("big-o", 8), ("courchevel", 8), ("omaha6", 7)],
)
def test_r1_3_seats_by_hole_cards_so_the_deck_cannot_run_out(game: str, most: int) -> None:
    variant = parse_game(game)
    assert TableConfig(variant=variant, stakes=Stakes(big_blind=2)).seats == most
    assert most * variant.hole_cards + 5 + 3 <= 52
    refused = rf"seats 2 to {most} players \(R1.3\)" if most < 10 else "less than or equal to 10"
    with pytest.raises(ValidationError, match=refused):
        TableConfig(variant=variant, stakes=Stakes(big_blind=2), seats=most + 1)


def test_r1_3_binglao_defaults_to_six_seats_with_seven_as_an_option() -> None:
    binglao = parse_game("binglao")
    assert TableConfig(variant=binglao, stakes=Stakes(big_blind=2)).seats == 6
    with pytest.raises(ValidationError, match=r"Binglao seats 2 to 6 players \(R1.3\), not 7"):
        TableConfig(variant=binglao, stakes=Stakes(big_blind=2), seats=7)
    seven = TableConfig(variant=binglao, stakes=Stakes(big_blind=2), seats=7, binglao_seven=True)
    assert seven.seats == 7


def test_r1_5_c_no_small_blind_puts_the_button_on_last_hands_small_blind_chair() -> None:
    # Chairs 1-8 (indexes 0-7), players in 1, 2, 3, 6 and 7; hand 1 button 1, SB 2, BB 3.
    state = deal(table((100, 100, 100, None, None, 100, 100, None), button=0, seats=8))
    assert _places(state) == (0, 1, 2)
    state = apply(fold_out(state), PlayerLeft(seat=2))  # the BB's chair empties
    state = deal(state)  # BB on chair 6, no SB, button on last hand's SB chair 2
    assert _places(state) == (1, None, 5)
    assert posts(state) == [(5, "bb", 2)]
    # BB 7, SB 6, button on chair 3, where the SB was due: dead, as its player left.
    # Never the empty chairs 4 and 5, where nobody sat (R1.5c).
    state = deal(fold_out(state))
    assert _places(state) == (2, 5, 6) and state.seats[2] is None
    # The player dealt in nearest the button's right (chair 2) acts last after the flop.
    while state.hand.to_act is not None:
        state = check_or_call(state)
    state = apply(state, BoardDealt(count=3))
    order = []
    while state.hand.to_act is not None:
        order.append(state.hand.to_act)
        state = check_or_call(state)
    assert order == [5, 6, 0, 1]
    state = deal(fold_out(state))  # BB 1, SB 7, button 6: round the players again
    assert _places(state) == (5, 6, 0)


def test_r1_5_d_a_newcomer_outside_the_button_to_small_blind_chairs_plays_at_once():
    # Chairs 1-8 (indexes 0-7), players in 1, 2, 3, 6 and 7; hand 1 button 1, SB 2, BB 3.
    state = fold_out(deal(table((100, 100, 100, None, None, 100, 100, None), button=0, seats=8)))
    state = apply(state, PlayerLeft(seat=2))  # the BB's chair empties: next, no SB
    state = apply(state, PlayerSeated(seat=7, name="New", stack=100))  # chair 8, posting
    state = apply(state, PlayerSeated(seat=3, name="Gus", stack=100))  # chair 4, posting
    assert state.seats[7].owes_bb and state.seats[3].owes_bb
    # Gus is the next player after last hand's BB: the BB is his (R1.5a). The button
    # is on chair 2, the SB (dead) due on chair 3: chair 8 meets the BB first and plays.
    state = deal(state)
    assert _places(state) == (1, None, 3)
    assert state.hand.seats == (3, 5, 6, 7, 0, 1)
    assert posts(state) == [(3, "bb", 2), (7, "bb", 2)]


def test_r1_5_b_d_a_newcomer_in_last_hands_bb_chair_posts_no_small_blind_and_waits():
    # Chairs 1-7 (indexes 0-6), players in 1, 2, 3, 6 and 7; hand 1 button 1, SB 2, BB 3.
    state = fold_out(deal(table((100, 100, 100, None, None, 100, 100), button=0, seats=7)))
    state = apply(state, PlayerLeft(seat=2))
    state = apply(state, PlayerSeated(seat=2, name="New", stack=100))  # chair 3, posting
    state = deal(state)
    # The SB is last hand's BB player's, who left: none is posted (R1.5b), and the
    # button is on last hand's SB chair 2. Chair 3 is the SB's chair, so the newcomer
    # waits until the button has passed (R1.5d).
    assert _places(state) == (1, None, 5)
    assert state.hand.seats == (5, 6, 0, 1)
    assert posts(state) == [(5, "bb", 2)]
    state = deal(fold_out(state))  # BB 7, SB 6, button on chair 3: New still waits
    assert _places(state) == (2, 5, 6) and 2 not in state.hand.seats
    state = deal(fold_out(state))  # BB 1, SB 7, button 6: the button has passed
    assert 2 in state.hand.seats and (2, "bb", 2) in posts(state)


def test_r2_3_the_default_small_blind_is_what_the_small_blind_posts() -> None:
    cents = table((1000,) * 3, stakes=Stakes(big_blind=25, chip=5))  # BB 25c, 5c chip
    assert posts(deal(cents)) == [(0, "sb", 10), (1, "bb", 25)]
    assert posts(deal(table((100,) * 3))) == [(0, "sb", 1), (1, "bb", 2)]


def _missed_both_blinds():
    """Five players, button 5: seat 3 sits out, is passed by the BB, stays away for the
    hand in which it would have posted the SB, and comes back choosing to post."""
    state = fold_out(deal(table((100,) * 5, button=4)))  # SB 1, BB 2
    state = apply(state, SatOut(seat=2))
    state = fold_out(deal(state))  # BB 4 passes seat 3: it owes the BB
    state = fold_out(deal(state))  # still away when the SB would have been theirs
    assert state.seats[2].owes_bb and state.seats[2].owes_sb
    return deal(apply(state, CameBack(seat=2, post_now=True)))


def test_r2_6_missed_both_blinds_under_dead_button_posts_both() -> None:
    state = _missed_both_blinds()  # hand 4: button 4, SB 5, BB 1
    assert _places(state) == (3, 4, 0)
    assert posts(state) == [(4, "sb", 1), (0, "bb", 2), (2, "bb", 2), (2, "dead_sb", 1)]
    hand = state.hand
    assert hand.bets[2] == 2 and hand.dead[2] == 1  # live BB; the dead SB is not a bet
    seat = state.seats[2]
    assert not (seat.owes_bb or seat.owes_sb or seat.sitting_out)
    # A live BB: seat 3 owes nothing more pre-flop once the others only call.
    state = apply(state, Called(seat=1))
    la = legal_actions(state)
    assert la.seat == 2 and la.can_check and not la.can_call


def test_r4_4_pot_limit_maximum_counts_a_dead_small_blind_and_both_big_blinds() -> None:
    state = _missed_both_blinds()
    # pot: the dead SB 1; in front: SB 1, BB 2, live BB 2; seat 2 calls 2 first.
    breakdown = pot_limit_breakdown(state)
    assert (breakdown.pot, breakdown.bets_this_round, breakdown.to_call) == (1, 5, 2)
    assert legal_actions(state).max_raise_to == 2 + (1 + 5 + 2) == 10
    while state.hand.to_act is not None:
        state = check_or_call(state)
    assert [(p.amount, p.eligible) for p in hand_pots(state.hand)] == [(11, (4, 0, 1, 2, 3))]


def test_r2_6_a_player_busted_on_the_small_blind_who_rebuys_at_once_plays_the_button() -> None:
    state = deal(table((2, 100, 100, 100)))  # button 4, SB 1 (2 chips), BB 2
    state = apply(apply(state, Called(seat=2)), Folded(seat=3))
    state = settle(apply(state, Called(seat=0)), 1)  # the SB calls all in and loses
    assert state.seats[0].stack == 0 and state.seats[0].sitting_out
    for event in events(state, rq.Rebuy(0, 100)):
        state = apply(state, event)
    seat = state.seats[0]
    assert not (seat.sitting_out or seat.owes_bb or seat.owes_sb)
    state = deal(state)  # BB 3, SB 2, button 1: their own chair, dealt in at once
    assert _places(state) == (0, 1, 2) and 0 in state.hand.seats
    assert [p for p in posts(state) if p[0] == 0] == []  # owes nothing
