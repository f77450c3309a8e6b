"""R4.4 pot-limit maximum where the middle holds more than two blinds: antes and a
straddle, heads-up blinds, a short all-in blind, a short all-in raise (R4.8)."""

from __future__ import annotations

from omaha_tui.engine.config import Stakes
from omaha_tui.engine.events import Called, RaisedTo, WentAllIn
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.betting import legal_actions, pot_limit_breakdown
from tests import decided as cmd

from .evening import deal, table


def test_r4_4_pot_limit_maximum_with_antes_and_a_straddle() -> None:
    # Blinds 1/2, antes 1 x 5, straddle 4: the antes are in the pot, blinds and straddle
    # in front. First to act: 4 + (5 + 7 + 4) = 20; a raise over the straddle is to 8.
    state = deal(table((100,) * 5, stakes=Stakes(big_blind=2, ante=1, straddle=4)), straddle=True)
    la = legal_actions(state)
    assert (la.seat, la.call_amount, la.min_raise_to, la.max_raise_to) == (3, 4, 8, 20)
    pot = pot_limit_breakdown(state)
    assert (pot.pot, pot.bets_this_round, pot.to_call) == (5, 7, 4)
    assert apply(state, cmd.pot(state)).hand.bets[3] == 20  # R4.6: "pot" fills it in
    # Next, facing 20: 20 + (5 + 27 + 20) = 72 (the shortcut: 3 x 20 + 12 = 72).
    state = apply(state, RaisedTo(seat=3, to=20))
    assert legal_actions(state).max_raise_to == 72


def test_r4_4_heads_up_the_button_small_blind_may_raise_to_6() -> None:
    state = deal(table((100, 100)))  # R2.2: button 2 posts the SB 1 and acts first
    la = legal_actions(state)
    assert (la.seat, la.call_amount, la.max_raise_to) == (1, 1, 6)  # call 1, pot 4, raise 4


def test_r4_4_a_short_all_in_big_blind_still_makes_the_full_blind_to_call() -> None:
    # R2.5: the BB is all in for 1 of 2; the others still call 2. Call 2 -> pot 4 -> to 6.
    state = deal(table((100, 1, 100, 100)))
    la = legal_actions(state)
    assert (la.seat, la.call_amount, la.min_raise_to, la.max_raise_to) == (2, 2, 4, 6)


def test_r4_4_and_r4_8_after_a_short_all_in_raise_the_maximum_counts_it_in_full() -> None:
    # 1/2: seat 3 raises pot to 7 (a raise of 5), seat 4 all in for 10 (3 short of a full
    # raise). Seat 5 has not acted: it may raise, at least to 10 + 5, at most
    # 10 + (1 + 2 + 7 + 10) + 10 = 40.
    state = deal(table((100, 100, 100, 10, 100)))
    state = apply(apply(state, RaisedTo(seat=2, to=7)), WentAllIn(seat=3))
    la = legal_actions(state)
    assert (la.seat, la.min_raise_to, la.max_raise_to) == (4, 15, 40)
    state = apply(apply(apply(state, Called(seat=4)), Called(seat=0)), Called(seat=1))
    la = legal_actions(state)  # back to the raiser: faces +3 only, call or fold
    assert la.seat == 2 and la.call_amount == 3 and not la.can_raise
