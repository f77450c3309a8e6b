"""The blind level and its clock (R2.7).

A schedule is the engine's ``BlindSchedule`` (small blind, big blind, ante, minutes
per level). The clock only *announces* that a level is due (:class:`LevelClock.LevelDue`); the
session records ``LevelChanged`` with the next hand, because a new level starts with the
next hand (R2.7). It also posts the sentences the table should hear
(:class:`LevelClock.Announce`): "Blinds are now 2 and 5" when a new level is shown and a
one-minute warning before a timed level ends; the app speaks them on its speech worker,
so they follow the speech switch like everything else it says. The time source is
injectable so tests and snapshots can freeze it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.message import Message
from textual.widgets import Static

from omaha_tui.session.view import format_clock

WARNING_SECONDS = 60
"""How long before a timed level ends the table hears a warning."""


def blinds_sentence(stakes: str) -> str:
    """What the table hears at a new level.

    >>> blinds_sentence("2/5")
    'Blinds are now 2 and 5'
    """
    return "Blinds are now " + " and ".join(part.strip() for part in stakes.split("/"))


def warning_sentence(level: int) -> str:
    """The one-minute warning.

    >>> warning_sentence(3)
    'One minute left in level 3'
    """
    return f"One minute left in level {level}"


class LevelClock(Static):
    """``Level 2 · blinds 2/4 · 13:05 left`` (or the time at this level when it has no limit)."""

    class LevelDue(Message):
        """The current level's time is up; the next level starts with the next hand."""

        def __init__(self, level: int) -> None:
            super().__init__()
            self.level = level

    class Announce(Message):
        """A sentence for the table to hear (a new level, a one-minute warning)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

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
        self._warned = False
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
        if level != self.level:
            self._warned = False
            if self.stakes:  # a level change seen at the table, not the first showing
                self.post_message(self.Announce(blinds_sentence(stakes)))
        self.level, self.stakes, self.minutes = level, stakes, minutes
        self.tick()

    def tick(self) -> None:
        elapsed = self.now() - self.started
        if self.minutes:
            left = self.minutes * 60 - elapsed
            when = f"{format_clock(left)} left" if left > 0 else "next level next hand"
            if 0 < left <= WARNING_SECONDS and not self._warned:
                self._warned = True
                self.post_message(self.Announce(warning_sentence(self.level)))
            if left <= 0 and not self._announced:
                self._announced = True
                self.post_message(self.LevelDue(self.level))
        else:
            when = format_clock(elapsed)
        text = f"Level {self.level} · blinds {self.stakes} · {when}"
        if text != self._text:
            self.update(text, layout=len(text) != len(self._text))
            self._text = text
