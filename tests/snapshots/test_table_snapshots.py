"""SVG snapshots of the table screen: 80x24 and 160x50, the pot-limit breakdown, the
amount prompt.

Every input is fixed: a fresh journal per test (so the session is number 1), the
level clock frozen at zero, speech silent and settings in a temporary folder (so a
dealer's own theme never leaks in). Regenerate after a deliberate change with
``pytest tests/snapshots/test_table_snapshots.py --snapshot-update`` and look at the
report before committing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Label

from omaha_tui.app.app import OmahaApp, TableStart
from omaha_tui.app.prompts.amount_prompt import AmountPrompt
from omaha_tui.app.speech import SilentBackend
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.session import Player

from .waiting import settle

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
STACKS = (200, 60, 200, 35, 200, 200, 150, 200, 90, 200)


def table_app(tmp_path: Path, players: int) -> OmahaApp:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    start = TableStart(config, tuple(Player(i, NAMES[i], STACKS[i]) for i in range(players)))
    return OmahaApp(
        db=tmp_path / "journal.sqlite3",
        start=start,
        now=lambda: 0.0,
        speech=SilentBackend(),
        settings_path=tmp_path / "settings.json",
    )


async def _pre_flop_calls(pilot: Pilot[Any]) -> None:
    await pilot.press("n", "c", "c")
    await pilot.pause()


async def _side_pot_on_the_flop(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, OmahaApp)
    app.request(rq.NextHand())
    app.request(rq.RaisePot())  # Dee raises to 7
    app.request(rq.CheckOrCall())
    app.request(rq.RaisePot())
    app.request(rq.CheckOrCall())
    app.request(rq.CheckOrCall())
    app.request(rq.AllIn())  # Hal
    for _ in range(3):
        app.request(rq.Fold())
    app.request(rq.CheckOrCall())
    app.request(rq.AllIn())  # Cy, then the rest call
    while app.session.state.hand is not None and app.session.state.hand.to_act is not None:
        app.request(rq.CheckOrCall())
    app.request(rq.DealCards("Ah Kd 7c"))
    app.request(rq.CheckOrCall())
    await pilot.pause()


async def _pot_key(pilot: Pilot[Any]) -> None:
    await pilot.press("n", "p")
    await pilot.pause()


async def _amount_above_the_pot(pilot: Pilot[Any]) -> None:
    await pilot.press("n", "b", "backspace", "2", "0")

    def typed() -> bool:
        prompt = pilot.app.screen
        if not isinstance(prompt, AmountPrompt):
            return False
        field = prompt.query_one("#amount", Input)
        meaning = str(prompt.query_one("#amount-meaning", Label).render())
        return field.has_focus and field.value == "20" and "excess returned 13" in meaning

    await settle(pilot, typed)


def test_table_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """Six-handed PLO before the flop: blinds, two calls, Fay to act."""
    assert snap_compare(table_app(tmp_path, 6), terminal_size=(80, 24), run_before=_pre_flop_calls)


def test_table_80x24_ten_handed_side_pot(snap_compare: Any, tmp_path: Path) -> None:
    """A full ring on the smallest terminal: all-ins, folds, a side pot, the flop."""
    assert snap_compare(
        table_app(tmp_path, 10), terminal_size=(80, 24), run_before=_side_pot_on_the_flop
    )


def test_table_160x50_ten_handed_side_pot(snap_compare: Any, tmp_path: Path) -> None:
    """The same hand on a big monitor: roomier seats with the chips in the pot."""
    assert snap_compare(
        table_app(tmp_path, 10), terminal_size=(160, 50), run_before=_side_pot_on_the_flop
    )


def test_pot_breakdown(snap_compare: Any, tmp_path: Path) -> None:
    """R4.4 after the pot key: pot 3 + call 2 = 5; raise to 7."""
    assert snap_compare(table_app(tmp_path, 6), terminal_size=(80, 24), run_before=_pot_key)


def test_amount_prompt_excess_returned(snap_compare: Any, tmp_path: Path) -> None:
    """R4.6 in the bet prompt: 20 typed, raise to 7, excess returned 13."""
    assert snap_compare(
        table_app(tmp_path, 6), terminal_size=(80, 24), run_before=_amount_above_the_pot
    )
