"""``omaha-tui read``: table, --json, --batch JSON Lines, --claim, --say and errors."""

from __future__ import annotations

import argparse
import io
import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from omaha_tui.cli import read

R7_ARGS = [
    "--game",
    "omaha8",
    "--board",
    "4h 5c 7h Qs Ad",
    "--hand",
    "Ann: Ah 2s Kh Ks",
    "--hand",
    "Bob: As 3s Qh Qd",
]


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="omaha-tui")
    read.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["read", *argv])
    code: int = args.func(args)
    return code


def test_table_shows_each_hand_with_its_cards_and_why_the_loser_lost(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(R7_ARGS) == 0
    out = capsys.readouterr().out
    for text in (
        "Omaha hi-lo: board 4♥ 5♣ 7♥ Q♠ A♦",
        "three queens",
        "Q♥ Q♦ + 7♥ Q♠ A♦",
        "7-5-4-2-A low",
        "Ann loses the high to Bob's three queens",
        "Bob loses the low to Ann's 7-5-4-2-A low",
    ):
        assert text in out


def test_json_output_matches_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([*R7_ARGS, "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["game"] == "omaha8"
    assert obj["board"] == ["4h", "5c", "7h", "Qs", "Ad"]
    assert obj["high_winners"] == [1] and obj["low_winners"] == [0]
    ann, bob = obj["hands"]
    assert ann["name"] == "Ann" and ann["cards"] == ["Ah", "2s", "Kh", "Ks"]
    assert bob["high"] == {
        "category": "three of a kind",
        "description": "three queens",
        "five": ["Qs", "Qh", "Qd", "Ad", "7h"],
        "hole_used": ["Qh", "Qd"],
        "board_used": ["7h", "Qs", "Ad"],
    }
    assert ann["low"]["description"] == "7-5-4-2-A low"
    assert ann["low"]["hole_used"] == ["Ah", "2s"]
    assert ann["low"]["board_used"] == ["4h", "5c", "7h"]


def test_high_only_game_has_no_lows(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [a if a != "omaha8" else "plo" for a in R7_ARGS]
    assert run([*argv, "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["game"] == "omaha" and obj["low_winners"] == []
    assert all(h["low"] is None for h in obj["hands"])


def _batch_lines() -> str:
    deals: list[dict[str, Any]] = [
        {
            "game": "big-o",
            "board": "Kh 3d 4d 8s 2d",
            "hands": ["H1: Ah 2s Qd Ks Tc", "H2: 6h 7h Td Jd 9c"],
        },
        {"game": "binglao", "die": 6, "board": "Kh 3d 4d", "hands": ["Ah Kc Qd Js Tc 9h"]},
    ]
    return "\n".join(json.dumps(d) for d in deals) + "\n\n"


def test_batch_file_writes_one_json_object_per_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text(_batch_lines(), encoding="utf-8")
    assert run(["--batch", str(path)]) == 0
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["game"] == "big-o" and first["high_winners"] == [1] and first["low_winners"] == [1]
    assert first["hands"][1]["high"]["description"] == "jack-high flush"
    assert second["game"] == "binglao-6" and second["hands"][0]["name"] == "Player 1"


def test_batch_from_stdin_reports_bad_lines_and_carries_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (
        "not json\n"
        '{"game": "omaha", "board": "Kh 3d 4d", "hands": ["A: Ah Ac Qh Jh", "B: Kh 2c 5c 6c"]}\n'
        '{"game": "razz", "board": "Kh 3d 4d", "hands": []}\n'
        '{"game": "omaha", "board": "Kh 3d 4d", "hands": "Ah Kc Qd Js"}\n' + _batch_lines()
    )
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    assert run(["--batch", "-"]) == 1
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out[0]["line"] == 1 and out[0]["error"].startswith("not a JSON object: ")
    assert out[1] == {"line": 2, "error": "Kh appears twice: on the board and in B's hand"}
    assert out[2]["error"].startswith('unknown game "razz": use one of omaha, omaha8')
    assert out[3]["error"] == '"hands" must be a list of strings like "Ann: Ah 2s Kh Ks"'
    assert [o["game"] for o in out[4:]] == ["big-o", "binglao-6"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--game", "binglao", "--board", "2c 3c 4c", "--hand", "Ah Kh Qh Jh"],
            "Binglao: give the die roll with --die N (1 to 6); it decides the hole cards and "
            "the split (R3.4)",
        ),
        (
            ["--game", "omaha", "--die", "3", "--board", "2c 3c 4c", "--hand", "Ah Kh Qh Jh"],
            "--die applies only to binglao, not to Omaha",
        ),
        (
            ["--game", "omaha6", "--board", "2c 3c 4c", "--hand", "Ann: Ah Kh Qh Jh"],
            "Ann's hand has 4 cards: this game needs 6",
        ),
        (
            ["--board", "2c 3c 4c 5c 6c 7c", "--hand", "Ann: Ah Kh Qh Jh"],
            "the board has 6 cards: a hand is read on a board of 3, 4 or 5 cards",
        ),
        (
            ["--board", "2c 3c 4c", "--hand", "Ann: Ah Kh Qh 1h"],
            'Ann\'s hand: "1h" is not a card: use rank 2-9,T,J,Q,K,A (or 10) and suit c,d,h,s '
            "(or ♣♦♥♠)",
        ),
        (
            ["--board", "2c 3c 4x", "--hand", "Ann: Ah Kh Qh Jh"],
            'board: "4x" is not a card: use rank 2-9,T,J,Q,K,A (or 10) and suit c,d,h,s (or ♣♦♥♠)',
        ),
        (
            ["--board", "2c 3c 4c", "--hand", "Ann: Ah Kh Qh Jh", "--claim", "Zed: flush"],
            'claim "Zed: flush": use "NAME: HAND" with one of Ann',
        ),
    ],
)
def test_errors_say_what_is_wrong_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(argv) == 2
    assert capsys.readouterr().err.strip() == f"omaha-tui read: error: {message}"


def test_claim_is_judged_with_the_r6_2_reason(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--board", "Kh Qh 9h 7h 2s", "--hand", "Ann: Ah 2c 3d 4s", "--claim", "Ann: flush"]
    assert run([*argv, "--json"]) == 0
    (claim,) = json.loads(capsys.readouterr().out)["claims"]
    assert claim["stands"] is False
    assert claim["reason"].startswith("only one heart in the hand: a flush needs two hole cards")
    assert run(argv) == 0
    assert 'Ann claims "flush": does not stand.' in capsys.readouterr().out


def _program(folder: Path, name: str, script: str) -> None:
    program = folder / name
    program.write_text("#!/bin/sh\n" + script)
    program.chmod(program.stat().st_mode | stat.S_IEXEC)


def test_say_without_a_speech_program_keeps_json_clean_and_says_it_was_not_said(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert run([*R7_ARGS, "--json", "--say"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["high_winners"] == [1]  # stdout is the JSON object alone
    lines = err.splitlines()
    assert lines[0].startswith("Bob: three queens, queen-queen from the hand")
    assert lines[-1] == "omaha-tui read: not said: no speech program found (install espeak-ng)"


def test_say_gives_the_sentence_on_stdin_never_as_an_option(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    heard, args = tmp_path / "heard.txt", tmp_path / "args.txt"
    _program(tmp_path, "espeak-ng", f'printf "%s " "$@" > "{args}"\ncat > "{heard}"\n')
    monkeypatch.setenv("PATH", str(tmp_path) + os.pathsep + os.environ.get("PATH", ""))
    target = tmp_path / "x.wav"
    argv = ["--board", "4h 5c 7h Qs Ad", "--hand", f"-w{target}: Ah 2s Kh Ks"]
    assert run([*argv, "--hand", "Bob: As 3s Qh Qd", "--say"]) == 0
    assert heard.read_text().startswith("Bob: three queens")
    assert f"-w{target}" not in args.read_text()
    assert not target.exists()
    assert "not said" not in capsys.readouterr().err


def test_a_failing_speech_program_is_reported_as_not_said(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _program(tmp_path, "espeak-ng", "cat > /dev/null\necho 'voice not found' >&2\nexit 1\n")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert run([*R7_ARGS, "--say"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == "omaha-tui read: not said: espeak-ng failed: voice not found"


def test_no_audio_device_is_named_as_the_cause(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    alsa = "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'"
    _program(tmp_path, "espeak-ng", f'cat > /dev/null\necho "{alsa}" >&2\necho "error: x" >&2\n')
    monkeypatch.setenv("PATH", str(tmp_path))
    assert run([*R7_ARGS, "--say"]) == 1
    assert "not said: espeak-ng failed: no audio device" in capsys.readouterr().err


def test_names_full_of_markup_and_escapes_are_printed_as_data(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--board", "4h 5c 7h Qs Ad", "--hand", "Ann [/z]: Ah 2s Kh Ks"]
    assert run([*argv, "--hand", "[b]Bob\x1b[2J: As 3s Qh Qd"]) == 0
    out = capsys.readouterr().out
    assert "Ann [/z] loses to [b]Bob\\x1b[2J's three queens" in out
    assert "\x1b" not in out


def test_the_console_script_has_the_read_subcommand() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "omaha_tui", "read", *R7_ARGS, "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["high_winners"] == [1]
