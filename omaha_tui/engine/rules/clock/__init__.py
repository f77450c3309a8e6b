"""The blind clock's rules (R2.7): the schedule as data and where the clock stands."""

from .running import ClockState, Position, position, started_at
from .schedule import BlindSchedule, Break, Item, Level

__all__ = [
    "BlindSchedule",
    "Break",
    "ClockState",
    "Item",
    "Level",
    "Position",
    "position",
    "started_at",
]
