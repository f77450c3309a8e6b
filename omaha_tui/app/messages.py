"""App-wide messages: what the table screen asks the app to do.

Widget-specific messages live inside their widget (``Seat.Selected``,
``LevelClock.LevelDue``); these are the ones that cross screens. The app (through the
session) is the only handler that turns them into engine events.
"""

from __future__ import annotations

from enum import StrEnum

from textual.message import Message


class TableAction(StrEnum):
    """The one-key actions of the table screen (DESIGN.md "App notes")."""

    FOLD = "fold"
    CHECK_CALL = "check_call"
    BET = "bet"
    POT = "pot"
    ALL_IN = "all_in"
    UNDO = "undo"
    REDO = "redo"
    DEAL = "deal"
    SHOWDOWN = "showdown"
    NEXT_HAND = "next_hand"
    TABLE_HANDS = "table_hands"
    RUN_TWICE = "run_twice"


class ActionRequested(Message):
    """The dealer pressed a table key (or clicked it in the footer)."""

    def __init__(self, action: TableAction) -> None:
        super().__init__()
        self.action = action
