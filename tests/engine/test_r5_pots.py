"""R5: main and side pots layer by layer, dead money, chips conserved."""

from __future__ import annotations

from omaha_tui.engine.config import Structure
from omaha_tui.engine.events import Folded, HandStarted, Post, PostKind, WentAllIn
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.pots import side_pots
from omaha_tui.engine.state import Pot
from tests import decided as cmd

from .table_helpers import board, chips_total, new_table, raise_to, run, start

NL = Structure.NO_LIMIT


def _all_in_three_ways():
    """Seats 0, 1, 2 all in for 20, 50 and 100; seat 3 (button) folds."""
    state = start(new_table(stacks=(20, 50, 100, 100), button=3, structure=NL))
    state = run(state, WentAllIn(seat=2), Folded(seat=3), WentAllIn(seat=0), WentAllIn(seat=1))
    return state


def _folded_after_the_flop(first_stack: int = 30):
    """Seat 0 all in pre-flop; seat 1 bets the flop, seat 2 folds, seat 3 calls."""
    state = start(new_table(stacks=(first_stack, 200, 200, 200), button=3, structure=NL))
    state = run(state, raise_to(7), cmd.call, WentAllIn(seat=0), cmd.call, cmd.call, cmd.call)
    return run(state, board(), raise_to(20), cmd.fold, cmd.call)


def test_r5_1_side_pots_layer_by_layer():
    state = _all_in_three_ways()
    # Seat 2's 50 above seat 1's all in is uncalled and went back (R4.9).
    assert state.hand.returned == ((2, 50),)
    assert side_pots(state) == (Pot(60, (0, 1, 2)), Pot(60, (1, 2)))


def test_r5_1_all_in_players_are_dealt_the_board_without_betting():
    state = _all_in_three_ways()
    assert state.hand.betting_over and state.hand.to_act is None
    state = run(state, board(), board(), board())
    assert state.hand.street.value == "showdown"


def test_r5_1_folded_players_chips_stay_in_the_pots_they_reached():
    state = _folded_after_the_flop()
    pots = side_pots(state)
    assert pots == (Pot(120, (0, 1, 3)), Pot(40, (1, 3)))
    assert chips_total(state) == 630


def test_r5_1_a_player_is_eligible_only_for_pots_they_reached():
    state = start(new_table(stacks=(10, 200, 200, 200), button=3, structure=NL))
    state = run(state, raise_to(7), cmd.call, WentAllIn(seat=0), cmd.call, cmd.call, cmd.call)
    state = run(state, board(), raise_to(40), cmd.call, cmd.fold)
    assert side_pots(state) == (Pot(40, (0, 1, 2)), Pot(80, (1, 2)))


def test_r5_2_dead_small_blind_goes_to_the_main_pot():
    state = new_table(stacks=(100, 5, 100, 100), button=3, structure=NL)
    posts = (
        Post(seat=0, kind=PostKind.SMALL_BLIND, amount=1),
        Post(seat=1, kind=PostKind.BIG_BLIND, amount=2),
        Post(seat=2, kind=PostKind.BIG_BLIND, amount=2),
        Post(seat=2, kind=PostKind.DEAD_SMALL_BLIND, amount=1),
    )
    state = apply(state, HandStarted(button=3, seats=(0, 1, 2, 3), posts=posts))
    assert state.hand.to_act == 2 and state.hand.bets[2] == 2 and state.hand.dead[2] == 1
    state = run(state, raise_to(10), cmd.fold, cmd.fold, WentAllIn(seat=1))
    assert state.hand.returned == ((2, 5),)
    # Seat 2 put in 5 live plus 1 dead: one pot, not a 1-chip side pot for seat 2.
    assert side_pots(state) == (Pot(12, (1, 2)),)


def test_r5_3_chips_are_conserved_through_a_hand():
    state = new_table(stacks=(30, 200, 200, 200), button=3, structure=NL)
    total = chips_total(state)
    state = start(state)
    steps = (
        raise_to(7),
        cmd.call,
        WentAllIn(seat=0),
        cmd.call,
        cmd.call,
        cmd.call,
        board(),
        raise_to(20),
        cmd.fold,
        cmd.call,
        board(),
        cmd.check,
        cmd.check,
        board(),
        cmd.check,
        cmd.check,
    )
    for step in steps:
        state = run(state, step)
        assert chips_total(state) == total
    state = run(state, lambda s: cmd.settle_by_hand(s, [[0], [1]]))
    assert sum(s.stack for s in state.seats if s) == total
    assert [s.stack for s in state.seats if s] == [120, 200 - 50 + 40, 170, 150]


def test_r5_1_a_player_who_paid_no_ante_is_still_eligible_for_the_whole_pot():
    # A big-blind ante (as in the PHH corpus): only seat 1 antes, so seat 2 commits
    # less in total than seat 1 while matching every bet.
    state = new_table(stacks=(100, 100, 100), ante=2)
    posts = (
        Post(seat=0, kind=PostKind.SMALL_BLIND, amount=1),
        Post(seat=1, kind=PostKind.BIG_BLIND, amount=2),
        Post(seat=1, kind=PostKind.ANTE, amount=2),
    )
    state = apply(state, HandStarted(button=2, seats=(0, 1, 2), posts=posts))
    state = run(state, raise_to(6), cmd.fold, cmd.call)
    assert side_pots(state) == (Pot(1 + 8 + 6, (1, 2)),)
