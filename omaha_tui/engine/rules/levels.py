"""Blind levels (R2.7): the event of a new level, and the schedule's data.

The schedule itself is data (:mod:`omaha_tui.engine.rules.clock.schedule`); the clock
that runs through it is :mod:`omaha_tui.engine.rules.clock.running`; its text form is
read by the one grammar (``omaha_tui.session.grammar.parse_levels``). Nothing here
reads a clock.
"""

from __future__ import annotations

from omaha_tui.engine.events import LevelChanged
from omaha_tui.engine.rules.clock.schedule import BlindSchedule, Break, Item, Level


def level_change(schedule: BlindSchedule, level: int) -> LevelChanged:
    """The event that moves the table to ``level`` (effective from the next hand)."""
    return LevelChanged(level=level, stakes=schedule.stakes(level))


__all__ = ["BlindSchedule", "Break", "Item", "Level", "level_change"]
