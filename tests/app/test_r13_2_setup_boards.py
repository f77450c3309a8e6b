"""R13.2(a) on the setup screen: a new game chooses one board, two every hand or two on
bomb pots only, as ``--boards 1|2|bomb`` and the ``boards`` word do; R13.2(b)'s seat
limit is said on the form, which then records nothing."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Input, Select, Static

from omaha_tui.app.screens.setup import SetupResult, SetupScreen, setup_events
from omaha_tui.engine.config import DoubleBoard
from omaha_tui.engine.events import SessionStarted
from omaha_tui.engine.reducer.replay import replay

from .screen_harness import ScreenHost


def _seat(screen: SetupScreen, names: list[str]) -> None:
    for i, name in enumerate(names):
        screen.query_one(f"#name-{i}", Input).value = name


async def test_r13_2_a_setup_offers_one_board_by_default() -> None:
    screen = SetupScreen(random.Random(3))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        select = screen.query_one("#boards", Select)
        assert select.value == "off"
        _seat(screen, ["Ann", "Bob"])
        await pilot.pause()
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert isinstance(result, SetupResult)
    assert result.config.double_board is DoubleBoard.OFF
    assert result.config.boards() == 1


@pytest.mark.parametrize(
    ("choice", "every_hand", "bomb_pot"),
    [("every", 2, 2), ("bomb", 1, 2)],  # R13.2(a): every hand, or bomb pots only
)
async def test_r13_2_a_setup_chooses_the_double_board_and_the_table_opens_with_it(
    choice: str, every_hand: int, bomb_pot: int
) -> None:
    screen = SetupScreen(random.Random(3))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.query_one("#boards", Select).value = choice
        _seat(screen, ["Ann", "Bob", "Cy"])
        await pilot.pause()
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert isinstance(result, SetupResult)
    assert result.config.double_board is DoubleBoard(choice)
    events = setup_events(result)
    opening = events[0]
    assert isinstance(opening, SessionStarted)
    assert opening.config.double_board is DoubleBoard(choice)  # recorded with the table
    state = replay(events)
    assert state.config is not None
    assert (state.config.boards(), state.config.boards(bomb=True)) == (every_hand, bomb_pot)


async def test_r13_2_b_setup_refuses_a_double_board_for_more_players_than_the_deck_covers() -> None:
    screen = SetupScreen(random.Random(3))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.query_one("#boards", Select).value = "every"
        _seat(screen, [f"P{i}" for i in range(10)])  # ten four-card hands: nine at most
        await pilot.pause()
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
        error = str(screen.query_one("#error", Static).render())
        assert error.startswith("Boards: a double board seats at most 9 players in Omaha")
        assert error.endswith("not 10: play one board")
        assert app.results == []


async def test_r13_2_b_setup_refuses_a_double_board_in_courchevel() -> None:
    screen = SetupScreen(random.Random(3))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.query_one("#game", Select).value = "courchevel"
        screen.query_one("#boards", Select).value = "bomb"
        _seat(screen, ["Ann", "Bob"])
        await pilot.pause()
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
        error = str(screen.query_one("#error", Static).render())
        assert "(R3.3): it is played on one board" in error
        assert app.results == []
