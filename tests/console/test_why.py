"""The console explains a showdown with the session's read model (session/showdown), as
the app's showdown screen shows it: each pot, who wins each half with which two and
three cards (R6, R8.3), and why each other claim fails."""

from __future__ import annotations

import io

from omaha_tui.console import Console
from omaha_tui.session import Session
from omaha_tui.store.journal import Journal

from .transcript import _setup


def _answers(lines: list[str]) -> list[str]:
    journal = Journal.in_memory()
    try:
        setup = _setup({"players": "Ann:100,Bob:100,Cy:100", "blinds": "1/2"})
        session = Session.create(journal, setup.events(), setup.name)
        buffer = io.StringIO()
        console = Console(session, buffer)
        for line in lines:
            console.line(line)
        return buffer.getvalue().splitlines()
    finally:
        journal.close()


def test_r8_3_why_names_the_two_and_three_cards_and_why_the_others_lose() -> None:
    checked_street = ["check", "check", "check"]
    out = _answers(
        [
            "why",
            "next",
            "call",
            "call",
            "check",
            "deal Ah Kd 7c",
            *checked_street,
            "deal 2s",
            *checked_street,
            "deal 9h",
            *checked_street,
            "show Ann As Ks Qs Js",
            "show Bob 2h 3h 4d 5c",
            "show Cy 7d 7h 8c 8d",
            "award",
            "why",
        ],
    )
    assert out[0] == ("refused: no showdown to explain: the hands are read once they are tabled")
    assert out[-4:] == [
        "ok: Main pot 6: Bob, Cy, Ann",
        "  wins: Cy +6, three sevens: 7d 7h from the hand + Ah Kd 7c from the board",
        "  Bob: pair of twos, loses to Cy's three sevens",
        "  Ann: two pair, aces and kings, loses to Cy's three sevens",
    ]
