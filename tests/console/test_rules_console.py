"""The rule book as the console states it: text answers and the ``--json`` state."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from omaha_tui.console import Console
from omaha_tui.session import Session
from omaha_tui.store.journal import Journal

from .transcript import HERE, _setup, play

SESSIONS: list[int] = []


def json_lines(tmp_path: Path, header: dict[str, str], commands: list[str]) -> list[dict[str, Any]]:
    """Each command's ``--json`` answer at a table described like a transcript header."""
    journal = Journal.open(tmp_path / "j.sqlite3")
    try:
        setup = _setup(header)
        session = Session.create(journal, setup.events(), setup.name)
        SESSIONS.append(session.id)
        out = []
        for line in commands:
            buffer = io.StringIO()
            Console(session, buffer, as_json=True).line(line)
            out.append(json.loads(buffer.getvalue()))
        return out
    finally:
        journal.close()


def test_r1_5_example_returning_player_transcript(tmp_path: Path) -> None:
    text = play((HERE / "r1_5_returning_player_dead_button.txt").read_text(), tmp_path / "j.db")
    assert "Hand #2: button Bob; Cy posts small blind 1; Ann posts big blind 2" in text
    assert (
        "Hand #3: button Cy; Ann posts small blind 1; Bob posts big blind 2;"
        " Dee waits until the button has passed (R1.5)"
    ) in text
    assert "Hand #4: button Ann; Bob posts small blind 1; Cy posts big blind 2; Dee posts" in text


def test_r1_5_c_json_button_is_last_hands_small_blind_chair_while_a_player_waits(
    tmp_path: Path,
) -> None:
    header = {"players": "Ann:100,Bob:100,Cy:100,Dee:100", "blinds": "1/2", "seats": "4"}
    commands = ["next", "fold", "fold", "fold", "sitout Dee", "next", "fold", "fold"]
    commands += ["back Dee post", "next"]
    hand3 = json_lines(tmp_path, header, commands)[-1]["state"]
    assert (hand3["button"], hand3["dead_button"], hand3["sb"], hand3["bb"]) == (3, False, 1, 2)


def test_r1_5_c_json_dead_button_only_on_the_chair_a_player_left(tmp_path: Path) -> None:
    players = "Ann:200,Bob:200,Cy:150,Dee:300,Eve:200,Fay:100"
    header = {"players": players, "blinds": "1/2", "seats": "10"}
    commands = (["next"] + ["fold"] * 5) * 4 + ["leave Fay", "next"] + ["fold"] * 4 + ["next"]
    out = json_lines(tmp_path, header, commands)
    hands = [o["state"] for o, c in zip(out, commands, strict=True) if c == "next"]
    starts = [(h["hand"], h["button"], h["dead_button"], h["sb"], h["bb"]) for h in hands]
    assert starts == [
        (1, 1, False, 2, 3),
        (2, 2, False, 3, 4),
        (3, 3, False, 4, 5),
        (4, 4, False, 5, 6),
        (5, 5, False, None, 1),
        (6, 6, True, 1, 2),  # Fay's empty chair: dead; never a chair from 7 to 10
    ]


def test_r10_2_json_state_of_a_run_not_yet_dealt_and_its_resume(tmp_path: Path) -> None:
    header = {"players": "Ann:100,Bob:100,Cy:100", "game": "omaha8", "structure": "nl"}
    commands = ["next", "allin", "call", "call", "show Ann Ah 2s Kh Ks"]
    commands += ["show Bob As 3s Qh Qd", "show Cy 9c 9s 8c 8d", "deal 4h 5c 7h", "runtwice"]
    commands += ["deal Qs", "deal Ad"]
    out = json_lines(tmp_path, header, commands)
    assert all(o["ok"] for o in out)
    assert out[-1]["state"]["runs"] == 2
    assert out[-1]["state"]["board"] == ["4h", "5c", "7h", "Qs", "Ad"]  # run 2 still to deal
    journal = Journal.open(tmp_path / "j.sqlite3")
    try:
        session = Session.resume(journal, SESSIONS[-1])
        buffer = io.StringIO()
        Console(session, buffer, as_json=True).line("state")
        assert json.loads(buffer.getvalue())["state"]["runs"] == 2  # resumes, no crash
    finally:
        journal.close()


