"""The host's clock at the dealer's seat: a chime when a level or a break ends and
when the blinds change (R2.7c), silent when the host turns it off (remembered like
the other preferences), and a clock that stops when the session ends."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.widgets import Input

from omaha_tui.app.app import OmahaApp
from omaha_tui.app.palette import QUESTIONS, ask
from omaha_tui.app.screens.ledger import LedgerScreen
from omaha_tui.app.speech import SilentBackend
from omaha_tui.app.widgets.clock import LevelClock
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.prefs.settings import load_settings
from omaha_tui.session.grammar import parse_levels

from .test_flows import six_handed_plo

SCHEDULE = "1/2:20,break:10,2/4:20"


def clocked(tmp_path: Path, now: list[float]) -> tuple[OmahaApp, list[int]]:
    """A six-handed table on ``SCHEDULE``; the list counts the bells rung."""
    start = replace(six_handed_plo(), schedule=parse_levels(SCHEDULE))
    app = OmahaApp(
        db=tmp_path / "journal.sqlite3",
        start=start,
        now=lambda: now[0],
        speech=SilentBackend(),
        settings_path=tmp_path / "settings.json",
    )
    bells: list[int] = []
    app.bell = lambda: bells.append(1)  # type: ignore[method-assign]
    return app, bells


def play_a_hand_out(app: OmahaApp) -> None:
    app.request(rq.NextHand())
    while app.session.state.hand is not None and not app.session.state.hand.complete:
        app.request(rq.Fold())


async def test_r2_7c_the_clock_chimes_when_a_level_and_a_break_end(tmp_path: Path) -> None:
    now = [0.0]
    app, bells = clocked(tmp_path, now)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        clock = app.table.query_one(LevelClock)
        play_a_hand_out(app)  # the first hand starts the clock
        await pilot.pause()
        assert bells == []
        now[0] = 10 * 60.0
        clock.tick()
        await pilot.pause()
        assert bells == []  # mid-level: nothing
        now[0] = 20 * 60.0  # level 1 ends: the break
        clock.tick()
        await pilot.pause()
        assert len(bells) == 1
        now[0] = 30 * 60.0  # the break ends: level 2
        clock.tick()
        await pilot.pause()
        assert len(bells) == 2


async def test_r2_7c_the_chime_is_silent_when_the_host_turns_it_off(tmp_path: Path) -> None:
    now = [0.0]
    app, bells = clocked(tmp_path, now)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        clock = app.table.query_one(LevelClock)
        app.preferences.toggle_chime()
        play_a_hand_out(app)
        now[0] = 20 * 60.0
        clock.tick()
        await pilot.pause()
        now[0] = 30 * 60.0
        clock.tick()
        await pilot.pause()
        assert bells == []
    # Remembered like the other preferences: the next evening starts silent too.
    assert load_settings(tmp_path / "settings.json").settings.chime is False


async def test_after_end_session_the_clock_stops_and_the_settle_up_opens(tmp_path: Path) -> None:
    now = [0.0]
    app, _ = clocked(tmp_path, now)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        clock = app.table.query_one(LevelClock)
        play_a_hand_out(app)
        now[0] = 60.0
        clock.tick()
        await pilot.pause()
        ask(app, next(q for q in QUESTIONS if q.name == "End session"))
        await pilot.pause()
        app.screen.query_one(Input).value = "yes"
        await pilot.press("enter")
        for _ in range(3):
            await pilot.pause()
        assert app.session.state.ended
        assert isinstance(app.screen, LedgerScreen)
        shown = str(clock.content)
        assert shown.startswith("Session over")
        now[0] = 600.0  # time goes by: the header does not count on
        clock.tick()
        await pilot.pause()
        assert str(clock.content) == shown


async def test_r2_7_the_large_clock_shows_the_countdown_in_digits_and_is_remembered(
    tmp_path: Path,
) -> None:
    """The palette's "Large clock" draws the level's countdown in three-row digits in the
    title row, counting with the clock (and the break's in a break); the choice is kept."""
    now = [0.0]
    app, _ = clocked(tmp_path, now)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        clock = app.table.query_one(LevelClock)
        play_a_hand_out(app)  # the first hand starts the clock
        now[0] = 65.0
        clock.tick()
        await pilot.pause()
        assert clock.size.height == 1 and "18:55" in str(clock.render())
        app.preferences.toggle_large_clock()
        await pilot.pause()
        assert clock.has_class("-large") and clock.size.height == 4
        assert clock._left == "18:55"  # the digits drawn: three rows above the line
        now[0] = 25 * 60.0  # the break: its own countdown
        clock.tick()
        await pilot.pause()
        assert clock.has_class("-large") and clock.has_class("-break")
        assert clock._left == "05:00"
    assert load_settings(tmp_path / "settings.json").settings.large_clock
    again, _ = clocked(tmp_path, [0.0])
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.table.query_one(LevelClock).large


async def test_r2_7_in_a_break_the_table_says_no_hand_starts_and_names_its_own_key(
    tmp_path: Path,
) -> None:
    """During a break no hand starts (R2.7): the table's line says so and that B ends
    it, not "Press n to deal"; after the break it asks for the next hand again."""
    now = [0.0]
    app, _ = clocked(tmp_path, now)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        clock = app.table.query_one(LevelClock)
        play_a_hand_out(app)
        await pilot.pause()
        turn = app.table.query_one("#turn")
        assert "Press n to deal" in str(turn.render())
        now[0] = 21 * 60.0
        clock.tick()
        await pilot.pause()
        text = str(turn.render())
        assert "Break: no hand until it ends (B ends it early)" in text and "Press n" not in text
        now[0] = 31 * 60.0
        clock.tick()
        await pilot.pause()
        assert "Press n to deal" in str(turn.render())
