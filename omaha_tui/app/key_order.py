"""Keys taken in the order typed, however fast: what a dealer types lands where it was
meant.

The app hands every key to :meth:`KeyOrder.take` before Textual's own routing: a key
for a prompt that is about to open (the session's question, the palette's command)
waits for it; a table key is acted on at once, so a key that opens a prompt opens it
before the next key is read; the text typed for a prompt that did not open is not
taken for table keys.

It is given what it reads and does, not the app: the screen on top, the table screen
whose keys it acts on, a timer, and the app's queue to hand a key back to.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events as ui
from textual.command import CommandPalette
from textual.screen import Screen

from .keys import BY_KEY
from .prompts.typed_prompt import TypeAhead

if TYPE_CHECKING:
    from .prompts.amount_prompt import TextPrompt
    from .screens.table import TableScreen

QUIET_SECONDS = 1.0
"""How long a pause ends the text typed for a prompt that did not open."""

PALETTE_SECONDS = 0.5
"""How long keys typed after Enter in the palette wait for the prompt its command opens."""


class KeyOrder:
    """The app's key intake: what waits for which prompt, and what is ignored.

    Args:
        table: the table screen: a table key typed on it is acted on at once.
        top: the screen on top now.
        later: call back after some seconds (the palette's wait for its prompt).
        post: hand a key back to the app's queue, to go Textual's usual way.
    """

    def __init__(
        self,
        table: TableScreen,
        *,
        top: Callable[[], Screen[Any]],
        later: Callable[[float, Callable[[], None]], object],
        post: Callable[[ui.Key], object],
    ) -> None:
        self.table = table
        self._top = top
        self._later = later
        self._post = post
        self.quiet_until = 0.0  # keys typed for a prompt that did not open (see take)
        self.asking: TextPrompt | None = None  # the session's question, about to open
        self.held: list[ui.Key] | None = None  # keys typed after Enter in the palette

    def take(self, event: ui.Key) -> bool:
        """Act on a key now, as the app takes it from the queue, in the order typed.

        A prompt (or a screen of card fields) on top takes what is typed, even before it
        is on screen (:class:`~.prompts.typed_prompt.TypeAhead`); on the table a table
        key is acted on at once (:meth:`TableScreen.action_act`), so a key that opens a
        prompt opens it before the next key is handled. When such a key is not live,
        the text typed for its prompt is not taken for table keys: the keys up to the
        next Enter or Esc (or a pause of a second) are ignored, and the status line
        says why the prompt did not open.
        """
        if self.asking is not None:  # a question is about to open: its keys
            return self.asking.feed(event, self.take)
        if self.held is not None:  # the palette's command is about to run
            self.held.append(event)
            return True
        screen = self._top()
        if isinstance(screen, CommandPalette) and event.key == "enter":
            # The command runs after the palette has closed; what is typed until then is
            # for the prompt it opens (release), or, after a moment, for the table.
            self.held = []
            self._later(PALETTE_SECONDS, self.release)
            return False
        if isinstance(screen, TypeAhead):
            return screen.feed(event, self.take)
        if screen is not self.table:
            return False
        now = time.monotonic()
        if now < self.quiet_until:
            if event.key in ("enter", "escape"):
                self.quiet_until = 0.0
                return True
            if event.is_printable or event.key == "backspace":
                self.quiet_until = now + QUIET_SECONDS
                return True
            self.quiet_until = 0.0
        name = BY_KEY.get(event.key)
        if name is None:
            return False
        self.table.action_act(name)
        return True

    def release(self) -> None:
        """The keys held since Enter in the palette, taken now in the order typed: into
        the prompt the palette's command opened, else as they would have been."""
        held, self.held = self.held or [], None
        for i, key in enumerate(held):
            if not self.take(key):
                for rest in held[i:]:  # Textual's usual path, still in order
                    self._post(rest)
                break

    def quiet(self) -> None:
        """A key that opens a prompt was refused: ignore the text typed for it."""
        self.quiet_until = time.monotonic() + QUIET_SECONDS