def test_console_words_for_pot_excess_level_walk_and_game(tmp_path: Path) -> None:
    name = "pot_breakdown_excess_level_and_walk.txt"
    text = play((HERE / name).read_text(), tmp_path / "j.db")
    assert "ok: Ann raises to 7 (R4.4: pot 3 + call 2 = 5; raise to 7)" in text  # R4.6
    assert "ok: Cy raises to 60 (excess returned 76)" in text  # 136 behind, never 939
    assert "> level 4\nok: Level 2: blinds 2/4" in text  # R2.3
    assert "Dee wins the hand, with no pot to take (R4.2)" in text
    assert "ok: Next hands: FL Omaha hi-lo 3/6 ante 1" in text
    assert "Omaha hi-lo fixed limit 3/6, hand #3" in text


def test_r8_early_awards_are_refused_with_the_same_words(tmp_path: Path) -> None:
    header = {"players": "Ann:200,Bob:200,Cy:200", "blinds": "1/2"}
    out = json_lines(tmp_path, header, ["next", "award", "award Ann"])
    assert out[1]["message"] == out[2]["message"]
    assert (
        out[1]["message"]
        == "pots are awarded at showdown; the hand is on the preflop: Ann is to act"
    )


def test_r10_3_json_equity_has_each_pot_and_the_expected_chips(tmp_path: Path) -> None:
    header = {"players": "Ann:100,Bob:300,Cy:300", "blinds": "1/2", "structure": "nl"}
    commands = ["next", "allin", "allin", "call", "show Ann Ah Kd 7c 7d"]
    commands += ["show Bob Qh Jh Tc 8c", "show Cy 9s 9c 3h 4h", "deal Kh 7h 2c"]
    seats = json_lines(tmp_path, header, commands)[-1]["state"]["seats"]
    ann, bob, cy = (s["equity"] for s in seats)
    assert [p["pot"] for p in ann["pots"]] == ["main pot"]  # a short all-in: main pot only
    assert [(p["pot"], p["amount"]) for p in bob["pots"]] == [
        ("main pot", 300),
        ("side pot 1", 400),
    ]
    side = bob["pots"][1]["equity"] + cy["pots"][1]["equity"]
    assert side == pytest.approx(1.0, abs=1e-3)
    assert ann["expected"] + bob["expected"] + cy["expected"] == pytest.approx(700, abs=0.1)


def test_r4_6_bet_pot_and_raise_pot_are_the_binding_pot_as_said_aloud(tmp_path: Path) -> None:
    """The dealer types what the player said: ``raise pot`` is the R4.4 maximum with its
    arithmetic, ``bet POT`` on the flop too, and ``raise allin`` is ``allin``: refused
    with the range when the stack is above the pot-limit maximum."""
    journal = Journal.open(tmp_path / "j.sqlite3")
    try:
        setup = _setup({"players": "Ann:200,Bob:200,Cy:200", "blinds": "1/2"})
        session = Session.create(journal, setup.events(), setup.name)
        buffer = io.StringIO()
        console = Console(session, buffer)
        for line in [
            "next",
            "raise pot",
            "call",
            "call",
            "deal Ah 7h 2c",
            "bet POT",
            "raise allin",
        ]:
            console.line(line)
        lines = buffer.getvalue().splitlines()
    finally:
        journal.close()
    assert lines[1] == "ok: Ann raises to 7 (R4.4: pot 3 + call 2 = 5; raise to 7)", lines
    assert lines[5] == "ok: Bob bets 21 (R4.4: pot 21; bet 21)", lines
    assert lines[6] == (  # as ``allin`` says it, and the app's key: the pot-limit maximum (R4.4)
        "refused: Cy (seat 3) cannot go all in for 193: raise to 193 is above the maximum:"
        " raise to 42 to 84; pot raises to the pot-limit maximum, 84"
    ), lines
