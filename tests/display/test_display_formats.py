"""R13.1 and R13.3 on the players' display: the web page's room view and the terminal
display say the next hand is a bomb pot before the deal, that a hand is one, and who
straddled."""

from __future__ import annotations

from pathlib import Path

from omaha_tui.app.widgets.seat import Seat
from omaha_tui.display.app import DisplayApp
from omaha_tui.display.follower import Follower
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.session import Player, Session, TableSetup
from omaha_tui.store.journal import Journal
from tests.display.test_room_view import play, table, view


def test_r13_1_room_view_says_the_next_hand_is_a_bomb_pot_then_that_this_one_is() -> None:
    state = play(table(("Ann", "Bob", "Cy"), (100, 100, 100)), rq.SetBomb(5, double=True))
    assert view(state)["street"] == "Between hands · next: a double-board bomb pot of 5"
    dealt = play(state, rq.NextHand())
    assert "bomb pot" in str(view(dealt)["street"])
    assert view(dealt)["pot_total"] == 15


def test_r13_3_room_view_marks_the_straddler() -> None:
    state = play(
        table(("Ann", "Bob", "Cy", "Dee"), (100,) * 4),
        rq.SetStraddle(4, button=True),
        rq.NextHand(),
    )
    marks = {s["name"]: s["markers"] for s in view(state)["seats"]}  # type: ignore[union-attr]
    button = next(n for n, m in marks.items() if "D" in m)
    assert "STR" in marks[button]


async def test_r13_the_terminal_display_shows_the_bomb_pot_and_the_straddler(
    tmp_path: Path,
) -> None:
    db = tmp_path / "journal.sqlite3"
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    names = ("Ann", "Bob", "Cy", "Dee")
    setup = TableSetup(config, tuple(Player(i, n, 100) for i, n in enumerate(names)))
    with Journal.open(db) as journal:
        session = Session.create(journal, setup.events(), setup.name)
        assert session.request(rq.SetStraddle(4, seat=3)).ok
        assert session.request(rq.NextHand()).ok
    app = DisplayApp(Follower.open(db), poll_seconds=0.05, now=lambda: 0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        seats = {s.border_title: s.border_subtitle for s in app.query(Seat) if s.display}
        assert any("STR" in str(marks) for marks in seats.values()), seats
