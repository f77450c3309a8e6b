"""Every typed prompt opens over the table it is about: centred over the felt, the
table dimmed beneath it and still drawn, every seat's name and stack in sight.

A prompt that hid the table left the dealer typing a bet without the stacks, or
tabling hands without seeing who is who. Each prompt is opened as the dealer opens
it, at the sizes a dealer's terminal has, and checked by where things are on screen:
the table is one of the screens drawn beneath the prompt, the prompt's box lies
within the felt, and no seat is off screen or under the box.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import ModalScreen

from omaha_tui.app.app import OmahaApp, TableStart
from omaha_tui.app.palette import QUESTIONS, ask
from omaha_tui.app.prompts.amount_prompt import AmountPrompt, TextPrompt
from omaha_tui.app.screens.tabling import TablingScreen
from omaha_tui.app.widgets.board import BoardPrompt
from omaha_tui.app.widgets.seat import Seat
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.session import Player

from .test_flows import make_app

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
SIZES = ((80, 24), (120, 40), (160, 50))


def table(tmp_path: Path, players: int, stack: int = 200) -> OmahaApp:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    seated = tuple(Player(i, NAMES[i], stack) for i in range(players))
    return make_app(tmp_path, TableStart(config, seated))


def question(name: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    """Open the palette's question ``name`` between hands."""

    async def open_it(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, OmahaApp)
        ask(app, next(q for q in QUESTIONS if q.name == name))
        await pilot.pause()

    return open_it


async def bet(pilot: Pilot[None]) -> None:
    await pilot.press("n", "b")
    await pilot.pause()


async def deal(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, OmahaApp)
    app.request(rq.NextHand())
    while app.session.state.hand is not None and app.session.state.hand.to_act is not None:
        app.request(rq.CheckOrCall())
    await pilot.press("d")
    await pilot.pause()


async def table_the_hands(pilot: Pilot[None]) -> None:
    """Everyone all in before the flop: the app asks for the tabled hands at once."""
    await pilot.press("n", "a", "c", "c")  # 6 chips each at 1/2: one bet is all in
    await pilot.pause()


PROMPTS: dict[str, tuple[type, Callable[[Pilot[None]], Awaitable[None]]]] = {
    "bet amount (b)": (AmountPrompt, bet),
    "deal cards (d)": (BoardPrompt, deal),
    "rebuy": (TextPrompt, question("Rebuy")),
    "new player": (TextPrompt, question("New player")),
    "straddle": (TextPrompt, question("Straddle")),
    "game": (TextPrompt, question("Game (dealer's choice)")),
    "expense": (TextPrompt, question("Shared expense")),
    "table the hands": (TablingScreen, table_the_hands),
}


def assert_the_table_is_in_sight(app: OmahaApp, kind: type) -> None:
    prompt = app.screen
    assert isinstance(prompt, kind)
    assert isinstance(prompt, ModalScreen) and prompt.is_modal
    assert prompt.styles.background.a < 1  # the table shows through, dimmed
    assert app.table in app._background_screens  # and is drawn beneath the prompt
    box = prompt.query_one(".prompt").region
    felt = app.table.felt_region()
    assert felt is not None
    assert felt.contains_region(box), f"the prompt {box} spills off the felt {felt}"
    screen = Region(0, 0, *app.size)
    seats = [s for s in app.table.query(Seat) if s.display]
    assert seats
    for seat in seats:
        assert screen.contains_region(seat.region), f"{seat.border_title} is off screen"
        assert not seat.region.overlaps(box), f"the prompt covers {seat.border_title}"
        assert str(seat.render()).strip(), f"{seat.border_title} shows no stack"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("name", list(PROMPTS))
async def test_a_prompt_opens_over_the_felt_with_every_seat_in_sight(
    tmp_path: Path, name: str, size: tuple[int, int]
) -> None:
    kind, open_it = PROMPTS[name]
    players = 3 if kind is TablingScreen else 6
    app = table(tmp_path, players, stack=6 if kind is TablingScreen else 200)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await open_it(pilot)
        assert_the_table_is_in_sight(app, kind)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
async def test_a_full_ring_stays_in_sight_while_a_bet_is_typed(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = table(tmp_path, 10)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await bet(pilot)
        await pilot.press("backspace", "2", "0")
        await pilot.pause()
        assert_the_table_is_in_sight(app, AmountPrompt)


async def test_the_prompt_follows_the_felt_when_the_terminal_is_resized(tmp_path: Path) -> None:
    app = table(tmp_path, 6)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await bet(pilot)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert_the_table_is_in_sight(app, AmountPrompt)
