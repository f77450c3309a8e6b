"""R8: order of showing, mucking, and awards checked against each pot's claimants."""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import Structure
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Award, HandMucked, PotsAwarded, WentAllIn
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.pots import showdown_order
from tests import decided as cmd

from .table_helpers import board, new_table, raise_to, run, start


def _river(*river_steps):
    """Four players to the river (button 3); the flop and turn are checked."""
    state = start(new_table(stacks=(100,) * 4, button=3))
    state = run(state, cmd.call, cmd.call, cmd.call, cmd.check)
    state = run(state, board("2c 7d 9h"), *(cmd.check,) * 4, board("Ts"), *(cmd.check,) * 4)
    return run(state, board("Kd"), *river_steps)


def test_r8_1_last_river_bettor_shows_first_then_clockwise():
    state = _river(cmd.check, raise_to(6), cmd.call, cmd.call, cmd.call)
    assert state.hand.street.value == "showdown"
    assert showdown_order(state) == (1, 2, 3, 0)


def test_r8_1_checked_through_first_active_left_of_button_shows_first():
    state = _river(cmd.check, cmd.check, cmd.check, cmd.check)
    assert showdown_order(state) == (0, 1, 2, 3)


def test_r8_1_all_in_before_the_river_the_last_bettor_shows_first():
    # The betting ended pre-flop: that round is the final one, so the player who went
    # all in shows first, then clockwise (as the tabling screen has it).
    state = start(new_table(stacks=(100, 100, 100), button=2, structure=Structure.NO_LIMIT))
    state = run(state, WentAllIn(seat=2), cmd.fold, cmd.call, board(), board(), board())
    assert showdown_order(state) == (2, 1)


def test_r8_2_a_mucked_hand_gives_up_its_claim():
    state = _river(cmd.check, cmd.check, cmd.check, cmd.check)
    state = run(state, HandMucked(seat=0))
    with pytest.raises(
        RuleError, match=r"P0 \(seat 1\) cannot win the main pot: only P1 \(seat 2\), P2"
    ):
        apply(state, PotsAwarded(awards=(Award(pot=0, seat=0, amount=8),), by_cards=False))


def test_r8_2_the_last_claimant_cannot_muck():
    state = start(new_table(stacks=(100, 100), button=1))
    state = run(
        state,
        cmd.call,
        cmd.check,
        board(),
        cmd.check,
        cmd.check,
        board(),
        cmd.check,
        cmd.check,
        board(),
        cmd.check,
        cmd.check,
        HandMucked(seat=0),
    )
    with pytest.raises(RuleError, match="is the last claimant of a pot: they must show to win it"):
        apply(state, HandMucked(seat=1))


def test_r8_3_awards_must_cover_each_pot_exactly():
    state = _river(cmd.check, cmd.check, cmd.check, cmd.check)
    with pytest.raises(
        RuleError, match="the main pot holds 8 but the awards give out 7: award exactly 8"
    ):
        apply(state, PotsAwarded(awards=(Award(pot=0, seat=1, amount=7),), by_cards=False))


def test_r8_3_award_to_a_folded_seat_is_refused():
    state = start(new_table(stacks=(100,) * 3))
    state = run(
        state,
        cmd.call,
        cmd.fold,
        cmd.check,
        board(),
        cmd.check,
        cmd.check,
        board(),
        cmd.check,
        cmd.check,
        board(),
        cmd.check,
        cmd.check,
    )
    with pytest.raises(RuleError, match=r"P0 \(seat 1\) cannot win the main pot"):
        apply(state, PotsAwarded(awards=(Award(pot=0, seat=0, amount=5),), by_cards=False))


