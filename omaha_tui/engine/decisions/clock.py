"""Deciders for the blind clock (R2.7): the host's controls, and what the clock says
when the next hand starts.

Registered into :data:`~omaha_tui.engine.decisions.registry.DECIDERS` when ``decide`` is
imported. Every request carries the time it was given (``at``); the events record it,
so the clock stays a pure fold of the log.
"""

from __future__ import annotations

from datetime import datetime

from omaha_tui.engine import events as ev
from omaha_tui.engine.clock_events import at_ms
from omaha_tui.engine.decisions import clock_requests as cq
from omaha_tui.engine.decisions.outcomes import Built
from omaha_tui.engine.decisions.registry import decides
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.rules.clock.running import next_level_index, position, previous_level_index
from omaha_tui.engine.rules.clock.schedule import BlindSchedule
from omaha_tui.engine.state import TableState


def _when(at: datetime | None) -> datetime:
    if at is None:
        raise RuleError("a clock request needs the time it was given")
    return at


def _schedule(state: TableState) -> BlindSchedule:
    schedule = state.clock.schedule
    if schedule is None:
        raise RuleError(
            'this table has no blind schedule: give one with --levels, e.g. "1/2:20,2/4:20"'
        )
    return schedule


@decides(cq.SetSchedule)
def _set_schedule(state: TableState, req: cq.SetSchedule) -> Built:
    return (ev.ScheduleSet(schedule=req.schedule, at=_when(req.at)),)


@decides(cq.StartClock)
def _start(state: TableState, req: cq.StartClock) -> Built:
    """R2.7a: the host starts the clock before the first hand."""
    return (ev.ClockStarted(at=_when(req.at)),)


@decides(cq.PauseClock)
def _pause(state: TableState, req: cq.PauseClock) -> Built:
    return (ev.ClockPaused(at=_when(req.at)),)


@decides(cq.ResumeClock)
def _resume(state: TableState, req: cq.ResumeClock) -> Built:
    return (ev.ClockResumed(at=_when(req.at)),)


@decides(cq.AdjustClock)
def _adjust(state: TableState, req: cq.AdjustClock) -> Built:
    return (ev.ClockAdjusted(at=_when(req.at), seconds=req.seconds),)


@decides(cq.NextLevel)
def _next_level(state: TableState, req: cq.NextLevel) -> Built:
    """R2.7b: the next level now (from a break: the level after it)."""
    at = _when(req.at)
    schedule = _schedule(state)
    p = position(state.clock, at_ms(at))
    item = next_level_index(schedule, p.item)
    if item is None:
        level = schedule.level_number(p.item)
        raise RuleError(f"level {level} is the last level: there is no next level")
    return (ev.ClockMoved(at=at, item=item),)


@decides(cq.PreviousLevel)
def _previous_level(state: TableState, req: cq.PreviousLevel) -> Built:
    """R2.7b: back to the previous level (from a break: the level before it)."""
    at = _when(req.at)
    schedule = _schedule(state)
    p = position(state.clock, at_ms(at))
    item = previous_level_index(schedule, p.item)
    if item is None:
        raise RuleError("this is the first level: there is no level before it")
    return (ev.ClockMoved(at=at, item=item),)


@decides(cq.EndBreak)
def _end_break(state: TableState, req: cq.EndBreak) -> Built:
    """R2.7c: the host ends a break early; the next level starts now."""
    at = _when(req.at)
    schedule = _schedule(state)
    p = position(state.clock, at_ms(at))
    if not p.on_break(schedule):
        level = schedule.level_number(p.item)
        raise RuleError(f"no break is on (level {level} is playing): nothing to end")
    if p.item + 1 >= len(schedule.items):
        raise RuleError("this break ends the schedule: there is no level after it")
    return (ev.ClockMoved(at=at, item=p.item + 1),)
