"""Opening a journal: read-only opening changes nothing, and each way a file can be
unusable gets its own message (foreign, damaged, read-only, full disk, locked, newer)."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from omaha_tui.engine.events import ActionUndone, PlayerRebought
from omaha_tui.store.connection import explain
from omaha_tui.store.journal import Journal, JournalError
from omaha_tui.store.locks import SessionBusy, SessionLock, lock_dir, lock_name


def _digest(folder: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.is_file()
    }


def _foreign(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.commit()
    conn.close()


def test_read_only_opening_of_a_foreign_database_names_it_and_changes_nothing(
    tmp_path: Path,
) -> None:
    other = tmp_path / "other.sqlite3"
    _foreign(other)
    before = _digest(tmp_path)
    with pytest.raises(JournalError, match="another program, not an omaha-tui journal"):
        Journal.open(other, read_only=True)
    assert _digest(tmp_path) == before


def test_writable_opening_of_a_foreign_database_refuses_before_writing(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite3"
    _foreign(other)
    before = _digest(tmp_path)
    with pytest.raises(JournalError, match="it was left unchanged"):
        Journal.open(other)
    assert _digest(tmp_path) == before
    conn = sqlite3.connect(other)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


@pytest.mark.parametrize("read_only", [False, True])
def test_a_journal_with_a_table_gone_is_called_damaged_not_another_program_s(
    tmp_path: Path, read_only: bool
) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        j.create_session("t")
    conn = sqlite3.connect(db)
    conn.execute("DROP TABLE events")
    conn.commit()
    conn.close()
    before = _digest(tmp_path)
    with pytest.raises(JournalError) as info:
        Journal.open(db, read_only=read_only)
    assert str(info.value).startswith(f"{db} is an omaha-tui journal without its events table")
    assert "the file is damaged; it was left unchanged" in str(info.value)
    assert _digest(tmp_path)["j.sqlite3"] == before["j.sqlite3"]  # SQLite may add its -shm


def _journal(db: Path, events: int = 1) -> int:
    with Journal.open(db) as j:
        sid = j.create_session("t")
        j.append_many(sid, [ActionUndone()] * events)
    return sid


def test_a_read_only_journal_file_is_called_read_only_not_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "j.sqlite3"
    sid = _journal(db)
    monkeypatch.setattr("omaha_tui.store.connection.os.access", lambda path, mode: False)
    with pytest.raises(JournalError) as info:
        Journal.open(db)
    assert "is read-only" in str(info.value) and "damaged" not in str(info.value)
    with Journal.open(db, read_only=True) as ro:
        assert ro.events(sid) == [ActionUndone()]


def test_sqlite_saying_read_only_is_called_read_only() -> None:
    e = sqlite3.OperationalError("attempt to write a readonly database")
    message = str(explain(Path("j.sqlite3"), "recording an event", e))
    assert message.startswith("j.sqlite3 is read-only") and "damaged" not in message


def test_a_full_disk_is_called_full_and_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        sid = j.create_session("t")
        j.append(sid, ActionUndone())
        pages = j.db.conn.execute("PRAGMA page_count").fetchone()[0]
        j.db.conn.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(JournalError) as info:
            j.append_many(sid, [PlayerRebought(seat=0, amount=i + 1) for i in range(2000)])
    message = str(info.value)
    assert "the disk is full" in message and "damaged" not in message
    with Journal.open(db, read_only=True) as ro:
        assert ro.events(sid) == [ActionUndone()]


def test_a_busy_file_is_called_busy_not_damaged() -> None:
    e = sqlite3.OperationalError("database is locked")
    message = str(explain(Path("j.sqlite3"), "recording an event", e))
    assert "another program keeps the file busy" in message and "damaged" not in message


def test_dev_null_and_a_folder_are_not_journal_files(tmp_path: Path) -> None:
    with pytest.raises(JournalError, match="is a device or special file, not a journal file"):
        Journal.open("/dev/null")
    with pytest.raises(JournalError, match="is a folder, not a journal file"):
        Journal.open(tmp_path, read_only=True)


def test_an_empty_file_read_only_has_no_sessions_and_stays_empty(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    db.touch()
    with pytest.raises(JournalError, match="is empty: no session has been recorded"):
        Journal.open(db, read_only=True)
    assert db.stat().st_size == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["j.sqlite3"]


def test_a_read_only_follower_reads_what_a_writer_keeps_adding(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as writer:
        sid = writer.create_session("live")
        writer.append(sid, ActionUndone())
        with Journal.open(db, read_only=True) as follower:
            assert follower.last_seq(sid) == 1
            writer.append_many(sid, [PlayerRebought(seat=0, amount=5), ActionUndone()])
            assert follower.last_seq(sid) == 3
            assert [r.seq for r in follower.records(sid, after=1)] == [2, 3]
            assert follower.records(sid, after=3) == []
            # The writer holds the session's lock; the follower took none and may not write.
            assert list(lock_dir(db).iterdir()) == [SessionLock(db, sid).path]
            with pytest.raises(JournalError, match="open read-only"):
                follower.append(sid, ActionUndone())
            # Even while the writer is inside a write transaction the follower reads.
            writer.db.conn.execute("BEGIN IMMEDIATE")
            assert follower.last_seq(sid) == 3
            writer.db.conn.execute("ROLLBACK")


def test_a_session_id_beyond_any_integer_is_no_session(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    _journal(db)
    with (
        Journal.open(db, read_only=True) as ro,
        pytest.raises(JournalError, match="has no session 99999999999999999999999"),
    ):
        ro.events(99999999999999999999999)


def test_a_lock_folder_that_is_a_file_is_named_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    lock_dir(db).write_text("not a folder")
    with Journal.open(db) as j, pytest.raises(JournalError, match="is in the way"):
        j.create_session("t")
    assert lock_dir(db).read_text() == "not a folder"


def test_released_sessions_leave_no_lock_files(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        for _ in range(50):
            sid = j.create_session("t")
            j.append(sid, ActionUndone())
            j.release(sid)
        last = j.create_session("open")
        assert [p.name for p in lock_dir(db).iterdir()] == [lock_name(db, last)]
    assert list(lock_dir(db).iterdir()) == []


def test_a_lock_removed_by_its_releaser_is_taken_afresh(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    first, second = SessionLock(db, 1), SessionLock(db, 1)
    first.acquire()
    first.release()
    second.acquire()
    assert second.path.read_text() == str(os.getpid())
    with pytest.raises(SessionBusy, match="open elsewhere"):
        SessionLock(db, 1).acquire()
    second.release()
