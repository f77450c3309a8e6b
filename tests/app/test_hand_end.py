"""The key that ends a hand (R4.2: the last fold wins the pot) changes the table as
little as any other key: the felt stays where it is, every seat shows its new look as
if drawn afresh, the clock is not drawn again, and the hand reaches the journal's main
file once the screen shows it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from textual.pilot import Pilot

from omaha_tui.app.app import OmahaApp
from omaha_tui.app.widgets.action_bar import ActionBar
from omaha_tui.app.widgets.board import Board
from omaha_tui.app.widgets.clock import LevelClock
from omaha_tui.app.widgets.pots import Pots
from omaha_tui.app.widgets.seat import Seat
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.session import Player, TableSetup

from .test_flows import make_app
from .test_seat_repaint import _cells, _drawn_afresh

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
PATIENCE = 200
"""Pauses a test waits for what follows a frame (a hang guard, not a timing)."""


def _table(players: int) -> TableSetup:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    return TableSetup(config, tuple(Player(i, NAMES[i], 1_000) for i in range(players)))


def _ended(app: OmahaApp) -> bool:
    hand = app.session.state.hand if app.session is not None else None
    return hand is not None and hand.complete


async def _fold_round(app: OmahaApp, pilot: Pilot[None], players: int) -> None:
    """Everybody folds to the last player, who wins the pot (R4.2)."""
    for _ in range(players):
        if _ended(app):
            return
        await pilot.press("f")
        await pilot.pause()
    assert _ended(app)


def _in_main_file(db: Path) -> int:
    """Events in the journal's main file alone (its write-ahead log ignored)."""
    conn = sqlite3.connect(f"file:{db}?immutable=1", uri=True)
    try:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])
    finally:
        conn.close()


@pytest.mark.parametrize("size", [(160, 50), (80, 24)])
async def test_r4_2_the_felt_stays_still_when_the_last_fold_ends_the_hand(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The blinds in front are swept into the big blind's stack; the pots' lines stay as
    blank rows until the next deal, so the board and the pots do not move (nor is the
    screen laid out again)."""
    app = make_app(tmp_path, _table(4))
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        board, pots = app.table.query_one(Board), app.table.query_one(Pots)
        where = (board.region, pots.region)
        await _fold_round(app, pilot, 4)
        assert "wins" in app.table.query_one(ActionBar).status_text
        assert (board.region, pots.region) == where


@pytest.mark.parametrize("size", [(160, 50), (80, 24)])
async def test_r4_2_every_seat_shows_its_new_look_when_the_hand_ends(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """All ten seats change look at once (folded, in the hand, to act: none of them any
    more); what the key leaves on screen is the table drawn afresh."""
    app = make_app(tmp_path, _table(10))
    async with app.run_test(size=size) as pilot:
        await pilot.press("n", "c")  # a call, then the others fold to it
        await pilot.pause()
        for _ in range(10):
            await pilot.press("f")
            await pilot.pause()
            left = _cells(app)
            assert left == await _drawn_afresh(app, pilot)
            if _ended(app):
                break
        assert _ended(app)
        seats = [s for s in app.table.query(Seat) if s.display]
        assert len(seats) == 10
        assert all(s.classes == {"seat"} for s in seats)


async def test_a_key_that_leaves_the_clock_as_it_was_does_not_draw_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawing the clock anew lays the whole screen out again: only a new reading does."""
    drawn: list[object] = []
    update = LevelClock.update

    def counted(self: LevelClock, *args: object, **kwargs: object) -> None:
        drawn.append(args)
        update(self, *args, **kwargs)  # type: ignore[arg-type]

    app = make_app(tmp_path, _table(4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        monkeypatch.setattr(LevelClock, "update", counted)
        await pilot.press("c")
        await _fold_round(app, pilot, 4)
        assert drawn == []


async def test_a_hand_ended_by_a_key_is_in_the_main_file_once_it_is_shown(
    tmp_path: Path,
) -> None:
    """The copy into the main file waits for the frame, not the other way round; it
    still comes, so a copy of the one file holds every hand that has ended."""
    app = make_app(tmp_path, _table(3))
    db = tmp_path / "journal.sqlite3"
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2):
            await pilot.press("n")
            await pilot.pause()
            assert app.session is not None
            await _fold_round(app, pilot, 3)
            for _ in range(PATIENCE):
                await pilot.pause()
                if _in_main_file(db) == len(app.session.events()):
                    break
            assert _in_main_file(db) == len(app.session.events())
