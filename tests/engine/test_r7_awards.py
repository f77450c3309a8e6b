"""R7.3-R7.6 pot division with explicit hand values: halves, odd chips, quartering, scoops."""

from __future__ import annotations

import pytest

from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.rules.awards import scoopers, share, split_pot


def _table(awards):
    return sorted((a.seat, a.half.value, a.amount) for a in awards)


def test_r7_3_no_qualifying_low_the_high_takes_the_whole_pot():
    awards = split_pot(0, 100, {0: 9, 1: 5}, {0: None, 1: None}, button=2, table_size=3)
    assert _table(awards) == [(0, "whole", 100)]


def test_r7_4_odd_chip_goes_to_the_high_half():
    awards = split_pot(0, 101, {0: 9, 1: 5}, {0: None, 1: 3}, button=2, table_size=3)
    assert _table(awards) == [(0, "high", 51), (1, "low", 50)]


def test_r7_4_odd_chip_with_a_5_cent_chip_goes_to_the_high_half():
    awards = split_pot(0, 55, {0: 9, 1: 5}, {0: None, 1: 3}, 2, 3, chip=5)
    assert _table(awards) == [(0, "high", 30), (1, "low", 25)]


def test_r7_4_within_a_half_leftover_goes_to_the_first_tied_seat_left_of_the_button():
    # Button on seat 3: seat 5 is left of it before seat 1 (seat order 4, 5, 0, 1, 2, 3).
    assert share(11, [1, 5], button=3, table_size=6) == {5: 6, 1: 5}
    assert share(10, [1, 2, 4], button=3, table_size=6) == {4: 4, 1: 3, 2: 3}


def test_r7_4_undivided_pot_tie_splits_with_odd_chip_left_of_button():
    awards = split_pot(0, 25, {0: 7, 2: 7, 1: 3}, None, button=1, table_size=3)
    assert _table(awards) == [(0, "whole", 12), (2, "whole", 13)]


def test_r7_5_quartering_two_tied_highs_and_one_low():
    awards = split_pot(0, 100, {0: 9, 1: 9, 2: 1}, {0: None, 1: None, 2: 4}, 2, 3)
    assert _table(awards) == [(0, "high", 25), (1, "high", 25), (2, "low", 50)]


def test_r7_5_quartering_two_tied_lows():
    awards = split_pot(0, 100, {0: 9, 1: 1, 2: 2}, {0: None, 1: 4, 2: 4}, 2, 3)
    assert _table(awards) == [(0, "high", 50), (1, "low", 25), (2, "low", 25)]


def test_r7_5_quartered_by_a_player_who_also_ties_for_the_low():
    # Seats 0 and 1 tie for high; seat 0 alone has the low: 3/4 to seat 0.
    awards = split_pot(0, 100, {0: 9, 1: 9}, {0: 4, 1: None}, 2, 3)
    assert _table(awards) == [(0, "high", 25), (0, "low", 50), (1, "high", 25)]


def test_r7_6_scoop_one_player_wins_both_halves():
    awards = split_pot(0, 100, {0: 9, 1: 1}, {0: 8, 1: 4}, 2, 3)
    assert _table(awards) == [(0, "high", 50), (0, "low", 50)]
    assert scoopers(awards) == (0,)


def test_split_pot_needs_a_claimant():
    with pytest.raises(RuleError, match="the side pot 2 has no claimant"):
        split_pot(2, 10, {}, None, 0, 3)
