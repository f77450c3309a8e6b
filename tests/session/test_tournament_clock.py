"""The tournament's clock in the session (R11, R2.7): when the next break comes, and
the add-on taken only at the break the tournament names."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from omaha_tui.engine.rules.clock.running import ClockState
from omaha_tui.engine.state import TableState
from omaha_tui.engine.testing import tournament_table
from omaha_tui.session.clock import clock_view
from omaha_tui.session.grammar import parse_levels
from omaha_tui.session.tournament import next_break

T0 = datetime(2026, 1, 1, 20, tzinfo=UTC)


def timed(levels: str, **options: object) -> TableState:
    """A 3-player tournament whose clock runs ``levels`` from ``T0``."""
    state = tournament_table(3, **options)
    clock = ClockState(parse_levels(levels), True, True, 0, 0, int(T0.timestamp() * 1000))
    return replace(state, clock=clock)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def test_r11_next_break_counts_down_to_the_break_and_says_now_in_it() -> None:
    state = timed("1/2:20,break:10,2/4:20,break:5,4/8:20")
    assert next_break(clock_view(state, at(0))) == "in 20:00"
    assert next_break(clock_view(state, at(5.5))) == "in 14:30"
    assert next_break(clock_view(state, at(25))) == "now"
    assert next_break(clock_view(state, at(31))) == "in 19:00"
    assert next_break(clock_view(state, at(60))) is None  # the last level: no break ahead


def test_r11_next_break_is_none_without_a_schedule() -> None:
    assert next_break(clock_view(tournament_table(3), at(0))) is None
    assert next_break(None) is None
