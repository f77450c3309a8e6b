"""Prompts that take every key typed after the key that opened them, in order.

A dealer who presses ``d`` and types ``6h7h8c`` at once types faster than a screen
opens: Textual delivers keys to the focused field, and until the prompt is mounted
there is none, so keys were lost or fell through to the table (``c`` recorded a
call). The app hands every key to the screen on top as it takes it from the queue
(:meth:`TypeAhead.feed`, synchronously, in arrival order): before the screen is
mounted the key is kept, and replayed into its field once it is.

A one-field prompt (:class:`TypedPrompt`) also applies every later key to its field
at once, and Enter submits and Esc cancels there and then, so the keys typed after
them reach the table and never the closed prompt. Keys a prompt does not edit with
(Tab, ctrl+...) take Textual's usual path. A screen of several fields (the showdown,
the tabled hands) takes only the keys typed while it opened; after that its keys
take Textual's usual path, in order behind them.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual import events
from textual.screen import ModalScreen, Screen
from textual.widgets import Input
from textual.widgets.input import Selection

ResultT = TypeVar("ResultT")

_MOVES = {
    "backspace": "action_delete_left",
    "delete": "action_delete_right",
    "left": "action_cursor_left",
    "right": "action_cursor_right",
    "home": "action_home",
    "end": "action_end",
}


class TypeAhead(Screen[ResultT]):
    """A screen with text fields that takes the keys typed while it opens."""

    ONE_FIELD: ClassVar[bool] = False
    """Every key is applied here at once (True), or only those typed while it opened."""

    def __init__(self) -> None:
        super().__init__()
        self._early: list[events.Key] = []
        self._ready = False
        self._reopened = False

    def field(self) -> Input | None:
        """The field keys go into: the focused one, else the first."""
        if isinstance(self.focused, Input):
            return self.focused
        return next((f for f in self.query(Input) if not f.disabled), None)

    def feed(self, event: events.Key) -> bool:
        """Take ``event`` now (True), or leave it to Textual's usual path (False)."""
        if not self._ready:
            self._early.append(event)
            return True
        return self.ONE_FIELD and self._apply(event)

    def _apply(self, event: events.Key) -> bool:
        field = self.field()
        if field is None:
            return False
        key = event.key
        if key == "enter":
            self.enter(field)
        elif key == "escape":
            self.action_cancel()
        elif key in _MOVES:
            getattr(field, _MOVES[key])()
        elif event.is_printable and event.character:
            selection = field.selection  # typing replaces a selection, as Input does
            if selection.is_empty:
                field.insert_text_at_cursor(event.character)
            else:
                field.replace(event.character, *selection)
        else:
            return False
        return True

    def reopen(self) -> None:
        """Take the keys typed while this (kept) screen is pushed again, as when new."""
        self._ready, self._reopened = False, True

    def on_mount(self) -> None:
        self._open()

    def on_screen_resume(self) -> None:
        if self._reopened:  # pushed again after :meth:`reopen` (a new one opens on mount)
            self._reopened = False
            self._open()

    def _open(self) -> None:
        field = self.field()
        if field is not None:
            self.set_focus(field, scroll_visible=False)
            if field.select_on_focus:  # now, not when the focus event comes round
                field.selection = Selection(0, len(field.value))
                field.select_on_focus = False
        self._ready = True
        # The keys typed while the screen opened, in order and at once (nothing here
        # waits, so no later key can overtake them); once a key has closed the prompt
        # (Enter, Esc), the app takes the rest as it would have.
        while self._early:
            key = self._early.pop(0)
            if self.app.screen is not self:
                take = getattr(self.app, "take_key", None)
                if take is None or not take(key):
                    self.app.post_message(key)
            elif not (self.ONE_FIELD and self._apply(key)):
                target = self.field() or self
                target.post_message(key)  # behind it, every later key: still in order

    def enter(self, field: Input) -> None:
        """Enter in ``field`` (one-field prompts): submit what it holds."""
        field.post_message(Input.Submitted(field, field.value))

    def action_cancel(self) -> None:
        self.dismiss(None)


class TypedPrompt(TypeAhead[ResultT], ModalScreen[ResultT]):
    """A one-field modal prompt: every key is applied to its field as it arrives."""

    ONE_FIELD = True


__all__ = ["TypeAhead", "TypedPrompt"]
