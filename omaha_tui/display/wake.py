"""Waking the display when the journal changes, instead of at its next look.

The dealer's process writes the journal (SQLite, in write-ahead mode: the file and its
``-wal`` beside it); the display follows it read-only. Where the platform tells a
process that a file changed (Linux: inotify) the display is woken the moment the
dealer's write lands, and reads the new events then; it still looks every
``poll_seconds`` too (the clock turns on its own, the dealer's app may go away, a
journal on a network share sends no notification), so without a notification nothing
is lost but the time to the next look.

inotify is reached through ``ctypes`` on the C library: three calls of the Linux API,
no package to install (the ones on PyPI wrap these same calls, mostly in threads).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import os
import sys
from pathlib import Path

IN_MODIFY = 0x002
IN_CLOSE_WRITE = 0x008
IN_MOVED_FROM = 0x040
IN_MOVED_TO = 0x080
IN_CREATE = 0x100
IN_DELETE = 0x200
IN_NONBLOCK = 0o4000
IN_CLOEXEC = 0o2000000

WATCHED = IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
"""Writes, and the file replaced, created or deleted: what a follower must look at."""


class Waker:
    """Wakes a waiting coroutine when the journal's folder changes, or after a timeout.

    :meth:`wait` returns ``True`` when a change woke it; on a platform without inotify
    (or when the folder cannot be watched, or ``notify`` is off) it only sleeps, and
    :attr:`notified` is False. :meth:`close` gives the watch back.
    """

    def __init__(self, journal: Path, *, notify: bool = True) -> None:
        self.folder = journal.resolve().parent
        self._fd = -1
        self._changed = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        if notify and sys.platform.startswith("linux"):
            self._fd = _watch(self.folder)

    @property
    def notified(self) -> bool:
        """Whether the journal's changes wake the display (inotify is watching)."""
        return self._fd >= 0

    def start(self) -> None:
        """Listen on the running loop (call from inside it)."""
        if self._fd < 0 or self._loop is not None:
            return
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self._fd, self._readable)

    def _readable(self) -> None:
        with contextlib.suppress(BlockingIOError, InterruptedError):
            while os.read(self._fd, 65536):  # the events themselves do not matter
                pass
        self._changed.set()

    async def wait(self, timeout: float) -> bool:
        """Sleep until the journal's folder changes (True) or ``timeout`` seconds pass."""
        if self._changed.is_set():
            self._changed.clear()
            return True
        try:
            async with asyncio.timeout(timeout):
                await self._changed.wait()
        except TimeoutError:
            return False
        self._changed.clear()
        return True

    def close(self) -> None:
        if self._loop is not None and self._fd >= 0:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(self._fd)
        if self._fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self._fd)
        self._fd = -1


def _watch(folder: Path) -> int:
    """An inotify descriptor watching ``folder`` (``-1`` when the C library or the
    kernel does not offer it, or the folder's watch is refused: the poll then serves)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        init = libc.inotify_init1
        add = libc.inotify_add_watch
    except (OSError, AttributeError):
        return -1
    init.argtypes, init.restype = [ctypes.c_int], ctypes.c_int
    add.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
    add.restype = ctypes.c_int
    fd = int(init(IN_NONBLOCK | IN_CLOEXEC))
    if fd < 0:
        return -1
    if add(fd, os.fsencode(folder), WATCHED) < 0:
        os.close(fd)
        return -1
    return fd
