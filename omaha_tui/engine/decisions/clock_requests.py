"""The host's requests to the blind clock (R2.7b, c). Each carries ``at``, the time it
was given; the session fills it in from its clock, so front ends build them bare."""

from __future__ import annotations

from datetime import datetime

from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.clock.schedule import BlindSchedule


@frozen
class SetSchedule:
    """A new or edited blind schedule for the table."""

    schedule: BlindSchedule
    at: datetime | None = None


@frozen
class StartClock:
    """Start the clock before the first hand (otherwise the first hand starts it)."""

    at: datetime | None = None


@frozen
class PauseClock:
    """Pause the clock."""

    at: datetime | None = None


@frozen
class ResumeClock:
    """Set the paused clock running again."""

    at: datetime | None = None


@frozen
class AdjustClock:
    """Add ``seconds`` to the level or break now (negative: take them away)."""

    seconds: int
    at: datetime | None = None


@frozen
class NextLevel:
    """Move the clock to the next level now (out of a break too)."""

    at: datetime | None = None


@frozen
class PreviousLevel:
    """Move the clock back to the previous level."""

    at: datetime | None = None


@frozen
class EndBreak:
    """End the break now: the next level's clock starts."""

    at: datetime | None = None


CLOCK_REQUESTS = (
    SetSchedule,
    StartClock,
    PauseClock,
    ResumeClock,
    AdjustClock,
    NextLevel,
    PreviousLevel,
    EndBreak,
)
