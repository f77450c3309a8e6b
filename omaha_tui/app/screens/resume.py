"""The offer to continue the last unfinished session (``y`` resume, ``n`` new game)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from omaha_tui.session.view import shown
from omaha_tui.store.records import SessionInfo


class ResumeDialog(ModalScreen[bool]):
    """Offers to continue the last unfinished session; dismisses True to resume."""

    BINDINGS: ClassVar = [
        Binding("y", "answer(True)", "Resume"),
        Binding("n,escape", "answer(False)", "New game"),
    ]

    def __init__(self, info: SessionInfo) -> None:
        super().__init__()
        self.info = info

    def compose(self) -> ComposeResult:
        i = self.info
        with Vertical(id="resume", classes="prompt"):
            yield Label(f"[b]Resume “{shown(i.title)}”?[/b]")
            yield Label(
                f"{i.hands} hand{'s' * (i.hands != 1)}, last played "
                f"{i.updated[:16].replace('T', ' ')} UTC",
                classes="hint",
            )
            with Horizontal(classes="buttons"):
                yield Button("Resume (y)", id="yes", variant="primary")
                yield Button("New game (n)", id="no")

    @on(Button.Pressed, "#yes")
    def _yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def _no(self) -> None:
        self.dismiss(False)

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
