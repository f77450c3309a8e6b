"""``omaha-tui display``: every bad input is one clear line and touches nothing."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path

import pytest

from omaha_tui.cli import main
from omaha_tui.store.journal import Journal
from tests.app.hands import seated


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert err.startswith("omaha-tui display: "), err
    return err


def _journal(db: Path) -> int:
    with Journal.open(db) as journal:
        sid = journal.create_session("Friday PLO")
        journal.append_many(sid, seated("plo", ["Ann", "Bob"]))
    return sid


def test_a_missing_journal_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "none.sqlite3"
    assert main(["display", "--db", str(db), "--terminal"]) == 1
    assert "no journal here yet" in _one_line_error(capsys)
    assert not db.exists()


def test_a_foreign_database_is_one_line_and_stays_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "photos.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE photos (name TEXT)")
    conn.close()
    before = db.read_bytes()
    assert main(["display", "--db", str(db), "--terminal"]) == 1
    assert "omaha-tui" in _one_line_error(capsys)
    assert db.read_bytes() == before


def test_a_session_that_does_not_exist_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "journal.sqlite3"
    _journal(db)
    assert main(["display", "--db", str(db), "7", "--terminal"]) == 2
    assert "has no session 7" in _one_line_error(capsys)


def test_no_unfinished_session_asks_for_an_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "journal.sqlite3"
    with Journal.open(db):
        pass
    assert main(["display", "--db", str(db), "--terminal"]) == 1
    assert "no unfinished session" in _one_line_error(capsys)


def test_a_port_in_use_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "journal.sqlite3"
    sid = _journal(db)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        args = ["display", "--db", str(db), str(sid), "--host", "127.0.0.1", "--port", str(port)]
        assert main(args) == 1
    err = _one_line_error(capsys)
    assert f"port {port} on 127.0.0.1 is in use" in err and "--port" in err


def test_a_port_that_is_not_a_number_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["display", "--db", str(tmp_path / "j.sqlite3"), "--port", "http"])
    assert exit_.value.code == 2
    assert '"http" is not a port: use a number 1 to 65535' in capsys.readouterr().err


def test_an_unknown_theme_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "journal.sqlite3"
    sid = _journal(db)
    assert main(["display", "--db", str(db), str(sid), "--theme", "pink"]) == 1
    err = _one_line_error(capsys)
    assert 'no theme "pink"' in err and "omaha-four-colour" in err
