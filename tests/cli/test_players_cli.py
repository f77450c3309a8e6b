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


def _tournament(
    monkeypatch: pytest.MonkeyPatch, db: Path, players: str, lines: str, *flags: str
) -> None:
    from omaha_tui.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    args = ["console", "--tournament", "--structure", "nl", "--stack", "100", *flags]
    assert main([*args, "--players", players, "--db", str(db)]) == 0


ALL_IN_3 = "next\nallin\nallin\nallin\ndeal\ndeal\ndeal\naward Ann\n"
ALL_IN_2 = "next\nallin\nallin\ndeal\ndeal\ndeal\naward Bob\n"


def _two_tournaments_and_a_cash_game(monkeypatch: pytest.MonkeyPatch, db: Path) -> None:
    _tournament(monkeypatch, db, "Ann,Bob,Cy", ALL_IN_3, "--buy-in", "20", "--payouts", "70/30")
    with Journal.open(db) as journal:
        night(journal, "Ann:200,Bob:200")
    _tournament(monkeypatch, db, "Ann,Bob", ALL_IN_2, "--buy-in", "10")


def test_r11_lifetime_results_gain_tournaments_summing_the_sessions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from decimal import Decimal

    from omaha_tui.store.ledger import ledger
    from omaha_tui.store.tournament_ledger import tournament_book

    db = tmp_path / "j.sqlite3"
    _two_tournaments_and_a_cash_game(monkeypatch, db)
    capsys.readouterr()
    assert run_cli("players", ["players", "--json", "--db", str(db)]) == 0
    data = {p["name"]: p for p in json.loads(capsys.readouterr().out)}
    assert data["Ann"]["tournaments"] == {
        "tournaments": 2,
        "entries": 2,
        "cashes": 1,
        "best_finish": 1,
        "net": "12",
    }
    assert data["Bob"]["tournaments"] == {
        "tournaments": 2,
        "entries": 2,
        "cashes": 2,
        "best_finish": 1,
        "net": "-1",
    }
    assert data["Cy"]["tournaments"]["best_finish"] == 2 and data["Cy"]["sessions"] == 1
    # the sums are the sessions' sums: tournament money from each tournament's book, net
    # chips from the cash games alone (a tournament's chips are not money)
    money: dict[str, Decimal] = {}
    chips: dict[str, int] = {}
    with Journal.open(db, read_only=True) as journal:
        for info in journal.sessions():
            state = journal.load_state(info.id)
            book = tournament_book(state)
            if book is not None:
                for line in book.lines:
                    money[line.name] = money.get(line.name, Decimal(0)) + line.net
            else:
                for cash in ledger(state).lines:
                    chips[cash.name] = chips.get(cash.name, 0) + cash.net
    assert {n: Decimal(p["tournaments"]["net"]) for n, p in data.items()} == money
    assert {n: p["net"] for n, p in data.items() if n in chips} == chips
    assert data["Cy"]["net"] == 0 and data["Ann"]["sessions"] == 3
    assert run_cli("players", ["players", "--csv", "--db", str(db)]) == 0
    rows = {r["name"]: r for r in csv.DictReader(io.StringIO(capsys.readouterr().out))}
    assert (rows["Ann"]["tournaments"], rows["Ann"]["cashes"], rows["Ann"]["best_finish"]) == (
        "2",
        "1",
        "1",
    )
    assert rows["Ann"]["tournament_net"] == "12"
    assert run_cli("players", ["players", "--db", str(db)]) == 0
    table = capsys.readouterr().out
    assert "tournaments" in table and "1st" in table and "+12" in table, table


def test_r11_one_players_nights_show_their_tournaments(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    _two_tournaments_and_a_cash_game(monkeypatch, db)
    capsys.readouterr()
    assert run_cli("players", ["players", "Ann", "--json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [n["tournament"] for n in data["nights"]] == [
        {"entries": 1, "paid": "20", "prize": "42", "net": "22", "best_finish": 1},
        None,
        {"entries": 1, "paid": "10", "prize": "0", "net": "-10", "best_finish": 2},
    ]
    assert run_cli("players", ["players", "Ann", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "tournaments: 2, 1 cash, best 1st, +12" in out, out
    assert "│    1st │       1 │   20 │    42 │ +22 │" in out, out


def test_r11_a_tournament_in_play_is_read_from_its_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    _tournament(monkeypatch, db, "Ann,Bob", "next\n", "--buy-in", "10")  # a hand in play
    capsys.readouterr()
    assert run_cli("players", ["players", "--json", "--db", str(db)]) == 0
    data = {p["name"]: p for p in json.loads(capsys.readouterr().out)}
    assert data["Ann"]["tournaments"] == {
        "tournaments": 1,
        "entries": 1,
        "cashes": 0,
        "best_finish": None,
        "net": "-10",
    }


def test_r12_last_played_is_when_the_last_hand_was_dealt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j.sqlite3"
    _three(db)
    with Journal.open(db) as journal:
        sid = journal.sessions()[0].id
        first = journal.db.conn.execute(
            "SELECT max(created) FROM events WHERE session_id = ? AND type IN "
            "('hand_started', 'session_ended')",
            (sid,),
        ).fetchone()[0]
        journal.rename_player("Cy", "Cyril")  # writing the results again changes no date
    capsys.readouterr()
    assert run_cli("players", ["players", "Cyril", "--json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["last_played"] == first and data["nights"][0]["played"] == first


def test_r11_a_journal_from_before_tournament_results_reads_them_from_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    db = tmp_path / "j.sqlite3"
    _tournament(monkeypatch, db, "Ann,Bob,Cy", ALL_IN_3, "--buy-in", "20", "--payouts", "70/30")
    conn = sqlite3.connect(db)  # the file as version 5 left it: no tournament results
    conn.execute("DROP TABLE tournament_results")
    conn.execute("DROP TABLE hand_details")  # (nor the rows of version 7)
    conn.execute("PRAGMA user_version = 5")
    conn.commit()
    conn.close()
    with Journal.open(db):
        pass  # brings the file up to date
    capsys.readouterr()
    assert run_cli("players", ["players", "--json", "--db", str(db)]) == 0
    data = {p["name"]: p for p in json.loads(capsys.readouterr().out)}
    assert data["Ann"]["tournaments"]["net"] == "22" and data["Bob"]["tournaments"]["cashes"] == 1
