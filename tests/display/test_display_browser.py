"""``omaha-tui display`` in a real browser: headless Chromium loads the page the server
serves while another process, standing in for the dealer's app, records the hand.

At 1920x1080 (a TV) and 390x844 (a phone) the page shows the blinds, the clock, the
board, the pots and the stacks, and follows a bet the dealer's process makes; the
clock's and the cards' rendered heights are measured, and on the phone no two boxes
overlap. Every wait is bounded; when the page does not show what it should, a
screenshot is kept in ``test-artifacts/`` (or ``$OMAHA_TUI_ARTIFACTS``).
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from omaha_tui.engine.clock_events import ClockMoved, ClockStarted, ScheduleSet
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.session.grammar import parse_levels
from tests import decided as commands
from tests.app.hands import seated
from tests.display.browser import ROOT, Browser, artifact, chromium, stop_group
from tests.display.test_display_follows import Dealer

SCHEDULE = parse_levels("1/2:20,break:10,2/5:20")

OVERLAPS = """
(() => {
  const sel = "#top > section, #top .line, #top .huge, #top .caption, #street, #board > .card,"
    + " #runs .card, #pot, .pot-line, .equity-hand, .winner, #turn, .seat, .seat > *,"
    + " .seat-body > *, .held > *";
  const shown = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
  const els = [...document.querySelectorAll(sel)].filter(shown);
  const name = (e) => e.id ? "#" + e.id : e.className + " '" + e.textContent.slice(0, 20) + "'";
  const bad = [];
  for (let i = 0; i < els.length; i++) for (let j = i + 1; j < els.length; j++) {
    const a = els[i], b = els[j];
    if (a.contains(b) || b.contains(a)) continue;
    const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (w > 1 && h > 1) bad.push(name(a) + " overlaps " + name(b));
  }
  if (document.documentElement.scrollWidth > innerWidth + 1)
    bad.push("the page is wider than the screen: " + document.documentElement.scrollWidth);
  return bad;
})()
"""

HEIGHT = "document.querySelector({!r}).getBoundingClientRect().height"
TEXT = "document.querySelector({!r}).textContent"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def dealer(tmp_path: Path) -> Iterator[Dealer]:
    chromium()  # skip (or fail under CI) before starting anything
    d = Dealer(tmp_path / "journal.sqlite3")
    try:
        yield d
    finally:
        d.stop()


@pytest.fixture
async def page(tmp_path: Path, dealer: Dealer) -> AsyncIterator[tuple[Browser, str]]:
    now = datetime.now(UTC) - timedelta(seconds=5)  # the dealer's clock, started (R2.7)
    clock = [ScheduleSet(schedule=SCHEDULE, at=now), ClockStarted(at=now)]
    dealer.record([*seated("plo", ["Ann", "Bob", "Cy"]), *clock])
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "omaha_tui",
            "display",
            "--db",
            str(tmp_path / "journal.sqlite3"),
            "1",
            "--port",
            str(port),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        assert server.stdout is not None
        first = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 30)
        url = f"http://localhost:{port}"
        assert url in first, first
        async with Browser(tmp_path / "profile") as browser:
            yield browser, url
    finally:
        stop_group(server)


async def seq_shown(browser: Browser, seq: int, what: str) -> None:
    await browser.wait_for(f"Number(document.body.dataset.seq) >= {seq}", what)


async def test_the_page_shows_the_table_on_a_tv_and_a_phone_and_follows_the_dealer(
    page: tuple[Browser, str], dealer: Dealer
) -> None:
    browser, url = page
    try:
        await browser.size(1920, 1080)
        await browser.open(url)
        for step in (commands.start_hand, commands.call, commands.call, commands.check):
            seq = dealer.act(step)
        seq = dealer.act(lambda s: commands.deal_board(s, "Ah Td 7c"))
        await seq_shown(browser, seq, "the flop")

        assert await browser.evaluate(TEXT.format("#blinds")) == "1/2"
        assert await browser.evaluate(TEXT.format("#level")) == "Level 1"
        next_box = await browser.evaluate(TEXT.format("#next-box"))
        assert "next: level 2 · 2/5" in next_box and "break in 19:" in next_box, next_box
        clock = await browser.evaluate(TEXT.format("#clock"))
        assert len(clock) == 5 and clock[2] == ":" and clock.replace(":", "").isdigit(), clock
        clock_height = await browser.evaluate(HEIGHT.format("#clock"))
        assert clock_height >= 1080 / 6, f"the clock is {clock_height:.0f} px high"
        version = await browser.evaluate("document.body.dataset.version")
        ticked = await browser.wait_for(
            f"document.querySelector('#clock').textContent < {clock!r}"
            " && document.querySelector('#clock').textContent",
            "the clock counting down",
            timeout=5,
        )
        # The page counted down by itself: no view was pushed meanwhile (the server pushes
        # on a journal change, or 15 s after the last push).
        assert await browser.evaluate("document.body.dataset.version") == version, ticked
        cards = await browser.evaluate(
            "[...document.querySelectorAll('#board .card')].map(c => c.getAttribute('aria-label')"
            " + ' ' + c.getBoundingClientRect().height)"
        )
        faces = [c.split()[0] for c in cards if not c.startswith("null")]
        assert faces == ["Ah", "Td", "7c"], cards
        assert min(float(c.split()[1]) for c in cards) >= 1080 / 5, cards
        assert await browser.evaluate(TEXT.format("#pot")) == "Pot 6"
        assert "Main pot 6" in await browser.evaluate(TEXT.format("#pots"))
        seats = await browser.evaluate(
            "[...document.querySelectorAll('.seat')].map(s => s.textContent)"
        )
        names = await browser.evaluate(
            "[...document.querySelectorAll('.seat-name')].map(s => s.textContent)"
        )
        assert names == ["Ann", "Bob", "Cy"] and all("198" in s for s in seats), seats
        assert await browser.evaluate(OVERLAPS) == []

        start = time.monotonic()
        seq = dealer.act(lambda s: commands.bet_or_raise(s, 4))  # Ann bets 4 on the flop
        await seq_shown(browser, seq, "Ann's bet")
        followed = time.monotonic() - start
        assert followed < 3, f"the page followed the bet after {followed:.1f} s"
        seats = await browser.evaluate(
            "[...document.querySelectorAll('.seat')].map(s => s.textContent)"
        )
        assert "bet 4" in seats[0] and "194" in seats[0], seats
        assert "Bob to act" in await browser.evaluate(TEXT.format("#turn"))
        assert await browser.evaluate(TEXT.format("#pot")) == "Pot 10"

        await browser.size(390, 844, mobile=True)
        await browser.wait_for("innerWidth === 390", "the phone's width")
        assert await browser.evaluate(TEXT.format("#blinds")) == "1/2"
        for what in ("#clock", "#board", "#pot", "#seats"):
            assert await browser.evaluate(HEIGHT.format(what)) > 0, f"{what} is not shown"
        assert await browser.evaluate(OVERLAPS) == []
        width = await browser.evaluate(
            "Math.max(...[...document.querySelectorAll('#board .card')]"
            ".map(c => c.getBoundingClientRect().right))"
        )
        assert width <= 390, f"the board runs off the phone's screen ({width:.0f} px)"

        dealer.act(commands.fold)  # Bob folds, Cy folds: Ann wins the pot
        seq = dealer.act(commands.fold)
        await seq_shown(browser, seq, "the award")
        winners = await browser.evaluate(TEXT.format("#winners"))
        # Ann wins the 6 in the middle; her bet of 4 came back uncalled (R4.9).
        assert "Hand #1" in winners and "Ann" in winners and "wins 6" in winners, winners
        assert await browser.evaluate(OVERLAPS) == []
        seq = dealer.record([ClockMoved(item=1, at=datetime.now(UTC))])  # the break, early
        await seq_shown(browser, seq, "the break")
        assert await browser.evaluate("document.body.dataset.phase") == "break"
        shown = await browser.evaluate(TEXT.format("#break-screen"))
        clock = await browser.evaluate(TEXT.format("#clock"))
        assert "then level 2 · 2/5" in shown and clock in ("10:00", "09:59", "09:58"), shown
        # one clock on the break screen: the top's, counting the break down
        assert await browser.evaluate(TEXT.format("#clock-caption")) == "break ends in"
        assert await browser.evaluate(OVERLAPS) == []
        seq = dealer.act(lambda s: commands.one(s, rq.EndSession()))
        await seq_shown(browser, seq, "the end of the session")
        assert await browser.evaluate("document.body.dataset.phase") == "ended"
        results = await browser.evaluate(TEXT.format("#end-screen"))
        assert "Ann" in results and "+" in results and "pays Ann" in results, results
        # R2.7: the clock stopped with the session; the page counts nothing down itself,
        # not even from a view that still carries seconds.
        assert await browser.evaluate(TEXT.format("#clock-caption")) == "ended"
        assert await browser.evaluate(TEXT.format("#clock")) == "--:--"
        stale = (
            "view.clock.seconds_left = 300; tick(); document.getElementById('clock').textContent"
        )
        assert await browser.evaluate(stale) == "--:--"
        await browser.size(1920, 1080)
        assert await browser.evaluate(HEIGHT.format("#end-screen")) > 0
        assert await browser.evaluate(HEIGHT.format("#seats")) == 0  # the results instead
    except BaseException:
        shot = artifact("display-browser.png")
        await browser.screenshot(shot)
        print(f"screenshot of the page: {shot}")
        raise


async def test_r2_7_the_page_writes_amounts_in_the_tables_decimals(tmp_path: Path) -> None:
    """At a table that counts in 0.25/0.50 the room view says so (``decimals``) and the
    page's one amount writer (room.js ``chips``, as shipped) shows 0.25/0.50, not 25/50."""
    import re

    from omaha_tui.display.room import room_view
    from omaha_tui.engine.config import Stakes, TableConfig, parse_game
    from omaha_tui.engine.opening import opening_events
    from omaha_tui.engine.reducer.replay import replay

    config = TableConfig(
        variant=parse_game("omaha"), stakes=Stakes(small_blind=25, big_blind=50), decimals=2
    )
    state = replay(opening_events(config, [(0, "A", 10000), (1, "B", 10000)], button=1))
    view = room_view(state, title="t", clock=None, seq=1)
    assert view["decimals"] == 2 and view["stakes"]["sb"] == 25
    source = (ROOT / "omaha_tui/display/static/room.js").read_text()
    found = re.search(r"let decimals = 0;.*?\nfunction chips\(n\) \{.*?\n\}\n", source, re.S)
    assert found is not None, "room.js has one chips() that reads decimals"
    chromium()
    async with Browser(tmp_path / "profile") as browser:
        await browser.evaluate(found.group(0) + "; window.chips = chips; 0")
        shown = await browser.evaluate(
            "decimals = 2; [chips(25), chips(50), chips(10000), chips(5075), chips(-25),"
            " chips(123456)]"
        )
        assert shown == ["0.25", "0.50", "100", "50.75", "-0.25", "1,234.56"]
        assert await browser.evaluate("decimals = 0; chips(1500)") == "1,500"
