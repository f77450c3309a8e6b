"""R2.9 and R5.2 on the room's page, in a real browser: the last pot of one player's
ante nobody else matched is shown on the felt as ``Unmatched ante · back to Ann``, and
at the award the winners' list says Ann gets it back, not that she won side pot 2."""

from __future__ import annotations

from typing import Any

import pytest

from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.session import Player, TableSetup
from tests.display.browser import Browser, artifact
from tests.display.test_display_browser import TEXT
from tests.display.test_display_moments_browser import (  # noqa: F401  (fixtures)
    browser,
    laid_out_well,
    make_table,
    shown,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_r5_2_the_page_gives_the_unmatched_ante_back_in_the_felt_s_words(
    make_table: Any,  # noqa: F811  (the fixture imported above)
    browser: Browser,  # noqa: F811
) -> None:
    config = TableConfig(
        variant=parse_game("plo"),
        stakes=Stakes(small_blind=5, big_blind=10, ante=100),
        structure=Structure.POT_LIMIT,
    )
    players = (Player(0, "Ann", 500), Player(1, "Bob", 90), Player(2, "Cy", 85))
    table = await make_table(TableSetup(config, players), browser)
    hands = ((0, "As Ah Ks Kh"), (1, "2c 3d 4h 5s"), (2, "7c 8d 9h Ts"))
    seq = table(rq.NextHand(), rq.Call(), rq.TableHands(hands))
    await shown(browser, seq, "the all-in")
    pots = await browser.evaluate(TEXT.format("#pots-box"))
    assert "Unmatched ante" in pots and "back to Ann" in pots and "Side pot 2" not in pots, pots
    seq = table(rq.DealCards("Ad Kd Qd"), rq.DealCards("2h"), rq.DealCards("3h"))
    seq = table(rq.AwardByCards())
    await shown(browser, seq, "the award")
    winners = await browser.evaluate(
        "[...document.querySelectorAll('.winner')].map(e => e.textContent)"
    )
    assert len(winners) == 3 and "side pot 2" not in " ".join(winners), winners
    assert winners[-1].startswith("Ann") and "gets back 10" in winners[-1], winners
    assert "unmatched ante" in winners[-1] and "three aces" not in winners[-1], winners
    await laid_out_well(browser, "an unmatched ante given back")
    await browser.screenshot(artifact("display-unmatched-ante.png"))