def test_r8_3_awards_by_cards_must_match_the_reading():
    state = _river(cmd.check, cmd.check, cmd.check, cmd.check)
    for seat, cards in (
        (0, "Ac Ad 3s 4s"),
        (1, "Kc Ks 3c 4c"),
        (2, "5c 5d 6s 6h"),
        (3, "8c 8d Jh Qh"),
    ):
        state = run(state, lambda s, seat=seat, cards=cards: cmd.show(s, seat, cards))
    wrong = PotsAwarded(awards=(Award(pot=0, seat=0, amount=8),), by_cards=True)
    with pytest.raises(RuleError, match="do not match the cards shown"):
        apply(state, wrong)
    right = cmd.settle_by_cards(state)  # J Q with 9 T K: king-high straight
    assert [(a.seat, a.amount) for a in right.awards] == [(3, 8)]


def test_r8_3_by_cards_needs_every_claimant_shown():
    state = _river(cmd.check, cmd.check, cmd.check, cmd.check)
    state = run(state, lambda s: cmd.show(s, 0, "Ac Ad 3s 4s"))
    with pytest.raises(
        RuleError,
        match=r"main pot: P1 \(seat 2\), P2 \(seat 3\), P3 \(seat 4\) "
        "must show or muck first",
    ):
        cmd.settle_by_cards(state)


def test_settle_by_hand_splits_a_pot_with_odd_chips_left_of_the_button():
    state = start(new_table(stacks=(100,) * 3))
    state = run(
        state,
        cmd.call,
        cmd.call,
        cmd.check,
        board(),
        *(cmd.check,) * 3,
        board(),
        *(cmd.check,) * 3,
        board(),
        *(cmd.check,) * 3,
    )
    event = cmd.settle_by_hand(state, [[0, 2]])
    assert sorted((a.seat, a.amount) for a in event.awards) == [(0, 3), (2, 3)]
    state = start(new_table(stacks=(101, 101, 101), ante=1))
    state = run(
        state,
        cmd.call,
        cmd.call,
        cmd.check,
        board(),
        *(cmd.check,) * 3,
        board(),
        *(cmd.check,) * 3,
        board(),
        *(cmd.check,) * 3,
    )
    event = cmd.settle_by_hand(state, [[1, 2]])  # 9 chips: seat 1 is first left of button
    assert sorted((a.seat, a.amount) for a in event.awards) == [(1, 5), (2, 4)]


def test_settle_by_hand_hi_lo_halves():
    state = start(new_table(stacks=(100,) * 3, game="omaha8"))
    state = run(
        state,
        cmd.call,
        cmd.call,
        cmd.check,
        board(),
        *(cmd.check,) * 3,
        board(),
        *(cmd.check,) * 3,
        board(),
        *(cmd.check,) * 3,
    )
    event = cmd.settle_by_hand(state, [[2]], [[0, 1]])
    assert sorted((a.seat, a.half.value, a.amount) for a in event.awards) == [
        (0, "low", 2),
        (1, "low", 1),
        (2, "high", 3),
    ]


def test_settle_by_hand_refuses_a_low_in_a_high_game():
    state = _river(cmd.check, cmd.check, cmd.check, cmd.check)
    with pytest.raises(RuleError, match="Omaha has no low half"):
        cmd.settle_by_hand(state, [[1]], [[2]])


def test_r3_6_a_hand_tabled_with_the_wrong_number_of_cards_is_dead_and_wins_nothing():
    state = _river(cmd.check, cmd.check, cmd.check, cmd.check)  # pot 8 on 2c 7d 9h Ts Kd
    with pytest.raises(RuleError) as refused:
        cmd.show(state, 0, "Ah Kh Qh Jh Th")
    assert str(refused.value) == (
        "P0 (seat 1) shows 5 cards: Omaha deals 4; a hand with the wrong number of cards "
        "is dead (R3.6): enter all 4, or muck it"
    )
    state = run(state, lambda s: cmd.muck(s, 0), lambda s: cmd.muck(s, 1))
    state = run(state, lambda s: cmd.show(s, 2, "3s 4s 5c 6c"), lambda s: cmd.muck(s, 3))
    awards = cmd.settle_by_cards(state).awards
    assert [(a.seat, a.amount) for a in awards] == [(2, 8)]
