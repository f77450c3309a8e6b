"""R1.4, R1.5 and R2: the button, blinds, antes, straddles, missed blinds, levels."""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import ShortBlindRule, Stakes, default_small_blind
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    ButtonDrawn,
    Checked,
    Folded,
    HandStarted,
    LevelChanged,
    PlayerSeated,
    Post,
    PostKind,
    SatOut,
)
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.rules.button import button_from_draw, next_button
from omaha_tui.engine.rules.levels import BlindSchedule, Level, level_change
from tests import decided as cmd

from .table_helpers import new_table, run, start


def _posts(state) -> list[tuple[int, str, int]]:
    return [(p.seat, p.kind.value, p.amount) for p in state.hand.posts]


def _fold_round(state):
    """Everyone folds to the big blind (ends the hand)."""
    while state.in_hand:
        state = apply(state, Folded(seat=state.hand.to_act))
    return state


def test_r1_4_button_draw_kh_beats_kd_and_9s():
    assert button_from_draw({0: "Kd", 1: "Kh", 2: "9s"}) == 1
    state = apply(new_table(), ButtonDrawn(cards={0: "Kd", 1: "Kh", 2: "9s"}))
    assert state.button == 1
    assert next_button(state) == 1


def test_r1_4_button_draw_refuses_a_duplicate_card():
    with pytest.raises(RuleError, match="Kd appears twice"):
        apply(new_table(), ButtonDrawn(cards={0: "Kd", 1: "Kd"}))


def test_r1_5_button_moves_to_the_next_player_in_the_game():
    state = new_table(stacks=(100, 100, 100, 100), button=0)
    state = run(state, SatOut(seat=1))
    state = _fold_round(start(state))
    assert state.hand.button == 0
    assert next_button(state) == 2  # seat 1 sits out: skipped


def test_r2_1_small_blind_left_of_button_then_big_blind():
    state = start(new_table(stacks=(100, 100, 100, 100), button=3))
    assert _posts(state) == [(0, "sb", 1), (1, "bb", 2)]
    assert state.hand.to_act == 2  # R4.1 left of the big blind


def test_r2_2_heads_up_button_posts_small_blind_and_acts_first_preflop_last_after():
    state = start(new_table(stacks=(100, 100), button=1))
    assert _posts(state) == [(1, "sb", 1), (0, "bb", 2)]
    assert state.hand.to_act == 1
    state = run(state, cmd.call, cmd.check)
    state = run(state, lambda s: cmd.deal_board(s))
    assert state.hand.to_act == 0  # the big blind acts first after the flop


def test_r2_3_default_small_blind_bb_25_cents_with_5_cent_chip_is_10():
    assert Stakes(big_blind=25, chip=5).small_blind == 10
    assert default_small_blind(25, 5) == 10


def test_r2_3_default_small_blind_bb_2_is_1():
    assert Stakes(big_blind=2).small_blind == 1


def test_r2_4_small_blind_calls_the_difference():
    state = start(new_table(stacks=(100, 100, 100)))
    state = run(state, cmd.call)  # button calls 2
    assert legal_actions(state).call_amount == 1  # the SB completes with 1


def test_r2_4_big_blind_has_the_option_when_limped_to():
    state = start(new_table(stacks=(100, 100, 100)))
    state = run(state, cmd.call, cmd.call)
    la = legal_actions(state)
    assert la.seat == 1 and la.can_check and la.can_raise
    state = run(state, Checked(seat=1))
    assert state.hand.to_act is None and state.hand.street.value == "preflop"


def test_r2_5_short_big_blind_is_all_in_and_others_still_call_the_full_blind():
    state = start(new_table(stacks=(100, 1, 100)))
    assert _posts(state) == [(0, "sb", 1), (1, "bb", 1)]
    assert 1 in state.hand.all_in
    la = legal_actions(state)
    assert la.seat == 2 and la.call_amount == 2  # live default: the full big blind


def test_r2_5_posted_option_calls_what_was_posted_and_full_blind_is_a_raise():
    state = start(new_table(stacks=(100, 1, 100), short_blind_rule=ShortBlindRule.POSTED))
    la = legal_actions(state)
    assert la.call_amount == 1
    assert la.can_raise and la.min_raise_to == 3  # a raise by at least the big blind


