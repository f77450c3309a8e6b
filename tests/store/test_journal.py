"""The journal: durable appends, sessions, one writer per session, clear errors."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.events import ActionUndone, PlayerRebought, SessionEnded
from omaha_tui.session import Session
from omaha_tui.store.journal import Journal, JournalError, SessionBusy
from omaha_tui.store.paths import default_db_path, resolve_db_path
from omaha_tui.store.schema import MIGRATIONS, SCHEMA_VERSION
from tests.console.transcript import _setup


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


def test_default_path_is_in_the_user_data_dir() -> None:
    path = default_db_path()
    assert path.name == "omaha-tui.sqlite3"
    assert path.parent.name == "omaha-tui"
    assert resolve_db_path(None) == path
    assert resolve_db_path("/x/y.sqlite3") == Path("/x/y.sqlite3")


def test_append_returns_sequence_numbers_and_events_come_back_in_order(db: Path) -> None:
    with Journal.open(db) as j:
        sid = j.create_session("Friday game")
        assert j.append(sid, PlayerRebought(seat=1, amount=50)) == 1
        assert j.append_many(sid, [ActionUndone(), PlayerRebought(seat=2, amount=7)]) == 3
    with Journal.open(db) as j:
        assert j.events(sid) == [
            PlayerRebought(seat=1, amount=50),
            ActionUndone(),
            PlayerRebought(seat=2, amount=7),
        ]
        assert [r.seq for r in j.records(sid)] == [1, 2, 3]


def test_file_uses_wal_and_full_synchronous_commits(db: Path) -> None:
    with Journal.open(db) as j:
        assert j.db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert j.db.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert j.db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_sessions_list_counts_events_hands_and_finish(db: Path) -> None:
    with Journal.open(db) as j:
        a = j.create_session("first")
        b = j.create_session("second")
        j.append(a, ActionUndone())
        j.append_many(b, [ActionUndone(), SessionEnded()])
        infos = j.sessions()
        assert [(s.id, s.title, s.event_count, s.finished) for s in infos] == [
            (a, "first", 1, False),
            (b, "second", 2, True),
        ]
        last = j.last_unfinished()
        assert last is not None and last.id == a


def test_last_unfinished_is_none_when_every_session_ended(db: Path) -> None:
    with Journal.open(db) as j:
        sid = j.create_session("done")
        j.append(sid, SessionEnded())
        assert j.last_unfinished() is None


def test_session_meta_round_trips(db: Path) -> None:
    with Journal.open(db) as j:
        sid = j.create_session("imported", meta={"phh": {"scale": 100}})
        assert j.meta(sid) == {"phh": {"scale": 100}}
        j.set_meta(sid, {"x": [1, 2]})
        assert j.meta(sid) == {"x": [1, 2]}


def test_second_writer_of_a_session_is_told_it_is_open_elsewhere(db: Path) -> None:
    with Journal.open(db) as first, Journal.open(db) as second:
        sid = first.create_session("busy")
        first.append(sid, ActionUndone())
        with pytest.raises(SessionBusy, match=r"session 1 is open elsewhere .*can read it"):
            second.append(sid, ActionUndone())
        # The second may still read it, and may write a session of its own.
        assert second.events(sid) == [ActionUndone()]
        other = second.create_session("mine")
        assert second.append(other, ActionUndone()) == 1
        first.release(sid)
        assert second.append(sid, ActionUndone()) == 2


def test_read_only_journal_reads_but_refuses_to_record(db: Path) -> None:
    with Journal.open(db) as j:
        sid = j.create_session("t")
        j.append(sid, ActionUndone())
    with Journal.open(db, read_only=True) as ro:
        assert ro.events(sid) == [ActionUndone()]
        with pytest.raises(JournalError, match="is open read-only: nothing can be recorded"):
            ro.append(sid, ActionUndone())


def test_read_only_open_of_a_missing_file_says_so(db: Path) -> None:
    with pytest.raises(JournalError, match="no journal here yet"):
        Journal.open(db, read_only=True)
    assert not db.exists()


def test_unknown_session_says_how_to_list_them(db: Path) -> None:
    with (
        Journal.open(db) as j,
        pytest.raises(JournalError, match=r"has no session 9: `omaha-tui sessions` lists them"),
    ):
        j.events(9)


def test_a_file_that_is_not_a_database_is_named_and_left_unchanged(db: Path) -> None:
    db.write_bytes(b"this is a shopping list, not a journal\n" * 200)
    for read_only in (False, True):
        with pytest.raises(JournalError) as info:
            Journal.open(db, read_only=read_only)
        assert str(info.value) == (
            f"{db} is not an SQLite database, so not an omaha-tui journal; it was left "
            "unchanged. Pass --db with an omaha-tui journal, or a new file name"
        )
    assert db.read_bytes() == b"this is a shopping list, not a journal\n" * 200


def test_a_truncated_file_names_the_file_and_what_to_do(db: Path) -> None:
    with Journal.open(db) as j:
        sid = j.create_session("long night")
        j.append_many(sid, [PlayerRebought(seat=0, amount=i + 1) for i in range(3000)])
    size = db.stat().st_size
    with db.open("r+b") as f:
        f.truncate(size // 2)
    with pytest.raises(JournalError) as info, Journal.open(db) as j:
        j.events(sid)
    message = str(info.value)
    assert str(db) in message
    assert "damaged" in message and "Move it aside" in message


def test_an_event_payload_from_a_newer_program_is_refused_clearly(db: Path) -> None:
    with Journal.open(db) as j:
        sid = j.create_session("t")
        j.append(sid, ActionUndone())
    conn = sqlite3.connect(db)
    conn.execute("UPDATE events SET payload = ?", (json.dumps({"type": "undo", "v": 9}),))
    conn.commit()
    conn.close()
    with (
        Journal.open(db) as j,
        pytest.raises(
            JournalError, match=r"event 1 cannot be read \(event version 9 was written by a newer"
        ),
    ):
        j.events(sid)


def test_a_journal_from_a_newer_program_is_refused_clearly(db: Path) -> None:
    Journal.open(db).close()
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(JournalError, match="was written by a newer omaha-tui"):
        Journal.open(db)


def test_a_version_1_journal_is_migrated_and_keeps_its_events(db: Path) -> None:
    conn = sqlite3.connect(db)
    for sql in MIGRATIONS[0]:
        conn.execute(sql)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO sessions (title, created, updated) VALUES ('old', 't', 't')")
    payload = ActionUndone().model_dump_json()
    conn.execute("INSERT INTO events VALUES (1, 1, 'undo', 1, ?, 't')", (payload,))
    conn.execute("INSERT INTO events VALUES (1, 2, 'undo', 1, ?, 't')", (payload,))
    conn.commit()
    conn.close()
    with Journal.open(db) as j:
        assert j.db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        (info,) = j.sessions()
        assert (info.title, info.event_count, info.hands) == ("old", 2, 0)
        assert j.events(1) == [ActionUndone(), ActionUndone()]
        assert j.meta(1) == {}


def test_a_gap_in_the_log_is_reported_not_papered_over(db: Path) -> None:
    with Journal.open(db) as j:
        sid = j.create_session("t")
        j.append_many(sid, [ActionUndone(), ActionUndone(), ActionUndone()])
    conn = sqlite3.connect(db)
    conn.execute("DELETE FROM events WHERE seq = 2")
    conn.commit()
    conn.close()
    with Journal.open(db) as j, pytest.raises(JournalError, match="lacks event 2"):
        j.events(sid)


def test_hands_played_counted_from_event_types_equal_the_replayed_count() -> None:
    """Sessions with misdeals, undone hand starts, undos across hands and paused hands:
    the count read from the event types alone is the state's count of hands played."""
    from omaha_tui.engine.reducer.replay import replay
    from omaha_tui.store.session_rows import played_from_types, played_hands

    from .recorded import eventful_session

    differ = []
    kinds: set[str] = set()
    for seed in range(60):
        events = eventful_session("omaha8", hands=8, seed=seed).events
        kinds.update(e.type for e in events)
        if played_from_types(e.type for e in events) != played_hands(replay(events)):
            differ.append(seed)
    assert differ == []
    assert {"misdeal", "undo", "hand_started"} <= kinds


