"""One journal, one writer: locks by file identity, one name per file, the files SQLite
keeps beside a journal, a checkpoint at every hand end, and ``omaha-tui backup``."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from omaha_tui.engine.events import Event
from omaha_tui.store import sidecars
from omaha_tui.store.journal import Journal, JournalError, SessionBusy
from tests.store.cli_runner import run_cli

from .recorded import two_hands

ROOT = Path(__file__).resolve().parents[2]


def _alone(db: Path) -> int:
    """Events in the main file alone (its write-ahead log ignored)."""
    conn = sqlite3.connect(f"file:{db}?immutable=1", uri=True)
    try:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])
    finally:
        conn.close()


def _hand_end(events: list[Event]) -> int:
    return max(i for i, e in enumerate(events, start=1) if e.type == "pots_awarded")


def test_r4_2_a_hand_won_by_folds_is_in_the_main_file_when_it_ends(tmp_path: Path) -> None:
    """The commonest hand end has no award event (the last player left wins, R4.2): the
    write-ahead log is copied into the main file after it all the same, so a copy of the
    one file holds the evening."""
    import io

    from omaha_tui.console import Console
    from omaha_tui.session import Session
    from tests.console.transcript import _setup

    db = tmp_path / "j.sqlite3"
    setup = _setup({"players": "Ann:100,Bob:100,Cy:100"})
    with Journal.open(db) as journal:
        session = Session.create(journal, setup.events(), setup.name)
        console = Console(session, io.StringIO())
        for _ in range(3):
            for line in ("next", "fold", "fold"):
                console.line(line)
            assert _alone(db) == len(session.events())
        console.line("next")
        assert _alone(db) < len(session.events())  # a hand running is in the log only


def test_a_symbolic_link_leads_to_the_same_lock_and_the_same_log(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    link = tmp_path / "link.sqlite3"
    events = two_hands().events
    with Journal.open(db) as first:
        sid = first.create_session("Friday")
        first.append(sid, events[0])
        link.symlink_to(db)
        with Journal.open(link) as second:
            with pytest.raises(SessionBusy):
                second.claim(sid)
            assert second.events(sid) == events[:1]
        assert not (tmp_path / "link.sqlite3-wal").exists()


def test_a_journal_with_two_names_is_refused_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as journal:
        journal.create_session("Friday")
    os.link(db, tmp_path / "other.sqlite3")
    for read_only in (False, True):
        with pytest.raises(JournalError) as info:
            Journal.open(tmp_path / "other.sqlite3", read_only=read_only)
        text = str(info.value)
        assert "\n" not in text
        assert "has 2 names (hard links)" in text and "can vanish" in text
    assert run_cli("ledger", ["ledger", "--db", str(db)]) == 1
    assert "hard links" in capsys.readouterr().err


def test_a_stale_read_only_shm_is_named_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as journal:
        journal.create_session("Friday")
    shm = tmp_path / "j.sqlite3-shm"
    shm.write_bytes(b"")
    shm.chmod(0o444)
    real_access = os.access
    monkeypatch.setattr(
        sidecars.os, "access", lambda p, m: False if Path(p) == shm else real_access(p, m)
    )
    with pytest.raises(JournalError) as info:
        Journal.open(db)
    assert str(info.value) == (
        f"{shm} is a stale read-only file (left by a reader that could not write): SQLite "
        "cannot record through it. Close every omaha-tui using j.sqlite3, remove that file, "
        "and try again"
    )
    with Journal.open(db, read_only=True) as journal:  # reading is not refused
        assert len(journal.sessions()) == 1


def test_an_old_wal_beside_a_newer_file_is_refused_and_the_file_left_whole(
    tmp_path: Path,
) -> None:
    db = tmp_path / "j.sqlite3"
    events = two_hands().events
    end = _hand_end(events)
    old = tmp_path / "old"
    old.mkdir()
    with Journal.open(db) as journal:
        sid = journal.create_session("Friday")
        journal.append_many(sid, events[:5])
        shutil.copy(tmp_path / "j.sqlite3-wal", old / "j.sqlite3-wal")  # an earlier copy
        journal.append_many(sid, events[5:end])  # ends a hand: checkpointed
    assert _alone(db) == end
    shutil.copy(old / "j.sqlite3-wal", tmp_path / "j.sqlite3-wal")
    for read_only in (False, True):
        with pytest.raises(JournalError) as info:
            Journal.open(db, read_only=read_only)
        text = str(info.value)
        assert "\n" not in text
        assert (
            f"j.sqlite3-wal is older than j.sqlite3: opening it would take back {end - 5}" in text
        )
    assert _alone(db) == end
    (tmp_path / "j.sqlite3-wal").unlink()
    with Journal.open(db) as journal:
        assert journal.events(sid) == events[:end]


def test_a_wal_of_a_copy_played_on_apart_is_refused_though_it_has_as_many_events(
    tmp_path: Path,
) -> None:
    from omaha_tui.engine.events import SatOut

    db = tmp_path / "j.sqlite3"
    events = two_hands().events
    end = _hand_end(events)
    apart = tmp_path / "apart"
    apart.mkdir()
    with Journal.open(db) as journal:
        sid = journal.create_session("Friday")
        journal.append_many(sid, events[:end])  # ends a hand: checkpointed
    shutil.copy(db, apart / "j.sqlite3")  # the copy taken to another laptop
    with Journal.open(db) as journal:
        journal.append(sid, events[end])
        journal.checkpoint()
    with Journal.open(apart / "j.sqlite3") as journal:
        journal.append(sid, SatOut(seat=1))  # another event at the same place
        shutil.copy(apart / "j.sqlite3-wal", tmp_path / "j.sqlite3-wal")
    assert _alone(db) == end + 1
    with pytest.raises(JournalError) as info:
        Journal.open(db)
    text = str(info.value)
    assert "\n" not in text
    assert "j.sqlite3-wal does not belong to j.sqlite3: " in text
    assert "move j.sqlite3-wal (and j.sqlite3-shm) aside" in text
    assert _alone(db) == end + 1
    (tmp_path / "j.sqlite3-wal").unlink()
    with Journal.open(db) as journal:
        assert journal.events(sid) == events[: end + 1]


def test_a_wal_whose_event_at_the_files_last_place_differs_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log would keep the count but change the events (the pages of a copy played on
    apart that happen to fit): the chain hash at the main file's last event tells."""
    db = tmp_path / "j.sqlite3"
    events = two_hands().events
    end = _hand_end(events)
    with Journal.open(db) as journal:
        sid = journal.create_session("Friday")
        journal.append_many(sid, events[:end])  # ends a hand: checkpointed
        journal.append(sid, events[end])  # in the log only
        shutil.copy(tmp_path / "j.sqlite3-wal", tmp_path / "wal")
    shutil.copy(tmp_path / "wal", tmp_path / "j.sqlite3-wal")
    with Journal.open(db, read_only=True) as journal:  # the log is this file's own
        assert len(journal.events(sid)) == end + 1
    monkeypatch.setattr(
        sidecars, "_hashes_at", lambda _uri, places: dict.fromkeys(places, b"\0" * 32)
    )
    with pytest.raises(JournalError) as info:
        Journal.open(db)
    assert str(info.value).startswith(
        f"{tmp_path / 'j.sqlite3-wal'} does not belong to j.sqlite3: opening it would replace "
        f"session {sid}'s recorded events with others"
    )


