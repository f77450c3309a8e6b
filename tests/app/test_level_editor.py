"""R2.7 the setup screen's level editor: templates, the generator, adding, removing and
editing rows, and the schedule the table opens with."""

from __future__ import annotations

import random

from textual.widgets import Button, Input, Select, Static

from omaha_tui.app.prompts.level_editor import LevelEditor, LevelRow
from omaha_tui.app.screens.setup import SetupResult, SetupScreen
from omaha_tui.engine.rules.clock.schedule import Break

from .screen_harness import ScreenHost


def _seat_two(screen: SetupScreen) -> None:
    for widget_id, value in (("name-0", "Ann"), ("buyin-0", "200"), ("name-1", "Bob")):
        screen.query_one(f"#{widget_id}", Input).value = value


async def test_r2_7_a_template_fills_the_rows_and_the_table_opens_at_level_1() -> None:
    screen = SetupScreen(random.Random(3))
    app = ScreenHost(screen)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        _seat_two(screen)
        editor = screen.query_one(LevelEditor)
        screen.query_one("#plan-hours", Input).value = "3"
        screen.query_one("#plan-players", Input).value = "6"
        screen.query_one("#plan", Select).value = "standard"
        await pilot.pause()
        rows = editor.rows()
        assert rows[:3] == ["1/2:20", "1/3:20", "3/6:20"] and "break:10" in rows
        names = [str(r.query_one(".level-name").render()) for r in screen.query(LevelRow)]
        assert names[:2] == ["Level 1", "Level 2"] and "Break 1" in names
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert isinstance(result, SetupResult) and result.schedule is not None
    assert len(result.schedule.items) == len(rows)
    assert result.config.stakes.big_blind == 2  # level 1's blinds


async def test_r2_7_rows_are_added_removed_and_edited() -> None:
    screen = SetupScreen(random.Random(3))
    app = ScreenHost(screen)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        _seat_two(screen)
        editor = screen.query_one(LevelEditor)
        add = screen.query_one("#level-add", Button)
        add.press()
        await pilot.pause()
        add.press()
        await pilot.pause()
        screen.query_one("#break-add", Button).press()
        await pilot.pause()
        assert editor.rows() == ["1/2:20", "2/4:20", "break:10"]  # each new level doubles
        screen.query(LevelRow)[1].query_one(Input).value = "5/10/bb10:30s"
        await pilot.pause()
        add.press()
        await pilot.pause()
        assert editor.rows()[-1] == "10/20/bb20:30s"  # after the last level, doubled
        screen.query(LevelRow)[0].query_one(Button).press()  # remove the first row
        await pilot.pause()
        assert editor.rows() == ["5/10/bb10:30s", "break:10", "10/20/bb20:30s"]
        schedule = editor.schedule()
        assert schedule is not None and isinstance(schedule.items[1], Break)
        assert schedule.levels[0].big_blind_ante and schedule.levels[0].seconds == 30


async def test_r2_7_a_bad_row_is_named_and_nothing_starts() -> None:
    screen = SetupScreen(random.Random(3))
    app = ScreenHost(screen)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        _seat_two(screen)
        editor = screen.query_one(LevelEditor)
        editor.set_rows(["1/2:20", "2-4:20"])
        await pilot.pause()
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
        error = str(screen.query_one("#error", Static).render())
        assert error.startswith('Blind clock row 2: level "2-4:20" is not SB/BB[/ANTE]:TIME')
    assert app.results == []


async def test_r2_7_no_rows_means_no_blind_clock_and_the_generator_uses_the_fields() -> None:
    screen = SetupScreen(random.Random(3))
    app = ScreenHost(screen)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        _seat_two(screen)
        editor = screen.query_one(LevelEditor)
        assert editor.schedule() is None
        screen.query_one("#plan-stack", Input).value = "10000"
        screen.query_one("#plan-players", Input).value = "8"
        screen.query_one("#plan-hours", Input).value = "4"
        screen.query_one("#plan-generate", Button).press()
        await pilot.pause()
        schedule = editor.schedule()
        assert schedule is not None and schedule.levels[0].big_blind == 100
        assert schedule.levels[-1].big_blind >= 8000  # about a tenth of the chips in play
        screen.query_one("#plan", Select).value = "none"
        await pilot.pause()
        assert editor.schedule() is None


async def test_r2_7_the_generator_counts_the_players_seated_when_its_field_is_empty() -> None:
    from omaha_tui.engine.rules.clock.plans import generate, schedule_text

    screen = SetupScreen(random.Random(3))
    app = ScreenHost(screen)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        editor = screen.query_one(LevelEditor)
        players = screen.query_one("#plan-players", Input)
        assert players.placeholder == "2"  # nobody seated yet: at least two
        _seat_two(screen)
        screen.query_one("#name-2", Input).value = "Cy"
        await pilot.pause()
        assert players.value == "" and players.placeholder == "3"
        screen.query_one("#plan-hours", Input).value = "3"
        screen.query_one("#plan", Select).value = "standard"
        await pilot.pause()
        assert ",".join(editor.rows()) == schedule_text(generate(200, 3, 3, "standard"))
        assert ",".join(editor.rows()) != schedule_text(generate(200, 8, 3, "standard"))
