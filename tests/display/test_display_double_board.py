"""R13.2 on the players' display: both boards and who won each, on the terminal display
and in the web page's JSON, with each board's equity per pot, read from a journal the
dealer's session wrote."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from omaha_tui.display.app import DisplayApp
from omaha_tui.display.follower import Follower
from omaha_tui.display.room import room_view
from omaha_tui.engine.allin.spot import spot_equity
from omaha_tui.engine.allin.table_spot import all_in_spot
from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.state import TableState
from omaha_tui.session import Player, Session, TableSetup
from omaha_tui.session.document_hand import equities
from omaha_tui.session.view import table_view
from omaha_tui.store.journal import Journal

HANDS = ((0, "Ks Kd 6c 6h"), (1, "9c 8c 3c 3d"), (2, "9d 8d 2c 2d"))


def record_double_board(db: Path, *, settle: bool) -> TableState:
    """R13.2's example: Ann, Bob and Cy all in for 40 on a double board."""
    config = TableConfig(
        variant=parse_game("omaha"),
        structure=Structure.NO_LIMIT,
        stakes=Stakes(big_blind=2),
        double_board="every",
    )
    setup = TableSetup(config, tuple(Player(i, n, 40) for i, n in enumerate(("Ann", "Bob", "Cy"))))
    steps: list[rq.Request] = [
        rq.NextHand(),
        rq.AllIn(),
        rq.Call(),
        rq.Call(),
        rq.TableHands(HANDS),
        rq.DealCards("Kc 7d 2h | Th Jh Qd"),
    ]
    if settle:
        steps += [rq.DealCards("9s | 3s"), rq.DealCards("4c | 5d"), rq.AwardByCards()]
    with Journal.open(db) as journal:
        session = Session.create(journal, setup.events(), setup.name)
        for request in steps:
            assert session.request(request).ok, request
        return session.state


def test_r13_2_the_room_json_has_both_boards_each_boards_equity_and_winners(
    tmp_path: Path,
) -> None:
    state = record_double_board(tmp_path / "a.sqlite3", settle=False)
    view = table_view(state)
    room = room_view(state, title="Friday", clock=None, seq=1, table=view)
    assert room["boards"] == [["Kc", "7d", "2h"], ["Th", "Jh", "Qd"]]
    assert [r["label"] for r in room["run_rows"]] == ["Board 1", "Board 2"]
    spot = all_in_spot(state)
    assert spot is not None
    lines = equities(spot, spot_equity(spot), view)
    assert [(p["board"], p["amount"]) for p in lines] == [(1, 60), (2, 60)]
    settled = record_double_board(tmp_path / "b.sqlite3", settle=True)
    room = room_view(settled, title="Friday", clock=None, seq=2)
    winners = {(w["name"], w["board"], w["amount"]) for w in room["last_hand"]["winners"]}
    assert winners == {("Ann", 1, 60), ("Bob", 2, 30), ("Cy", 2, 30)}
    assert {w["for"] for w in room["last_hand"]["winners"]} == {"board 1", "board 2"}


async def test_r13_2_the_terminal_display_shows_both_boards_and_who_won_each(
    tmp_path: Path,
) -> None:
    db = tmp_path / "journal.sqlite3"
    record_double_board(db, settle=True)
    app = DisplayApp(Follower.open(db), poll_seconds=0.05, now=lambda: 0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        boards = str(app.query_one("#runs", Static).render())
        assert "Board 1  K♣" in boards and "Ann 60" in boards
        assert "Board 2  T♥" in boards and "Bob 30, Cy 30" in boards