def test_the_main_file_alone_holds_every_finished_hand(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    events = two_hands().events
    end = _hand_end(events)
    with Journal.open(db) as journal:
        sid = journal.create_session("Friday")
        for event in events[: end + 2]:
            journal.append(sid, event)
        # Copying "the one file" while the table plays keeps every finished hand.
        copy = tmp_path / "copy.sqlite3"
        shutil.copy(db, copy)
        assert _alone(db) >= end
    with Journal.open(copy) as journal:
        assert journal.events(sid)[:end] == events[:end]
        assert journal.check_chain(sid).intact


def test_backup_copies_the_journal_or_one_session_while_it_is_in_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    events = two_hands().events
    with Journal.open(db) as journal:
        first = journal.create_session("Friday")
        journal.append_many(first, events[:5])  # in the write-ahead log only
        second = journal.create_session("Saturday")
        journal.append_many(second, events[:3])
        out = tmp_path / "b.sqlite3"
        assert run_cli("backup", ["backup", str(out), "--db", str(db)]) == 0
        assert capsys.readouterr().out == f"copied 2 sessions to {out}\n"
        one = tmp_path / "one.sqlite3"
        assert run_cli("backup", ["backup", str(second), str(one), "--db", str(db)]) == 0
        assert run_cli("backup", ["backup", str(out), "--db", str(db)]) == 1
        assert "already exists: pass --force" in capsys.readouterr().err
        assert run_cli("backup", ["backup", str(db), "--force", "--db", str(db)]) == 1
        assert "is the journal itself" in capsys.readouterr().err
        assert run_cli("backup", ["backup", "x", str(one), "--db", str(db)]) == 2
        assert run_cli("backup", ["backup", "9", str(tmp_path / "n"), "--db", str(db)]) == 1
        assert "has no session 9" in capsys.readouterr().err
    assert not (tmp_path / "b.sqlite3-wal").exists()
    with Journal.open(out) as copy:
        assert copy.events(first) == events[:5] and copy.events(second) == events[:3]
        assert copy.check_chain(first).intact
    with Journal.open(one, read_only=True) as copy:
        assert [s.id for s in copy.sessions()] == [second]
        assert copy.events(second) == events[:3] and copy.check_chain(second).intact


def test_a_backup_never_replaces_the_write_ahead_log_that_holds_the_last_actions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    events = two_hands().events
    with Journal.open(db) as journal:
        sid = journal.create_session("Friday")
        journal.append_many(sid, events[:5])  # in the write-ahead log only
        for beside in ("-wal", "-shm", "-journal"):
            target = str(db) + beside
            assert run_cli("backup", ["backup", target, "--force", "--db", str(db)]) == 1
            said = capsys.readouterr().err
            assert said.count("\n") == 1 and "a file SQLite keeps beside the journal" in said
    with Journal.open(db, read_only=True) as journal:
        assert journal.events(sid) == events[:5]


@pytest.mark.parametrize("command", ["backup", "export"])
def test_not_even_force_replaces_a_device_or_a_pipe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """``backup 1 /dev/null --force`` must not put a file where the system keeps a
    device: a name holding a pipe, device or socket is refused and left as it was."""
    import stat

    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as journal:
        sid = journal.create_session("Friday")
        journal.append(sid, two_hands().events[0])
    if command == "backup":
        pipe = tmp_path / "copy.sqlite3"
        argv = ["backup", str(sid), str(pipe), "--force"]
    else:
        pipe = tmp_path / "out" / f"session-{sid}.json"
        pipe.parent.mkdir()
        argv = ["export", str(sid), "--format", "json", "--force", str(pipe.parent)]
    os.mkfifo(pipe)
    capsys.readouterr()
    assert run_cli(command, [*argv, "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err == (
        f"omaha-tui {command}: {pipe} is a device or special file, not a file: omaha-tui "
        "never replaces one; give a file name\n"
    )
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


def test_a_backup_of_one_session_holds_its_players_and_nobody_else_s_results(
    tmp_path: Path,
) -> None:
    """One night's copy carries that night's results and the regulars they name (with
    every spelling that finds them), never another night's results, imports or names."""
    from tests.store.test_roster import night

    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as journal:
        friday = night(journal, "Ann:200,Bob:200,Cy:150")
        saturday = night(journal, "Ann:200,Bobby:200")
        journal.merge_players("Bob", "Bobby")  # Saturday's Bobby is Friday's Bob
        night(journal, "Dee:200,Eve:200")
        with journal.db.conn:
            journal.db.conn.execute("INSERT INTO imports VALUES ('ab', ?)", (friday,))
    one = tmp_path / "one.sqlite3"
    assert run_cli("backup", ["backup", str(saturday), str(one), "--db", str(db)]) == 0
    conn = sqlite3.connect(one)
    try:
        rows = {
            table: conn.execute(
                f"SELECT count(*) FROM {table} WHERE session_id != ?", (saturday,)
            ).fetchone()[0]
            for table in ("events", "imports", "session_results", "tournament_results")
        }
        assert rows == dict.fromkeys(rows, 0)
        players = {r[0] for r in conn.execute("SELECT name FROM players")}
        names = {r[0] for r in conn.execute("SELECT name FROM player_names")}
        assert players == {"Ann", "Bob"}  # Saturday's Bobby is the regular Bob
        assert names == {"Ann", "Bob", "Bobby"}  # every spelling that finds them, no other
        assert conn.execute("SELECT count(*) FROM roster_log").fetchone()[0] == 0
    finally:
        conn.close()
    with Journal.open(one) as copy:
        assert [s.id for s in copy.sessions()] == [saturday]
        assert copy.check_chain(saturday).intact


def test_a_system_without_file_locks_refuses_to_write_rather_than_write_unlocked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The classifiers name Linux and macOS, which have flock; elsewhere a second writer
    could not be kept out, so a session is refused in one line instead."""
    import tomllib

    from omaha_tui.store import locks

    classifiers = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["classifiers"]
    systems = {c for c in classifiers if c.startswith("Operating System")}
    assert systems == {"Operating System :: MacOS", "Operating System :: POSIX :: Linux"}
    monkeypatch.setattr(locks, "fcntl", None)
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        with pytest.raises(JournalError, match="no file locks") as refused:
            journal.create_session("Friday")
        assert "\n" not in str(refused.value)
