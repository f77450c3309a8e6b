"""The headless session: one owner of a live table, shared by every front end.

``Session`` takes dealer requests (``omaha_tui.engine.decisions.requests``), decides them once,
records the events durably, and returns an ``Outcome`` with what to say. It imports
the engine and the store, never Textual or Rich (``tests/test_layers.py``).
"""

from __future__ import annotations

from .clock import ClockView, clock_view
from .live import NOTHING_TO_REDO, NOTHING_TO_UNDO, Session, SessionError
from .outcome import Outcome
from .setup import Player, TableSetup, demo_setup

__all__ = [
    "NOTHING_TO_REDO",
    "NOTHING_TO_UNDO",
    "ClockView",
    "Outcome",
    "Player",
    "Session",
    "SessionError",
    "TableSetup",
    "clock_view",
    "demo_setup",
]
