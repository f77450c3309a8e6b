"""The moments of an evening on the players' page, in a real browser, at a TV's and a
phone's size: nothing wider than the screen, nothing overlapping, no text cut off, and
the key figures in letters of at least :data:`~tests.display.layout.TV_KEY_PX` on the
TV (:data:`~tests.display.layout.LAYOUT` says what is wrong).

The dealer here is a :class:`~omaha_tui.session.Session` in this process, as the app
records; the display is ``omaha-tui display`` on its journal; one headless Chromium
serves the whole module.
"""

from __future__ import annotations

import subprocess
from collections.abc import AsyncIterator, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.decisions import clock_requests as cq
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.rules.tournament.structure import TournamentConfig
from omaha_tui.session import Player, Session, TableSetup
from omaha_tui.session.grammar import parse_levels
from omaha_tui.store.journal import Journal
from tests.display.browser import Browser, artifact, chromium, stop_group
from tests.display.layout import LAYOUT
from tests.display.test_display_browser import TEXT
from tests.display.test_display_tournament_browser import serve

pytestmark = pytest.mark.asyncio(loop_scope="module")

SIZES = ((1920, 1080, False), (390, 844, True))

LONG_NAMES = (
    "Alexandrina Montgomery-Sm",  # 25 letters
    "Αλέξανδρος Παπαδόπουλος",
    "محمد عبد الرحمن الحسيني",
    "王小明",
    "🃏 Lucky 🍀 Larry 🎲",
    "<img src=x onerror=alert(1)>",
    "Jo",
    "Ｗｉｄｅ　Ｎａｍｅ",
    "Zoë Ångström-Øster",
    "Бартоломей Константинов",
)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Browser]:
    chromium()
    async with Browser(tmp_path_factory.mktemp("chromium")) as b:
        yield b


class Table:
    """A session recorded here, and the display serving its journal."""

    def __init__(self, folder: Path, setup: TableSetup) -> None:
        self.db = folder / "journal.sqlite3"
        self.journal = Journal.open(self.db)
        self.session = Session.create(self.journal, setup.events(), setup.name, setup.schedule)
        self.server: subprocess.Popen[str] | None = None

    def __call__(self, *requests: Any) -> int:
        for request in requests:
            out = self.session.request(request)
            assert out.ok, (request, out.message)
        return self.journal.last_seq(self.session.id)

    def close(self) -> None:
        if self.server is not None:
            stop_group(self.server)
        self.journal.close()


