"""R2.9/R5.2: a big-blind ante posted all in, and every player still in can win a pot."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.engine.config import Stakes, Structure
from omaha_tui.engine.events import Called, Checked, Folded, RaisedTo, WentAllIn
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.betting import legal_actions, wager_error
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import Pot

from .evening import deal, posts, table


def test_r2_9_big_blind_ante_all_in_for_7_of_100_wins_a_main_pot_of_those_7():
    stakes = Stakes(big_blind=100, small_blind=50, ante=100, big_blind_ante=True)
    state = deal(table((1000, 7, 1000, 1000), stakes=stakes))  # SB 0, BB 1
    assert posts(state) == [(1, "ante", 7), (0, "sb", 50), (1, "bb", 0)]
    assert 1 in state.hand.all_in
    for _ in range(3):  # seats 2 and 3 call 100, the SB completes
        state = apply(state, Called(seat=state.hand.to_act))
    pots = hand_pots(state.hand)
    assert pots[0] == Pot(7, (0, 1, 2, 3))  # the ante they posted, nothing from the others
    assert pots[1] == Pot(300, (0, 2, 3))


def test_r2_9_big_blind_whose_stack_exactly_covers_the_ante_fixed_limit():
    stakes = Stakes(big_blind=4, small_blind=2, ante=6, big_blind_ante=True)
    state = deal(table((100, 6, 100, 100), structure=Structure.FIXED_LIMIT, stakes=stakes))
    assert posts(state) == [(1, "ante", 6), (0, "sb", 2), (1, "bb", 0)]
    assert 1 in state.hand.all_in and 1 in state.hand.seats
    assert legal_actions(state).call_amount == 4  # the others still call the full BB (R2.5)
    state = apply(state, Called(seat=2))
    pots = hand_pots(state.hand)
    assert pots[0] == Pot(6, (0, 1, 2, 3)) and 1 not in pots[1].eligible


@st.composite
def _hands(draw: st.DrawFn) -> tuple[Stakes, tuple[int, ...], list[int]]:
    ante = draw(st.sampled_from((0, 1, 5, 10)))
    bba = draw(st.booleans()) and ante > 0
    stakes = Stakes(big_blind=10, small_blind=5, ante=ante, big_blind_ante=bba)
    stacks = tuple(draw(st.lists(st.integers(1, 60), min_size=2, max_size=6)))
    moves = draw(st.lists(st.integers(0, 4), max_size=30))
    return stakes, stacks, moves


@settings(max_examples=150, deadline=None)
@given(_hands())
def test_r5_1_every_player_still_in_is_eligible_for_a_pot_they_paid_into(spec) -> None:
    stakes, stacks, moves = spec
    state = deal(table(stacks, stakes=stakes))

    def check() -> None:
        hand = state.hand
        pots = hand_pots(hand)
        for seat in hand.live:
            if hand.committed[seat] > 0:
                assert any(seat in p.eligible and p.amount > 0 for p in pots), (seat, pots)

    check()
    for move in moves:
        la = legal_actions(state)
        if la is None:
            break
        seat = la.seat
        if move == 0 and la.can_fold:
            event = Folded(seat=seat)
        elif move == 1 and la.can_bet_or_raise:
            event = RaisedTo(seat=seat, to=la.min_raise_to)
        elif move == 2 and (
            la.all_in_to <= state.hand.current_bet
            or wager_error(la, la.all_in_to, la.all_in_to - state.hand.bets[seat]) is None
        ):
            event = WentAllIn(seat=seat)
        else:
            event = Called(seat=seat) if la.can_call else Checked(seat=seat)
        state = apply(state, event)
        check()
