"""R13.1: bomb pots: who posts, short bombs, no pre-flop round, the button and blinds stay."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import BombCall, SatOut
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.rules.bombs import next_bomb
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import Street, TableState
from tests import decided as cmd
from tests.engine.table_helpers import chips_total, new_table, run, stacks, start


def _do(state: TableState, request: rq.Request) -> TableState:
    out = decide(state, request)
    if not isinstance(out, Decided):
        raise RuleError(getattr(out, "reason", None) or getattr(out, "question", ""))
    return out.state


def _bomb(state: TableState, amount: int, **kw: object) -> TableState:
    return _do(state, rq.SetBomb(amount, **kw))  # type: ignore[arg-type]


def _play_out_checked(state: TableState) -> TableState:
    """Check every street down and settle by hand to the first live seat."""
    while state.in_hand and state.hand is not None:
        hand = state.hand
        if hand.to_act is not None:
            state = run(state, cmd.check_or_call)
        elif hand.street is Street.SHOWDOWN or (hand.betting_over and len(hand.board) == 5):
            winners = ((hand.live[0],),) * len(hand_pots(hand))
            state = run(state, lambda s, w=winners: cmd.settle_by_hand(s, w))
        else:
            state = run(state, cmd.deal_board)
    return state


def test_r13_1_example_six_players_bomb_5_pot_30_bet_2_to_30_checked_to_the_turn():
    state = _bomb(new_table(stacks=(100,) * 6, big_blind=2, small_blind=1), 5)
    state = start(state)
    hand = state.hand
    assert hand is not None and hand.bomb == 5
    assert hand.total == 30  # the pot before the flop
    assert hand.to_act is None and hand.street is Street.PREFLOP  # no pre-flop round
    state = run(state, cmd.deal_board)  # the flop comes at once
    la = legal_actions(state)
    assert la is not None
    assert la.seat == 0  # first dealt in left of the button (seat 5)
    assert (la.min_raise_to, la.max_raise_to) == (2, 30)  # R13.1(c), R4.4
    for _ in range(6):
        state = run(state, cmd.check)
    state = run(state, cmd.deal_board)
    assert state.hand is not None and state.hand.street is Street.TURN
    assert state.hand.total == 30


def test_r13_1_posts_are_bombs_only_no_blinds_antes_or_straddles():
    table = new_table(stacks=(100,) * 4, ante=1, straddle=4)
    state = start(_bomb(table, 6))
    assert state.hand is not None
    kinds = {(p.kind.value, p.amount) for p in state.hand.posts}
    assert kinds == {("bomb", 6)}
    assert state.hand.sb_seat is None and state.hand.bb_seat is None


def test_r13_1_a_bomb_pot_moves_neither_button_nor_blinds():
    table = new_table(stacks=(100,) * 4, button=3)
    regular = _play_out_checked(start(table))
    assert regular.hand is not None
    without = start(regular)  # the hand that would come next
    bombed = _play_out_checked(start(_bomb(regular, 5)))
    assert bombed.hand is not None and bombed.hand.button == regular.hand.button
    after = start(bombed)
    assert after.hand is not None and without.hand is not None
    assert after.hand.button == without.hand.button
    assert (after.hand.sb_seat, after.hand.bb_seat) == (without.hand.sb_seat, without.hand.bb_seat)
    assert after.hand.posts == without.hand.posts


def test_r13_1_a_called_bomb_is_for_one_hand():
    state = _play_out_checked(start(_bomb(new_table(stacks=(100,) * 3), 5)))
    assert next_bomb(state) is None
    assert start(state).hand.bomb == 0  # type: ignore[union-attr]


def test_r13_1a_sitting_out_and_owing_players_are_not_dealt_in_and_owe_nothing():
    table = run(new_table(stacks=(100,) * 5, button=4), SatOut(seat=2))
    before = table.seats[2]
    state = start(_bomb(table, 5))
    assert state.hand is not None and 2 not in state.hand.seats
    state = _play_out_checked(state)
    assert state.seats[2] == before  # no blind missed for a bomb pot (R13.1d)


def test_r13_1b_a_bomb_larger_than_a_stack_is_a_short_bomb_layered_like_antes():
    state = start(_bomb(new_table(stacks=(100, 3, 100, 100)), 5))
    hand = state.hand
    assert hand is not None and 1 in hand.all_in
    pots = hand_pots(hand)
    assert [p.amount for p in pots] == [12, 6]  # 3 from each in the main pot
    assert 1 in pots[0].eligible and 1 not in pots[1].eligible


def test_r13_1_every_n_hands_counts_from_when_it_was_set():
    state = _bomb(new_table(stacks=(100,) * 3), 4, every=3)
    bombs = []
    for _ in range(6):
        state = start(state)
        assert state.hand is not None
        bombs.append(state.hand.bomb)
        state = _play_out_checked(state)
    assert bombs == [0, 0, 4, 0, 0, 4]


def test_r13_1_at_a_seat_each_time_the_button_reaches_it():
    state = _bomb(new_table(stacks=(100,) * 3, button=2, seats=3), 4, at=0)
    seen = []
    for _ in range(7):
        state = start(state)
        assert state.hand is not None
        seen.append((state.hand.button, state.hand.bomb))
        state = _play_out_checked(state)
    assert seen == [(2, 0), (0, 0), (0, 4), (1, 0), (2, 0), (0, 0), (0, 4)]


def test_r13_1_at_a_seat_a_dead_button_passing_over_it_reaches_it():
    """Three players in ten chairs: the dead button (R1.5) never stands on seat 3's
    chair, yet passes it once an orbit: one bomb pot an orbit, after that hand."""
    state = _bomb(new_table(stacks=(100,) * 3, button=2), 4, at=2)
    seen = []
    for _ in range(9):
        state = start(state)
        assert state.hand is not None
        seen.append((state.hand.button, state.hand.bomb))
        state = _play_out_checked(state)
    assert [b for _, b in seen].count(4) == 2
    for k, (button, bomb) in enumerate(seen):
        if bomb:
            assert button == seen[k - 1][0] and seen[k - 1][1] == 0


def test_r13_1_the_table_says_the_next_hand_is_a_bomb_pot():
    state = _bomb(new_table(stacks=(100,) * 3), 5, double=True)
    assert next_bomb(state) == BombCall(amount=5, double=True)
    assert next_bomb(_bomb(state, 0)) is None  # bomb off


@pytest.mark.parametrize(
    ("request_", "match"),
    [
        (rq.SetBomb(-5), "more than nothing"),
        (rq.SetBomb(5, every=0), "not a count of hands"),
        (rq.SetBomb(5, at=8), "is empty"),
    ],
)
def test_r13_1_bad_bomb_calls_are_refused_and_change_nothing(request_, match):
    state = new_table(stacks=(100,) * 3)
    out = decide(state, request_)
    assert not isinstance(out, Decided)
    assert match in out.reason  # type: ignore[union-attr]


def test_r13_1_a_bomb_is_called_between_hands():
    state = start(new_table(stacks=(100,) * 3))
    with pytest.raises(RuleError, match="between hands"):
        _bomb(state, 5)


def test_r13_1_a_bomb_pot_has_no_straddle():
    state = _bomb(new_table(stacks=(100,) * 4), 5)
    with pytest.raises(RuleError, match="nobody straddles"):
        _do(state, rq.NextHand(straddle=True))


def test_r13_1_misdeal_keeps_the_bomb_and_the_button():
    state = _bomb(new_table(stacks=(100,) * 3), 5)
    dealt = start(state)
    back = _do(dealt, rq.DeclareMisdeal("exposed card"))
    assert back.button == state.button and back.button_moves == state.button_moves
    assert stacks(back) == [100, 100, 100]
    assert next_bomb(back) is not None


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=1, max_value=40), min_size=2, max_size=9),
    st.integers(min_value=1, max_value=30),
    st.lists(st.sampled_from(["check", "bet", "fold", "allin"]), max_size=40),
)
def test_r13_1_chips_are_conserved_in_bomb_pots_with_short_stacks(stack_list, bomb, moves):
    """R5.3 with R13.1b: short bombs, all-ins and folds never make or lose a chip."""
    state = start(_bomb(new_table(stacks=stack_list), bomb))
    total = sum(stack_list)
    assert chips_total(state) == total
    script = iter(moves)
    while state.in_hand and state.hand is not None:
        hand = state.hand
        if hand.to_act is not None:
            move = next(script, "check")
            la = legal_actions(state)
            assert la is not None
            if move == "fold" and la.call_amount:
                state = run(state, cmd.fold)
            elif move == "allin" and la.can_bet_or_raise:
                wager = cmd.all_in if la.all_in_to <= la.max_raise_to else cmd.pot
                state = run(state, wager)
            elif move == "bet" and la.can_bet_or_raise:
                state = run(state, lambda s, to=la.min_raise_to: cmd.bet_or_raise(s, to))
            else:
                state = run(state, cmd.check_or_call)
        elif hand.street is Street.SHOWDOWN or (hand.betting_over and len(hand.board) == 5):
            pots = hand_pots(hand)
            winners = tuple((p.eligible[-1],) for p in pots)
            state = run(state, lambda s, w=winners: cmd.settle_by_hand(s, w))
        else:
            state = run(state, cmd.deal_board)
        assert chips_total(state) == total
    assert sum(s.stack for s in state.seats if s is not None) == total


def test_r13_1_the_end_of_a_hand_says_the_next_one_is_a_bomb_pot():
    from omaha_tui.engine.narration.narrate import narrate

    state = start(_bomb(new_table(stacks=(100,) * 3), 5, every=2))
    state = run(state, cmd.fold)
    out = decide(state, rq.Fold())
    assert isinstance(out, Decided)
    assert narrate(state, out.events, out.state)[-1] == "Next hand: a bomb pot of 5"


def test_r13_1_a_double_bomb_pot_is_dealt_on_two_boards():
    state = start(_bomb(new_table(stacks=(100,) * 4), 5, double=True))
    assert state.hand is not None and state.hand.boards == 2 and state.hand.bomb == 5


def test_r13_1b_the_one_full_bomb_nobody_matched_is_returned_uncalled():
    """R13.1b with R4.9: when every other player is all in for less, the part of the
    one full bomb nobody matched goes back to its owner, not into a pot of their own."""
    state = start(_bomb(new_table(stacks=(100, 40, 30)), 50))
    hand = state.hand
    assert hand is not None
    assert [p.amount for p in hand_pots(hand)] == [90, 20]
    assert all(len(p.eligible) > 1 for p in hand_pots(hand))
    assert stacks(state)[0] == 60
    assert hand.returned == ((0, 10),)
    assert chips_total(state) == 170
