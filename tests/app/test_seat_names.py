"""Seat titles cut a long name between the characters seen, never inside a joined emoji."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len

from omaha_tui.app.app import TableStart
from omaha_tui.app.widgets.seat import Seat
from omaha_tui.engine import graphemes
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.session import Player

from .test_flows import make_app

COOK = "\U0001f469\u200d\U0001f373"
NAMES = (f"Zo\u00eb {COOK}{COOK} Fitzgerald", f"{COOK * 10} Bob", "Cy", "Dee", "Eve", "Fay")


async def test_long_names_with_joined_emoji_are_cut_between_characters(tmp_path: Path) -> None:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(small_blind=1, big_blind=2))
    start = TableStart(config, tuple(Player(i, n, 200) for i, n in enumerate(NAMES)))
    app = make_app(tmp_path, start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seats = {s.index: s for s in app.screen.query(Seat)}
        for i in (0, 1):
            title = str(seats[i].border_title)
            room = seats[i].size.width - 4
            assert cell_len(title) <= room, (title, room)
            for cluster in graphemes.clusters(title):
                if "\U0001f469" in cluster:
                    assert cluster == COOK, repr(title)  # never half a cook
            assert title.startswith(f"{i + 1} ") and title.endswith("…")  # it was cut
