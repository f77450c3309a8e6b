"""Keys taken in the order typed, however fast: what a dealer types lands where it was
meant.

The app hands every key to :meth:`KeyOrder.take` before Textual's own routing: a key
for a prompt that is about to open (the session's question, the palette's command)
waits for it; a table key is acted on at once, so a key that opens a prompt opens it
before the next key is read; the text typed for a prompt that did not open is not
taken for table keys.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual import events as ui
from textual.command import CommandPalette

from .keys import BY_KEY
from .prompts.typed_prompt import TypeAhead

if TYPE_CHECKING:
    from .app import OmahaApp
    from .prompts.amount_prompt import TextPrompt

QUIET_SECONDS = 1.0
"""How long a pause ends the text typed for a prompt that did not open."""

PALETTE_SECONDS = 0.5
"""How long keys typed after Enter in the palette wait for the prompt its command opens."""


class KeyOrder:
    """The app's key intake: what waits for which prompt, and what is ignored."""

    def __init__(self, app: OmahaApp) -> None:
        self.app = app
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
            return self.asking.feed(event)
        if self.held is not None:  # the palette's command is about to run
            self.held.append(event)
            return True
        app = self.app
        screen = app.screen
        if isinstance(screen, CommandPalette) and event.key == "enter":
            # The command runs after the palette has closed; what is typed until then is
            # for the prompt it opens (release), or, after a moment, for the table.
            self.held = []
            app.set_timer(PALETTE_SECONDS, self.release)
            return False
        if isinstance(screen, TypeAhead):
            return screen.feed(event)
        if screen is not app.table:
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
        app.table.action_act(name)
        return True

    def release(self) -> None:
        """The keys held since Enter in the palette, taken now in the order typed: into
        the prompt the palette's command opened, else as they would have been."""
        held, self.held = self.held or [], None
        for i, key in enumerate(held):
            if not self.take(key):
                for rest in held[i:]:  # Textual's usual path, still in order
                    self.app.post_message(rest)
                break

    def quiet(self) -> None:
        """A key that opens a prompt was refused: ignore the text typed for it."""
        self.quiet_until = time.monotonic() + QUIET_SECONDS
