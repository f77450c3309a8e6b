"""``omaha-tui ledger [ID]``: lines, balance, settle-up; CSV and JSON forms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_tui.engine.config import VARIANTS, Stakes, TableConfig
from omaha_tui.engine.events import (
    ChipsCorrected,
    PlayerLeft,
    PlayerRebought,
    PlayerSeated,
    SessionStarted,
)
from omaha_tui.store.journal import Journal
from tests.store.cli_runner import run_cli
from tests.store.phh_samples import THREE_WAY

CONFIG = TableConfig(variant=VARIANTS["omaha"], stakes=Stakes(big_blind=2))


def _session(db: Path, corrected: bool = False) -> int:
    with Journal.open(db) as j:
        sid = j.create_session("Friday game")
        events = [
            SessionStarted(config=CONFIG, title="Friday game"),
            PlayerSeated(seat=0, name="Ann", stack=200),
            PlayerSeated(seat=1, name="Bob", stack=200),
            PlayerRebought(seat=1, amount=100),
            ChipsCorrected(seat=0, delta=35, reason="pot pushed to the wrong seat"),
            ChipsCorrected(seat=1, delta=-35, reason="pot pushed to the wrong seat"),
            PlayerLeft(seat=1),
        ]
        if corrected:
            events.append(ChipsCorrected(seat=0, delta=10, reason="found a chip"))
        j.append_many(sid, events)
        return sid


def test_ledger_prints_lines_balance_and_who_pays_whom(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    sid = _session(db)
    assert run_cli("ledger", ["ledger", str(sid), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "the chips balance" in out
    assert "Bob pays Ann 35" in out


def test_ledger_defaults_to_the_latest_session_and_exports_csv_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    _session(db)
    capsys.readouterr()
    assert run_cli("ledger", ["ledger", "--csv", "--db", str(db)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "name,buy_in,rebuys,corrections,cashed_out,stack,seated,net,unit",
        "Ann,200,0,35,0,235,yes,35,1",
        "Bob,200,100,-35,265,0,no,-35,1",
    ]
    assert run_cli("ledger", ["ledger", "--json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["balanced"] is True
    assert [t["text"] for t in data["settle_up"]] == ["Bob pays Ann 35"]


def test_a_discrepancy_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "j.sqlite3"
    sid = _session(db, corrected=True)
    assert run_cli("ledger", ["ledger", str(sid), "--db", str(db)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "the chips do not balance: 10 more chips than were bought" in out
    assert "corrections: Ann +45, Bob -35" in out


def test_an_unknown_session_and_a_missing_journal_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    assert run_cli("ledger", ["ledger", "--db", str(db)]) == 1
    assert f"{db}: no journal here yet" in capsys.readouterr().err
    _session(db)
    assert run_cli("ledger", ["ledger", "9", "--db", str(db)]) == 2
    assert "has no session 9" in capsys.readouterr().err


def test_an_imported_hand_with_decimal_amounts_shows_the_file_units(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    (tmp_path / "h.phh").write_text(THREE_WAY.replace("[100, 100, 50]", "[100.25, 100, 50]"))
    assert run_cli("import_", ["import", str(tmp_path / "h.phh"), "--db", str(db)]) == 0
    capsys.readouterr()
    assert run_cli("ledger", ["ledger", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "100.25" in out and "93.25" in out
    assert "Cy pays Bob 50" in out and "Ann pays Bob 7" in out


def _named(db: Path, first: str, second: str) -> None:
    with Journal.open(db) as j:
        sid = j.create_session(f"{first} night")
        j.append_many(
            sid,
            [
                SessionStarted(config=CONFIG, title=f"{first} night"),
                PlayerSeated(seat=0, name=first, stack=200),
                PlayerSeated(seat=1, name=second, stack=200),
                ChipsCorrected(seat=0, delta=25, reason="found chips"),
            ],
        )


def test_names_full_of_markup_and_escapes_print_as_themselves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    _named(db, "Ann [/x]", "Bob\x1b[31m")
    for command in (["ledger"], ["sessions"]):
        assert run_cli(command[0], [*command, "--db", str(db)]) == 0
        out = capsys.readouterr().out
        assert "\x1b" not in out
        assert "Ann [/x]" in out
    assert run_cli("ledger", ["ledger", "--db", str(db)]) == 0
    assert "Bob\\x1b[31m" in capsys.readouterr().out


def test_csv_cells_a_spreadsheet_would_run_are_neutralised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    _named(db, '=HYPERLINK("http://x")', "@Bob\x07")
    assert run_cli("ledger", ["ledger", "--csv", "--db", str(db)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[1].startswith('"\'=HYPERLINK(""http://x"")",')
    assert rows[2].startswith("'@Bob\\x07,")
    assert rows[2].split(",")[-2] == "0"  # numbers, negative ones too, stay numbers


def test_an_imbalance_is_a_settle_up_line_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    _named(db, "Ann", "Bob")
    assert run_cli("ledger", ["ledger", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "nobody owes anything" in out
    assert "not settled: Ann is still owed 25 that nobody lost (the chips do not balance)" in out


def test_ledger_at_80_columns_cuts_no_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every column of the ledger, money ones too, fits 80 columns whole: no header or
    name is cut to "corre…"."""
    from decimal import Decimal

    from omaha_tui.engine.events import ChipValueSet

    monkeypatch.setenv("COLUMNS", "80")
    db = tmp_path / "j.sqlite3"
    sid = _session(db)
    with Journal.open(db) as j:
        j.append(sid, ChipValueSet(chips=100, money=Decimal("10.00"), currency="EUR"))
    assert run_cli("ledger", ["ledger", str(sid), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "…" not in out, out
    assert "corrected" in out and "net EUR" in out and "+3.50" in out
