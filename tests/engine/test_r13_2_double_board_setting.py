"""R13.2(a)(b): the double board as a table setting, the hand's board count and its seats."""

from __future__ import annotations

import pytest

from omaha_tui.engine.config import DoubleBoard, Structure
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    Called,
    DoubleBoardChanged,
    HandStarted,
    PlayerSeated,
    RunsAgreed,
    WentAllIn,
    event_from_json,
)
from omaha_tui.engine.reducer.replay import apply, replay

from .table_helpers import new_table, start, table_events


def test_r13_2_old_hand_start_without_boards_replays_as_one_board() -> None:
    old = '{"v": 1, "type": "hand_started", "button": 0, "seats": [0, 1], "posts": []}'
    event = event_from_json(old)
    assert isinstance(event, HandStarted) and event.boards == 1


def test_r13_2a_every_hand_deals_two_boards() -> None:
    state = apply(new_table(), DoubleBoardChanged(mode=DoubleBoard.EVERY))
    hand = start(state).hand
    assert hand is not None and hand.boards == 2


def test_r13_2a_bomb_pots_only_leaves_an_ordinary_hand_on_one_board() -> None:
    state = apply(new_table(), DoubleBoardChanged(mode=DoubleBoard.BOMB))
    assert state.config is not None and state.config.boards(bomb=True) == 2
    hand = start(state).hand
    assert hand is not None and hand.boards == 1


def test_r13_2a_the_setting_changes_between_hands_only() -> None:
    state = start(new_table())
    with pytest.raises(RuleError, match="between hands"):
        apply(state, DoubleBoardChanged(mode=DoubleBoard.EVERY))


@pytest.mark.parametrize(("game", "allowed"), [("omaha", 9), ("omaha5", 7), ("omaha6", 6)])
def test_r13_2b_seat_limits_by_hole_cards(game: str, allowed: int) -> None:
    ok = new_table(stacks=(100,) * allowed, game=game, double_board="every")
    assert start(ok).hand is not None
    state = new_table(stacks=(100,) * (allowed + 1), game=game)
    with pytest.raises(RuleError, match=f"at most {allowed} players"):
        apply(state, DoubleBoardChanged(mode=DoubleBoard.EVERY))
    with pytest.raises(RuleError, match=f"at most {allowed} players"):
        apply(ok, PlayerSeated(seat=allowed, name="Late", stack=100))


def test_r13_2b_hand_start_with_too_many_players_for_two_boards_is_refused() -> None:
    state = new_table(stacks=(100,) * 10)
    seats = tuple(range(10))
    with pytest.raises(RuleError, match="at most 9 players"):
        apply(state, HandStarted(button=9, seats=seats, boards=2))


def test_r13_2b_a_double_board_is_not_run_twice() -> None:
    table = new_table(stacks=(100, 100), structure=Structure.NO_LIMIT, double_board="every")
    state = start(table)
    while state.hand is not None and state.hand.to_act is not None:
        seat = state.hand.to_act
        state = apply(
            state, WentAllIn(seat=seat) if seat == state.hand.seats[0] else Called(seat=seat)
        )
    with pytest.raises(RuleError, match="not run twice"):
        apply(state, RunsAgreed(runs=2))


def test_r13_2_the_setting_survives_a_replay() -> None:
    events = [*table_events(), DoubleBoardChanged(mode=DoubleBoard.BOMB)]
    state = replay(events)
    assert state.config is not None and state.config.double_board is DoubleBoard.BOMB
