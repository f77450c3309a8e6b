"""``omaha-tui equity``: table, --json schema, --batch JSON Lines, and refusals."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from omaha_tui.cli import equity as equity_cli

SPOT = [
    "--game",
    "omaha",
    "--board",
    "Kh 7h 2h 9c",
    "--hand",
    "Ann: Qh Jh 4c 5d",
    "--hand",
    "Bob: 7c 7d Ts 3s",
]


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="omaha-tui")
    equity_cli.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["equity", *argv])
    code: int = args.func(args)
    return code


def test_json_follows_the_documented_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([*SPOT, "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert {"game", "board", "exact", "boards", "hands"} <= set(obj)
    assert (obj["game"], obj["board"], obj["exact"], obj["boards"]) == (
        "omaha",
        ["Kh", "7h", "2h", "9c"],
        True,
        40,
    )
    ann, bob = obj["hands"]
    assert {"name", "cards", "equity", "high", "low", "scoop", "tie"} <= set(ann)
    assert (ann["name"], ann["cards"]) == ("Ann", ["Qh", "Jh", "4c", "5d"])
    assert ann["equity"] == pytest.approx(0.75) and bob["equity"] == pytest.approx(0.25)


def test_table_shows_high_and_low_apart_in_split_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--game", "omaha8", "--board", "4h 5c 7h Qs Ad"]
    assert run([*argv, "--hand", "Ann: Ah 2s Kh Ks", "--hand", "Bob: As 3s Qh Qd"]) == 0
    out = capsys.readouterr().out
    for text in ("Omaha hi-lo: board 4♥ 5♣ 7♥ Q♠ A♦", "High", "Low", "50.0%", "100.0%"):
        assert text in out
    assert "exact: every one of 1 boards counted" in out


def test_names_are_printed_as_data_never_as_markup(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--board", "Kh 7h 2h 9c", "--hand", "[red]Ann[/red]: Qh Jh 4c 5d"]
    assert run([*argv, "--hand", "[bold]: 7c 7d Ts 3s"]) == 0
    out = capsys.readouterr().out
    assert "[red]Ann[/red]" in out and "[bold]" in out


def test_sampled_figures_state_boards_seed_and_margin(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--hand", "Ann: Ah As Kd Kc", "--hand", "Bob: 7h 8h 9s Ts", "--samples", "500"]
    assert run([*argv, "--seed", "3", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert (obj["exact"], obj["boards"], obj["seed"]) == (False, 500, 3)
    assert all(0 < h["margin"] < 0.1 for h in obj["hands"])
    assert run(argv) == 0
    assert "500 random boards (seed 0): equity within ±" in capsys.readouterr().out


def test_binglao_reads_the_rolled_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "binglao", "--die", "2", "--board", "2c 3c 4c 5c", "--json"]
    assert run([*argv, "--hand", "A: 5h 2h 3d Kd 8c", "--hand", "B: 7c 7d 9s As 8s"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "binglao-2"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hand", "A: Ah Kh Qh Jh", "--hand", "B: Ah 2c 3c 4c"], "Ah appears twice"),
        (["--hand", "A: Ah Kh Qh Jh", "--hand", "B: 2c 3c 4c"], "B's hand has 3 cards"),
        (["--hand", "A: Ah Kh Qh Jh"], "equity compares 2 to 10"),
        (["--board", "Ah Zz", "--hand", "A: 2c 3c 4c 5c"], 'board: "Zz" is not a card'),
        (["--board", "2s 3s", "--hand", "A: Ah Kh Qh Jh", "--hand", "B: 2c 3c 4c 5c"], "2 cards"),
        (["--dead", "2c", "--hand", "A: Ah Kh Qh Jh", "--hand", "B: 2c 3c 4c 5c"], "2c is given"),
        (["--game", "binglao", "--hand", "A: Ah Kh Qh Jh"], "give the die roll"),
        (["--game", "razz", "--hand", "A: Ah Kh Qh Jh"], 'unknown game "razz"'),
        (["--samples", "0", "--hand", "A: Ah Kh Qh Jh", "--hand", "B: 2c 3c 4c 5c"], "--samples"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert lines[0].startswith("omaha-tui equity: error: ")


def test_batch_answers_each_line_and_reports_bad_ones(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        '{"game": "o8", "board": "Ah 7h 2c", "hands": ["A: Kh Qh 3c 4d", "B: 7c 7d 9s Ts"]}',
        "not json",
        '{"hands": ["A: Ah Kh Qh Jh", "B: 2c 3c 4c 5c"], "samples": "many"}',
        '{"hands": ["A: Ah Kh Qh Jh", "B: 2c 3c 4c 5c"], "samples": 100, "seed": 1}',
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert run(["--batch", "-"]) == 1
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert out[0]["boards"] == 820 and out[0]["exact"] is True
    assert out[1]["line"] == 2 and "not a JSON object" in out[1]["error"]
    assert out[2] == {"line": 3, "error": '"samples" must be a whole number'}
    assert (out[3]["boards"], out[3]["seed"]) == (100, 1)


def test_batch_file_that_cannot_be_read_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--batch", "/nonexistent/spots.jsonl"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("omaha-tui equity: /nonexistent/spots.jsonl: cannot read it (")
    assert err.count("\n") == 1
