"""The clock panel (R2.7): the level, its blinds and ante, the time left, the next
level, the time to the next break, and a paused marker.

The panel renders the session's :class:`~omaha_tui.session.clock.ClockFace`, which it
reads once a second through the function it is given (the clock is a pure function
of the journaled state and the time, so nothing here counts time). Between two
readings it posts the sentences the table should hear (:class:`LevelClock.Announce`:
the last minute of a level or a break, a break, each new level); the app speaks them
on its speech worker. Without a schedule it shows the blinds alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.message import Message
from textual.widgets import Static

if TYPE_CHECKING:
    from omaha_tui.session.clock import Announcement, ClockFace

Reader = Callable[[], "tuple[ClockFace | None, tuple[Announcement, ...]]"]
"""The session's clock as the panel follows it (:class:`~omaha_tui.session.clock.ClockFollower`)."""
WIDE = 120
"""From this many columns the header also shows the next level and the next break."""


class LevelClock(Static):
    """``Level 2 · blinds 2/4 · 13:05 left · next 5/10 · break in 33:05``."""

    class Announce(Message):
        """A sentence for the table to hear (a new level, a break, a last minute)."""

        def __init__(self, text: str, on_screen: bool = True) -> None:
            super().__init__()
            self.text = text
            self.on_screen = on_screen

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__("", id=id)
        self.read: Reader = lambda: (None, ())
        self.fallback = ""
        self._text = ""

    def on_mount(self) -> None:
        self.set_interval(1.0, self.tick)
        self.tick()

    def follow(self, read: Reader, fallback: str) -> None:
        """Read the clock through ``read`` from now on; ``fallback`` is shown without a
        schedule (the blinds). The first reading announces nothing (after a resume the
        table has heard it already)."""
        self.read, self.fallback = read, fallback
        self.tick()

    def tick(self) -> None:
        face, said = self.read()
        for announcement in said:
            self.post_message(self.Announce(announcement.text, announcement.on_screen))
        short = self.screen.size.width < WIDE if self.is_attached else False
        text = self.fallback if face is None else face.short if short else face.line
        self.set_class(face is not None and face.paused, "-paused")
        self.set_class(face is not None and face.on_break, "-break")
        if text != self._text:
            self.update(text, layout=len(text) != len(self._text))
            self._text = text