def setup(
    names: tuple[str, ...],
    stacks: tuple[int, ...],
    *,
    big_blind: int = 2,
    decimals: int = 0,
    levels: str | None = None,
    tournament: TournamentConfig | None = None,
) -> TableSetup:
    config = TableConfig(
        variant=parse_game("plo"),
        stakes=Stakes(small_blind=big_blind // 2, big_blind=big_blind),
        structure=Structure.NO_LIMIT,
        decimals=decimals,
    )
    players = tuple(Player(i, n, s) for i, (n, s) in enumerate(zip(names, stacks, strict=True)))
    schedule = parse_levels(levels) if levels else None
    return TableSetup(config, players, schedule=schedule, tournament=tournament)


@pytest.fixture
def make_table(tmp_path: Path) -> Iterator[Any]:
    made: list[Table] = []

    async def make(table_setup: TableSetup, browser: Browser) -> Table:
        table = Table(tmp_path, table_setup)
        made.append(table)
        table.server, url = await serve(table.db)
        await browser.size(1920, 1080)
        await browser.open(url)
        await shown(browser, table.journal.last_seq(table.session.id), "the table")
        return table

    yield make
    for table in made:
        table.close()


async def shown(browser: Browser, seq: int, what: str) -> None:
    await browser.wait_for(f"Number(document.body.dataset.seq) >= {seq}", what)


async def laid_out_well(browser: Browser, moment: str) -> None:
    """LAYOUT finds nothing wrong at a TV's size and at a phone's (then back to the TV)."""
    try:
        for width, height, mobile in SIZES:
            await browser.size(width, height, mobile=mobile)
            try:  # a phone's page wider than the phone widens its viewport instead
                await browser.wait_for(f"innerWidth === {width}", f"a width of {width}", 3)
            except AssertionError:
                wide = await browser.evaluate("innerWidth")
                raise AssertionError(f"{moment}: the page is {wide} px wide on {width}") from None
            await browser.evaluate("new Promise(r => requestAnimationFrame(() => r(0)))")
            wrong = await browser.evaluate(LAYOUT)
            assert wrong == [], f"{moment} at {width}x{height}: {wrong}"
    except BaseException:
        shot = artifact(f"display-{moment.replace(' ', '-')}.png")
        await browser.screenshot(shot)
        print(f"screenshot of the page: {shot}")
        raise
    finally:
        await browser.size(1920, 1080)
        await browser.wait_for("innerWidth === 1920", "the TV's width")


async def test_ten_seats_of_long_names_in_any_script_and_stacks_of_a_trillion_fit_whole(
    make_table: Any, browser: Browser
) -> None:
    stacks = (10**12, 10**12 - 7, 999_999_999_999, 123_456_789_012, *([200] * 6))
    table = await make_table(setup(LONG_NAMES, stacks, levels="1/2:20,2/5:20"), browser)
    await laid_out_well(browser, "ten long names before the first hand")
    seq = table(rq.NextHand(), rq.Call(), rq.Call(), rq.RaiseTo(10))
    await shown(browser, seq, "the raise")
    await laid_out_well(browser, "ten long names with bets in front")
    names = await browser.evaluate(
        "[...document.querySelectorAll('.seat-name')].map(e => e.textContent)"
    )
    assert names == list(LONG_NAMES)  # every name whole, the markup one as text
    assert await browser.evaluate("[...document.images].map(i => i.id)") == ["qr"]
    direction = "getComputedStyle(document.querySelectorAll('.seat-name')[{}]).direction"
    assert await browser.evaluate(direction.format(2)) == "rtl"  # the Arabic name
    assert await browser.evaluate(direction.format(0)) == "ltr"
    stacks_shown = await browser.evaluate(
        "[...document.querySelectorAll('.stack')].map(e => e.textContent)"
    )
    assert stacks_shown[0] == "1,000,000,000,000"  # the dealer's button, not yet in


async def test_r5_r10_side_pots_all_in_figures_and_a_board_run_twice_stay_readable(
    make_table: Any, browser: Browser
) -> None:
    table = await make_table(setup(("Ann", "Bob", "Cy"), (100, 300, 300)), browser)
    hands = ((0, "Ah Kh Qd Jd"), (1, "As 2s 3c 4c"), (2, "Tc Td 9s 8s"))
    seq = table(rq.NextHand(), rq.AllIn(), rq.AllIn(), rq.AllIn(), rq.TableHands(hands))
    seq = table(rq.DealCards("2h 3h 9d"))
    await browser.wait_for("document.querySelectorAll('.equity').length === 2", "the figures")
    await laid_out_well(browser, "side pots all in on the flop")
    shares = await browser.evaluate(
        "[...document.querySelectorAll('.held .share')].map(e => e.textContent)"
    )
    # R10.3: Ann is in the main pot only; Bob and Cy, in both, have a share of each.
    assert shares[0].endswith("%") and shares[0][0].isdigit(), shares
    assert [s.split()[0] for s in shares[1:]] == ["main", "side", "main", "side"], shares
    seq = table(rq.RunItTwice(), rq.DealCards("Kc"), rq.DealCards("8d"))
    await shown(browser, seq, "run 1")
    await browser.wait_for(
        "[...document.querySelectorAll('.equity-pot')].some(e => e.textContent.includes('run 2'))",
        "run 2's figures",
    )
    pots = await browser.evaluate(
        "[...document.querySelectorAll('.equity-pot')].map(e => e.textContent)"
    )
    assert pots == ["Main pot 150 · run 2", "Side pot 1 200 · run 2"]  # run 2's halves
    await laid_out_well(browser, "run 2 to come")
    seq = table(rq.DealCards("5h Js"), rq.AwardByCards())
    await shown(browser, seq, "the award")
    winners = await browser.evaluate("document.querySelectorAll('.winner').length")
    assert winners == 4  # each run's half of each pot
    await laid_out_well(browser, "four winners of a board run twice")


async def test_r2_7_r12_an_evening_in_hundredths_to_the_last_level_and_the_settle_up(
    make_table: Any, browser: Browser
) -> None:
    names = ("Ann", "Bob", "Cy", "Dee", "Eve")
    stacks = (20000, 5075, 10000, 10000, 10000)
    table_setup = setup(names, stacks, big_blind=50, decimals=2, levels="25/50:20,50/100:1")
    table = await make_table(table_setup, browser)
    seq = table(cq.StartClock(), cq.PauseClock(), rq.SitOut(3))
    await shown(browser, seq, "the clock paused")
    assert await browser.evaluate("!document.querySelector('#paused').hidden")
    seq = table(cq.ResumeClock(), rq.NextHand())
    await shown(browser, seq, "a hand with a player sitting out")
    assert await browser.evaluate(TEXT.format("#blinds")) == "0.25/0.50"
    await laid_out_well(browser, "a player sitting out")
    seq = table(rq.DeclareMisdeal("a card exposed"))
    await shown(browser, seq, "the misdeal")
    said = await browser.evaluate(TEXT.format("#said"))
    assert said.startswith("Misdeal: the hand restarts, no chips move"), said  # R3.5
    assert "a card exposed" in said
    seq = table(rq.Leave(3), rq.NextHand(), rq.RaiseTo(150))
    await shown(browser, seq, "a raise")
    assert "raises to 1.50" in await browser.evaluate(TEXT.format("#said"))
    seq = table(rq.Fold(), rq.Fold(), rq.Fold())
    await shown(browser, seq, "the award")
    assert await browser.evaluate(TEXT.format("#said")) == ""  # the winners say it
    seq = table(rq.NextHand())
    await shown(browser, seq, "the hand after a misdeal and an empty seat")
    await laid_out_well(browser, "after a misdeal with a seat left empty")
    seq = table(cq.NextLevel(), cq.AdjustClock(-60))
    await shown(browser, seq, "the last level's time up")
    caption = await browser.evaluate(TEXT.format("#clock-caption"))
    assert caption == "last level: blinds stay", caption  # R2.7: no next level to count to
    await laid_out_well(browser, "after the last level")
    seq = table(rq.Fold(), rq.Fold(), rq.Fold(), rq.EndSession())
    await shown(browser, seq, "the settle-up")
    lines = await browser.evaluate(
        "[...document.querySelectorAll('#transfers li')].map(p => p.textContent)"
    )
    nets = await browser.evaluate(
        "[...document.querySelectorAll('#results td.net')].map(p => p.textContent)"
    )
    assert any(n.endswith((".25", ".75")) for n in nets), nets  # in hundredths
    payments = [x for x in lines if " pays " in x]
    assert payments and all("." in x.rsplit(" ", 1)[-1] for x in payments), lines  # R12.2
    await laid_out_well(browser, "the settle-up in hundredths")


async def test_r1_5_r2_6_a_player_away_owing_blinds_and_a_dead_button_are_shown(
    make_table: Any, browser: Browser
) -> None:
    table = await make_table(setup(("Ann", "Bob", "Cy", "Dee"), (200, 200, 200, 200)), browser)
    seq = table(rq.SitOut(3), rq.NextHand(), rq.Fold(), rq.Fold())
    await shown(browser, seq, "a hand with Dee away")
    statuses = "[...document.querySelectorAll('.seat')].map(s => s.textContent)"
    assert "sitting out" in (await browser.evaluate(statuses))[3]
    seq = table(rq.NextHand(), rq.Fold(), rq.Fold(), rq.Back(3, True))
    await shown(browser, seq, "Dee back, owing")
    assert "owes BB" in (await browser.evaluate(statuses))[3]  # R2.6
    await laid_out_well(browser, "a player owing a big blind")
    # Hand 3: BB Bob, SB Ann, the button on Cy's chair, where the SB was last hand;
    # Dee waits (R1.5d). Ann leaves; hand 4: BB Cy, SB Bob, the button on Ann's empty
    # chair, where she posted the SB last hand: a dead button (R1.5c).
    seq = table(rq.NextHand(), rq.Fold(), rq.Fold(), rq.Leave(0), rq.NextHand())
    await shown(browser, seq, "the hand with the dead button")
    street = await browser.evaluate(TEXT.format("#street"))
    assert street.endswith("dead button"), street  # R1.5: on Ann's empty chair
    await laid_out_well(browser, "a dead button")


async def test_r11_4_a_colour_up_at_the_break_is_said_on_the_break_screen(
    make_table: Any, browser: Browser
) -> None:
    names = ("Ann", "Bob", "Cy", "Dee")
    tournament = TournamentConfig(buy_in=Decimal(20), stack=1000)
    levels = "1/2:20,break:10,5/10:20"  # a 5 chip fits every level after the break (R11.7)
    table_setup = setup(names, (1000,) * 4, levels=levels, tournament=tournament)
    table = await make_table(table_setup, browser)
    seq = table(rq.NextHand(), rq.Fold(), rq.Fold(), rq.Fold())  # Bob 999, Cy 1001
    await shown(browser, seq, "the hand")
    seq = table(cq.AdjustClock(-1199))
    await browser.wait_for("document.body.dataset.phase === 'break'", "the break", timeout=10)
    seq = table(rq.ColourUp(5, winners=(1,)))
    await shown(browser, seq, "the colour-up")
    said = await browser.evaluate(TEXT.format("#break-said"))
    assert said.startswith("Colour-up: the 1 chips are retired for 5"), said
    await laid_out_well(browser, "a colour-up at the break")


async def test_r5_r10_3_ten_players_all_in_for_ten_amounts_still_fit_a_tv(
    make_table: Any, browser: Browser
) -> None:
    """Nine side pots, each with its shares, then ten winners' lines: the pots' box
    gives up the names of who can win each pot, then the shares per pot (each seat
    keeps the chips it expects), never its letters below 24 px."""
    stacks = tuple(10 * (i + 1) for i in range(10))
    table = await make_table(setup(LONG_NAMES, stacks), browser)
    table(rq.NextHand())
    while not table.session.state.hand.betting_over:  # type: ignore[union-attr]
        if not table.session.request(rq.AllIn()).ok:
            table(rq.Call())
    held = ("Ah Ad Kc Kd", "Qh Qd Jc Jd", "Th Td 9c 9d", "8h 8d 7c 7d", "6h 6d 5c 5d")
    held += ("4h 4d 3c 3d", "2h 2d As Ks", "Qs Js Ts 9s", "8s 7s 6s 5s", "4s 3s 2s Qc")
    table(rq.TableHands(tuple(enumerate(held))))
    seq = table(rq.DealCards("Tc 9h 2c"))
    await shown(browser, seq, "the flop")
    await browser.wait_for(
        "[...document.querySelectorAll('.held')].filter(h => h.querySelector('.share')).length"
        " === 10",
        "figures",
    )
    assert await browser.evaluate("document.querySelectorAll('.pot-line').length") == 9
    await laid_out_well(browser, "ten all in on the flop")
    seq = table(rq.DealCards("Jh"), rq.DealCards("8c"), rq.AwardByCards())
    await shown(browser, seq, "the award")
    await laid_out_well(browser, "ten pots awarded")
    seq = table(
        rq.SetChipValue(1, Decimal("0.25"), "EUR"),
        rq.ShareExpense(Decimal("31.00"), "pizza"),
        rq.EndSession(),
    )
    await shown(browser, seq, "the settle-up")
    nets = await browser.evaluate(
        "[...document.querySelectorAll('#results td.net')].map(p => p.textContent)"
    )
    assert len(nets) == 10 and all(" EUR" in n for n in nets), nets  # R12.1: money too
    await laid_out_well(browser, "ten players settle up in money")
