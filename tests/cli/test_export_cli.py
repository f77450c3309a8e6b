"""``omaha-tui export ID --format phh|json DIR``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_tui.interchange.phh import load
from tests.store.cli_runner import run_cli
from tests.store.phh_samples import THREE_WAY


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "j.sqlite3"
    (tmp_path / "a.phh").write_text(THREE_WAY)
    assert run_cli("import_", ["import", str(tmp_path / "a.phh"), "--db", str(path)]) == 0
    return path


def test_export_phh_writes_a_hand_history(
    tmp_path: Path, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    out_dir = tmp_path / "out"
    assert run_cli("export", ["export", "1", "--format", "phh", str(out_dir), "--db", str(db)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out_dir / 'session-1.phh'}"
    (hand,) = load(out_dir / "session-1.phh")
    assert hand.players == ("Ann", "Bob", "Cy")


def test_export_json_writes_the_event_log(tmp_path: Path, db: Path) -> None:
    out_dir = tmp_path / "out"
    assert (
        run_cli("export", ["export", "1", "--format", "json", str(out_dir), "--db", str(db)]) == 0
    )
    data = json.loads((out_dir / "session-1.json").read_text())
    assert data["events"][0]["type"] == "session_started"


def test_an_unknown_session_is_named(
    tmp_path: Path, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli("export", ["export", "7", str(tmp_path), "--db", str(db)]) == 2
    assert "has no session 7: `omaha-tui sessions` lists them" in capsys.readouterr().err


def test_a_missing_journal_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "none.sqlite3"
    assert run_cli("export", ["export", "1", str(tmp_path), "--db", str(db)]) == 1
    assert (
        capsys.readouterr().err.strip()
        == f"omaha-tui export: {db}: no journal here yet; play a session first or pass --db"
    )
    assert not db.exists()


def _export(db: Path, out_dir: Path, *extra: str) -> int:
    return run_cli("export", ["export", "1", *extra, str(out_dir), "--db", str(db)])


def test_an_existing_export_is_kept_unless_force_is_given(
    tmp_path: Path, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    target = out_dir / "session-1.phh"
    target.write_text("my notes")
    capsys.readouterr()
    assert _export(db, out_dir) == 1
    err = capsys.readouterr().err
    assert err == f"omaha-tui export: {target} already exists: pass --force to replace it\n"
    assert target.read_text() == "my notes"
    assert _export(db, out_dir, "--force") == 0
    assert load(target)[0].players == ("Ann", "Bob", "Cy")
    assert sorted(p.name for p in out_dir.iterdir()) == ["session-1.phh"]


def test_export_never_writes_through_a_planted_symbolic_link(
    tmp_path: Path, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (out_dir / "session-1.json").symlink_to(victim)
    capsys.readouterr()
    assert _export(db, out_dir, "--format", "json") == 1
    assert "is a symbolic link: omaha-tui never writes through one" in capsys.readouterr().err
    assert victim.read_text() == "precious"
    # --force replaces the link itself; its target is untouched.
    assert _export(db, out_dir, "--format", "json", "--force") == 0
    assert victim.read_text() == "precious"
    assert not (out_dir / "session-1.json").is_symlink()


def test_an_export_to_a_file_instead_of_a_folder_says_so_in_one_line(
    tmp_path: Path, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert _export(db, db, "--format", "phh") == 1
    err = capsys.readouterr().err
    assert err == (
        f"omaha-tui export: cannot write to {db} (it is a file, not a folder: give the folder "
        "to write the export in)\n"
    )


def test_a_full_disk_leaves_the_previous_export_whole(
    tmp_path: Path, db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import os

    out_dir = tmp_path / "out"
    assert _export(db, out_dir, "--format", "json") == 0
    before = (out_dir / "session-1.json").read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    capsys.readouterr()
    assert _export(db, out_dir, "--format", "json", "--force") == 1
    assert "the disk is full; nothing was written" in capsys.readouterr().err
    assert (out_dir / "session-1.json").read_bytes() == before
    assert sorted(p.name for p in out_dir.iterdir()) == ["session-1.json"]


def test_a_phh_export_whose_undo_reaches_past_its_look_behind_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from omaha_tui.engine.events import ActionUndone
    from omaha_tui.interchange import export_stream
    from omaha_tui.store.journal import Journal
    from tests.store.recorded import two_hands

    monkeypatch.setattr(export_stream, "HELD_EVENTS", 0)
    monkeypatch.setattr(export_stream, "HELD_HANDS", 1)
    path = tmp_path / "j.sqlite3"
    with Journal.open(path) as journal:
        sid = journal.create_session("undone")
        journal.append_many(sid, [*two_hands().events, *[ActionUndone()] * 4])
        journal.release(sid)
    capsys.readouterr()
    out_dir = tmp_path / "out"
    args = ["export", str(sid), "--format", "phh", str(out_dir), "--db", str(path)]
    assert run_cli("export", args) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "undoes more than 1 hands back" in err, err
    assert "--format json" in err and not list(out_dir.iterdir())
