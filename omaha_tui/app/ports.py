"""What the app's parts are given instead of the app.

A part of :class:`~omaha_tui.app.app.OmahaApp` (the table's keys, the palette, the
start of a table, the preferences) is handed what it uses, each by name: the table as
a :class:`Desk` (the open session, a decision sent to it, a line on the status line,
a screen opened over it), and callables for the rest (``notify``, ``bell``). None of
them holds the app, so each can be built and tested with a stand-in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.session import Outcome, Session


class Say(Protocol):
    """Put ``text`` on the table's status line (``refused``: as a refusal)."""

    def __call__(self, text: str, *, refused: bool = False) -> None: ...


class Notify(Protocol):
    """A notification in the corner: a warning that is not about the table."""

    def __call__(
        self, message: str, *, severity: SeverityLevel = ..., timeout: float | None = ...
    ) -> None: ...


class Desk(Protocol):
    """The table as a part of the app reaches it.

    ``request`` sends a decision to the session, shows the outcome and adopts the new
    state; ``adopt`` does the last two for an outcome the session gave already (undo,
    redo); ``say`` writes the status line; ``push_screen`` opens a prompt over the table.
    """

    @property
    def session(self) -> Session | None: ...

    def request(self, req: rq.Request) -> Outcome: ...

    def adopt(self, outcome: Outcome) -> Outcome: ...

    def say(self, text: str, *, refused: bool = False) -> None: ...

    def push_screen(self, screen: Screen[Any]) -> object: ...


__all__ = ["Desk", "Notify", "Say"]
