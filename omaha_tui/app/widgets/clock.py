"""The blind level and its clock (R2.7).

A schedule is the engine's ``BlindSchedule`` (small blind, big blind, ante, minutes
per level). The clock only *announces* that a level is due (:class:`LevelClock.LevelDue`); the
session records ``LevelChanged`` with the next hand, because a new level starts with the
next hand (R2.7). The time source is injectable so tests and snapshots can freeze it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.message import Message
from textual.widgets import Static

from omaha_tui.engine.levels import parse_schedule as parse_schedule


def format_clock(seconds: float) -> str:
    """``mm:ss`` (or ``h:mm:ss`` past an hour) of a non-negative duration."""
    s = max(0, int(seconds))
    h, rem = divmod(s, 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02}:{s:02}" if h else f"{m:02}:{s:02}"


class LevelClock(Static):
    """``Level 2 · blinds 2/4 · 13:05 left`` (or the time at this level when it has no limit)."""

    class LevelDue(Message):
        """The current level's time is up; the next level starts with the next hand."""

        def __init__(self, level: int) -> None:
            super().__init__()
            self.level = level

    def __init__(
        self,
        now: Callable[[], float] = time.monotonic,
        *,
        id: str | None = None,  # noqa: A002 - Textual's name
    ) -> None:
        super().__init__("", id=id)
        self.now = now
        self.level = 1
        self.stakes = ""
        self.minutes = 0
        self.started = now()
        self._announced = False
        self._text = ""

    def on_mount(self) -> None:
        self.set_interval(1.0, self.tick)
        self.tick()

    def set_level(
        self, level: int, stakes: str, minutes: int, elapsed: float | None = None
    ) -> None:
        """Show ``level``; the clock restarts only when the level number changes.

        ``elapsed``: seconds already played at this level, as the journal says (after
        a resume the clock goes on instead of starting again, R2.7).
        """
        if level != self.level or elapsed is not None:
            self.started = self.now() - (elapsed or 0.0)
            self._announced = False
        self.level, self.stakes, self.minutes = level, stakes, minutes
        self.tick()

    def tick(self) -> None:
        elapsed = self.now() - self.started
        if self.minutes:
            left = self.minutes * 60 - elapsed
            when = f"{format_clock(left)} left" if left > 0 else "next level next hand"
            if left <= 0 and not self._announced:
                self._announced = True
                self.post_message(self.LevelDue(self.level))
        else:
            when = format_clock(elapsed)
        text = f"Level {self.level} · blinds {self.stakes} · {when}"
        if text != self._text:
            self.update(text, layout=len(text) != len(self._text))
            self._text = text
