"""The players' display in a real browser (headless Chromium) for a tournament (R11):
the standings beside the clock on a TV and a phone, the places and the money settle-up
when it is over; and a cash game's money settlement on its end screen (R12).

The server is ``omaha-tui display`` on the journal a stand-in dealer process writes,
as in :mod:`tests.display.test_display_browser`.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from omaha_tui.engine.clock_events import ClockStarted, ScheduleSet
from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.opening import opening_events
from omaha_tui.engine.rules.tournament.structure import TournamentConfig
from omaha_tui.session.grammar import parse_levels
from tests import decided as commands
from tests.app.hands import seated
from tests.display.browser import ROOT, Browser, artifact, chromium, stop_group
from tests.display.test_display_browser import HEIGHT, OVERLAPS, TEXT, free_port, seq_shown
from tests.display.test_display_follows import Dealer

WITH_STRIP = OVERLAPS.replace('"#top > section, ', '"#top > section, #tournament, .t-item, ')
assert WITH_STRIP != OVERLAPS
FITS = """
[...document.querySelectorAll('#top > section, #felt')]
  .filter(e => e.scrollHeight > e.clientHeight + 1).map(e => e.id)
  .concat([...document.querySelectorAll('#board .card')]
    .filter(c => c.getBoundingClientRect().bottom
      > document.querySelector('#felt').getBoundingClientRect().bottom + 1)
    .map(c => 'a board card'))
