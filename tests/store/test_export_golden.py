"""Exports are the files an earlier version wrote, for every kind of session, and an
imported session's hands' details live in rows of their own: an older journal's are
moved there when it is opened, atomically; a damaged row is named in one line; the
JSON round trip keeps them (:mod:`tests.store.export_golden` builds the sessions)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from omaha_tui.interchange.interop import export_session, import_files
from omaha_tui.store import hand_details
from omaha_tui.store.journal import Journal, JournalError
from omaha_tui.store.schema import SCHEMA_VERSION

from .cli_runner import run_cli
from .export_golden import GOLDEN, OLD_VERSION, SESSIONS, build, exports, old_journal

PHH_IMPORTED = 2  # the session imported from a plain PHH file of five hands


def _goldens() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(GOLDEN.glob("session-*"))}


def _version(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def test_every_kind_of_session_exports_byte_for_byte_as_the_earlier_version_did(
    tmp_path: Path,
) -> None:
    golden = _goldens()
    assert len(golden) == 2 * SESSIONS
    written = exports(build(tmp_path), tmp_path / "out")
    assert sorted(written) == sorted(golden)
    for name, data in golden.items():
        assert written[name] == data, name


def test_an_earlier_journal_moves_its_details_to_rows_when_opened_and_exports_the_same(
    tmp_path: Path,
) -> None:
    db = old_journal(tmp_path / "old.sqlite3")
    conn = sqlite3.connect(db)
    (meta,) = conn.execute("SELECT meta FROM sessions WHERE id = ?", (PHH_IMPORTED,)).fetchone()
    conn.close()
    before = json.loads(meta)["phh"]["hands"]
    assert len(before) == 5  # the earlier version kept them in the session's meta
    with pytest.raises(JournalError, match="must be upgraded"):
        Journal.open(db, read_only=True)  # a reader changes nothing
    with Journal.open(db) as journal:
        assert _version(db) == SCHEMA_VERSION > OLD_VERSION
        assert journal.meta(PHH_IMPORTED) == {"phh": {}}
        assert list(journal.hand_details(PHH_IMPORTED)) == before
        assert journal.meta(1) == {"schedule": None} and not journal.has_hand_details(1)
    written = exports(db, tmp_path / "out")
    for name, data in _goldens().items():
        assert written[name] == data, name


def test_the_move_is_all_or_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = old_journal(tmp_path / "old.sqlite3")
    conn = sqlite3.connect(db)
    metas = conn.execute("SELECT id, meta FROM sessions ORDER BY id").fetchall()
    conn.close()
    insert = hand_details.insert
    calls = 0

    def failing(conn: sqlite3.Connection, *args: object, **kw: object) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:  # the second imported session: the first one's rows are written
            raise sqlite3.OperationalError("disk I/O error")
        insert(conn, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(hand_details, "insert", failing)
    with pytest.raises(JournalError, match="the disk reported an error"):
        Journal.open(db)
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT id, meta FROM sessions ORDER BY id").fetchall() == metas
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    conn.close()
    assert "hand_details" not in tables and _version(db) == OLD_VERSION
    monkeypatch.setattr(hand_details, "insert", insert)
    with Journal.open(db) as journal:  # the next opening moves them all
        assert journal.has_hand_details(PHH_IMPORTED)


def test_a_session_whose_meta_is_damaged_does_not_keep_the_others_from_moving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = old_journal(tmp_path / "old.sqlite3")
    conn = sqlite3.connect(db)
    conn.execute("UPDATE sessions SET meta = 'not json' WHERE id = 3")
    conn.commit()
    conn.close()
    with Journal.open(db) as journal:
        assert len(list(journal.hand_details(PHH_IMPORTED))) == 5
        assert not journal.has_hand_details(3)
    assert run_cli("export", ["export", "3", str(tmp_path / "out"), "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "settings of session 3 are not readable" in err


MISSING = object()


@pytest.mark.parametrize(
    ("hand", "stored", "says"),
    [
        (2, "not json", "not a JSON object"),
        (1, "[]", "not a JSON object"),
        (1, 7, "not a JSON object"),
        (3, '{"hole_cards": "AhKd"}', "hole_cards must list each player's cards"),
        (1, '{"players": 3}', "players must be a list of names or null"),
        (4, '{"partly_shown": [["x", "Ah"]]}', "partly_shown must list [player number, text]"),
        (5, '{"extra_toml": [["a", "= ="]]}', "extra_toml's 'a' is not TOML"),
        (2, MISSING, "its row is missing"),
    ],
)
def test_a_damaged_details_row_is_named_in_one_line_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hand: int, stored: object, says: str
) -> None:
    db = build(tmp_path)
    conn = sqlite3.connect(db)
    where = (PHH_IMPORTED, hand)
    if stored is MISSING:
        conn.execute("DELETE FROM hand_details WHERE session_id = ? AND hand = ?", where)
    else:
        conn.execute(
            "UPDATE hand_details SET detail = ? WHERE session_id = ? AND hand = ?",
            (stored, *where),
        )
    conn.commit()
    conn.close()
    out = tmp_path / "damaged"
    # A JSON export copies the file's fields as text; PHH writes them as TOML.
    for fmt in ("phh",) if "TOML" in says else ("phh", "json"):
        argv = ["export", str(PHH_IMPORTED), "--format", fmt, str(out), "--db", str(db)]
        assert run_cli("export", argv) == 1, fmt
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err, err
        line = f"session {PHH_IMPORTED}: the imported details of hand {hand} are damaged ({says}"
        assert line in err, err
        assert not out.exists() or not list(out.iterdir())  # no file, no temporary file
    assert run_cli("check", ["check", "--db", str(db)]) == 1
    report = capsys.readouterr().out.splitlines()
    assert report[PHH_IMPORTED].startswith(
        f"session {PHH_IMPORTED} (PO hand 1): the imported details of hand {hand} are damaged"
    )
    assert all(" damaged" not in line for i, line in enumerate(report) if i != PHH_IMPORTED)


def test_the_json_round_trip_keeps_every_hands_details(tmp_path: Path) -> None:
    db = build(tmp_path)
    with Journal.open(db) as journal:
        details = list(journal.hand_details(PHH_IMPORTED))
        assert len(details) == 5 and details[0]["extra_toml"][-1] == ["_club", '"Thursday club"']
        assert [list(journal.hand_details(s)) for s in (3, 4)] == [details, details]
        written = export_session(journal, 3, "json", tmp_path / "again").path
        (outcome,) = import_files(journal, [written])
        assert outcome.session_id is not None
        assert list(journal.hand_details(outcome.session_id)) == details
        assert journal.meta(outcome.session_id) == {"phh": {}}


def test_a_backup_of_one_imported_session_holds_its_details_and_no_others(
    tmp_path: Path,
) -> None:
    db = build(tmp_path)
    copy = tmp_path / "one.sqlite3"
    assert run_cli("backup", ["backup", str(PHH_IMPORTED), str(copy), "--db", str(db)]) == 0
    conn = sqlite3.connect(copy)
    kept = conn.execute("SELECT DISTINCT session_id FROM hand_details").fetchall()
    conn.close()
    assert kept == [(PHH_IMPORTED,)]
    written = exports(db, tmp_path / "whole")
    with Journal.open(copy, read_only=True) as journal:
        for fmt in ("phh", "json"):
            path = export_session(journal, PHH_IMPORTED, fmt, tmp_path / "copy").path  # type: ignore[arg-type]
            assert path.read_bytes() == written[path.name]


def test_details_in_the_older_form_of_the_files_fields_still_export(tmp_path: Path) -> None:
    db = build(tmp_path)
    conn = sqlite3.connect(db)  # the file's own fields as one object, as earlier imports kept them
    (text,) = conn.execute(
        "SELECT detail FROM hand_details WHERE session_id = ? AND hand = 1", (PHH_IMPORTED,)
    ).fetchone()
    detail = json.loads(text)
    detail["extra_toml"] = dict(detail["extra_toml"])
    conn.execute(
        "UPDATE hand_details SET detail = ? WHERE session_id = ? AND hand = 1",
        (json.dumps(detail), PHH_IMPORTED),
    )
    conn.commit()
    conn.close()
    with Journal.open(db, read_only=True) as journal:
        path = export_session(journal, PHH_IMPORTED, "phh", tmp_path / "older").path
    assert '_club = "Thursday club"' in path.read_text().split("[2]")[0]
