"""The writer's journal is still the file it opened: checked before each write is acknowledged.

A journal deleted, moved, replaced or truncated under a live table goes on taking writes
into the file the process still holds open, which nobody can open again: every later
``ok`` would be a lie. So the writer keeps its own descriptor of the file it opened and,
around each write, compares it with what the path names now (device and inode) and with
the size it last saw (a journal only grows: SQLite never shrinks a file that is not
vacuumed, and nothing here vacuums a live journal). A file gone, replaced or shortened
raises :class:`JournalGone`, whose one line says so; the session then refuses the
command and offers to write the table to a new journal from what it holds in memory
(:class:`SessionMemo`: every acknowledged event, with its time, and the session's title
and details), which keeps every acknowledged event. Two ``stat`` calls per write.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .records import JournalError


class JournalGone(JournalError):
    """The journal file was deleted, moved, replaced or shortened under its writer."""


@dataclass
class SessionMemo:
    """What a writer holds of its session in memory, enough to write it anew: its title,
    its details (``meta``, with an imported session's hands' details under
    ``meta["phh"]["hands"]`` as an import gives them), and every acknowledged event as
    the journal stored it (its JSON payload and its time)."""

    title: str
    meta: dict[str, Any]
    payloads: list[str] = field(default_factory=list)
    times: list[str] = field(default_factory=list)


class FileWatch:
    """The journal file a writer opened, held open to tell it from what its path names.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> (d / "j").write_bytes(b"x" * 10)
    10
    >>> w = FileWatch(d / "j")
    >>> w.check()
    >>> (d / "j").write_bytes(b"x")
    1
    >>> try:
    ...     w.check()
    ... except JournalGone as e:
    ...     print(str(e).split(" under ")[0].split()[-3:])
    ['was', 'shortened', '(truncated)']
    >>> w.close()
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        self._size = os.fstat(self._fd).st_size

    def check(self) -> None:
        """Raise :class:`JournalGone` unless the path still names the file opened, at
        least as long as last seen.

        Raises:
            JournalGone: one line saying what happened to the file.
        """
        if self._fd is None:
            return
        mine = os.fstat(self._fd)
        where = f"the journal {self.path}"
        try:
            now = os.stat(self.path)
        except FileNotFoundError:
            raise JournalGone(
                f"{where} is gone (deleted or moved) under this table: nothing more can be "
                "recorded in it"
            ) from None
        except OSError as e:
            raise JournalGone(f"{where} cannot be looked at ({e.strerror})") from None
        if (now.st_dev, now.st_ino) != (mine.st_dev, mine.st_ino):
            raise JournalGone(
                f"{where} was replaced by another file under this table: nothing more can "
                "be recorded in it"
            )
        if mine.st_size < self._size:
            raise JournalGone(
                f"{where} was shortened (truncated) under this table: nothing more can be "
                "recorded in it"
            )
        self._size = mine.st_size

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None


__all__ = ["FileWatch", "JournalGone", "SessionMemo"]
