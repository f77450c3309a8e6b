"""The evaluator's board rows kept in a file in the user's cache directory, so that the
first all-in of a process is answered as fast as the later ones (R10.3).

A process that finds the file takes the rows from it (a few milliseconds; each row is
copied out the first time it is read). One that does not builds them on a thread — or,
for a one-shot command, at once — and writes the file for every later process. The file
is only ever a copy of what the evaluator computes: one that is damaged, of another
format or unreadable is ignored and written again, and a cache directory that cannot be
written just means the rows are built in memory as before.
"""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path

from omaha_tui.engine.hands.table_file import FORMAT, dump_tables, load_tables

CACHE_ENV = "OMAHA_TUI_CACHE_DIR"
"""Overrides the cache directory (the tests point it at a directory of their own)."""

_lock = threading.Lock()
_state = {"done": False}


def cache_path() -> Path:
    """Where the rows are kept: ``$OMAHA_TUI_CACHE_DIR`` or the user cache directory."""
    folder = os.environ.get(CACHE_ENV)
    if not folder:
        import platformdirs  # only when asked: most commands never read a hand

        folder = platformdirs.user_cache_dir("omaha-tui", appauthor=False)
    return Path(folder) / f"board-rows-{FORMAT}.bin"


def _read(path: Path) -> bool:
    try:
        data = path.read_bytes()
    except OSError:
        return False
    return load_tables(data)


def _write(path: Path) -> None:
    """Build every row and write the file whole (a temporary file renamed over it), so a
    reader never sees half a file and a process killed while writing leaves no file
    behind but its own temporary one, which the next writer's directory clean-up
    removes."""
    data = dump_tables()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for stale in path.parent.glob(f"{path.name}.*.tmp"):
            stale.unlink(missing_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return  # a read-only or full disk: the rows stay in memory for this process


def warm(*, background: bool = True) -> None:
    """Make the board rows ready once per process: read the file, or build the rows and
    write it — on a daemon thread by default (a live table keeps answering meanwhile),
    or now with ``background=False`` (a one-shot command that is about to need them)."""
    with _lock:
        if _state["done"]:
            return
        _state["done"] = True
    path = cache_path()
    if _read(path):
        return
    if background:
        threading.Thread(target=_write, args=(path,), name="board-rows", daemon=True).start()
    else:
        _write(path)
