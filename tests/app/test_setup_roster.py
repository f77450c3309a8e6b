"""The setup screen's regulars (type a few letters, pick) and chip value (R12.1)."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

from textual.widgets import Input, Static

from omaha_tui.app.app import OmahaApp
from omaha_tui.app.screens.setup import SetupResult, SetupScreen, setup_events
from omaha_tui.engine.events import ChipValueSet
from omaha_tui.engine.rules.money import ChipRate
from omaha_tui.store.journal import Journal
from tests.store.test_roster import night

from .screen_harness import ScreenHost

ROSTER = ("Ann", "Bartholomew", "Cy", "Zoë")
LAST = (("Cy", 300), ("Ann", 200))


async def test_r12_setup_completes_a_regular_from_a_few_letters() -> None:
    screen = SetupScreen(random.Random(3), roster=ROSTER, last_players=LAST)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Regulars: Ann, Bartholomew, Cy, Zoë" in str(
            screen.query_one("#roster", Static).render()
        )
        screen.query_one("#name-0", Input).focus()
        await pilot.pause()
        await pilot.press("b", "a", "r")
        await pilot.pause()
        await pilot.press("right")  # the suggestion is taken with →
        assert screen.query_one("#name-0", Input).value == "Bartholomew"
        screen.query_one("#name-1", Input).focus()
        await pilot.pause()
        await pilot.press("z")
        await pilot.pause()
        await pilot.press("right")
        assert screen.query_one("#name-1", Input).value == "Zoë"
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert [p.name for p in result.players] == ["Bartholomew", "Zoë"]
    assert result.money is None


async def test_r12_setup_seats_last_sessions_players_and_values_the_chips() -> None:
    screen = SetupScreen(random.Random(3), roster=ROSTER, last_players=LAST)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()  # the form scrolls to the first seat
        await pilot.click("#seat-last")
        await pilot.pause()
        assert screen.query_one("#name-0", Input).value == "Cy"
        assert screen.query_one("#buyin-0", Input).value == "300"
        assert screen.query_one("#name-1", Input).value == "Ann"
        screen.query_one("#chip-value", Input).value = "200=20.00"
        screen.query_one("#currency", Input).value = "eur"
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert isinstance(result, SetupResult)
    assert result.money == ChipRate(chips=200, money=Decimal("20.00"), currency="EUR")
    value = setup_events(result)[-1]
    assert isinstance(value, ChipValueSet) and value.chips == 200


async def test_r12_setup_a_bad_chip_value_says_what_to_fix() -> None:
    screen = SetupScreen(random.Random(3), money=ChipRate(chips=1, money=Decimal("0.25")))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert screen.query_one("#chip-value", Input).value == "0.25"
        assert not screen.query("#roster")  # no regulars yet: nothing offered
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#name-1", Input).value = "Bob"
        screen.query_one("#chip-value", Input).value = "0.001"
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
        error = str(screen.query_one("#error", Static).render())
        assert error.startswith("Chip value: a chip value of 0.001 is not a whole number of 0.01")
    assert app.results == []


async def test_r12_the_app_offers_the_journals_regulars(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as journal:
        night(journal, "Ann:200,Bob:250,Cy:150")
    journal = Journal.open(db)
    app = OmahaApp(journal=journal, resume="new", settings_path=tmp_path / "s.toml")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        await pilot.wait_for_scheduled_animations()  # the form scrolls to the first seat
        await pilot.click("#seat-last")
        await pilot.pause()
        names = [screen.query_one(f"#name-{i}", Input).value for i in range(3)]
        assert names == ["Ann", "Bob", "Cy"]
        assert screen.query_one("#buyin-1", Input).value == "250"
    journal.close()
