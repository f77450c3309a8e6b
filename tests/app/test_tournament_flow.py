"""A tournament through the app with Pilot (R11): the standings on the table from the
first entry to the winner, a colour-up and a deal."""

from __future__ import annotations

import argparse
from decimal import Decimal
from pathlib import Path

from textual.widgets import Input, Select, Static

from omaha_tui.app.app import OmahaApp, TableStart
from omaha_tui.app.screens.setup import SetupScreen
from omaha_tui.app.screens.table import TableScreen
from omaha_tui.app.speech import SilentBackend
from omaha_tui.app.widgets.standings import StandingsBar
from omaha_tui.cli import play
from omaha_tui.cli.play import table_start
from omaha_tui.engine.decisions import requests as rq


def _start(*flags: str) -> TableStart:
    parser = argparse.ArgumentParser()
    play.register(parser.add_subparsers())
    args = parser.parse_args(
        ["play", "--structure", "nl", "--tournament", "--buy-in", "20", "--stack", "100", *flags]
    )
    start = table_start(args)
    assert start is not None
    return start


def _app(tmp_path: Path, start: TableStart | None) -> OmahaApp:
    return OmahaApp(
        db=tmp_path / "journal.sqlite3",
        start=start,
        now=lambda: 0.0,
        speech=SilentBackend(),
        settings_path=tmp_path / "settings.json",
    )


def _bar(app: OmahaApp) -> str:
    bar = app.table.query_one(StandingsBar)
    assert bar.display
    return str(bar.render())


async def test_r11_tournament_from_the_first_hand_to_a_winner(tmp_path: Path) -> None:
    app = _app(tmp_path, _start("--players", "Ann,Bob,Cy", "--payouts", "70/30"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "3 entries" in _bar(app) and "pool 60 (1st 42 · 2nd 18)" in _bar(app)
        for key in ("n", "a", "a", "a"):
            await pilot.press(key)
        await pilot.pause()
        for _ in range(3):
            app.request(rq.DealCards())
        out = app.request(rq.AwardByHand(((1,),)))
        await pilot.pause()
        assert out.ok, out.message
        assert "Prizes paid: Bob 42" in out.message
        bar = _bar(app)
        assert "1 left" in bar and "1st Bob 42" in bar and "2nd= Ann 9" in bar
        assert "the tournament is over" in bar


async def test_r11_4_colour_up_and_r11_5_deal_at_the_table(tmp_path: Path) -> None:
    app = _app(tmp_path, _start("--players", "Ann,Bob,Cy", "--blinds", "5/10", "--chip", "1"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for seat, delta in ((0, 3), (1, 4), (2, -7)):  # leftovers 3, 4, 3: two 5s
            app.request(rq.Correct(seat, delta, "count"))
        race = app.request(rq.ColourUp(5, winners=(0, 1)))
        assert race.ok, race.message
        assert "the total changes by +0 (R11.4)" in race.message
        assert [p.stack for p in app.session.state.seats if p] == [105, 105, 90]
        deal = app.request(rq.AgreeDeal(((0, Decimal(20)), (1, Decimal(20)), (2, Decimal(20)))))
        await pilot.pause()
        assert deal.ok and "Prizes paid" in deal.message
        assert "deal agreed" in _bar(app) and "the tournament is over" in _bar(app)
        await pilot.press("u", "u")  # the prizes, then the deal
        await pilot.pause()
        assert "deal agreed" not in _bar(app)


async def test_r11_setup_screen_tournament_mode_to_a_winner(tmp_path: Path) -> None:
    app = _app(tmp_path, None)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert not screen.query_one("#tournament-grid").display
        screen.query_one("#mode", Select).value = "tournament"
        screen.query_one("#structure", Select).value = "nl"
        await pilot.pause()
        assert screen.query_one("#tournament-grid").display
        for cash in ("#chip", "#straddle", "#default-buyin", "#chip-value", "#currency"):
            assert not screen.query_one(cash).display, cash  # a cash game's field
            assert not screen.query_one(f"{cash}-label").display, cash
        assert (
            not screen.query_one("#buyin-0").display
            and not screen.query_one("#button-rule").display
        )
        assert screen.query_one("#t-chip").display  # the tournament's chip (R11.7)
        screen.query_one("#t-buy_in", Input).value = "x"
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#name-1", Input).value = "Bob"
        screen.query_one("#button-mode", Select).value = "place"
        await pilot.pause()
        screen.query_one("#button-seat", Select).value = 0
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)  # one line says what to fix
        assert "is not an amount of money" in str(screen.query_one("#error", Static).render())
        screen.query_one("#t-buy_in", Input).value = "25"
        screen.query_one("#t-stack", Input).value = "300"
        screen.query_one("#t-chip", Input).value = "25"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)  # R11.7: the blinds 1/2 need chips of 1
        error = str(screen.query_one("#error", Static).render())
        assert error == (
            "Chip 25: level 1 (1/2) cannot be played in 25 chips: its small blind 1 is not "
            "a multiple of 25 (R11.7)"
        )
        screen.query_one("#t-chip", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert [p.stack for p in app.session.state.seats if p] == [300, 300]
        assert "pool 50 (1st 50)" in _bar(app)
        for key in ("n", "a", "a"):
            await pilot.press(key)
        await pilot.pause()
        for _ in range(3):
            app.request(rq.DealCards())
        out = app.request(rq.AwardByHand(((0,),)))
        await pilot.pause()
        assert "Prizes paid: Ann 50" in out.message
        assert "1st Ann 50" in _bar(app) and "2nd Bob" in _bar(app)


async def test_r11_the_standings_line_names_the_next_break(tmp_path: Path) -> None:
    app = _app(tmp_path, _start("--players", "Ann,Bob,Cy", "--levels", "1/2:20,break:5,2/4:20"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "break in 20:00" in _bar(app)  # the clock starts with the first hand
