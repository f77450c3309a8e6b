"""The blind clock of a journal written before the clock had events of its own (R2.7).

Such a session keeps its schedule only in its settings (``meta["schedule"]``) and its
levels as ``LevelChanged`` events; its log has no ``ScheduleSet``, so its table state
has no clock. Its clock is taken up at the level the table plays: started (from that
level's beginning) once hands were played, waiting for the first hand otherwise. The
program that wrote such a journal restarted its clock at every start as well, so no
time it showed is lost.

The session records the taking-up as events when it resumes the journal
(:func:`taking_up`: a ``ScheduleSet``, a ``ClockMoved`` to the level in play and a
``ClockStarted``, all at the moment of the resume), so from then on the clock is
journaled like any other; a reader that only reads (the players' display) shows the
same clock without writing it (:func:`taken_up`). This module never imports Textual
or Rich.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from omaha_tui.engine.clock_events import ClockMoved, ClockStarted, ScheduleSet, at_ms
from omaha_tui.engine.events import Event
from omaha_tui.engine.rules.clock.running import ClockState
from omaha_tui.engine.rules.clock.schedule import BlindSchedule
from omaha_tui.engine.state import TableState


def meta_schedule(meta: Mapping[str, Any]) -> BlindSchedule | None:
    """The schedule a session's settings keep, or ``None`` (none, or not readable: the
    session's resume names an unreadable one)."""
    raw = meta.get("schedule")
    if not raw:
        return None
    try:
        return BlindSchedule.model_validate(raw)
    except (ValidationError, ValueError):
        return None


def needs_taking_up(state: TableState, schedule: BlindSchedule | None) -> bool:
    """The settings have a schedule and the log gave the table no clock."""
    return schedule is not None and state.config is not None and state.clock.schedule is None


def _played(state: TableState) -> bool:
    return state.hands_played > 0 or state.hand is not None


def _item(state: TableState, schedule: BlindSchedule) -> int:
    """The schedule item of the level the table plays (the last level when beyond it)."""
    return schedule.index_of_level(min(max(state.level, 1), len(schedule.levels)))


def taken_up(state: TableState, schedule: BlindSchedule, at: datetime) -> ClockState:
    """The clock :func:`taking_up` records, without recording it (for a reader).

    >>> from tests.tables import quick_table
    >>> from omaha_tui.session.grammar import parse_levels
    >>> from datetime import UTC
    >>> c = taken_up(quick_table(), parse_levels("1/2:20,2/4:20"), datetime(2026, 1, 1, tzinfo=UTC))
    >>> c.started, c.item
    (False, 0)
    """
    played = _played(state)
    item = _item(state, schedule) if played else 0
    return ClockState(schedule, played, played, item, 0, at_ms(at))


def taking_up(state: TableState, schedule: BlindSchedule, at: datetime) -> tuple[Event, ...]:
    """The events that give the table its clock at ``at``: the schedule, and once hands
    were played the clock at the level in play, started (R2.7a)."""
    events: list[Event] = [ScheduleSet(schedule=schedule, at=at)]
    if _played(state):
        item = _item(state, schedule)
        if item:
            events.append(ClockMoved(at=at, item=item))
        events.append(ClockStarted(at=at))
    return tuple(events)


__all__ = ["meta_schedule", "needs_taking_up", "taken_up", "taking_up"]
