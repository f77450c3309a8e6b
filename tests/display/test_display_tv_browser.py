"""A tournament on the TV at 3, 6 and 10 seats, in a real browser: side pots with each
pot's all-in shares (high and low apart in a split game, R10.3), a bust told as it
happens (R11.3), a new level with its banner and the big-blind ante named (R2.7), and a
deal whose prizes replace the table's (R11.5). At each moment nothing is cut off or
overlaps at a TV's size and a phone's (:data:`~tests.display.layout.LAYOUT`), and a
screenshot of the TV is kept in ``test-artifacts/``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.decisions import clock_requests as cq
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.rules.tournament.structure import TournamentConfig
from omaha_tui.session import Player, TableSetup
from omaha_tui.session.grammar import parse_levels
from omaha_tui.session.tournament import deal_proposal
from tests.display.browser import Browser, artifact
from tests.display.test_display_browser import TEXT
from tests.display.test_display_moments_browser import (  # noqa: F401  (fixtures)
    browser,
    laid_out_well,
    make_table,
    shown,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
LEVELS = "25/50:20,50/100/bb100:20"
HELD = {0: "Qs Qd Js Jd", 1: "Ah Kh 4c 5c", 2: "Ts Td 7s 7c"}


def tournament(seats: int, game: str) -> TableSetup:
    config = TableConfig(
        variant=parse_game(game),
        stakes=Stakes(small_blind=25, big_blind=50),
        structure=Structure.NO_LIMIT,
    )
    players = tuple(Player(i, NAMES[i], 1000) for i in range(seats))
    config_t = TournamentConfig(buy_in=Decimal(20), stack=1000)
    return TableSetup(config, players, schedule=parse_levels(LEVELS), tournament=config_t)


def first_hand(table: Any) -> None:
    """Ann raises to 500 and bets 200 more on the flop, Bob calls the 500 and folds, Cy
    calls both and wins: Ann has 300 left, Bob 500, Cy the most."""

    def street(act: Any) -> None:
        legal = table.session.available().legal
        while legal is not None:  # until the street's betting is over
            table(act(legal.seat, legal.call_amount))
            legal = table.session.available().legal

    raised = [False]

    def preflop(seat: int, call: int) -> rq.Request:
        if seat == 0 and not raised[0]:
            raised[0] = True
            return rq.RaiseTo(500)
        return rq.Call() if seat in (0, 1, 2) else rq.Fold()

    def flop(seat: int, call: int) -> rq.Request:
        if seat == 0 and not call:
            return rq.Bet(200)
        if call:
            return rq.Fold() if seat == 1 else rq.Call()
        return rq.Check()

    table(rq.NextHand())
    street(preflop)
    table(rq.DealCards())
    street(flop)
    for _ in range(2):
        table(rq.DealCards())
        street(lambda seat, call: rq.Check())
    table(rq.AwardByHand(((2,),)))
    stacks = [table.session.state.seats[i].stack for i in range(3)]
    assert stacks[:2] == [300, 500] and stacks[2] > 1000, stacks


async def shot(page: Browser, name: str) -> None:
    await page.size(1920, 1080)
    await page.evaluate("new Promise(r => requestAnimationFrame(() => r(0)))")
    await page.screenshot(artifact(name))


@pytest.mark.parametrize(("seats", "game"), [(3, "plo8"), (6, "plo"), (10, "plo")])
async def test_r10_3_r11_r2_7_the_tv_tells_the_room_what_happened(
    make_table: Any,  # noqa: F811  (the fixture imported above)
    browser: Browser,  # noqa: F811
    seats: int,
    game: str,
) -> None:
    table = await make_table(tournament(seats, game), browser)
    first_hand(table)
    table(rq.NextHand())
    while not table.session.state.hand.betting_over:  # Ann and Bob all in, Cy calls
        seat = table.session.state.hand.to_act
        table(rq.AllIn() if seat in (0, 1) else rq.Call() if seat == 2 else rq.Fold())
    table(rq.TableHands(tuple(HELD.items())))
    seq = table(rq.DealCards("2h 3h 9h"))
    await shown(browser, seq, "the flop")
    await browser.wait_for("document.querySelectorAll('.equity').length === 2", "two pots' shares")
    pots = await browser.evaluate(
        "[...document.querySelectorAll('.equity-pot')].map(e => e.textContent)"
    )
    assert [p.split()[0] for p in pots] == ["Main", "Side"], pots
    if game == "plo8":  # a split game: high and low apart
        halves = await browser.evaluate(TEXT.format("#equities"))
        assert "hi " in halves and "lo " in halves, halves
    await laid_out_well(browser, f"{seats} seats all in with a side pot")
    await shot(browser, f"tv-{seats}-side-pots.png")

    seq = table(rq.DealCards("Kc"), rq.DealCards("8d"), rq.AwardByCards())
    await shown(browser, seq, "the award")
    await browser.wait_for("!document.getElementById('alert').hidden", "the bust's banner")
    banner = await browser.evaluate(TEXT.format("#alert"))
    assert f"Ann is out in {seats}" in banner, banner  # R11.3: the last place there is
    ticker = await browser.evaluate(TEXT.format("#t-ticker"))
    assert "out so far:" in ticker and "Ann" in ticker, ticker  # R11.1: late entry is open
    strip = await browser.evaluate(TEXT.format("#tournament"))
    assert f"{seats - 1} of {seats} left" in strip and "leader Cy 1,700" in strip, strip
    await laid_out_well(browser, f"{seats} seats after a bust")
    await shot(browser, f"tv-{seats}-bust.png")

    seq = table(cq.NextLevel())
    await shown(browser, seq, "level 2")
    await browser.wait_for(
        "document.getElementById('alert').textContent.startsWith('Blinds up')", "the banner"
    )
    assert await browser.evaluate(TEXT.format("#alert")) == "Blinds up: 50/100 · BB ante 100"
    assert await browser.evaluate(TEXT.format("#ante")) == "BB ante 100"  # R2.9's name
    assert (await browser.evaluate(TEXT.format("#level"))).startswith("Level 2")
    await laid_out_well(browser, f"{seats} seats at a new level")
    await shot(browser, f"tv-{seats}-level.png")

    keep = Decimal(10)  # play goes on for the 10 kept back for the winner (R11.5)
    proposal = deal_proposal(table.session.state, "icm", keep)
    seq = table(rq.AgreeDeal(tuple(sorted(proposal.items())), keep))
    await shown(browser, seq, "the deal")
    paid = await browser.evaluate(TEXT.format("#t-payouts"))
    assert paid.startswith("deal:") and "1st" not in paid, paid  # R11.5: the deal's prizes
    bob = proposal[1]
    assert f"Bob {bob:,}" in paid and "10 to the winner" in paid, paid
    assert await browser.evaluate("document.body.dataset.phase") == "play"
    await laid_out_well(browser, f"{seats} seats after a deal")
    await browser.evaluate("document.getElementById('alert').hidden = true")  # the strip
    await shot(browser, f"tv-{seats}-deal.png")
