"""``omaha-tui import FILE...``: hands become sessions; refused hands are listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_tui.store.journal import Journal
from tests.store.cli_runner import run_cli
from tests.store.phh_samples import BIG_O, THREE_WAY


def test_hands_of_different_tables_become_sessions_of_their_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    (tmp_path / "a.phh").write_text(THREE_WAY)
    (tmp_path / "b.phh").write_text(BIG_O)
    code = run_cli(
        "import_", ["--db", str(db), "import", str(tmp_path / "a.phh"), str(tmp_path / "b.phh")]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert f"{tmp_path / 'a.phh'} -> session 1 (1 hand)" in out
    assert "imported 2 hands as 2 sessions" in out
    with Journal.open(db) as j:
        assert [s.title for s in j.sessions()] == ["PO", "PO5/8"]


def test_the_subcommand_takes_db_after_its_name_too(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    (tmp_path / "a.phh").write_text(THREE_WAY)
    assert run_cli("import_", ["import", str(tmp_path / "a.phh"), "--db", str(db)]) == 0
    assert db.exists()


def test_refused_and_missing_files_are_named_and_exit_non_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    (tmp_path / "bad.phh").write_text(THREE_WAY.replace('"p3 cbr 7"', '"p3 cbr 700"'))
    code = run_cli(
        "import_",
        ["import", str(tmp_path / "bad.phh"), str(tmp_path / "none.phh"), "--db", str(db)],
    )
    assert code == 1
    captured = capsys.readouterr()
    assert f"omaha-tui import: {tmp_path / 'none.phh'}: no such file or folder" in captured.err
    assert "not imported:" in captured.err and "more than the player has" in captured.err
    assert "imported 0 hands as 0 sessions; 1 refused" in captured.out


def test_a_damaged_journal_is_a_message_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    db.write_bytes(b"SQLite format 3\x00" + b"\x00garbage" * 1000)
    (tmp_path / "a.phh").write_text(THREE_WAY)
    assert run_cli("import_", ["import", str(tmp_path / "a.phh"), "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"omaha-tui import: {db}: opening failed")
    assert "Move it aside" in err


def test_an_empty_file_or_a_folder_with_nothing_to_import_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    (tmp_path / "empty.phh").write_text("")
    (tmp_path / "nothing").mkdir()
    assert run_cli("import_", ["import", str(tmp_path / "empty.phh"), "--db", str(db)]) == 1
    assert "holds no hand (the file is empty)" in capsys.readouterr().err
    assert run_cli("import_", ["import", str(tmp_path / "nothing"), "--db", str(db)]) == 1
    assert "no .phh, .phhs or .json files found there" in capsys.readouterr().err
    with Journal.open(db, read_only=True) as j:
        assert j.sessions() == []
