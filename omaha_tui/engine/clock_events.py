"""The blind clock's events (R2.7): the schedule, and each host control with its time.

Every control carries ``at``, the wall time the host gave it, so the clock is a pure
fold of the log: replaying the events gives the same clock whenever it is replayed
(R2.7a). They are part of :data:`omaha_tui.engine.events.Event` like any other fact.
"""

# Annotations stay objects here (no ``from __future__ import annotations``): pydantic
# would otherwise evaluate each field's type from text as the class is defined.
from typing import Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from omaha_tui.engine.rules.clock.schedule import BlindSchedule


class _ClockEvent(BaseModel):
    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")
    v: int = 1


def at_ms(at: AwareDatetime) -> int:
    """Milliseconds since the epoch of a recorded time."""
    return round(at.timestamp() * 1000)


class ScheduleSet(_ClockEvent):
    """The table's blind schedule (levels and breaks), new or edited (R2.7)."""

    type: Literal["schedule_set"] = "schedule_set"
    schedule: BlindSchedule
    at: AwareDatetime


class ClockStarted(_ClockEvent):
    """R2.7a: the clock starts, with the first hand or because the host started it."""

    type: Literal["clock_started"] = "clock_started"
    at: AwareDatetime


class ClockPaused(_ClockEvent):
    """R2.7b: the host paused the clock."""

    type: Literal["clock_paused"] = "clock_paused"
    at: AwareDatetime


class ClockResumed(_ClockEvent):
    """R2.7b: the host set the paused clock running again."""

    type: Literal["clock_resumed"] = "clock_resumed"
    at: AwareDatetime


class ClockAdjusted(_ClockEvent):
    """R2.7b: time added to (positive) or taken from (negative) the level or break now."""

    type: Literal["clock_adjusted"] = "clock_adjusted"
    at: AwareDatetime
    seconds: int


class ClockMoved(_ClockEvent):
    """R2.7b, c: the host moved the clock to schedule item ``item`` (0-based): the next
    or the previous level, or out of a break ended early. It starts from its beginning."""

    type: Literal["clock_moved"] = "clock_moved"
    at: AwareDatetime
    item: int = Field(ge=0)
