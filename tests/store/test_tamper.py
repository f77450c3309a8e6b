"""Tamper evidence: a chain of SHA-256 hashes over the stored events, checked snapshots,
and every kind of damage named in one line (never a dump, never "internal error")."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_tui.engine.events import Event
from omaha_tui.engine.reducer import history
from omaha_tui.engine.reducer.history import History
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.session.live import Session
from omaha_tui.store import chain
from omaha_tui.store.journal import Journal, JournalError
from omaha_tui.store.schema import MIGRATIONS, SCHEMA_VERSION
from tests import decided as c
from tests.store.cli_runner import run_cli

from .recorded import two_hands


def _recorded(db: Path, split: int = 12) -> tuple[int, list[Event]]:
    t = two_hands()
    t.do(c.start_hand(t.state))
    t.do(c.bet_or_raise(t.state, 6))
    with Journal.open(db) as journal:
        sid = journal.create_session("Friday")
        h = History()
        for event in t.events[:split]:
            h = history.apply(h, event)
            journal.append(sid, event, history=h)  # as the session records: with its history
        journal.append_many(sid, t.events[split:], history=t.history)
    return sid, list(t.events)


def _edit(db: Path, sql: str, *args: object) -> None:
    conn = sqlite3.connect(db)
    conn.execute(sql, args)
    conn.commit()
    conn.close()


def _one_line(err: str) -> None:
    assert err.count("\n") == 1, err
    assert "Traceback" not in err and "internal error" not in err and "validation error" not in err


def test_every_event_is_chained_to_the_one_before(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    sid, events = _recorded(db)
    conn = sqlite3.connect(db)
    rows = conn.execute(
        "SELECT seq, type, v, created, payload, hash FROM events WHERE session_id = ? ORDER BY seq",
        (sid,),
    ).fetchall()
    head = chain.genesis(sid)
    for seq, kind, v, created, payload, stored in rows:
        head = chain.link(head, chain.row_bytes(seq, kind, v, created, payload))
        assert stored == head
    assert len(rows) == len(events)
    for seq, at, digest, state in conn.execute("SELECT seq, chain, digest, state FROM snapshots"):
        assert at == rows[seq - 1][5]
        assert digest == chain.snapshot_digest(at, state)
    with Journal.open(db, read_only=True) as journal:
        assert journal.check_chain(sid).intact and journal.check_chain(sid).good == len(events)


def test_an_edited_event_breaks_the_chain_at_that_row_and_resume_refuses_in_one_line(
    tmp_path: Path,
) -> None:
    db = tmp_path / "j.sqlite3"
    sid, _ = _recorded(db)
    # One space added to the stored JSON: the event reads the same, the bytes do not.
    _edit(db, "UPDATE events SET payload = payload || ' ' WHERE session_id = ? AND seq = 6", sid)
    with Journal.open(db) as journal:
        # The table is built from the latest snapshot and the checked events after it
        # (event 6 lies behind it); the whole record's check then names the damage.
        session = Session.resume(journal, sid)
        text = session.damage() or ""
        assert session.state == journal.load_state(sid)
    assert "\n" not in text
    assert f"session {sid} is damaged at event 6, which does not match its chain hash" in text
    assert "the 5 events before it" in text


def test_a_resumed_console_says_the_damage_right_after_its_first_answer(tmp_path: Path) -> None:
    import io

    from omaha_tui.console.run import Console

    db = tmp_path / "j.sqlite3"
    sid, _ = _recorded(db)
    _edit(db, "UPDATE events SET payload = payload || ' ' WHERE session_id = ? AND seq = 6", sid)
    out = io.StringIO()
    with Journal.open(db) as journal:
        Console(Session.resume(journal, sid), out).run(["state", "state"], check_log=True)
    # The check runs on a thread once the first answer is out: its line comes before
    # the first answer after it ends, or as the console closes, and only once.
    lines = out.getvalue().splitlines()
    assert len(lines) == 3 and lines[0].startswith("ok: ")
    (damage,) = [line for line in lines[1:] if line.startswith("refused: ")]
    assert [line for line in lines[1:] if line != damage] == [lines[0]]
    assert "is damaged at event 6" in damage
    assert "the table shown is built from the part that checks out" in damage


def test_a_chain_broken_by_a_deleted_row_or_a_cleared_hash_is_named(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    sid, _ = _recorded(db)
    _edit(db, "UPDATE events SET hash = NULL WHERE seq = 9")
    with Journal.open(db, read_only=True) as journal:
        found = journal.check_chain(sid)
    assert (found.good, found.bad, found.why) == (8, 9, "has no chain hash")
    _edit(db, "DELETE FROM events WHERE seq = 4")
    with Journal.open(db, read_only=True) as journal:
        found = journal.check_chain(sid)
    assert (found.good, found.bad, found.why) == (3, 4, "is missing")


def test_ledger_and_export_refuse_a_broken_chain_and_with_until_damage_stop_before_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    sid, events = _recorded(db)
    _edit(db, "UPDATE events SET created = '2020-01-01' WHERE seq = 20")
    for command in (["ledger", str(sid)], ["export", str(sid), "--format", "json", str(tmp_path)]):
        assert run_cli(command[0], [*command, "--db", str(db)]) == 1
        err = capsys.readouterr().err
        _one_line(err)
        assert "damaged at event 20" in err
    assert not (tmp_path / f"session-{sid}.json").exists()
    out = tmp_path / "out"
    code = run_cli(
        "export",
        ["export", str(sid), "--format", "json", str(out), "--until-damage", "--db", str(db)],
    )
    assert code == 0
    assert "the 19 events before damaged event 20" in capsys.readouterr().out
    data = json.loads((out / f"session-{sid}.json").read_text())
    assert len(data["events"]) == 19
    assert run_cli("ledger", ["ledger", str(sid), "--json", "--until-damage", "--db", str(db)]) == 0
    captured = capsys.readouterr()
    assert "before damaged event 20" in captured.err
    with Journal.open(db, read_only=True) as journal:
        assert journal.load_state(sid, until_damage=True) == replay(events[:19])


def test_an_edited_snapshot_is_never_used(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    sid, events = _recorded(db)
    conn = sqlite3.connect(db)
    seq, text = conn.execute("SELECT seq, state FROM snapshots ORDER BY seq DESC").fetchone()
    conn.close()
    assert '"stack": ' in text
    edited = text.replace('"stack": ', '"stack": 9', 1)
    assert edited != text
    _edit(db, "UPDATE snapshots SET state = ? WHERE seq = ?", edited, seq)
    with Journal.open(db) as journal:
        assert journal.checks.snapshot(sid, len(events)) == (None, 0, None)
        assert journal.load_state(sid) == replay(events)


def test_a_snapshot_moved_to_another_position_is_not_used(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    sid, events = _recorded(db, split=len(two_hands().events) + 1)
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT seq FROM snapshots ORDER BY seq").fetchall()
    conn.close()
    assert len(rows) == 2
    # The older snapshot's text and digest copied over the newer one's.
    _edit(
        db,
        "UPDATE snapshots SET (state, chain, digest) = (SELECT state, chain, digest FROM "
        "snapshots WHERE seq = ?) WHERE seq = ?",
        rows[0][0],
        rows[1][0],
    )
    with Journal.open(db) as journal:
        _state, at, _ = journal.checks.snapshot(sid, len(events))
        assert at == rows[0][0]  # the newer one is passed over, the older still fits
        assert journal.load_state(sid) == replay(events)


def _version_3_journal(db: Path, events: list[Event]) -> int:
    """A journal as the previous omaha-tui wrote it: schema 3, no hashes."""
    from omaha_tui.engine.events import event_to_json
    from omaha_tui.store.snapshot import follow

    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    for step in MIGRATIONS[:3]:
        for sql in step:
            assert isinstance(sql, str)
            conn.execute(sql)
    conn.execute("PRAGMA user_version = 3")
    conn.execute(
        "INSERT INTO sessions (title, created, updated, event_count, hands) "
        "VALUES ('old', 't', 't', ?, 2)",
        (len(events),),
    )
    conn.executemany(
        "INSERT INTO events (session_id, seq, type, v, payload, created) VALUES (1, ?, ?, ?, ?, ?)",
        [
            (i, e.type, e.v, event_to_json(e), f"2026-01-01T20:{i // 60:02d}:{i % 60:02d}")
            for i, e in enumerate(events, start=1)
        ],
    )
    followed = follow(History(), list(events), 2)
    assert followed is not None
    for offset, text in followed[1]:
        conn.execute(
            "INSERT INTO snapshots (session_id, seq, state) VALUES (1, ?, ?)", (offset, text)
        )
    conn.close()
    return 1


def test_a_journal_of_the_previous_version_gets_its_chain_on_first_writable_open(
    tmp_path: Path,
) -> None:
    db = tmp_path / "old.sqlite3"
    events = two_hands().events
    sid = _version_3_journal(db, events)
    with pytest.raises(JournalError, match="must be upgraded"):
        Journal.open(db, read_only=True)
    with Journal.open(db) as journal:
        assert int(journal.db.conn.execute("PRAGMA user_version").fetchone()[0]) == SCHEMA_VERSION
        assert journal.check_chain(sid).intact
        assert journal.check_chain(sid).good == len(events)
        state, at, _ = journal.checks.snapshot(sid, len(events))
        assert state is not None and at > 0  # the old snapshots were kept, now with digests
        assert journal.load_state(sid) == replay(events)
        session = Session.resume(journal, sid)
        assert session.state == replay(events)
    with Journal.open(db) as journal:  # and a later event chains on
        journal.append(sid, c.start_hand(replay(events)))
        assert journal.check_chain(sid).good == len(events) + 1


def test_check_reports_each_session_and_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    sid, events = _recorded(db)
    other, _ = _recorded(db)
    assert run_cli("check", ["check", "--db", str(db)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{db}: the file is sound (journal version {SCHEMA_VERSION})"
    assert out[1] == (
        f"session {sid} (Friday): {len(events)} events, chain intact; resumes from its "
        f"snapshot at event {out[1].rsplit(' ', 1)[1]}"
    )
    _edit(db, "UPDATE events SET payload = payload || ' ' WHERE session_id = ? AND seq = 3", other)
    assert run_cli("check", ["check", "--db", str(db)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3
    assert out[2].startswith(f"session {other} (Friday) is damaged at event 3")
    assert run_cli("check", ["check", str(sid), "--db", str(db)]) == 0


def test_a_null_payload_bad_meta_or_a_garbled_row_give_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    sid, _ = _recorded(db)
    work = tmp_path / "w.sqlite3"
    cases = [
        "UPDATE events SET payload = 'null' WHERE seq = 5",
        "UPDATE events SET payload = X'7b7d' WHERE seq = 5",
        "UPDATE sessions SET meta = 'not json'",
        "UPDATE sessions SET meta = 'null'",
        'UPDATE sessions SET meta = \'{"schedule": {"levels": "garbage"}}\'',
        'UPDATE events SET payload = \'{"type": "folded"}\' WHERE seq = 5',
    ]
    for sql in cases:
        shutil.copy(db, work)
        _edit(work, sql)
        if "payload" in sql:  # an edit that rebuilt the chain, so the row itself is read
            conn = sqlite3.connect(work)
            chain.fill(conn)
            conn.commit()
            conn.close()
        if "payload" not in sql:
            with Journal.open(work) as journal, pytest.raises(JournalError) as info:
                Session.resume(journal, sid)
            assert "\n" not in str(info.value), sql
            assert "validation error" not in str(info.value), sql
        # (A forged row behind the latest snapshot is not read by a resume; every
        # command that reads it names it.)
        out = tmp_path / "o"
        shutil.rmtree(out, ignore_errors=True)
        for command in (["ledger", str(sid)], ["export", str(sid), "--format", "json", str(out)]):
            code = run_cli(command[0], [*command, "--db", str(work)])
            err = capsys.readouterr().err
            if code or (command[0] == "export" and "payload" in sql):
                assert code == 1, sql
                _one_line(err)


@pytest.mark.parametrize(
    "meta",
    ["not json", "null", '{"schedule": {"levels": "garbage"}}'],
    ids=["text", "null", "schedule"],
)
def test_unreadable_settings_are_named_by_check_and_the_night_comes_back_through_an_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], meta: str
) -> None:
    """Settings sit outside the hash chain: when an edit leaves them unreadable, ``check``
    names them, resuming refuses in one line that says what can still be done, and doing
    it (``export --format json --until-damage``, then ``import``) gives the same table."""
    db = tmp_path / "j.sqlite3"
    sid, events = _recorded(db)
    _edit(db, "UPDATE sessions SET meta = ?", meta)
    assert run_cli("check", ["check", "--db", str(db)]) == 1
    found = capsys.readouterr().out.splitlines()[1]
    assert f"of session {sid} are not readable" in found or f"of session {sid} is not" in found
    out = tmp_path / "out"
    assert (
        run_cli("export", ["export", str(sid), str(out), "--format", "json", "--db", str(db)]) == 1
    )
    err = capsys.readouterr().err
    _one_line(err)
    assert f"`omaha-tui export {sid} DIR --format json --until-damage`" in err
    argv = ["export", str(sid), str(out), "--format", "json", "--until-damage", "--db", str(db)]
    assert run_cli("export", argv) == 0
    assert capsys.readouterr().out.endswith("(without its unreadable settings)\n")
    again = tmp_path / "again.sqlite3"
    assert run_cli("import_", ["import", str(out / f"session-{sid}.json"), "--db", str(again)]) == 0
    with Journal.open(again) as journal:
        (info,) = journal.sessions()
        assert journal.events(info.id) == events
        assert Session.resume(journal, info.id).state == replay(events)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(where=st.floats(0, 1, exclude_max=True), value=st.integers(0, 255))
def test_a_journal_damaged_at_any_byte_opens_whole_or_refuses_in_one_line(
    tmp_path: Path, where: float, value: int
) -> None:
    db = tmp_path / "j.sqlite3"
    if not db.exists():
        _recorded(db)
        for extra in ("-wal", "-shm"):
            assert not (tmp_path / f"j.sqlite3{extra}").exists()
    sid = 1
    with Journal.open(db, read_only=True) as journal:
        acknowledged = journal.events(sid)
    data = bytearray(db.read_bytes())
    at = int(where * len(data))
    if data[at] == value:
        value ^= 0xFF
    data[at] = value
    work = tmp_path / "damaged" / "j.sqlite3"
    shutil.rmtree(work.parent, ignore_errors=True)
    work.parent.mkdir()
    work.write_bytes(bytes(data))
    try:
        with Journal.open(work) as journal:
            session = Session.resume(journal, sid)
            # What the console and the app check right after their first answer: damage
            # behind the latest snapshot, which the resume does not read, is said then.
            damage = session.damage()
            events = journal.events(sid)
    except JournalError as e:
        assert "\n" not in str(e) and "validation error" not in str(e)
        return
    if damage is not None:
        assert "\n" not in damage and "validation error" not in damage
        return
    assert events == acknowledged
    assert session.state == replay(acknowledged)


def test_the_whole_record_check_scans_the_file_pages_too(tmp_path: Path) -> None:
    """The console and the app open without SQLite's page scan (its time grows with the
    file) and run it with the chain right after their first answer."""
    from omaha_tui.session.verify import log_damage

    db = tmp_path / "j.sqlite3"
    sid, _ = _recorded(db)
    assert log_damage(db, sid) is None
    data = bytearray(db.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[2 * page + 8 : 2 * page + 64] = b"\xff" * 56  # one page's header and cells
    db.write_bytes(bytes(data))
    said = log_damage(db, sid)
    assert said is not None and "\n" not in said and str(db) in said


def test_a_console_answers_before_it_scans_the_file(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import io
    import sys

    from omaha_tui.cli import main

    db = tmp_path / "j.sqlite3"
    sid, _ = _recorded(db)
    order: list[str] = []
    real_scan = Journal.scan
    monkeypatch.setattr(Journal, "scan", lambda self: (order.append("scan"), real_scan(self))[1])
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("state\n"))
    monkeypatch.setattr(sys, "stdout", out)

    class Tee(io.StringIO):
        def write(self, text: str) -> int:
            order.append("answer")
            return out.write(text)

    monkeypatch.setattr(sys, "stdout", Tee())
    assert main(["console", "--db", str(db), "--resume", str(sid)]) == 0
    assert order[:2] == ["answer", "scan"], order


def test_a_console_answers_its_later_lines_while_the_whole_record_is_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole record's check never holds an answer back: with the check held until
    the third answer is out, all three come, and its line follows when the console closes."""
    import io
    import threading

    from omaha_tui.console.run import Console
    from omaha_tui.session import verify

    db = tmp_path / "j.sqlite3"
    sid, _ = _recorded(db)
    answered = threading.Event()

    def slow_check(path: Path, session_id: int) -> str | None:
        assert answered.wait(30)
        return "the record is damaged (a test's stand-in)"

    monkeypatch.setattr(verify, "log_damage", slow_check)

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            if self.getvalue().count("\n") >= 2 and text.endswith("\n"):
                answered.set()
            return super().write(text)

    out = Out()
    with Journal.open(db) as journal:
        Console(Session.resume(journal, sid), out).run(["state"] * 3, check_log=True)
    lines = out.getvalue().splitlines()
    assert [line.startswith("ok: ") for line in lines] == [True, True, True, False]
    assert lines[3] == "refused: the record is damaged (a test's stand-in)"