"""


@pytest.fixture
def dealer(tmp_path: Path) -> Iterator[Dealer]:
    chromium()
    d = Dealer(tmp_path / "journal.sqlite3")
    try:
        yield d
    finally:
        d.stop()


@pytest.fixture
async def browser(tmp_path: Path) -> AsyncIterator[Browser]:
    chromium()
    async with Browser(tmp_path / "profile") as b:
        yield b


async def serve(db: Path, port: int | None = None) -> tuple[subprocess.Popen[str], str]:
    port = port or free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "omaha_tui", "display", "--db", str(db), "1", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert server.stdout is not None
    first = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 30)
    url = f"http://localhost:{port}"
    assert url in first, first
    return server, url


def record(dealer: Dealer, request: rq.Request) -> int:
    assert dealer.state is not None
    return dealer.record(list(commands.events(dealer.state, request)))


async def test_r11_the_display_shows_the_standings_then_the_places_and_the_settle_up(
    tmp_path: Path, dealer: Dealer, browser: Browser
) -> None:
    config = TableConfig(
        variant=parse_game("plo"), stakes=Stakes(big_blind=2), structure=Structure.NO_LIMIT
    )
    tournament = TournamentConfig(buy_in=Decimal(20), stack=100, payouts=(Decimal(70), Decimal(30)))
    players = [(0, "Ann", 100), (1, "Bob", 100), (2, "Cy", 100)]
    now = datetime.now(UTC) - timedelta(seconds=5)  # under 20:00 left however fast the page
    clock = [ScheduleSet(schedule=parse_levels("1/2:20,break:10,2/5:20"), at=now)]
    dealer.record([*opening_events(config, players, button=2, tournament=tournament), *clock])
    dealer.record([ClockStarted(at=now)])
    server, url = await serve(tmp_path / "journal.sqlite3")
    try:
        await browser.size(1920, 1080)
        await browser.open(url)
        await browser.wait_for("!document.querySelector('#tournament').hidden", "the standings")
        strip = await browser.evaluate(TEXT.format("#tournament"))
        assert "3 of 3 left" in strip and "average 100" in strip, strip
        assert "3 entries" in strip and "pool 60" in strip, strip
        assert "1st 42" in strip and "2nd 18" in strip, strip
        assert "break in 19:" in await browser.evaluate(TEXT.format("#next-box"))
        assert await browser.evaluate(HEIGHT.format("#tournament")) > 0
        assert await browser.evaluate(WITH_STRIP) == []
        await browser.size(390, 844, mobile=True)
        await browser.wait_for("innerWidth === 390", "the phone's width")
        assert await browser.evaluate(HEIGHT.format("#tournament")) > 0
        assert await browser.evaluate(WITH_STRIP) == []

        for request in (rq.NextHand(), rq.AllIn(), rq.AllIn(), rq.AllIn()):
            record(dealer, request)
        for _ in range(3):
            record(dealer, rq.DealCards())
        seq = record(dealer, rq.AwardByHand(((0,),)))  # Ann wins everything
        await seq_shown(browser, seq, "the winner")
        assert await browser.evaluate("document.body.dataset.phase") == "ended"
        end = await browser.evaluate(TEXT.format("#end-screen"))
        assert "The tournament is over" in end, end
        places = await browser.evaluate(
            "[...document.querySelectorAll('#places .place')].map(p => p.textContent)"
        )
        assert places == ["1stAnn42", "2nd=Bob9", "2nd=Cy9"], places
        assert "Prize" in end and "+22" in end, end
        assert "Bob pays Ann 11" in end and "Cy pays Ann 11" in end, end
        assert await browser.evaluate(WITH_STRIP) == []
        await browser.size(1920, 1080)
        assert await browser.evaluate(HEIGHT.format("#end-screen")) > 0
        assert await browser.evaluate(HEIGHT.format("#tournament")) == 0
    except BaseException:
        shot = artifact("display-tournament.png")
        await browser.screenshot(shot)
        print(f"screenshot of the page: {shot}")
        raise
    finally:
        stop_group(server)


async def test_r12_the_end_screen_shows_who_pays_whom_in_money(
    tmp_path: Path, dealer: Dealer, browser: Browser
) -> None:
    dealer.record(seated("plo", ["Ann", "Bob", "Cy"]))
    server, url = await serve(tmp_path / "journal.sqlite3")
    try:
        await browser.size(1920, 1080)
        await browser.open(url)
        record(dealer, rq.SetChipValue(100, Decimal("10.00"), "EUR"))
        record(dealer, rq.ShareExpense(Decimal("10.00"), "pizza"))
        for request in (rq.NextHand(), rq.Fold(), rq.Fold()):
            record(dealer, request)
        seq = record(dealer, rq.EndSession())
        await seq_shown(browser, seq, "the end of the session")
        assert await browser.evaluate("document.body.dataset.phase") == "ended"
        lines = await browser.evaluate(
            "[...document.querySelectorAll('#transfers li')].map(p => p.textContent)"
        )
        assert lines[0] == "Settle-up at 100 chips = 10.00 EUR (fewest payments):", lines
        assert any(" pays the bank " in x and x.endswith(" EUR") for x in lines), lines
        assert any(x.startswith("odd money: pizza: 0.01 EUR does not divide") for x in lines)
        assert await browser.evaluate(TEXT.format("#tournament")) is not None
        assert await browser.evaluate(HEIGHT.format("#tournament")) == 0  # a cash game
        assert await browser.evaluate(WITH_STRIP) == []
    except BaseException:
        shot = artifact("display-settlement.png")
        await browser.screenshot(shot)
        print(f"screenshot of the page: {shot}")
        raise
    finally:
        stop_group(server)


async def test_r11_nine_players_the_strip_the_board_and_the_seats_all_fit_a_tv(
    tmp_path: Path, dealer: Dealer, browser: Browser
) -> None:
    config = TableConfig(
        variant=parse_game("plo"), stakes=Stakes(big_blind=50), structure=Structure.NO_LIMIT
    )
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
    players = [(i, n, 1000) for i, n in enumerate(names)]
    now = datetime.now(UTC)
    clock = [ScheduleSet(schedule=parse_levels("25/50:20,break:10,50/100:20"), at=now)]
    tournament = TournamentConfig(buy_in=Decimal(20), stack=1000)
    dealer.record([*opening_events(config, players, button=8, tournament=tournament), *clock])
    server, url = await serve(tmp_path / "journal.sqlite3")
    try:
        await browser.size(1920, 1080)
        await browser.open(url)
        seq = record(dealer, rq.NextHand())
        await seq_shown(browser, seq, "the first hand")
        assert "9 of 9 left" in await browser.evaluate(TEXT.format("#tournament"))
        assert await browser.evaluate(WITH_STRIP) == []
        assert await browser.evaluate(FITS) == []
        clock_height = await browser.evaluate(HEIGHT.format("#clock"))
        assert clock_height >= 1080 * 0.14, f"the clock is {clock_height:.0f} px high"
        await browser.size(390, 844, mobile=True)
        await browser.wait_for("innerWidth === 390", "the phone's width")
        assert await browser.evaluate(WITH_STRIP) == []
    except BaseException:
        shot = artifact("display-tournament-nine.png")
        await browser.screenshot(shot)
        print(f"screenshot of the page: {shot}")
        raise
    finally:
        stop_group(server)
