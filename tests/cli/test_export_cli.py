"""``omaha-tui export ID --format phh|json DIR``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_tui.store.phh import load
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
    assert run_cli("export", ["export", "7", str(tmp_path), "--db", str(db)]) == 1
    assert "has no session 7: `omaha-tui sessions` lists them" in capsys.readouterr().err


def test_a_missing_journal_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "none.sqlite3"
    assert run_cli("export", ["export", "1", str(tmp_path), "--db", str(db)]) == 1
    assert (
        capsys.readouterr().err.strip()
        == f"omaha-tui export: {db}: no journal here yet; play a session first or pass --db"
    )
    assert not db.exists()
