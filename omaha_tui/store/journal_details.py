"""Reading each imported hand's details (:mod:`.hand_details` says what they are and
how they are stored), a page of rows at a time, each checked as it is read.

One part the :class:`~.journal.Journal` holds (``journal.details``), over its database.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from .hand_details import DamagedDetails, problem
from .journal_db import JournalDb

PAGE = 500
"""Rows read at a time."""


class JournalDetails:
    """The journal's reading of the rows: one part the :class:`~.journal.Journal` holds
    (``journal.details``), over its database."""

    def __init__(self, db: JournalDb) -> None:
        self._db = db

    @property
    def path(self) -> Path:
        return self._db.path

    @property
    def _conn(self) -> sqlite3.Connection:
        return self._db.conn

    def _guard(self, doing: str) -> AbstractContextManager[None]:
        return self._db.guard(doing)

    def has_hand_details(self, session_id: int) -> bool:
        """Whether the session keeps imported hands' details in rows."""
        with self._guard("reading session details"):
            row = self._conn.execute(
                "SELECT 1 FROM hand_details WHERE session_id = ? LIMIT 1", (session_id,)
            ).fetchone()
        return row is not None

    def hand_details(
        self, session_id: int, page: int | None = None, *, toml: bool = True
    ) -> Iterator[dict[str, Any]]:
        """The session's imported hands' details in hand order, read ``page``
        (:data:`PAGE`) rows at a time as they are asked for, each checked
        (:func:`problem`; the file's fields parsed as TOML only with ``toml``).

        Raises:
            DamagedDetails: a row is missing, is not a JSON object, or holds a field of
                the wrong type (the file was changed outside omaha-tui); one line
                naming the hand.
        """
        page = page or PAGE
        after = 0
        while True:
            with self._guard("reading session details"):
                rows = self._conn.execute(
                    "SELECT hand, detail FROM hand_details WHERE session_id = ? AND hand > ? "
                    "ORDER BY hand LIMIT ?",
                    (session_id, after, page),
                ).fetchall()
            for hand, text in rows:
                after += 1
                if hand != after:
                    raise DamagedDetails(self.path, session_id, after, "its row is missing")
                try:
                    detail = json.loads(text)
                except (TypeError, ValueError, RecursionError):
                    detail = None
                why = problem(detail, toml=toml)
                if why is not None:
                    raise DamagedDetails(self.path, session_id, after, why)
                yield detail
            if len(rows) < page:
                return


__all__ = ["PAGE", "JournalDetails"]
