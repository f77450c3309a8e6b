"""What hand histories need of the journal, and nothing more.

An import records whole sessions and asks whether a file was imported before; an export
reads a session's events in pages, its settings, its summary and its imported hands'
details. :class:`omaha_tui.store.journal.Journal` is one; a test can pass anything that
answers these.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

from omaha_tui.engine.events import Event
from omaha_tui.store.records import EventRecord, SessionInfo
from omaha_tui.store.snapshot import FoldedLog


class JournalPort(Protocol):
    """The journal as hand histories see it (the methods of the same name on ``Journal``)."""

    @property
    def path(self) -> Path: ...

    def imported_as(self, digest: str) -> list[int]: ...

    def record_session(
        self,
        title: str,
        events: Iterable[Event],
        meta: dict[str, Any] | None = None,
        *,
        times: Sequence[str] | None = None,
        source_digest: str | None = None,
        folded: FoldedLog | None = None,
    ) -> int: ...

    def stored_session(self, session_id: int) -> SessionInfo: ...

    def meta(self, session_id: int) -> dict[str, Any]: ...

    def readable_until(self, session_id: int, *, until_damage: bool = False) -> int: ...

    def records(
        self, session_id: int, after: int = 0, upto: int | None = None
    ) -> list[EventRecord]: ...

    def has_hand_details(self, session_id: int) -> bool: ...

    def hand_details(
        self, session_id: int, page: int | None = None, *, toml: bool = True
    ) -> Iterator[dict[str, Any]]: ...


__all__ = ["JournalPort"]
