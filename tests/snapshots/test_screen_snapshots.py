"""SVG snapshots of the setup, showdown, ledger, history and help screens, and each theme.

Every input is fixed (seeded draws, scripted hands), so the pictures are deterministic.
Regenerate after a deliberate change with ``pytest tests/snapshots --snapshot-update``
and look at the report before committing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from omaha_tui.app.screens.help import HelpScreen
from omaha_tui.app.screens.history import HistoryScreen
from omaha_tui.app.screens.ledger import LedgerScreen
from omaha_tui.app.screens.setup import SetupScreen
from omaha_tui.app.screens.showdown import ShowdownScreen
from omaha_tui.engine.reducer.replay import apply
from tests import decided as commands
from tests.app.hands import checked_down, seated
from tests.app.screen_harness import ScreenHost

THEMES = ("omaha-dark", "omaha-light", "omaha-high-contrast", "omaha-four-colour")


@dataclass(frozen=True)
class _Line:
    name: str
    buy_in: int
    rebuys: int = 0
    corrections: int = 0
    cashed_out: int = 0
    stack: int = 0

    @property
    def net(self) -> int:
        return self.stack + self.cashed_out - self.buy_in - self.rebuys


@dataclass(frozen=True)
class _Transfer:
    payer: str
    payee: str
    amount: int


async def _fill_setup(pilot: Pilot[Any]) -> None:
    screen = pilot.app.screen
    for widget_id, value in {
        "bb": "25",
        "chip": "5",
        "name-0": "Ann",
        "buyin-0": "2000",
        "name-1": "Bob",
        "name-3": "Cy",
        "buyin-3": "1500",
    }.items():
        screen.query_one(f"#{widget_id}", Input).value = value
    for field in screen.query(Input):  # the focused field's cursor shows, steadily
        field.cursor_blink = False
    await pilot.pause()
    await pilot.press("ctrl+b")
    await pilot.pause()


def _showdown_screen() -> ShowdownScreen:
    _, state = checked_down(seated("omaha8", ["Ann", "Bob", "Cy"]), "4h 5c 7h Qs Ad")
    return ShowdownScreen(state)


async def _enter_r7_hands(pilot: Pilot[Any]) -> None:
    screen = pilot.app.screen
    screen.query_one("#hand-0", Input).value = "Ah 2s Kh Ks"
    screen.query_one("#hand-1", Input).value = "As 3s Qh Qd"
    await pilot.pause()
    await pilot.click("#muck-2")
    await pilot.pause()
    screen.query_one("#showdown").scroll_end(animate=False)
    await pilot.pause()


def test_setup_80x24(snap_compare: Any) -> None:
    app = ScreenHost(SetupScreen(random.Random(5)))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_fill_setup)


def test_setup_160x50(snap_compare: Any) -> None:
    app = ScreenHost(SetupScreen(random.Random(5)))
    assert snap_compare(app, terminal_size=(160, 50), run_before=_fill_setup)


@pytest.mark.parametrize("theme", THEMES)
def test_showdown_in_each_theme(snap_compare: Any, theme: str) -> None:
    app = ScreenHost(_showdown_screen(), theme=theme)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_enter_r7_hands)


def test_showdown_160x50(snap_compare: Any) -> None:
    app = ScreenHost(_showdown_screen())
    assert snap_compare(app, terminal_size=(160, 50), run_before=_enter_r7_hands)


def test_ledger(snap_compare: Any) -> None:
    lines = (
        _Line("Ann", 200, stack=335),
        _Line("Bob", 200, 100, stack=65),
        _Line("Cy", 150, 0, 0, 250),
    )
    transfers = (_Transfer("Bob", "Ann", 135), _Transfer("Bob", "Cy", 100))
    screen = LedgerScreen(lines, transfers, "the chips balance: the nets add up to 0")
    assert snap_compare(ScreenHost(screen), terminal_size=(80, 24))


def test_history(snap_compare: Any) -> None:
    events, state = checked_down(seated("omaha8", ["Ann", "Bob", "Cy"]), "4h 5c 7h Qs Ad")
    for seat, cards in ((0, "Ah 2s Kh Ks"), (1, "As 3s Qh Qd")):
        event = commands.show(state, seat, cards)
        state = apply(state, event)
        events.append(event)
    events.append(commands.muck(state, 2))
    state = apply(state, events[-1])
    events.append(commands.settle_by_cards(state))
    assert snap_compare(ScreenHost(HistoryScreen(events)), terminal_size=(80, 24))


def test_help(snap_compare: Any) -> None:
    assert snap_compare(ScreenHost(HelpScreen()), terminal_size=(80, 24))


def test_showdown_run_twice_160x50(snap_compare: Any) -> None:
    """R10.2: the board run twice, hi-lo: both boards, and each run's part of the pot
    read by its own board (two plus three cards highlighted on each)."""
    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.engine.decisions.decide import decide
    from tests.snapshots.test_table_view_snapshots import three_way_hi_lo_run_twice

    out = decide(three_way_hi_lo_run_twice(run_one_dealt=True), rq.DealCards("Kc 9d"))
    app = ScreenHost(ShowdownScreen(out.state))  # type: ignore[union-attr]
    assert snap_compare(app, terminal_size=(160, 50))
