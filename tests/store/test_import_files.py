"""Hostile or odd files: each file of a batch stands alone, sizes and nesting are bounded,
a byte-order mark is fine, a file imported before is not imported twice, and nothing in
an export's ``meta`` is taken on trust."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_tui.interchange import phh
from omaha_tui.store.journal import Journal
from tests.store.cli_runner import run_cli
from tests.store.phh_samples import BIG_O, THREE_WAY


def _import(db: Path, *paths: Path | str) -> int:
    return run_cli("import_", ["import", *map(str, paths), "--db", str(db)])


def test_each_file_of_a_batch_stands_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    deep = tmp_path / "a-deep.phh"
    deep.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    nested = tmp_path / "b-nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000)
    good = tmp_path / "c-good.phh"
    good.write_text(THREE_WAY)
    bad = tmp_path / "d-bad.json"
    bad.write_text('{"events": [{"type": "nonsense"}]}')
    also = tmp_path / "e-also.phh"
    also.write_text(BIG_O)
    assert _import(db, tmp_path) == 1
    captured = capsys.readouterr()
    err = captured.err.splitlines()
    assert len(err) == 3, err
    assert err[0] == f"not imported: {deep}: not valid PHH (its values are nested too deeply)"
    assert err[1].startswith(f"not imported: {nested}: not an omaha-tui JSON export")
    assert err[2].startswith(f"not imported: {bad}: event 1 is not an omaha-tui event")
    assert "internal error" not in captured.err and "Traceback" not in captured.err
    assert captured.out.splitlines()[-1] == "imported 2 hands as 2 sessions; 3 refused"


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    f = tmp_path / "bom.phh"
    f.write_bytes(b"\xef\xbb\xbf" + THREE_WAY.encode())
    assert _import(db, f) == 0
    out = tmp_path / "out"
    assert run_cli("export", ["export", "1", "--format", "json", str(out), "--db", str(db)]) == 0
    again = tmp_path / "bom.json"
    again.write_bytes(b"\xef\xbb\xbf" + (out / "session-1.json").read_bytes())
    assert _import(db, again) == 0


def test_a_file_imported_before_is_named_and_adds_nothing_unless_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    f = tmp_path / "a.phh"
    f.write_text(THREE_WAY)
    assert _import(db, f) == 0
    capsys.readouterr()
    assert _import(db, f) == 1
    captured = capsys.readouterr()
    assert captured.err == (
        f"not imported: {f}: already imported (session 1); nothing was added. Pass --again "
        "to import it once more\n"
    )
    with Journal.open(db, read_only=True) as journal:
        assert len(journal.sessions()) == 1
    assert run_cli("import_", ["import", str(f), "--again", "--db", str(db)]) == 0
    with Journal.open(db, read_only=True) as journal:
        assert len(journal.sessions()) == 2


def test_sizes_and_field_lengths_are_bounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "j.sqlite3"
    f = tmp_path / "big-field.phh"
    f.write_text(THREE_WAY + f'event = "{"x" * 50_000}"\n')
    assert _import(db, f) == 1
    assert capsys.readouterr().err == (
        f"not imported: {f}: the field event is 50000 characters long (at most 10000 in a "
        "field this program keeps)\n"
    )
    g = tmp_path / "long-line.phh"
    g.write_text(THREE_WAY.replace('"p3 cbr 7"', '"p3 cbr 7' + " " * 500 + '"'))
    assert _import(db, g) == 1
    assert "action 4 is 508 characters long (at most 200)" in capsys.readouterr().err
    monkeypatch.setattr(phh, "MAX_FILE", 100)
    h = tmp_path / "big.phh"
    h.write_text(THREE_WAY)
    assert _import(db, h) == 1
    assert "too big to import (at most" in capsys.readouterr().err


def _export(tmp_path: Path, db: Path) -> dict[str, object]:
    f = tmp_path / "a.phh"
    f.write_text(THREE_WAY)
    assert _import(db, f) == 0
    out = tmp_path / "out"
    assert run_cli("export", ["export", "1", "--format", "json", str(out), "--db", str(db)]) == 0
    data = json.loads((out / "session-1.json").read_text())
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("meta", "says"),
    [
        ({"schedule": {"levels": "garbage"}}, "meta.schedule is not a blind schedule"),
        ({"phh": {"hands": [{"scale": 0}]}}, "meta.phh.hands[1].scale must be a power of ten"),
        ({"phh": {"hands": [{"scale": "x"}]}}, "meta.phh.hands[1].scale must be a power of ten"),
        ({"phh": {"hands": [{"scale": 30}]}}, "meta.phh.hands[1].scale must be a power of ten"),
        ({"phh": {"hands": "no"}}, "meta.phh.hands must list at most one entry per hand"),
        ({"phh": {"hands": [{"players": [1]}]}}, "meta.phh.hands[1].players must be text"),
    ],
)
def test_an_edited_exports_meta_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], meta: dict[str, object], says: str
) -> None:
    db = tmp_path / "j.sqlite3"
    data = _export(tmp_path, db)
    data["meta"] = meta
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    capsys.readouterr()
    assert _import(db, edited) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("stack", "lots", "player seated.stack: Input should be a valid integer"),
        ("seat", 99, "player seated.seat: Input should be less than or equal to"),
        ("name", None, "player seated.name: Input should be a valid string"),
    ],
)
def test_an_edited_event_is_refused_naming_its_field_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: object, says: str
) -> None:
    db = tmp_path / "j.sqlite3"
    data = _export(tmp_path, db)
    seated = next(i for i, e in enumerate(data["events"]) if e["type"] == "player_seated")
    data["events"][seated][field] = value
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    capsys.readouterr()
    assert _import(db, edited) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"event {seated + 1} is not an omaha-tui event ({says}" in err
    assert "tagged-union" not in err


def test_an_exports_meta_keeps_only_what_was_checked(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    data = _export(tmp_path, db)
    meta = data["meta"]
    assert isinstance(meta, dict)
    meta["anything"] = {"x": 1}
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    assert _import(db, edited) == 0
    with Journal.open(db, read_only=True) as journal:
        kept = journal.meta(2)
        assert "anything" not in kept
        (details,) = journal.hand_details(2)
        assert details["hole_cards"] == meta["phh"]["hands"][0]["hole_cards"]
        assert journal.events(2) == journal.events(1)
