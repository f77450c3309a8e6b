"""The blind-level clock, derived from the log: which level, how long left, whether one is due.

R2.7: a level lasts its minutes from the moment it takes effect; a new level starts
with the next hand. Level 1 starts with the first hand; every later level with the
``LevelChanged`` that brought it in. Both are journaled with their times, so the
clock is the same after a crash and a resume: nothing about it lives outside the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from omaha_tui.engine.config import Stakes
from omaha_tui.engine.events import ActionUndone, Event, HandStarted, LevelChanged
from omaha_tui.engine.rules.levels import BlindSchedule


@dataclass(frozen=True, slots=True)
class Clock:
    """The level in force, its stakes, seconds left (``None``: no limit), and ``due``:
    the time is up and the next level starts with the next hand."""

    level: int
    stakes: Stakes | None
    seconds_left: float | None
    due: bool


@dataclass(frozen=True, slots=True)
class Anchor:
    """When a level took effect: its position in the effective log, level, and time."""

    position: int
    level: int
    at: str


def read_clock(
    schedule: BlindSchedule | None,
    level: int,
    stakes: Stakes | None,
    anchor: Anchor | None,
    now: datetime,
) -> Clock:
    """The clock at ``now`` for a table at ``level`` that took effect at ``anchor``.

    >>> from omaha_tui.engine.rules.levels import Level
    >>> sched = BlindSchedule(levels=(Level(small_blind=1, big_blind=2, minutes=20),
    ...                               Level(small_blind=2, big_blind=4, minutes=20)))
    >>> start = Anchor(0, 1, "2026-01-01T20:00:00.000+00:00")
    >>> c = read_clock(sched, 1, None, start, datetime.fromisoformat("2026-01-01T20:15:00+00:00"))
    >>> c.seconds_left, c.due
    (300.0, False)
    >>> read_clock(sched, 1, None, start, datetime.fromisoformat("2026-01-01T20:21:00+00:00")).due
    True
    """
    if schedule is None or not 1 <= level <= len(schedule.levels):
        return Clock(level, stakes, None, False)
    minutes = schedule.levels[level - 1].minutes
    if minutes == 0 or level == len(schedule.levels):
        return Clock(level, stakes, None, False)
    if anchor is None:  # no hand yet: the clock has not started
        return Clock(level, stakes, float(minutes * 60), False)
    elapsed = (now - datetime.fromisoformat(anchor.at)).total_seconds()
    left = minutes * 60 - elapsed
    return Clock(level, stakes, max(0.0, left), left <= 0)


def track_level(anchors: list[Anchor], length: int, event: Event, at: str) -> int:
    """Follow one logged event recorded at ``at``: note when a level took effect (level 1
    with the first hand, later levels with their ``LevelChanged``), drop what an undo
    retracts, and return the effective log's new length. The live session, its resume
    and the players' display all read the clock through this one rule."""
    if isinstance(event, ActionUndone):
        length -= 1
        while anchors and anchors[-1].position >= length:
            anchors.pop()
        return length
    if isinstance(event, LevelChanged):
        anchors.append(Anchor(length, event.level, at))
    elif isinstance(event, HandStarted) and not anchors:
        anchors.append(Anchor(length, 1, at))
    return length + 1
