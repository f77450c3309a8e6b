"""A session's stored settings (its ``meta``), read as resuming, checking and exporting
need them: a JSON object whose blind schedule, if it has one, is a schedule.

The settings sit beside the event log, outside its hash chain, so an edit made outside
omaha-tui can leave them unreadable while every event is intact. Resuming such a session
is refused in one line; ``check`` names it; and ``export --until-damage`` writes the
events without the unreadable settings, so importing that file gives the night back.
The events carry the table's schedule themselves (``ScheduleSet``); the settings keep it
for sessions recorded before they did.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from pydantic import ValidationError

from omaha_tui.engine.errors import validation_message
from omaha_tui.engine.rules.levels import BlindSchedule

from .records import UnreadableSettings, recovery


class HasSettings(Protocol):
    """Where the settings are read from: the journal (its file, a session's meta)."""

    @property
    def path(self) -> Path: ...

    def meta(self, session_id: int) -> dict[str, Any]: ...


def readable_settings(journal: HasSettings, session_id: int) -> dict[str, Any]:
    """The session's settings, checked.

    Raises:
        UnreadableSettings: not a JSON object, or a blind schedule that is not one; the
            message names it and says what can still be done (:func:`recovery`).
        JournalError: the journal cannot be read, or has no such session.
    """
    meta = journal.meta(session_id)
    raw = meta.get("schedule")
    try:
        BlindSchedule.model_validate(raw) if raw else None
    except ValueError as e:  # pydantic's ValidationError is one
        first = validation_message(e) if isinstance(e, ValidationError) else str(e)
        raise UnreadableSettings(
            f"{journal.path}: the blind schedule of session {session_id} is not readable "
            f"({first}); the file was changed outside omaha-tui: {recovery(session_id)}"
        ) from None
    return meta


__all__ = ["HasSettings", "UnreadableSettings", "readable_settings", "recovery"]
