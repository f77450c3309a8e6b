"""The one line both displays (web page and terminal) show when nobody records the
session: the dealer's app closed, or killed, or its machine gone. The dealer's lock on
the session (:func:`omaha_tui.store.locks.holder`, read by the follower each poll) says
whether a live process records it."""

from __future__ import annotations

import time

from .follower import Follower

ABANDONED_SECONDS = 1.0
"""How long nobody records the session before the display says so."""

ABANDONED = (
    "the dealer's app is not recording this table (closed, or stopped): this is the table "
    "as last recorded, and it follows again when the dealer resumes or starts a new session"
)


class Abandonment:
    """Whether to say :data:`ABANDONED` now, once the session went unrecorded for
    :data:`ABANDONED_SECONDS` (a dealer's app taking the session up writes its lock in
    two steps, which must not flash the line)."""

    def __init__(self) -> None:
        self._since: float | None = None

    def notice(self, follower: Follower, shown: str) -> str:
        """The line to show after ``follower``'s last poll (``""``: none); ``shown`` is
        the line on screen now (said once, it stays until the session is recorded)."""
        if not follower.abandoned:
            self._since = None
            return ""
        now = time.monotonic()
        if self._since is None:
            self._since = now
        if now - self._since < ABANDONED_SECONDS and shown != ABANDONED:
            return ""
        return ABANDONED
