"""R10 on the players' display: the tabled hands with their equity, and every run of
a board run twice, read from a journal the dealer's session wrote."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from omaha_tui.app.widgets.seat import Seat
from omaha_tui.display.app import DisplayApp
from omaha_tui.display.follower import Follower
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.session import Player, Session, TableSetup
from omaha_tui.store.journal import Journal


def record_run_twice(db: Path) -> None:
    """Three hi-lo hands all in and tabled, run twice from the flop, run 1 out."""
    config = TableConfig(variant=parse_game("omaha8"), stakes=Stakes(big_blind=2))
    setup = TableSetup(config, tuple(Player(i, n, 6) for i, n in enumerate(("Ann", "Bob", "Cy"))))
    with Journal.open(db) as journal:
        session = Session.create(journal, setup.events(), setup.name)
        hands = ((0, "Ah 2s Kh Ks"), (1, "As 3s Qh Qd"), (2, "9c 9s 8c 8d"))
        for request in (
            rq.NextHand(),
            rq.AllIn(),
            rq.Call(),
            rq.Call(),
            rq.TableHands(hands),
            rq.DealCards("4h 5c 7h"),
            rq.RunItTwice(),
            rq.DealCards("Qs"),
            rq.DealCards("Ad"),
        ):
            assert session.request(request).ok, request


async def test_r10_2_the_display_shows_each_run_and_the_next_runs_equity(tmp_path: Path) -> None:
    db = tmp_path / "journal.sqlite3"
    record_run_twice(db)
    app = DisplayApp(Follower.open(db), poll_seconds=0.05, now=lambda: 0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        runs = str(app.query_one("#runs", Static).render())
        assert "Run 1  4♥" in runs and "Run 2  4♥" in runs
        seats = [str(s.render()) for s in app.query(Seat) if s.display]
        # R10.3 for run 2: reckoned from the shared flop without run 1's Qs and Ad.
        assert sum("%" in text and "/L" in text for text in seats) == 3, seats
