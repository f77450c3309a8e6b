"""The journal's database: one SQLite connection, its settings, its upgrades, and the
guard that turns SQLite's failures into lines a dealer can act on.

Every part of the :class:`~.journal.Journal` (its event log, its sessions, its checks,
its roster, imported hands' details) holds this one object and reads and writes through
it; none opens anything itself. A file journal is opened by :mod:`.connection` (which
names a foreign, damaged, read-only or newer file), switched to WAL with
``synchronous=FULL`` so every acknowledged write is on disk, and upgraded when older.
An in-memory journal (:meth:`JournalDb.in_memory`) takes the same path through every
part but the file's: nothing else can open it, so it has no WAL, no file to watch and
no session locks, and it is gone when closed (tests whose subject is not the disk).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .connection import check_ours, connect, explain
from .records import JournalError
from .schema import MIGRATIONS, SCHEMA_VERSION

MEMORY = Path(":memory:")
"""The path an in-memory journal names in its messages."""


class JournalDb:
    """An open journal database: its path, its connection, whether it is read-only."""

    def __init__(
        self, path: Path, conn: sqlite3.Connection, *, read_only: bool, memory: bool = False
    ) -> None:
        self.path = path
        self.conn = conn
        self.read_only = read_only
        self.memory = memory

    @classmethod
    def open(cls, path: Path, *, read_only: bool, scan: bool) -> JournalDb:
        """The journal file at ``path``, checked, set up and upgraded (see
        :meth:`.Journal.open`)."""
        db = cls(path, connect(path, read_only=read_only), read_only=read_only)
        try:
            db._setup(scan)
        except BaseException:
            db.conn.close()
            raise
        return db

    @classmethod
    def in_memory(cls) -> JournalDb:
        """A new, empty journal in memory, with every table of the current version."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        db = cls(MEMORY, conn, read_only=False, memory=True)
        with db.guard("opening"):
            db.conn.execute("PRAGMA foreign_keys = ON")
            db._migrate()
        return db

    def _setup(self, scan: bool) -> None:
        with self.guard("opening"):
            self.conn.execute("PRAGMA busy_timeout = 10000")
            version = check_ours(self.conn, self.path, read_only=self.read_only)
            if self.read_only:
                # No integrity scan here: opening stays cheap for a follower, and a
                # damaged page is named by the read that meets it.
                self.conn.execute("PRAGMA query_only = ON")
                if version < SCHEMA_VERSION:
                    raise JournalError(
                        f"{self.path} uses journal version {version} and must be upgraded "
                        f"to {SCHEMA_VERSION}: open it once with `omaha-tui play --db "
                        f"{self.path}`, then try again"
                    )
                return
            mode = self.conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise JournalError(f"{self.path}: cannot switch to WAL mode ({mode})")
            # Every acknowledged append reaches the disk before append() returns.
            self.conn.execute("PRAGMA synchronous = FULL")
            self.conn.execute("PRAGMA foreign_keys = ON")
            if scan:
                self.scan()
            if version < SCHEMA_VERSION:
                self._migrate()

    def scan(self) -> None:
        """SQLite's check of every page of the file.

        Raises:
            JournalError: a damaged page; the line says what to do.
        """
        with self.guard("opening"):
            check = self.conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check}")

    def _migrate(self) -> None:
        with self.transaction():
            # Re-read inside the write lock: another process may have just migrated it.
            version = int(self.conn.execute("PRAGMA user_version").fetchone()[0])
            for step in MIGRATIONS[version:]:
                for sql in step:
                    if isinstance(sql, str):
                        self.conn.execute(sql)
                    else:
                        sql(self.conn)
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def guard(self, doing: str) -> Iterator[None]:
        """Turn SQLite failures into a :class:`JournalError` a dealer can act on."""
        try:
            yield
        except sqlite3.Error as e:
            raise explain(self.path, doing, e) from None
        except (UnicodeDecodeError, OverflowError) as e:  # text or numbers SQLite cannot hand over
            raise explain(
                self.path,
                doing,
                sqlite3.DatabaseError(
                    f"unreadable value: {e.reason if isinstance(e, UnicodeDecodeError) else e}"
                ),
            ) from None

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction (``BEGIN IMMEDIATE``): committed when the block ends,
        rolled back when it raises. Used inside :meth:`guard`."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise

    def writable(self) -> None:
        """Raise :class:`JournalError` when the journal is open read-only."""
        if self.read_only:
            raise JournalError(f"{self.path} is open read-only: nothing can be recorded")

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the main file, never waiting for a reader."""
        if self.memory:
            return
        with self.guard("saving to the main file"):
            self.conn.execute("PRAGMA busy_timeout = 0")
            try:
                self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            finally:
                self.conn.execute("PRAGMA busy_timeout = 10000")

    def close(self) -> None:
        self.conn.close()


__all__ = ["MEMORY", "JournalDb"]
