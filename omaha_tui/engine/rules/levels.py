"""Blind levels (R2.7): a schedule as data, and which level a clock reading is in.

The app owns the clock; it asks :func:`level_at` how far the schedule has got and
appends a ``LevelChanged`` event (built by :func:`level_change`) when the level moves
on. The reducer applies the new stakes from the next hand. Nothing here reads a clock.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from omaha_tui.engine.config import Stakes
from omaha_tui.engine.events import LevelChanged


class Level(BaseModel):
    """One level: blinds, ante and how many minutes it lasts (0 = until changed)."""

    model_config = ConfigDict(frozen=True)

    small_blind: int = Field(ge=0)
    big_blind: int = Field(gt=0)
    ante: int = Field(default=0, ge=0)
    minutes: int = Field(default=0, ge=0)


class BlindSchedule(BaseModel):
    """Levels in order; level numbers start at 1."""

    model_config = ConfigDict(frozen=True)

    levels: tuple[Level, ...] = Field(min_length=1)
    chip: int = Field(default=1, gt=0)

    def stakes(self, level: int) -> Stakes:
        """The stakes of level ``level`` (1-based).

        >>> BlindSchedule(levels=(Level(small_blind=1, big_blind=2),)).stakes(1).big_blind
        2
        """
        if not 1 <= level <= len(self.levels):
            raise ValueError(f"level {level} does not exist: use 1 to {len(self.levels)}")
        lv = self.levels[level - 1]
        return Stakes(
            small_blind=lv.small_blind, big_blind=lv.big_blind, ante=lv.ante, chip=self.chip
        )


def level_at(schedule: BlindSchedule, elapsed_minutes: float) -> int:
    """The level in force after ``elapsed_minutes`` of play (the last level lasts forever).

    >>> sched = BlindSchedule(levels=(Level(small_blind=1, big_blind=2, minutes=20),
    ...                               Level(small_blind=2, big_blind=4, minutes=20),
    ...                               Level(small_blind=5, big_blind=10)))
    >>> [level_at(sched, m) for m in (0, 19.9, 20, 45, 600)]
    [1, 1, 2, 3, 3]
    """
    t = 0.0
    for i, lv in enumerate(schedule.levels, start=1):
        if lv.minutes == 0 or elapsed_minutes < t + lv.minutes:
            return i
        t += lv.minutes
    return len(schedule.levels)


def minutes_left(schedule: BlindSchedule, elapsed_minutes: float) -> float | None:
    """Minutes until the next level, or ``None`` on the last (or an untimed) level.

    >>> minutes_left(BlindSchedule(levels=(Level(small_blind=1, big_blind=2, minutes=20),
    ...                                    Level(small_blind=2, big_blind=4))), 5)
    15.0
    """
    t = 0.0
    for i, lv in enumerate(schedule.levels, start=1):
        if lv.minutes == 0:
            return None
        t += lv.minutes
        if elapsed_minutes < t:
            return None if i == len(schedule.levels) else t - elapsed_minutes
    return None


def level_change(schedule: BlindSchedule, level: int) -> LevelChanged:
    """The event that moves the table to ``level`` (effective from the next hand)."""
    return LevelChanged(level=level, stakes=schedule.stakes(level))