def _an_evening(journal: Journal) -> int:
    setup = _setup({"players": "Ann:100,Bob:100,Cy:100"})
    session = Session.create(journal, setup.events(), setup.name)
    for _ in range(3):
        for request in (rq.NextHand(), rq.Fold(), rq.Fold()):
            assert session.request(request).ok
    assert session.request(rq.NextHand()).ok  # a hand in play: a snapshot, then its start
    return session.id


def test_an_in_memory_journal_keeps_a_session_as_a_journal_file_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with Journal.open(tmp_path / "j.sqlite3") as on_disk, Journal.in_memory() as memory:
        sids = _an_evening(on_disk), _an_evening(memory)
        both = list(zip((on_disk, memory), sids, strict=True))
        assert [j.events(s) for j, s in both] == [on_disk.events(1)] * 2
        for j, sid in both:
            assert j.check_chain(sid).bad is None and j.readable_until(sid) == j.last_seq(sid)
            assert j.checks.has_snapshot(sid)
            assert j.load_state(sid) == on_disk.load_state(1)
            assert j.roster() == on_disk.roster()
            undated = [replace(p, last_played="") for p in j.lifetime()]
            assert undated == [replace(p, last_played="") for p in on_disk.lifetime()]
        assert [s.hands for s in memory.sessions()] == [s.hands for s in on_disk.sessions()]
        assert memory.path == Path(":memory:") and not memory.read_only
        anew, new_id = memory.write_anew(sids[1], tmp_path / "anew.sqlite3")
        with anew:
            assert anew.events(new_id) == memory.events(sids[1])
    assert {p.name.split(".")[0] for p in tmp_path.iterdir()} == {"anew", "j"}  # nothing else
