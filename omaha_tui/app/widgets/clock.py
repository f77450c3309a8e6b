"""The clock panel (R2.7): the level, its blinds and ante, the time left, the next
level, the time to the next break, and a paused marker.

The panel renders the session's :class:`~omaha_tui.session.clock.ClockFace`, which it
reads once a second through the function it is given (the clock is a pure function
of the journaled state and the time, so nothing here counts time). Between two
readings it posts the sentences the table should hear (:class:`LevelClock.Announce`:
the last minute of a level or a break, a break, each new level); the app speaks them
on its speech worker, and a :class:`LevelClock.Chime` when a level or a break ends or
the level in force changes (the app rings the terminal's bell unless the host turned
the chime off). Without a schedule it shows the blinds alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.align import Align
from rich.console import Group
from textual.message import Message
from textual.renderables.digits import Digits as DigitsRenderable
from textual.widgets import Static

if TYPE_CHECKING:
    from omaha_tui.session.clock import Announcement, ClockFace

Reader = Callable[[], "tuple[ClockFace | None, tuple[Announcement, ...]]"]
"""The session's clock as the panel follows it (:class:`~omaha_tui.session.clock.ClockFollower`)."""
WIDE = 120
"""From this many columns the header also shows the next level and the next break."""


LAST_MINUTE = "One minute left"
"""How the clock's last-minute warning begins: the one announcement with no chime."""


def chimes(said: Announcement) -> bool:
    """Whether the host's clock chimes with ``said`` (R2.7c): a level or a break ended,
    or the blinds in force changed; not at the last minute's warning.

    >>> from omaha_tui.session.clock import Announcement
    >>> chimes(Announcement("Break 1 for 10:00: no hand until it ends"))
    True
    >>> chimes(Announcement("One minute left in level 2"))
    False
    """
    return not said.text.startswith(LAST_MINUTE)


class LevelClock(Static):
    """``Level 2 · blinds 2/4 · 13:05 left · next 5/10 · break in 33:05``."""

    class Announce(Message):
        """A sentence for the table to hear (a new level, a break, a last minute)."""

        def __init__(self, text: str, on_screen: bool = True) -> None:
            super().__init__()
            self.text = text
            self.on_screen = on_screen

    class Break(Message):
        """The clock went into a break or came out of one (R2.7): no hand starts in a
        break, so the table's "press n" line says so instead."""

        def __init__(self, on_break: bool) -> None:
            super().__init__()
            self.on_break = on_break

    class Chime(Message):
        """A level or a break has ended, or the level in force has changed: the host's
        clock chimes, as a phone timer would."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__("", id=id)
        self.read: Reader = lambda: (None, ())
        self.fallback = ""
        self._text = ""
        self._left = ""
        self.large = False
        """The host's choice: the countdown in large digits above the line."""

    def show_large(self, large: bool) -> None:
        """Draw the countdown in large digits (three rows) above the line, or not.

        The app says it at every change of the table: the same choice again draws
        nothing (drawing the clock anew lays the whole screen out again)."""
        if large == self.large:
            return
        self.large = large
        self._text = ""  # drawn again at once, in the new size
        self.tick()

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
        if any(chimes(a) for a in said):
            self.post_message(self.Chime())
        short = self.screen.size.width < WIDE if self.is_attached else False
        text = self.fallback if face is None else face.short if short else face.line
        left = face.left if face is not None and self.large else ""
        self.set_class(face is not None and face.paused, "-paused")
        on_break = face is not None and face.on_break
        if on_break != self.has_class("-break"):
            self.post_message(self.Break(on_break))
        self.set_class(on_break, "-break")
        self.set_class(bool(left), "-large")
        if text != self._text or left != self._left:
            if left:
                figure = DigitsRenderable(left, self.rich_style)
                self.update(Group(Align.center(figure), Align.center(text)), layout=True)
            else:
                self.update(text, layout=len(text) != len(self._text) or bool(self._left))
            self._text, self._left = text, left
