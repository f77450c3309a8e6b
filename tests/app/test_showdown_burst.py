"""The showdown takes a burst of typed cards exactly as if they were typed slowly.

A dealer who types ``AsKdQd3c``, Tab, ``9s9d5h4h`` faster than the screen answers must
get each hand in its own field: the keys are posted at once, with no pause between
them (``pilot.press`` waits for the app after every key, so it cannot show this).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events

from omaha_tui.app.app import OmahaApp, TableStart
from omaha_tui.app.prompts.card_input import CardInput
from omaha_tui.app.screens.showdown import ShowdownScreen
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.session import Player

from .test_flows import make_app

FIRST, SECOND = "AsKdQd3c", "9s9d5h4h"
CHARACTER = {"tab": "\t", "shift+tab": None, "escape": "\x1b", "enter": "\r"}


def keys_of(*parts: str) -> list[str]:
    """Key names: each part is a special key's name (``tab``) or text typed."""
    out: list[str] = []
    for part in parts:
        out += [part] if part in CHARACTER else list(part)
    return out


def burst(app: OmahaApp, keys: list[str]) -> None:
    """Post every key at once, as a fast typist's terminal delivers them."""
    for key in keys:
        app.post_message(events.Key(key, CHARACTER.get(key, key)))


async def at_showdown(app: OmahaApp) -> None:
    """Ann and Bob check a hand down to the river: the showdown is due."""
    app.request(rq.NextHand())
    for request in (rq.CheckOrCall(), rq.CheckOrCall()):
        app.request(request)
    for board in ("2c 7d 9h", "Js", "3h"):
        app.request(rq.DealCards(board))
        app.request(rq.CheckOrCall())
        app.request(rq.CheckOrCall())


def heads_up(tmp_path: Path) -> OmahaApp:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    return make_app(tmp_path, TableStart(config, (Player(0, "Ann", 100), Player(1, "Bob", 100))))


def fields(screen: ShowdownScreen) -> list[str]:
    return [f.value for f in screen.query(CardInput) if f.id and f.id.startswith("hand-")]


async def settle(app: OmahaApp, pilot: object) -> None:
    for _ in range(6):
        await pilot.pause()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "opened", [False, True], ids=["typed-with-the-s-key", "typed-once-the-screen-is-open"]
)
async def test_a_burst_of_two_hands_fills_each_field_in_turn(tmp_path: Path, opened: bool) -> None:
    app = heads_up(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await at_showdown(app)
        await pilot.pause()
        if opened:
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, ShowdownScreen)
            burst(app, keys_of(FIRST, "tab", SECOND))
        else:
            burst(app, keys_of("s", FIRST, "tab", SECOND))
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, ShowdownScreen)
        assert fields(screen) == [FIRST, SECOND]
        # The screen still takes keys: a slow key after the burst lands where it should
        # (a field given the focus selects what it holds: End, then Backspace).
        await pilot.press("shift+tab", "end", "backspace")
        await pilot.pause()
        assert fields(screen) == [FIRST[:-1], SECOND]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ShowdownScreen)


async def test_a_burst_ends_the_same_as_the_same_keys_typed_slowly(tmp_path: Path) -> None:
    keys = keys_of("s", FIRST, "tab", SECOND)
    seen: list[list[str]] = []
    for fast in (False, True):
        app = heads_up(tmp_path / str(fast))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await at_showdown(app)
            await pilot.pause()
            if fast:
                burst(app, keys)
            else:
                for key in keys:
                    await pilot.press(key)
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, ShowdownScreen)
            seen.append(fields(screen))
    assert seen[0] == seen[1] == [FIRST, SECOND]
