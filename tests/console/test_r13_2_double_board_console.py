"""R13.2 double board at the console: the flag, the word, the JSON's boards and awards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .test_console_cli import ERRORS, run
from .transcript import HERE, play

HANDS = "show Ann Ks Kd 6c 6h\nshow Bob 9c 8c 3c 3d\nshow Cy 9d 8d 2c 2d\n"


def test_r13_2_double_board_transcript(tmp_path: Path) -> None:
    text = play((HERE / "double_board.txt").read_text(), tmp_path / "j.sqlite3")
    assert "refused: a double board is not run twice (R13.2b)" in text
    assert "ok: Ann wins 60 (board 1) with three kings on board 1; Bob wins 30 (board 2)" in text


def test_r13_2_json_state_lists_both_boards_and_each_awards_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = "next\nallin\ncall\ncall\n" + HANDS
    lines += "deal Kc 7d 2h | Th Jh Qd\ndeal 9s | 3s\ndeal 4c | 5d\naward\n"
    code, out = run(
        monkeypatch,
        capsys,
        lines,
        "--db",
        str(tmp_path / "j.sqlite3"),
        "--players",
        "Ann:40,Bob:40,Cy:40",
        "--structure",
        "nl",
        "--boards",
        "2",
        "--json",
    )
    assert code == 0
    objs = [json.loads(line) for line in out]
    flop = objs[7]["state"]
    assert flop["boards"] == [["Kc", "7d", "2h"], ["Th", "Jh", "Qd"]]
    ann = next(s for s in flop["seats"] if s["name"] == "Ann")
    assert [b["board"] for b in ann["equity"]["per_board"]] == [1, 2]
    done = objs[-1]["state"]
    assert done["boards"] == [["Kc", "7d", "2h", "9s", "4c"], ["Th", "Jh", "Qd", "3s", "5d"]]
    assert sorted((a["board"], a["seat"], a["amount"]) for a in done["awards"]) == [
        (1, 1, 60),
        (2, 2, 30),
        (2, 3, 30),
    ]


def test_r13_2b_boards_flag_refuses_a_table_the_deck_cannot_deal_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    players = ",".join(f"P{i}:100" for i in range(10))
    code, _ = run(
        monkeypatch,
        capsys,
        "",
        "--db",
        str(tmp_path / "j.sqlite3"),
        "--players",
        players,
        "--boards",
        "2",
    )
    assert code == 2
    assert "a double board seats at most 9 players in Omaha" in ERRORS[-1]
