"""The blind clock's events applied (R2.7): one small handler each.

The clock changes only by these journaled events, each at its recorded time, so undo,
resume and the players' display read the same clock (R2.7a, b). None of them touches
a running hand: a hand finishes at the level it began at (R2.7d).
"""

from __future__ import annotations

from omaha_tui.engine.clock_events import (
    ClockAdjusted,
    ClockMoved,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    ScheduleSet,
    at_ms,
)
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.rules.clock import running
from omaha_tui.engine.rules.clock.schedule import BlindSchedule
from omaha_tui.engine.state import TableState, evolve


def _schedule(state: TableState) -> BlindSchedule:
    state.open_session()
    schedule = state.clock.schedule
    if schedule is None:
        raise RuleError(
            'this table has no blind schedule: give one with --levels, e.g. "1/2:20,2/4:20"'
        )
    return schedule


def apply_schedule_set(state: TableState, ev: ScheduleSet) -> TableState:
    """A new or edited schedule; the clock keeps its place in it."""
    chip = state.session_config().stakes.chip
    if ev.schedule.chip % chip:
        raise RuleError(
            f"the schedule's smallest chip {ev.schedule.chip} is not a multiple of the "
            f"table's {chip}"
        )
    return evolve(state, clock=running.scheduled(state.clock, ev.schedule, at_ms(ev.at)))


def apply_clock_started(state: TableState, ev: ClockStarted) -> TableState:
    """R2.7a: the clock starts once; after that only a pause stops it."""
    _schedule(state)
    if state.clock.started:
        raise RuleError("the clock is already running: pause it with `clock pause`")
    return evolve(state, clock=running.started_at(state.clock, at_ms(ev.at)))


def apply_clock_paused(state: TableState, ev: ClockPaused) -> TableState:
    """R2.7b: only a running clock can be paused."""
    _schedule(state)
    if not state.clock.started:
        raise RuleError("the clock has not started: it starts with the first hand")
    if not state.clock.running:
        raise RuleError("the clock is already paused: resume it with `clock resume`")
    return evolve(state, clock=running.paused_at(state.clock, at_ms(ev.at)))


def apply_clock_resumed(state: TableState, ev: ClockResumed) -> TableState:
    """R2.7b: only a paused clock can be resumed."""
    _schedule(state)
    if not state.clock.started:
        raise RuleError("the clock has not started: start it with `clock start`")
    if state.clock.running:
        raise RuleError("the clock is running: there is nothing to resume")
    return evolve(state, clock=running.resumed_at(state.clock, at_ms(ev.at)))


def apply_clock_adjusted(state: TableState, ev: ClockAdjusted) -> TableState:
    """R2.7b: time added to or taken from the level or break in force."""
    _schedule(state)
    if ev.seconds == 0:
        raise RuleError("add or take away some time, e.g. clock +1 or clock -30s")
    return evolve(state, clock=running.adjusted_at(state.clock, at_ms(ev.at), ev.seconds))


def apply_clock_moved(state: TableState, ev: ClockMoved) -> TableState:
    """R2.7b, c: the host moves the clock to another level, or out of a break."""
    schedule = _schedule(state)
    if ev.item >= len(schedule.items):
        raise RuleError(
            f"the schedule has {len(schedule.items)} levels and breaks: there is no item "
            f"{ev.item + 1}"
        )
    return evolve(state, clock=running.moved_at(state.clock, at_ms(ev.at), ev.item))
