"""The rule book as the console states it: text answers and the ``--json`` state."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from omaha_tui.console import Console
from omaha_tui.session import Session
from omaha_tui.store.journal import Journal

from .transcript import HERE, _setup, play


def json_lines(tmp_path: Path, header: dict[str, str], commands: list[str]) -> list[dict[str, Any]]:
    """Each command's ``--json`` answer at a table described like a transcript header."""
    journal = Journal.open(tmp_path / "j.sqlite3")
    try:
        setup = _setup(header)
        session = Session.create(journal, setup.events(), setup.name)
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
        "Hand #3: button seat 4 (dead, R1.5); Ann posts small blind 1; Bob posts big blind 2;"
        " Dee waits until the button has passed (R1.5)"
    ) in text
    assert "Hand #4: button Ann; Bob posts small blind 1; Cy posts big blind 2; Dee posts" in text


def test_r1_5_c_json_button_is_the_chair_even_when_its_player_waits(tmp_path: Path) -> None:
    header = {"players": "Ann:100,Bob:100,Cy:100,Dee:100", "blinds": "1/2", "seats": "4"}
    commands = ["next", "fold", "fold", "fold", "sitout Dee", "next", "fold", "fold"]
    commands += ["back Dee post", "next"]
    hand3 = json_lines(tmp_path, header, commands)[-1]["state"]
    assert (hand3["button"], hand3["dead_button"], hand3["sb"], hand3["bb"]) == (4, True, 1, 2)
