"""R10.1 run-outs and R10.2 running it twice, through the reducer."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_tui.engine.allin.equity import hand_equity
from omaha_tui.engine.config import Structure
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    BoardDealt,
    Called,
    HoleCardsShown,
    PotsAwarded,
    RunBoardDealt,
    RunsAgreed,
    WentAllIn,
)
from omaha_tui.engine.hands.cards import format_cards
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.awards import awards_from_cards, run_parts
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import TableState

from .table_helpers import chips_total, new_table, stacks, start

H1, H2 = "Ah 2s Kh Ks", "As 3s Qh Qd"


def _all_in(stack_sizes: tuple[int, ...], game: str = "omaha8") -> TableState:
    """Everyone all in before the flop, no limit blinds 1/2."""
    state = start(new_table(stacks=stack_sizes, game=game, structure=Structure.NO_LIMIT))
    while state.hand is not None and state.hand.to_act is not None:
        seat = state.hand.to_act
        try:
            state = apply(state, WentAllIn(seat=seat))
        except RuleError:  # the others are all in for less: calling is all that is left
            state = apply(state, Called(seat=seat))
    return state


def _deal(state: TableState, board: str) -> TableState:
    """Deal the rest of ``board`` street by street (R10.1: no betting in between)."""
    cards = board.split()
    while state.hand is not None and state.hand.board_count < 5:
        n = state.hand.board_count
        state = apply(state, BoardDealt(cards=tuple(cards[n : n + (3 if n == 0 else 1)])))
    return state


def _heads_up_run_twice() -> TableState:
    state = _all_in((100, 100))
    assert state.hand is not None and state.hand.betting_over
    state = apply(state, RunsAgreed(runs=2))
    state = _deal(state, "4h 5c 7h Qs Ad")
    state = apply(state, RunBoardDealt(run=2, cards=("Kc", "9d", "Tc", "Jc", "8s")))
    hand = state.hand
    assert hand is not None
    seats = hand.live
    state = apply(state, HoleCardsShown(seat=seats[0], cards=tuple(H1.split())))
    return apply(state, HoleCardsShown(seat=seats[1], cards=tuple(H2.split())))


def test_r10_2_each_half_of_the_pot_is_awarded_by_its_own_board() -> None:
    state = _heads_up_run_twice()
    hand = state.hand
    assert hand is not None
    first, second = hand.live
    awards = awards_from_cards(state)
    got = sorted((a.run, a.half.value, a.seat, a.amount) for a in awards)
    # Run 1 (4h 5c 7h Qs Ad): the R7 example, H2's three queens high, H1's 7-5-4-2-A low.
    # Run 2 (Kc 9d Tc Jc 8s): no low (R7.3); H2's ace-high straight takes the whole half.
    assert got == [
        (1, "high", second, 50),
        (1, "low", first, 50),
        (2, "whole", second, 100),
    ]
    done = apply(state, PotsAwarded(awards=awards))
    assert stacks(done) == ([50, 150] if first == 0 else [150, 50])


def test_r10_2_the_odd_chip_goes_to_the_first_run() -> None:
    assert run_parts(201, 2) == (101, 100)
    assert run_parts(25, 2, chip=5) == (15, 10)
    assert run_parts(100, 3) == (34, 33, 33)


def test_r10_2_agreement_only_when_no_more_betting_is_possible() -> None:
    state = start(new_table(stacks=(100, 100), structure=Structure.NO_LIMIT))
    with pytest.raises(RuleError, match="no more betting is possible"):
        apply(state, RunsAgreed())


def test_r10_2_agreement_comes_before_the_next_card_and_only_once() -> None:
    state = apply(_all_in((100, 100)), RunsAgreed())
    with pytest.raises(RuleError, match="already agreed to run it twice"):
        apply(state, RunsAgreed(runs=3))
    river = _deal(_all_in((100, 100)), "4h 5c 7h Qs Ad")
    with pytest.raises(RuleError, match="board is complete"):
        apply(river, RunsAgreed())


def test_r10_2_the_second_run_follows_the_first_and_uses_unseen_cards() -> None:
    state = apply(_all_in((100, 100)), RunsAgreed())
    with pytest.raises(RuleError, match="first run's whole board"):
        apply(state, RunBoardDealt(run=2, cards=("Kc", "9d", "Tc", "Jc", "8s")))
    state = _deal(state, "4h 5c 7h Qs Ad")
    with pytest.raises(RuleError, match="Ad appears twice"):
        apply(state, RunBoardDealt(run=2, cards=("Kc", "9d", "Tc", "Jc", "Ad")))
    with pytest.raises(RuleError, match="run 2 is 5 cards"):
        apply(state, RunBoardDealt(run=2, cards=("Kc", "9d")))
    live = state.hand.live if state.hand else ()
    state = apply(state, HoleCardsShown(seat=live[0], cards=tuple(H1.split())))
    state = apply(state, HoleCardsShown(seat=live[1], cards=tuple(H2.split())))
    with pytest.raises(RuleError, match="deal run 2 of the board first"):
        awards_from_cards(state)


def test_r10_2_running_it_three_times_deals_the_runs_in_order() -> None:
    state = _deal(apply(_all_in((100, 100)), RunsAgreed(runs=3)), "4h 5c 7h Qs Ad")
    with pytest.raises(RuleError, match="deal run 2 first"):
        apply(state, RunBoardDealt(run=3, cards=("Kc", "9d", "Tc", "Jc", "8s")))
    state = apply(state, RunBoardDealt(run=2, cards=("Kc", "9d", "Tc", "Jc", "8s")))
    state = apply(state, RunBoardDealt(run=3, cards=("2c", "3c", "6d", "9h", "Th")))
    assert state.hand is not None and len(state.hand.run_boards) == 2


def test_r10_2_a_run_after_the_flop_shares_the_flop() -> None:
    state = _all_in((100, 100), game="omaha")
    state = apply(state, BoardDealt(cards=("4h", "5c", "7h")))
    state = apply(state, RunsAgreed())
    state = _deal(state, "4h 5c 7h Qs Ad")
    with pytest.raises(RuleError, match="run 2 is 2 cards"):
        apply(state, RunBoardDealt(run=2, cards=("Kc", "9d", "Tc")))
    state = apply(state, RunBoardDealt(run=2, cards=("Kc", "9d")))
    assert state.hand is not None
    assert (state.hand.run_from, len(state.hand.run_boards[0])) == (3, 2)


def test_r10_2_a_board_not_run_twice_has_no_second_run_award() -> None:
    state = _deal(_all_in((100, 100)), "4h 5c 7h Qs Ad")
    with pytest.raises(RuleError, match="the board is run once"):
        apply(state, RunBoardDealt(run=2, cards=("Kc", "9d", "Tc", "Jc", "8s")))


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(min_value=3, max_value=60), min_size=2, max_size=4),
    st.sampled_from(("omaha", "omaha8", "big-o", "omaha6-8")),
    st.integers(min_value=2, max_value=3),
    st.sampled_from((0, 3, 4)),
    st.randoms(use_true_random=False),
)
def test_r10_2_runs_keep_chips_and_award_every_chip(
    sizes: list[int], game: str, runs: int, agreed_at: int, rng: random.Random
) -> None:
    state = _all_in(tuple(sizes), game=game)
    hand = state.hand
    assert hand is not None
    total = chips_total(state)
    holes = hand.variant.hole_cards
    deck = list(range(52))
    rng.shuffle(deck)
    live = hand.live
    hands = {s: deck[i * holes : (i + 1) * holes] for i, s in enumerate(live)}
    rest = deck[len(live) * holes :]
    board, rest = rest[:5], rest[5:]
    assert hand.betting_over  # R10.1: the rest of the board comes with no betting
    done = 0
    for street in (board[:3], board[3:4], board[4:5]):
        if done == agreed_at:
            state = apply(state, RunsAgreed(runs=runs))
        state = apply(state, BoardDealt(cards=tuple(format_cards(street).split())))
        done += len(street)
    for run in range(2, runs + 1):
        cards, rest = rest[: 5 - agreed_at], rest[5 - agreed_at :]
        state = apply(state, RunBoardDealt(run=run, cards=tuple(format_cards(cards).split())))
    for s in live:
        state = apply(state, HoleCardsShown(seat=s, cards=tuple(format_cards(hands[s]).split())))
    hand = state.hand
    assert hand is not None
    pots = hand_pots(hand)
    awards = awards_from_cards(state)
    for i, pot in enumerate(pots):
        mine = [a for a in awards if a.pot == i]
        assert sum(a.amount for a in mine) == pot.amount
        parts = run_parts(pot.amount, runs)  # a lone claimant's pot is paid per run too
        for run in range(1, runs + 1):
            assert sum(a.amount for a in mine if a.run == run) == parts[run - 1]
    done_state = apply(state, PotsAwarded(awards=awards))
    assert chips_total(done_state) == total


def test_r10_3_equity_of_the_tabled_hands_follows_the_board_as_it_comes() -> None:
    state = _all_in((100, 100))
    hand = state.hand
    assert hand is not None and hand_equity(hand) is None  # nothing tabled yet
    first, second = hand.live
    state = apply(state, HoleCardsShown(seat=first, cards=tuple(H1.split())))
    state = apply(state, HoleCardsShown(seat=second, cards=tuple(H2.split())))
    assert state.hand is not None
    got = hand_equity(state.hand, samples=2_000)
    assert got is not None and got[0] == (first, second) and not got[1].exact
    state = apply(state, BoardDealt(cards=("4h", "5c", "7h")))
    assert state.hand is not None
    flop = hand_equity(state.hand)
    assert flop is not None and flop[1].exact and flop[1].boards == 820
    assert sum(h.equity for h in flop[1].hands) == pytest.approx(1)
    state = _deal(state, "4h 5c 7h Qs Ad")
    assert state.hand is not None
    river = hand_equity(state.hand)
    assert river is not None and [h.equity for h in river[1].hands] == [0.5, 0.5]


def test_r10_2_hi_lo_side_pot_run_twice_each_pot_split_by_run_then_high_and_low() -> None:
    # Omaha/8, seat 1 all in for 7, seats 2 and 3 for 100: main pot 21 (all three), side
    # pot 186 (seats 2 and 3). Run 1 is the R7 example's board, run 2 has no low.
    state = _all_in((7, 100, 100))
    hand = state.hand
    assert hand is not None
    assert [(p.amount, p.eligible) for p in hand_pots(hand)] == [(21, (0, 1, 2)), (186, (1, 2))]
    state = apply(state, RunsAgreed(runs=2))
    state = _deal(state, "4h 5c 7h Qs Ad")
    state = apply(state, RunBoardDealt(run=2, cards=("Kc", "9d", "Tc", "Jc", "8s")))
    for seat, cards in ((0, H1), (1, H2), (2, "6c 6d 9h 9s")):
        state = apply(state, HoleCardsShown(seat=seat, cards=tuple(cards.split())))
    awards = awards_from_cards(state)
    got = sorted((a.pot, a.run, a.half.value, a.seat, a.amount) for a in awards)
    assert got == [
        # Main 21 -> runs 11 and 10 (the odd chip to run 1); run 1's 11 -> high 6, low 5.
        (0, 1, "high", 1, 6),  # H2's three queens
        (0, 1, "low", 0, 5),  # H1's 7-5-4-2-A beats H2's 7-5-4-3-A
        (0, 2, "whole", 1, 10),  # no low on run 2 (R7.3): H2's ace-high straight
        # Side 186 -> 93 and 93; H1 is not in it, so H2's 7-5-4-3-A takes run 1's low.
        (1, 1, "high", 1, 47),
        (1, 1, "low", 1, 46),
        (1, 2, "whole", 1, 93),
    ]
    state = apply(state, PotsAwarded(awards=awards))
    assert stacks(state) == [5, 202, 0] and chips_total(state) == 207
