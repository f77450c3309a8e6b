"""``omaha-tui sessions``: the list of recorded sessions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_tui.engine.events import ActionUndone
from omaha_tui.store.journal import Journal
from tests.store.cli_runner import run_cli
from tests.store.phh_samples import THREE_WAY


def test_sessions_lists_every_session_and_marks_the_one_to_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    (tmp_path / "a.phh").write_text(THREE_WAY)
    run_cli("import_", ["import", str(tmp_path / "a.phh"), "--db", str(db)])
    with Journal.open(db) as j:
        sid = j.create_session("Friday game")
        j.append(sid, ActionUndone())
    capsys.readouterr()
    assert run_cli("sessions", ["sessions", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Friday game" in out and "finished" in out and "resume" in out
    assert run_cli("sessions", ["sessions", "--json", "--db", str(db)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["id"], r["title"], r["finished"], r["hands"]) for r in rows] == [
        (1, "PO", True, 1),
        (2, "Friday game", False, 0),
    ]


def test_no_journal_yet_is_not_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "none.sqlite3"
    assert run_cli("sessions", ["sessions", "--db", str(db)]) == 0
    assert capsys.readouterr().out.strip() == f"no sessions yet (no journal at {db})"
    assert not db.exists()


def test_a_damaged_journal_is_named_with_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        j.append(j.create_session("t"), ActionUndone())
    with db.open("r+b") as f:  # the header survives; the pages after it do not
        f.seek(100)
        f.write(b"\xff" * 8000)
    assert run_cli("sessions", ["sessions", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert str(db) in err and "damaged" in err and "start a new journal" in err


def test_a_foreign_database_is_refused_and_left_byte_for_byte_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    other = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    for command in ("sessions", "ledger"):
        assert run_cli(command, [command, "--db", str(other)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not an omaha-tui journal" in err
    assert other.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite3"]


def test_a_session_id_too_large_for_any_journal_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        run_cli("ledger", ["ledger", "99999999999999999999999", "--db", str(tmp_path / "j")])
    assert info.value.code == 2
    assert '"99999999999999999999999" is not a session id' in capsys.readouterr().err


def _old_count_journal(db: Path) -> int:
    """A journal in the shape older versions wrote: a session with a misdealt hand and
    an undone hand start, whose stored count is every hand start (4), not the hands
    played (2). Returns the session id."""
    import sqlite3

    from omaha_tui.engine.events import MisdealDeclared
    from tests import decided as c
    from tests.store.recorded import Table

    t = Table()
    t.do(c.start_hand(t.state))
    t.do(MisdealDeclared(reason="a card flipped"))  # R3.5: the same hand again
    t.do(c.start_hand(t.state))
    while t.state.hand is not None and not t.state.hand.complete:
        t.do(c.fold(t.state))
    t.do(c.start_hand(t.state))
    t.do(ActionUndone())  # the next hand was started by mistake
    t.do(c.start_hand(t.state))
    with Journal.open(db) as j:
        sid = j.create_session("Friday")
        j.append_many(sid, t.events)
        assert j.session(sid).hands == 2  # what the journal stores today
    conn = sqlite3.connect(db)
    conn.execute(
        "UPDATE sessions SET hands = (SELECT count(*) FROM events "
        "WHERE events.session_id = sessions.id AND type = 'hand_started')"
    )
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return sid


def test_sessions_counts_the_hands_played_in_an_old_journal_without_writing_to_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    sid = _old_count_journal(db)
    before = db.read_bytes()
    assert run_cli("sessions", ["sessions", "--json", "--db", str(db)]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["id"], row["hands"]) == (sid, 2)  # not the 4 hand starts stored
    assert run_cli("sessions", ["sessions", "--db", str(db)]) == 0
    with Journal.open(db, read_only=True) as j:
        assert j.session(sid).hands == 2
    # Read-only: the journal is not written (SQLite's WAL reader files hold nothing).
    assert db.read_bytes() == before
    assert (
        not (tmp_path / "j.sqlite3-wal").exists() or not (tmp_path / "j.sqlite3-wal").stat().st_size
    )
