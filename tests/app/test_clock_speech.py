"""R2.7 heard at the table: "Blinds are now 2 and 4" at a new level, and a one-minute
warning before a timed level ends, spoken on the speech worker like everything else
the app says (and captioned when speech is off)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from textual.app import App, ComposeResult

from omaha_tui.app.app import OmahaApp
from omaha_tui.app.speech import SpeechOutcome
from omaha_tui.app.widgets.clock import LevelClock
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided
from omaha_tui.engine.state import TableState
from omaha_tui.session.clock import ClockFollower, clock_view
from omaha_tui.session.grammar import parse_levels
from tests.app.test_flows import keys, six_handed_plo, status
from tests.tables import quick_table


@dataclass
class Recorder:
    """A speech backend that keeps what it was asked to say, and on which thread."""

    name: str = "recorder"
    said: list[str] = field(default_factory=list)
    threads: set[str] = field(default_factory=set)

    def speak(self, text: str) -> SpeechOutcome:
        self.said.append(text)
        self.threads.add(threading.current_thread().name)
        return SpeechOutcome(spoken=True)


T0 = datetime(2026, 1, 1, 20, tzinfo=UTC)


def clocked(levels: str) -> TableState:
    """A table with ``levels`` whose clock started at ``T0`` (the first hand)."""
    state = quick_table()
    out = decide(state, rq.SetSchedule(parse_levels(levels), at=T0))
    assert isinstance(out, Decided)
    out = decide(out.state, rq.NextHand(at=T0))
    assert isinstance(out, Decided)
    return out.state


class ClockHost(App[None]):
    """The clock panel alone, reading a table at a moment, keeping what it announces."""

    def __init__(self, state: TableState) -> None:
        super().__init__()
        self.state = state
        self.at = T0
        self.heard: list[str] = []

    def compose(self) -> ComposeResult:
        yield LevelClock()

    def on_mount(self) -> None:
        self.query_one(LevelClock).follow(
            ClockFollower(lambda: clock_view(self.state, self.at)), ""
        )

    def on_level_clock_announce(self, message: LevelClock.Announce) -> None:
        self.heard.append(message.text)


async def test_r2_7_a_new_level_and_the_last_minute_are_announced_once_each() -> None:
    app = ClockHost(clocked("1/2:20,2/5:20"))
    async with app.run_test() as pilot:
        clock = app.query_one(LevelClock)
        clock.tick()  # the same level read again: nothing to say
        app.at = T0 + timedelta(minutes=19, seconds=1)
        clock.tick()
        clock.tick()
        app.at = T0 + timedelta(minutes=20)
        clock.tick()
        await pilot.pause()
    assert app.heard == [
        "One minute left in level 1",
        "Level 2 starts with the next hand: blinds 2 and 5",
    ]


async def test_r2_7_resuming_at_a_level_is_not_announced_as_a_change() -> None:
    app = ClockHost(clocked("1/2:20,2/5:20,5/10:0"))
    app.at = T0 + timedelta(minutes=45)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert "Level 3" in str(app.query_one(LevelClock).content)
    assert app.heard == []


async def test_r2_7_the_dealer_app_speaks_the_clock_on_its_speech_worker(tmp_path: Path) -> None:
    now = [0.0]
    voice = Recorder()
    app = OmahaApp(
        db=tmp_path / "journal.sqlite3",
        start=replace(six_handed_plo(), schedule=parse_levels("1/2:20,2/4:20")),
        now=lambda: now[0],
        speech=voice,
        settings_path=tmp_path / "settings.json",
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot, "n")
        clock = app.table.query_one(LevelClock)
        now[0] = 19 * 60.0 + 30
        clock.tick()
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert voice.said == ["One minute left in level 1"]
        now[0] = 20 * 60.0
        clock.tick()
        await pilot.pause()  # said before the next hand's words (the newest replaces a queued one)
        await app.workers.wait_for_complete()
        while app.session.state.hand is not None and not app.session.state.hand.complete:
            app.request(rq.Fold())
        await keys(pilot, "n")
        await app.workers.wait_for_complete()
    assert voice.said == [
        "One minute left in level 1",
        "Level 2 starts with the next hand: blinds 2 and 4",
        "Blinds are now 2 and 4",
    ]
    assert threading.main_thread().name not in voice.threads


async def test_r2_7_the_clock_panel_shows_pause_break_and_refuses_a_hand_in_a_break(
    tmp_path: Path,
) -> None:
    now = [0.0]
    app = OmahaApp(
        db=tmp_path / "journal.sqlite3",
        start=replace(six_handed_plo(), schedule=parse_levels("1/2:20,break:10,2/4:20")),
        now=lambda: now[0],
        speech=Recorder(),
        settings_path=tmp_path / "settings.json",
    )
    async with app.run_test(size=(120, 30)) as pilot:
        await keys(pilot, "n")
        clock = app.table.query_one(LevelClock)
        now[0] = 5 * 60.0
        assert app.request(rq.PauseClock()).ok
        await pilot.pause()
        text = str(clock.content)
        assert "Level 1 · blinds 1/2 · 15:00 left · PAUSED" in text and "break in 15:00" in text
        assert clock.has_class("-paused")
        now[0] = 9 * 60.0
        clock.tick()
        assert "15:00 left · PAUSED" in str(clock.content)
        assert app.request(rq.ResumeClock()).ok
        while app.session.state.in_hand:
            app.request(rq.Fold())
        now[0] = 26 * 60.0
        clock.tick()
        await pilot.pause()
        assert str(clock.content).startswith("Break 1 · 08:00 left · next 2/4")
        assert clock.has_class("-break") and not clock.has_class("-paused")
        await keys(pilot, "n")
        assert app.session.state.hands_played == 1  # no hand in a break (R2.7c)
        assert status(app).startswith("a break is on for 08:00 more: no hand starts in a break")
        assert app.request(rq.EndBreak()).ok
        await keys(pilot, "n")
        assert app.session.state.hand is not None and app.session.state.hand.stakes.big_blind == 4


async def test_r2_7c_a_level_reached_between_hands_is_announced_once(tmp_path: Path) -> None:
    """The clock gets to level 2 between hands: the table hears it then, on screen and
    aloud, and the hand that brings it in (with its LevelChanged) says nothing more."""
    now = [0.0]
    voice = Recorder()
    app = OmahaApp(
        db=tmp_path / "journal.sqlite3",
        start=replace(six_handed_plo(), schedule=parse_levels("1/2:20,2/4:20")),
        now=lambda: now[0],
        speech=voice,
        settings_path=tmp_path / "settings.json",
    )
    shown: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await keys(pilot, "n")
        while app.session.state.in_hand:
            app.request(rq.Fold())
        clock = app.table.query_one(LevelClock)
        now[0] = 20 * 60.0 + 5
        said = app.say
        app.say = lambda text, **kw: (shown.append(text), said(text, **kw))  # type: ignore[method-assign]
        clock.tick()
        await pilot.pause()
        await keys(pilot, "n")
        clock.tick()
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert app.session.state.hand is not None and app.session.state.hand.stakes.big_blind == 4
    assert voice.said == ["Blinds are now 2 and 4"]
    assert shown.count("Blinds are now 2 and 4") == 1


async def test_r2_7b_the_clock_keys_are_in_the_key_table_and_act_on_the_clock(
    tmp_path: Path,
) -> None:
    from omaha_tui.app.keys import BY_KEY, KEYS, help_lines
    from omaha_tui.app.palette import _actions

    names = ("clock_pause", "clock_start", "clock_more", "clock_less", "clock_next")
    assert len(BY_KEY) == len(KEYS)  # no key stands for two actions
    assert {BY_KEY[k] for k in ("P", "S", "plus", "minus", "right_square_bracket")} == set(names)
    assert BY_KEY["left_square_bracket"] == "clock_back" and BY_KEY["B"] == "break_end"
    helped = dict(help_lines())
    assert helped["P"].startswith("pause the blind clock") and "[" in helped
    from omaha_tui.app.keys import bindings

    footer = {b.key: b.description for b in bindings() if b.show}
    assert footer["P"] == "Clock" and "plus" not in footer  # P alone, to fit 80 columns
    now = [0.0]
    app = OmahaApp(
        db=tmp_path / "journal.sqlite3",
        start=replace(six_handed_plo(), schedule=parse_levels("1/2:20,break:10,2/4:20")),
        now=lambda: now[0],
        speech=Recorder(),
        settings_path=tmp_path / "settings.json",
    )
    async with app.run_test(size=(120, 30)) as pilot:
        assert "clock_pause" not in app.controls.live()  # not started: nothing to pause
        assert {"clock_start", "clock_more", "clock_next", "break_end"} <= app.controls.live()
        palette = {name for name, _, _ in _actions(app)}
        assert {"Pause clock (P)", "Clock +1 min (+)", "End break (B)"} <= palette
        await keys(pilot, "S")
        assert app.session.state.clock.started and "clock_start" not in app.controls.live()
        now[0] = 5 * 60.0
        await keys(pilot, "P")
        clock = app.table.query_one(LevelClock)
        assert not app.session.state.clock.running and "PAUSED" in str(clock.content)
        await keys(pilot, "P")
        assert app.session.state.clock.running
        await keys(pilot, "plus", "plus", "minus")
        view = app.session.clock(app.wall_now())
        assert view is not None and view.seconds_left == 16 * 60
        await keys(pilot, "B")
        assert "no break is on" in status(app)  # a live key the time refuses says why
        await keys(pilot, "right_square_bracket")
        view = app.session.clock(app.wall_now())
        assert view is not None and view.level.number == 2
        await keys(pilot, "left_square_bracket")
        view = app.session.clock(app.wall_now())
        assert view is not None and view.level.number == 1


async def test_r2_7_the_app_resumes_a_journal_whose_schedule_is_only_in_meta_with_its_clock(
    tmp_path: Path,
) -> None:
    from tests.session.test_session import journal_with_schedule_only_in_meta

    db = tmp_path / "journal.sqlite3"
    sid = journal_with_schedule_only_in_meta(db)
    now = [0.0]
    app = OmahaApp(
        db=db,
        resume=sid,
        now=lambda: now[0],
        speech=Recorder(),
        settings_path=tmp_path / "settings.json",
    )
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        clock = app.table.query_one(LevelClock)
        clock.tick()
        assert str(clock.content).startswith("Level 2 · blinds 2/4 · 20:00 left")
        now[0] = 5 * 60.0
        clock.tick()
        assert "15:00 left" in str(clock.content)
