"""The felt stays still through a street: the first bet in front, its undo and the bets
swept into the pot neither move the board nor lay the screen out again."""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_tui.app.widgets.board import Board
from omaha_tui.app.widgets.pots import Pots
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.session import Player, TableSetup

from .test_flows import make_app


def _four_handed() -> TableSetup:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    names = ("Ann", "Bob", "Cy", "Dee")
    return TableSetup(config, tuple(Player(i, n, 500) for i, n in enumerate(names)))


@pytest.mark.parametrize("size", [(160, 50), (80, 24)])
async def test_bets_in_front_come_and_go_without_moving_the_felt(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, _four_handed())
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.table
        board, pots = screen.query_one(Board), screen.query_one(Pots)
        where = (board.region, pots.region)
        for key in "cccc":  # the pre-flop called round: the bets swept into the pot
            await pilot.press(key)
            await pilot.pause()
            assert (board.region, pots.region) == where, f"pre-flop {key}"
        await pilot.press("d", "enter")  # the flop, chips only
        await pilot.pause()
        assert (board.region, pots.region) == where
        for key in "pucpccc":  # a pot bet, undone, checked, bet, called round
            await pilot.press(key)
            await pilot.pause()
            assert (board.region, pots.region) == where, f"flop {key}"