def test_r2_5_short_small_blind_posts_what_it_has():
    state = start(new_table(stacks=(100, 100, 100, 1), button=2))
    assert _posts(state) == [(3, "sb", 1), (0, "bb", 2)]
    state = start(new_table(stacks=(100, 100, 100), small_blind=2, big_blind=4, button=2))
    assert _posts(state)[0] == (0, "sb", 2)


def test_r2_5_refuses_a_short_post_from_a_player_who_keeps_chips():
    state = new_table(stacks=(100, 100, 100))
    event = HandStarted(
        button=2,
        seats=(0, 1, 2),
        posts=(
            Post(seat=0, kind=PostKind.SMALL_BLIND, amount=1),
            Post(seat=1, kind=PostKind.BIG_BLIND, amount=1),
        ),
    )
    with pytest.raises(RuleError, match=r"posts 1 of a 2 bb while keeping chips"):
        apply(state, event)


def test_r2_6_newcomer_posts_a_big_blind_or_waits():
    state = _fold_round(start(new_table(stacks=(100, 100, 100))))
    posting = run(state, PlayerSeated(seat=3, name="New", stack=100))
    assert posting.seats[3].owes_bb
    hand = start(posting)
    assert (3, "bb", 2) in _posts(hand)
    waiting = run(state, PlayerSeated(seat=3, name="New", stack=100, wait_for_bb=True))
    assert 3 not in start(waiting).hand.seats


def test_first_hand_players_owe_nothing():
    state = new_table(stacks=(100, 100, 100))
    assert not any(s.owes_bb for s in state.seats if s is not None)


def test_antes_from_every_dealt_in_player_go_to_the_pot():
    state = start(new_table(stacks=(100, 100, 100), ante=1))
    assert [p for p in _posts(state) if p[1] == "ante"] == [
        (0, "ante", 1),
        (1, "ante", 1),
        (2, "ante", 1),
    ]
    la = legal_actions(state)
    assert la.max_raise_to == 2 + (3 + 3) + 2  # antes count in the pot (R4.4)


def test_straddle_acts_last_preflop_and_sets_the_minimum_raise():
    state = start(new_table(stacks=(100,) * 4, straddle=4, button=3), straddle=True)
    assert (2, "straddle", 4) in _posts(state)
    la = legal_actions(state)
    assert la.seat == 3 and la.call_amount == 4 and la.min_raise_to == 8


def test_r13_3_straddle_asked_at_a_table_without_one_is_twice_the_big_blind():
    state = start(new_table(stacks=(100,) * 4), straddle=True)
    assert (2, "straddle", 4) in _posts(state)


def test_hand_start_needs_two_players_able_to_play():
    state = run(new_table(stacks=(100, 100)), SatOut(seat=0))
    with pytest.raises(RuleError, match="at least 2 players able to play, there is 1"):
        cmd.start_hand(state)
    with pytest.raises(RuleError, match="P0 is sitting out"):
        apply(state, HandStarted(button=1, seats=(0, 1)))


def test_r2_7_level_change_takes_effect_with_the_next_hand():
    state = start(new_table(stacks=(100, 100, 100)))
    state = apply(state, LevelChanged(level=2, stakes=Stakes(big_blind=4)))
    assert state.hand.stakes.big_blind == 2
    assert legal_actions(state).call_amount == 2
    state = start(_fold_round(state))
    assert _posts(state) == [(1, "sb", 2), (2, "bb", 4)]


def test_r2_7_schedule_is_data_and_names_each_levels_stakes():
    schedule = BlindSchedule(
        levels=(
            Level(small_blind=1, big_blind=2, minutes=20),
            Level(small_blind=2, big_blind=4, ante=1, minutes=20),
        )
    )
    assert [lv.seconds for lv in schedule.levels] == [1200, 1200]
    event = level_change(schedule, 2)
    assert event.stakes.big_blind == 4 and event.stakes.ante == 1 and event.level == 2
