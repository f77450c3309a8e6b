"""R13.2 at the table, key by key: a double-board hand all in, both flops dealt at once
and the later streets one board at a time, both boards on the felt with each board's
equity, both boards read at the showdown and each half awarded on its own board."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from omaha_tui.app.app import TableStart
from omaha_tui.app.prompts.card_input import CardInput
from omaha_tui.app.screens.showdown import ShowdownScreen
from omaha_tui.app.screens.table import TableScreen
from omaha_tui.app.screens.tabling import TablingScreen
from omaha_tui.app.widgets.board import BoardPrompt
from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.session import Player

from .test_flows import deal, keys, make_app, stacks, status
from .test_run_it_twice import seat_texts, turn_line

HANDS = {0: "Ks Kd 6c 6h", 1: "9c 8c 3c 3d", 2: "9d 8d 2c 2d"}


async def test_r13_2_a_double_board_hand_from_the_deal_to_the_award(tmp_path: Path) -> None:
    config = TableConfig(
        variant=parse_game("omaha"),
        structure=Structure.NO_LIMIT,
        stakes=Stakes(big_blind=2),
        double_board="every",
    )
    players = tuple(Player(i, name, 40) for i, name in enumerate(("Ann", "Bob", "Cy")))
    app = make_app(tmp_path, TableStart(config, players))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "n")
        assert "double board" in app.table.query_one("#felt").border_title
        await keys(pilot, "a", "c", "c")  # everyone all in for 40: pot 120
        assert isinstance(app.screen, TablingScreen)
        screen = app.screen
        for seat, cards in HANDS.items():
            screen.query_one(f"#hand-{seat}", CardInput).value = cards
        await keys(pilot, "ctrl+s")
        assert isinstance(app.screen, TableScreen)
        assert "d to deal the flop of board 1" in turn_line(app)

        await deal(pilot, "Kc 7d 2h Th Jh Qd")  # both flops in one line, board 1 first
        assert status(app) == "Flop on board 1: Kc 7d 2h; Flop on board 2: Th Jh Qd"
        await deal(pilot, "9s")
        assert "d to deal the turn of board 2" in turn_line(app)
        await keys(pilot, "d")
        prompt = app.screen
        assert isinstance(prompt, BoardPrompt) and prompt.count == 1 and not prompt.both
        await keys(pilot, "escape")
        await deal(pilot, "3s")
        boards = str(app.table.query_one("#runs", Static).render())
        assert "Board 1" in boards and "Board 2" in boards
        await app.workers.wait_for_complete()
        await pilot.pause()
        # R13.2(c): each hand's share of each board's half under the pots, the chips it
        # can expect beside its seat.
        texts = seat_texts(app)
        assert all("≈" in t for t in texts.values() if "%" in t or "≈" in t), texts
        pots = str(app.table.query_one("#pot-lines", Static).render())
        assert "B1 Main pot" in pots and "B2 Main pot" in pots and "%" in pots, pots
        await deal(pilot, "4c")
        await deal(pilot, "5d")

        await keys(pilot, "s")
        showdown = app.screen
        assert isinstance(showdown, ShowdownScreen)
        assert showdown.query_one("#run-2-cards", Static).display
        readout = str(showdown.query_one("#readout", Static).render())
        assert "Board 1 · main pot" in readout and "Board 2 · main pot" in readout
        await keys(pilot, "ctrl+s")
        assert isinstance(app.screen, TableScreen)
        # R13.2's example: board 1 to Ann (three kings), board 2 split by Bob and Cy.
        assert stacks(app)[:3] == [60, 30, 30]
        assert "Ann wins 60 (board 1) with three kings on board 1" in status(app)
        boards = str(app.table.query_one("#runs", Static).render())
        assert "Ann 60" in boards and "Bob 30, Cy 30" in boards
