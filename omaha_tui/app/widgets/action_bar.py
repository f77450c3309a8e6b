"""Whose turn it is, what they may do and the legal range, plus a status line.

The status line carries the last refusal (the engine's ``RuleError`` message), the
last recorded action, or the caption of what was spoken, so nothing the app says is
only heard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from omaha_tui.app.widgets.kept_rows import KeptStatic
from omaha_tui.app.widgets.repaint import show_text
from omaha_tui.engine.labels import printable

if TYPE_CHECKING:
    from omaha_tui.session.view import TurnView


class ActionBar(Vertical):
    """Two lines: the turn (``▶ Ann to act (pot max 7): fold · call 2 · raise to 4–7``)
    and the status, and under them, while there is one, the caption of what was spoken.
    The pot-limit maximum (R4.4) and the legal range are always on the first line while
    somebody is to act; the maximum comes first, so a narrow terminal cuts the end of
    the line rather than it."""

    DEFAULT_CSS = """
    ActionBar #caption { height: auto; max-height: 4; display: none; }
    """

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self._turn = KeptStatic("", id="turn")  # the next step, at each hand's end
        self._status = Static("", id="status")
        self._caption = Static("", id="caption")
        self._turn_text = ""

    def compose(self) -> ComposeResult:
        yield self._turn
        yield self._status
        yield self._caption

    def show(self, turn: TurnView | None, prompt: str) -> None:
        """Show the player to act and their options, or the dealer's next step."""
        if turn is None:
            text = prompt
        else:
            ceiling = f" [b $accent]({turn.ceiling})[/]" if turn.ceiling else ""
            # The name comes markup-safe from the view (view.shown).
            text = f"[b reverse] ▶ {turn.name} [/] to act{ceiling}: {' · '.join(turn.options)}"
        if text != self._turn_text:
            self._turn_text = text
            self._turn.update(text, layout=False)

    def say(self, message: str, *, refused: bool = False) -> None:
        """Put ``message`` on the status line; refusals are styled as errors.

        The message is plain text, never markup: it holds names people typed.
        """
        status = self._status
        status.set_class(refused, "-refused")
        # It may wrap (R2.9 antes): the screen is laid out again only when the new line
        # takes more or fewer lines than the old one; a relayout repaints every widget.
        show_text(status, Content(printable(message)))
        self.caption("")

    def caption(self, text: str, *, refused: bool = False) -> None:
        """Show what was spoken (or why it was not) under the status line, in the
        layout, so it covers no seat; the next status line clears it."""
        caption = self._caption
        caption.set_class(refused, "-refused")
        if not text and not caption.display:
            return  # no caption shown and none to show: nothing to lay out again
        caption.update(Content(printable(text)))
        caption.display = bool(text)

    @property
    def caption_text(self) -> str:
        """Plain text of the caption line; empty when nothing was spoken."""
        return str(self._caption.content)

    @property
    def status_text(self) -> str:
        """Plain text of the status line (tests and speech captions read it)."""
        return str(self._status.content)
