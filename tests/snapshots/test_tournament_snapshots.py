"""SVG snapshots of the colour-up and deal screens (R11.4, R11.5), every input fixed
(a seeded race draw, scripted stacks)."""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Checkbox, Input

from omaha_tui.app.screens.colour_up import ColourUpScreen
from omaha_tui.app.screens.deal import DealScreen
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.state import TableState
from omaha_tui.session.tournament import race_request
from tests.app.screen_harness import ScreenHost
from tests.tables import tournament_table

PAYOUTS = (Decimal(50), Decimal(30), Decimal(20))


def _stacks(*deltas: int, big_blind: int = 2) -> TableState:
    state = tournament_table(len(deltas), stack=1000, big_blind=big_blind, payouts=PAYOUTS)
    for seat, delta in enumerate(deltas):
        out = decide(state, rq.Correct(seat, delta, "count"))
        state = out.state  # type: ignore[union-attr]
    return state


def _no_blink(pilot: Pilot[Any]) -> None:
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False


async def _draw(pilot: Pilot[Any]) -> None:
    _no_blink(pilot)
    pilot.app.screen.query_one("#cu-chip", Input).value = "5"
    await pilot.pause()
    await pilot.press("ctrl+r")
    await pilot.pause()


def test_colour_up_with_the_race_drawn(snap_compare: Any) -> None:
    # leftovers of a 5: 3, 4, 4, 1 (two new chips); blinds 5/10, which a 5 chip fits (R11.7)
    state = _stacks(3, 144, -51, 1, big_blind=10)
    screen = ColourUpScreen(
        state, lambda chip: race_request(state, chip, random.Random(7)), lambda r: None
    )
    assert snap_compare(ScreenHost(screen), terminal_size=(100, 30), run_before=_draw)


async def _icm(pilot: Pilot[Any]) -> None:
    _no_blink(pilot)
    await pilot.press("ctrl+n")
    await pilot.pause()
    pilot.app.screen.query_one("#dl-agree-0", Checkbox).value = True
    await pilot.pause()


def test_deal_with_the_icm_proposal(snap_compare: Any) -> None:
    state = _stacks(1200, -400, -800)  # stacks 2200, 600, 200
    screen = DealScreen(state, lambda r: None)
    assert snap_compare(ScreenHost(screen), terminal_size=(100, 30), run_before=_icm)
