"""Writing an export file so that nothing else is ever touched.

An export goes to a temporary file in the target folder (created exclusively, so a
planted link is never followed), is flushed to disk, and only then takes its name: a
full disk or a crash leaves the previous file whole. Without ``force`` an existing name
(a file, a folder or a symbolic link) is refused; the final step is a hard link, which
fails rather than replace a file that appeared meanwhile. With ``force`` the name is
replaced by a rename, which replaces a symbolic link itself, never its target.

A process killed outright (``kill -9``, a power cut) cannot remove its temporary file, so
each one is named for its process (``.<name>.omaha-tui-<pid>-<random>.tmp``) and every
export or backup first removes, from the folder it writes into, those whose process is
no longer running (with SQLite's files beside them): a killed run leaves nothing behind
the next one.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path


class FileRefused(OSError):
    """The export's target exists, or cannot be written; the message says what to do."""


def check_special(path: Path) -> None:
    """Refuse a name that holds a device, a pipe or a socket (``/dev/null``): a rename
    would put a file where the system keeps it, so not even ``--force`` replaces one.

    Raises:
        FileRefused: ``path`` is such a special file.
    """
    try:
        mode = path.lstat().st_mode
    except OSError:
        return
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode) or stat.S_ISDIR(mode)):
        raise FileRefused(
            f"{path} is a device or special file, not a file: omaha-tui never replaces one; "
            "give a file name"
        )


TEMP_MARK = ".omaha-tui-"


def temporary_file(target: Path) -> tuple[int, str]:
    """A new temporary file beside ``target`` (created exclusively), named for this
    process, once the folder's leftovers of killed runs are removed (:func:`sweep`).

    Raises:
        OSError: the folder cannot be written.
    """
    folder = target.parent if str(target.parent) else Path(".")
    sweep(folder)
    prefix = f".{target.name}{TEMP_MARK}{os.getpid()}-"
    return tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".tmp")


def sweep(folder: Path) -> list[Path]:
    """Remove the temporary files of exports and backups killed before they finished
    (their process is gone) from ``folder``; returns what was removed.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> dead = d / ".x.phh.omaha-tui-999999999-abc.tmp"
    >>> _ = dead.write_text(""), (d / ".x.phh.omaha-tui-999999999-abc.tmp-journal").write_text("")
    >>> mine = d / f".x.phh.omaha-tui-{os.getpid()}-def.tmp"
    >>> _ = mine.write_text(""), (d / "x.phh").write_text("")
    >>> sorted(p.name for p in sweep(d))
    ['.x.phh.omaha-tui-999999999-abc.tmp', '.x.phh.omaha-tui-999999999-abc.tmp-journal']
    >>> sorted(p.name for p in d.iterdir()) == sorted([mine.name, "x.phh"])
    True
    """
    removed: list[Path] = []
    try:
        names = [e.name for e in os.scandir(folder) if TEMP_MARK in e.name]
    except OSError:
        return removed
    for name in names:
        pid = _temp_owner(name)
        if pid is None or _alive(pid):
            continue
        with contextlib.suppress(OSError):
            os.unlink(folder / name)
            removed.append(folder / name)
    return removed


def _temp_owner(name: str) -> int | None:
    """The process a temporary file's name names (``None``: not one of ours)."""
    if not name.startswith("."):
        return None
    rest = name.rsplit(TEMP_MARK, 1)[-1]
    pid, _, tail = rest.partition("-")
    if not pid.isdigit() or ".tmp" not in tail:
        return None
    return int(pid)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # alive, another user's (or cannot tell: keep it)
        return True
    return True


def write_chunks_safely(path: Path, chunks: Iterable[str], *, force: bool = False) -> None:
    """Write the texts ``chunks`` gives, one after another, to ``path``, whole or not at
    all: they go to the temporary file as they come (so the text is never held whole),
    and the file takes its name only once the last is on disk. When ``chunks`` raises,
    its error comes out as it was and nothing at ``path`` was changed.

    Raises:
        FileRefused: the name exists (without ``force``), is a folder or a device, or
            the disk refused the write (full, read-only); nothing at ``path`` was changed.
    """
    if path.is_symlink() and not force:
        raise FileRefused(
            f"{path} is a symbolic link: omaha-tui never writes through one; remove it, "
            "choose another folder, or pass --force to replace the link itself"
        )
    if path.is_dir():
        raise FileRefused(f"{path} is a folder: choose another folder to export into")
    check_special(path)
    if path.exists() and not force:
        raise FileRefused(f"{path} already exists: pass --force to replace it")
    try:
        fd, tmp = temporary_file(path)
    except OSError as e:
        raise _refused(path, e) from None
    try:
        with os.fdopen(fd, "wb", buffering=1 << 16) as f:
            for data in _encoded(chunks):
                f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        if force:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)  # fails if the name appeared meanwhile
    except _ChunkFailed as e:
        raise e.error from None
    except FileExistsError:
        raise FileRefused(f"{path} already exists: pass --force to replace it") from None
    except OSError as e:
        raise _refused(path, e) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


class _ChunkFailed(Exception):
    """What the chunks raised, kept apart from the file's own errors."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


def _encoded(chunks: Iterable[str]) -> Iterator[bytes]:
    """Each chunk as UTF-8 (the file's buffer gathers them into larger writes)."""
    it = iter(chunks)
    while True:
        try:
            chunk = next(it, None)
            data = b"" if chunk is None else chunk.encode("utf-8")
        except Exception as e:  # the chunks' own error, not the file's
            raise _ChunkFailed(e) from None
        if chunk is None:
            return
        yield data


def _refused(path: Path, e: OSError) -> FileRefused:
    if e.errno == errno.ENOSPC:
        return FileRefused(
            f"{path}: the disk is full; nothing was written (an earlier file of that name "
            "is unchanged). Free some space and export again"
        )
    return FileRefused(f"{path}: cannot write it ({e.strerror or e}); nothing was changed")
