"""What the narrator says about the rules' awkward corners (R4.2, R4.8, R2.9)."""

from __future__ import annotations

from omaha_tui.engine.events import Folded, HandStarted, PlayerLeft, SatOut
from omaha_tui.engine.narration.narrate import narrate
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.blinds import propose_deal

from .evening import deal, fold_out, table


def test_r4_2_walk_with_no_small_blind_names_the_winner():
    state = apply(fold_out(deal(table((100,) * 4, button=0))), SatOut(seat=2))
    state = deal(state)  # BB 3, no SB: the last BB sits out
    assert state.hand.sb_seat is None and state.hand.bb_seat == 3
    while state.hand.to_act != 3 and len(state.hand.live) > 2:
        state = apply(state, Folded(seat=state.hand.to_act))
    event = Folded(seat=state.hand.to_act)
    after = apply(state, event)
    lines = narrate(state, (event,), after)
    assert lines[-2:] == (
        "2 returned to P3, uncalled (R4.9)",
        "P3 wins the hand, with no pot to take (R4.2)",
    )


def test_r1_5_hand_start_names_a_dead_button_by_its_chair():
    state = fold_out(deal(table((100,) * 5, button=0)))
    state = apply(state, PlayerLeft(seat=2))
    state = fold_out(deal(state))
    before = state
    after = deal(state)
    d = propose_deal(before)
    lines = narrate(before, (HandStarted(button=d.button, seats=d.seats, posts=d.posts),), after)
    assert lines[0].startswith("Hand #3: button seat 3 (dead, R1.5); P3 posts small blind 1")
