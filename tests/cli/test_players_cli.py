"""``omaha-tui players``: lifetime results, one player's nights, rename and merge."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from omaha_tui.store.journal import Journal
from tests.store.cli_runner import run_cli
from tests.store.test_roster import night


def _three(db: Path) -> None:
    with Journal.open(db) as journal:
        night(journal, "Ann:200,Bob:200,Cy:150", rate="100=10.00")
        night(journal, "Ann:200,Bobby:200")
        night(journal, "=cmd:200,Ann:200")


def test_r12_players_lists_lifetime_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    _three(db)
    assert run_cli("players", ["players", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Ann" in out and "Bobby" in out and "EUR" in out
    assert run_cli("players", ["players", "--json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    ann = data[0]
    assert ann["name"] == "Ann" and ann["sessions"] == 3
    assert set(ann) >= {"hands", "won", "net", "net_money", "biggest_pot", "last_played"}
    assert all(isinstance(v, str) for v in ann["net_money"].values())
    assert run_cli("players", ["players", "--csv", "--db", str(db)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["name"] for r in rows} == {"Ann", "Bob", "Cy", "Bobby", "'=cmd"}


def test_r12_players_rename_merge_and_one_players_nights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    _three(db)
    assert run_cli("players", ["players", "merge", "Bob", "bobby", "--db", str(db)]) == 0
    assert "Bobby and Bob are one player now" in capsys.readouterr().out
    assert run_cli("players", ["players", "rename", "Bob", "Robert", "--db", str(db)]) == 0
    capsys.readouterr()
    assert run_cli("players", ["players", "bobby", "--json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["name"] == "Robert" and data["sessions"] == 2
    assert [n["name"] for n in data["nights"]] == ["Bob", "Bobby"]


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (["players", "Zed"], 'nobody called "Zed" has played'),
        (["players", "rename", "Zed", "Z"], '"Zed" is not on the roster'),
        (["players", "merge", "Ann", "ann"], "already the same player"),
        (["players", "a", "b"], "usage: players [NAME]"),
    ],
)
def test_r12_players_refusals_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], why: str
) -> None:
    db = tmp_path / "j.sqlite3"
    _three(db)
    capsys.readouterr()
    assert run_cli("players", [*argv, "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert why in err and err.count("\n") == 1 and "Traceback" not in err


def test_r12_players_without_a_journal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli("players", ["players", "--db", str(tmp_path / "none.sqlite3")]) == 1
    assert "no journal here yet" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()
