"""``omaha-tui console --tournament``: the flags, the words and the ``tournament`` JSON."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from omaha_tui.cli import main

from .transcript import HERE, play


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lines: str, *args: str
) -> tuple[int, list[str], str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    code = main(["console", *args])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


def test_r11_json_state_has_the_tournament_object(tmp_path, monkeypatch, capsys) -> None:
    flags = ["--tournament", "--buy-in", "20", "--stack", "1000", "--structure", "nl"]
    code, out, _ = run(
        monkeypatch,
        capsys,
        "next\nallin\nallin\nallin\ndeal\ndeal\ndeal\naward Ann\n",
        *flags,
        "--players",
        "Ann,Bob,Cy",
        "--payouts",
        "60/40",
        "--json",
        "--db",
        str(tmp_path / "j.sqlite3"),
    )
    assert code == 0
    first = json.loads(out[0])["state"]["tournament"]
    assert first["entries"] == 3 and first["pool"] == 60 and first["players_left"] == 3
    assert first["average"] == 1000 and first["places"] == []
    assert first["payouts"] == [36, 24] and first["percents"] == [60, 40]
    last = json.loads(out[-1])
    t = last["state"]["tournament"]
    assert t["players_left"] == 1 and t["finished"]
    assert t["places"] == [
        {"name": "Ann", "place": 1, "prize": 36},
        {"name": "Bob", "place": 2, "prize": 12, "tied": 2},
        {"name": "Cy", "place": 2, "prize": 12, "tied": 2},
    ]


def test_no_tournament_object_at_a_cash_table(tmp_path, monkeypatch, capsys) -> None:
    db = str(tmp_path / "j.sqlite3")
    _, out, _ = run(
        monkeypatch, capsys, "state\n", "--players", "Ann:100,Bob:100", "--json", "--db", db
    )
    assert json.loads(out[0])["state"]["tournament"] is None


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--buy-in", "20"], "--buy-in is a tournament flag: add --tournament"),
        (["--tournament", "--buy-in", "20"], "--stack is needed"),
        (["--tournament", "--stack", "100"], "type the --buy-in in money"),
        (["--tournament", "--buy-in", "x", "--stack", "100"], "is not an amount of money"),
        (
            ["--tournament", "--buy-in", "20", "--stack", "100", "--payouts", "50/40"],
            "add up to 90",
        ),
        (["--tournament", "--buy-in", "20", "--stack", "100", "--add-on", "10"], "MONEY:CHIPS"),
        (["--tournament", "--buy-in", "2.5", "--stack", "100"], "not a whole number"),
        (
            ["--tournament", "--buy-in", "2.50", "--stack", "100", "--money-unit", "0.01"],
            None,
        ),
    ],
)
def test_bad_tournament_flags_get_one_line(tmp_path, monkeypatch, capsys, flags, message) -> None:
    code, out, err = run(
        monkeypatch,
        capsys,
        "standings\n",
        *flags,
        "--players",
        "Ann,Bob",
        "--db",
        str(tmp_path / "j.sqlite3"),
    )
    if message is None:
        assert code == 0 and out == [
            "ok: 2 entries, pool 5.00 (1st 5.00); 2 left, average 100, chip 1 (R11.7); "
            "chips: Ann 100, Bob 100"
        ]
        return
    assert code == 2 and out == []
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_r11_3_same_hand_bust_transcript_places_the_60_player_3rd(tmp_path: Path) -> None:
    text = play((HERE / "tournament_same_hand_bust.txt").read_text(), tmp_path / "j.sqlite3")
    assert "Bob is out in 4th place so far (R11.3); Dee is out in 3rd place so far (R11.3)" in text
    assert "places: 3rd Dee 180, 4th Bob" in text


def test_r11_words_refuse_at_a_cash_table(tmp_path: Path) -> None:
    text = play(
        "# players: Ann:100,Bob:100\n> addon Ann\n> deal icm\n> standings\n> colorup 5\n",
        tmp_path / "j.sqlite3",
    )
    assert text.count("refused: this table is not a tournament: start one with --tournament") == 3


def test_r11_ledger_gives_money_in_prize_out_and_the_settle_up(
    tmp_path, monkeypatch, capsys
) -> None:
    db = str(tmp_path / "j.sqlite3")
    flags = ["--tournament", "--buy-in", "20", "--stack", "100", "--structure", "nl"]
    lines = "next\nallin\nallin\nallin\ndeal\ndeal\ndeal\naward Ann\n"
    run(
        monkeypatch,
        capsys,
        lines,
        *flags,
        "--fee",
        "6",
        "--payouts",
        "70/30",
        "--players",
        "Ann,Bob,Cy",
        "--db",
        db,
    )
    code = main(["ledger", "--json", "--db", db])
    book = json.loads(capsys.readouterr().out)
    assert code == 0 and book["pool"] == "54" and book["finished"]
    assert [
        (p["name"], p["paid"], p["prize"], p["net"], p["best_finish"]) for p in book["players"]
    ] == [
        ("Ann", "20", "38", "18", 1),
        ("Bob", "20", "8", "-12", 2),
        ("Cy", "20", "8", "-12", 2),
    ]
    paid = sum(int(t["amount"]) for t in book["settle_up"] if t["payee"] == "Ann")
    fee = sum(int(t["amount"]) for t in book["settle_up"] if t["payee"] == "the fee")
    assert (paid, fee) == (18, 6)


def test_r11_standings_and_json_name_the_next_break_of_the_clock(
    tmp_path, monkeypatch, capsys
) -> None:
    flags = ["--tournament", "--buy-in", "20", "--stack", "1000", "--levels", "5/10:20,break:5"]
    code, out, _ = run(
        monkeypatch,
        capsys,
        "standings\n",
        *flags,
        "--players",
        "Ann,Bob",
        "--json",
        "--db",
        str(tmp_path / "j.sqlite3"),
    )
    assert code == 0
    answer = json.loads(out[0])
    assert "; break in 19:5" in answer["message"] or "; break in 20:00" in answer["message"]
    when = answer["state"]["tournament"]["next_break"]
    assert when in ("in 20:00", "in 19:59", "in 19:58"), when


def test_r11_no_next_break_without_a_break_in_the_schedule(tmp_path, monkeypatch, capsys) -> None:
    flags = ["--tournament", "--buy-in", "20", "--stack", "1000", "--levels", "5/10:20"]
    db = str(tmp_path / "j.sqlite3")
    code, out, _ = run(
        monkeypatch, capsys, "standings\n", *flags, "--players", "Ann,Bob", "--db", db
    )
    assert code == 0 and "break" not in out[0], out


def test_r11_1_the_console_refuses_the_add_on_before_its_break(
    tmp_path, monkeypatch, capsys
) -> None:
    flags = ["--tournament", "--buy-in", "20", "--stack", "1000", "--add-on", "10:500"]
    db = str(tmp_path / "j.sqlite3")
    code, out, _ = run(
        monkeypatch,
        capsys,
        "addon Ann\n",
        *flags,
        "--levels",
        "5/10:20,break:5",
        "--players",
        "Ann,Bob",
        "--db",
        db,
    )
    assert code == 0
    assert out == [
        "refused: the add-on is taken at the first break: the clock is at level 1 (R11.1)"
    ]


def test_r11_a_fresh_console_at_a_tournament_knows_the_tournament_s_words(tmp_path: Path) -> None:
    """Run as its own process: the tournament's words load on the first line at a
    tournament table, not because another module happened to import them first."""
    import subprocess
    import sys

    argv = [sys.executable, "-m", "omaha_tui", "--db", str(tmp_path / "j.sqlite3"), "console"]
    flags = ["--tournament", "--buy-in", "20", "--stack", "500", "--rebuys-until", "2"]
    done = subprocess.run(
        [*argv, *flags, "--players", "Ann,Bob,Cy", "--levels", "10/20:10"],
        input="rebuy Ann\nstandings\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.splitlines() == [
        "refused: Ann has 500 chips: a rebuy is allowed when busted (R11.1)",
        "ok: 3 entries, pool 60 (1st 60); 3 left, average 500, chip 10 (R11.7); "
        "chips: Ann 500, Bob 500, Cy 500",
    ], done.stdout + done.stderr
