"""The players' display follows a session another process records, and never writes.

A child process stands in for the dealer's app (it holds the session's lock and
appends events durably); the display, in this process, opens the same journal
read-only. Every wait is bounded.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from textual.widgets import Digits, Static

from omaha_tui.app.widgets.pots import PotDigits
from omaha_tui.display.app import DisplayApp
from omaha_tui.display.follower import Follower
from omaha_tui.engine.events import Event, LevelChanged
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.rules.levels import BlindSchedule, Level
from omaha_tui.engine.state import TableState
from omaha_tui.store.locks import lock_dir
from tests import decided as commands
from tests.app.hands import seated

SCHEDULE = BlindSchedule(
    levels=(Level(small_blind=1, big_blind=2, minutes=20), Level(small_blind=2, big_blind=5))
)
ROOT = Path(__file__).resolve().parents[2]


class Dealer:
    """The dealer's process: send it events, it records them and says ``ok SEQ``."""

    def __init__(self, db: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.display.dealer_process", str(db)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self._line() == "ready"
        self.state: TableState | None = None

    def _line(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().strip()

    def record(self, events: list[Event], meta: dict[str, object] | None = None) -> int:
        """Record ``events`` (and follow them here, to build the next ones)."""
        assert self.proc.stdin is not None
        batch = {"events": [e.model_dump(mode="json") for e in events], "meta": meta}
        self.proc.stdin.write(json.dumps(batch) + "\n")
        self.proc.stdin.flush()
        answer = self._line()
        assert answer.startswith("ok "), answer
        for e in events:
            self.state = e and (apply(self.state, e) if self.state else replay([e]))
        return int(answer.split()[1])

    def act(self, command: Callable[[TableState], Event]) -> int:
        assert self.state is not None
        return self.record([command(self.state)])

    def stop(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture
def dealer(tmp_path: Path) -> Iterator[Dealer]:
    d = Dealer(tmp_path / "journal.sqlite3")
    try:
        yield d
    finally:
        d.stop()


def _files(db: Path) -> dict[str, tuple[bytes, int]]:
    """The journal's files (the database and its write-ahead log) as bytes and mtime."""
    out = {}
    for path in (db, db.with_name(db.name + "-wal")):
        if path.exists():
            out[path.name] = (path.read_bytes(), path.stat().st_mtime_ns)
    return out


def _locks(db: Path) -> list[str]:
    folder = lock_dir(db)
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


async def _until(pilot: object, check: Callable[[], bool], what: str) -> None:
    """Wait (at most 5 s) until the display shows ``what``."""
    for _ in range(100):
        if check():
            return
        await pilot.pause(0.05)  # type: ignore[attr-defined]
    raise AssertionError(f"the display did not show {what} within 5 s")


async def test_display_follows_a_level_change_a_bet_and_a_new_hand(
    dealer: Dealer, tmp_path: Path
) -> None:
    db = tmp_path / "journal.sqlite3"
    dealer.record(seated("plo", ["Ann", "Bob", "Cy"]), meta={"schedule": SCHEDULE.model_dump()})
    app = DisplayApp(Follower.open(db), poll_seconds=0.05, now=lambda: 0.0)
    async with app.run_test(size=(100, 40)) as pilot:

        def digits(widget_id: str) -> str:
            widget = app.query_one(f"#{widget_id}")
            assert isinstance(widget, Digits | PotDigits)
            return widget.value

        await _until(pilot, lambda: (digits("sb"), digits("bb")) == ("1", "2"), "blinds 1/2")
        seq = dealer.act(commands.start_hand)
        await _until(pilot, lambda: app.shown_seq == seq, "the new hand")
        assert "hand #1" in str(app.query_one("#title", Static).content)
        assert digits("pot-digits") == "3"  # R2.1: the blinds are in

        assert "Cy" in str(app.query_one("#turn", Static).content)
        seq = dealer.act(commands.pot)  # Cy, on the button, raises the pot: to 7
        await _until(pilot, lambda: digits("pot-digits") == "10", "Cy's raise")
        assert "Ann" in str(app.query_one("#turn", Static).content)

        while dealer.state is not None and dealer.state.hand and not dealer.state.hand.complete:
            dealer.act(commands.fold)
        seq = dealer.record([LevelChanged(level=2, stakes=SCHEDULE.stakes(2))])
        await _until(pilot, lambda: (digits("sb"), digits("bb")) == ("2", "5"), "level 2")
        assert "Level 2" in str(app.query_one("#level-caption", Static).content)

        seq = dealer.act(commands.start_hand)
        title = app.query_one("#title", Static)
        await _until(pilot, lambda: "hand #2" in str(title.content), "hand #2")
        assert digits("pot-digits") == "7"  # the new blinds, 2 and 5 (R2.7)


async def test_display_never_writes_nor_locks(dealer: Dealer, tmp_path: Path) -> None:
    db = tmp_path / "journal.sqlite3"
    dealer.record(seated("plo", ["Ann", "Bob", "Cy"]))
    dealer.act(commands.start_hand)
    before, locks = _files(db), _locks(db)
    follower = Follower.open(db)
    app = DisplayApp(follower, poll_seconds=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.5)  # some twenty polls
        assert app.shown_seq == follower.seq > 0
    follower.close()
    assert _files(db) == before
    assert _locks(db) == locks
    assert follower.journal.read_only


async def test_r2_7_the_terminal_display_shows_a_break_and_a_pause(tmp_path: Path) -> None:
    """``display --terminal`` says BREAK with the break's countdown, and PAUSED, as the
    web page does, from the same view model (the dealer's clock in the journal)."""
    from datetime import UTC, datetime, timedelta

    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.session import Player, Session, TableSetup
    from omaha_tui.store.journal import Journal
    from tests.session.test_session import setup as table_setup

    t0 = datetime(2026, 1, 1, 20, tzinfo=UTC)
    db = tmp_path / "journal.sqlite3"
    s: TableSetup = table_setup(levels="1/2:20,break:10,2/4:20")
    assert all(isinstance(p, Player) for p in s.players)
    with Journal.open(db) as journal:
        session = Session.create(journal, s.events(), s.name, s.schedule, now=t0)
        for req in (rq.NextHand(), rq.Fold(), rq.Fold()):
            assert session.request(req, now=t0).ok
        assert session.request(rq.PauseClock(), now=t0 + timedelta(minutes=5)).ok
    start = t0.timestamp()
    clock = [start + 6 * 60]
    app = DisplayApp(Follower.open(db), poll_seconds=0.05, now=lambda: clock[0])
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        caption = app.query_one("#clock-caption", Static)
        assert "PAUSED" in str(caption.content)
        assert app.query_one("#clock", Digits).value == "15:00"
        assert app.query_one("#clock-box").has_class("-paused")
    with Journal.open(db) as journal:
        session = Session.resume(journal, session.id)
        assert session.request(rq.ResumeClock(), now=t0 + timedelta(minutes=5)).ok
    clock[0] = start + 20 * 60 + 48
    app = DisplayApp(Follower.open(db), poll_seconds=0.05, now=lambda: clock[0])
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert str(app.query_one("#clock-caption", Static).content) == "BREAK 1 · ends in"
        assert app.query_one("#clock", Digits).value == "09:12"
        assert "then level 2" in str(app.query_one("#level-caption", Static).content)
        assert app.query_one("#clock-box").has_class("-break")


def test_r2_7_a_reader_shows_the_clock_of_a_journal_with_its_schedule_only_in_meta(
    tmp_path: Path,
) -> None:
    """The players' display reads an old journal (the schedule only in the session's
    settings) read-only and shows the clock the dealer's resume will record."""
    from tests.session.test_session import T_OLD, journal_with_schedule_only_in_meta

    db = tmp_path / "j.sqlite3"
    sid = journal_with_schedule_only_in_meta(db)
    before = _files(db)
    follower = Follower.open(db, sid)
    try:
        now = T_OLD.timestamp() + 3600
        view = follower.view(now)
        assert view is not None and view.started and view.level.number == 2
        assert view.seconds_left == 20 * 60
        later = follower.view(now + 300)
        assert later is not None and later.seconds_left == 15 * 60
        assert follower.clock(now).big_blind == 4
        assert follower.schedule is not None and len(follower.schedule.levels) == 3
    finally:
        follower.close()
    assert _files(db)["j.sqlite3"][0] == before["j.sqlite3"][0]  # read, never written


async def test_r2_7_the_terminal_end_screen_shows_no_running_clock(tmp_path: Path) -> None:
    """After the host ends the session the terminal display counts nothing down."""
    from datetime import UTC, datetime

    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.session import Session, TableSetup
    from omaha_tui.store.journal import Journal
    from tests.session.test_session import setup as table_setup

    t0 = datetime(2026, 1, 1, 20, tzinfo=UTC)
    db = tmp_path / "journal.sqlite3"
    s: TableSetup = table_setup(levels="1/2:20,2/4:20")
    with Journal.open(db) as journal:
        session = Session.create(journal, s.events(), s.name, s.schedule, now=t0)
        for req in (rq.NextHand(), rq.Fold(), rq.Fold(), rq.EndSession()):
            assert session.request(req, now=t0).ok
    clock = [t0.timestamp() + 5 * 60]
    app = DisplayApp(Follower.open(db, session.id), poll_seconds=0.05, now=lambda: clock[0])
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert not app.query_one("#clock-box").display
        assert app.follower.view(clock[0]) is None


async def test_r11_the_terminal_display_shows_the_standings_the_bb_ante_and_the_end(
    tmp_path: Path,
) -> None:
    """``display --terminal`` at a tournament: the standings line (players left, the
    prizes, who is out, R11.3), the big-blind ante named so (R2.9) and the hand's own
    blinds; once the prizes are paid, the end screen with the places and the settle-up."""
    from datetime import UTC, datetime, timedelta

    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.session import Session
    from omaha_tui.store.journal import Journal
    from tests.console.transcript import _setup

    t0 = datetime(2026, 1, 1, 20, tzinfo=UTC)
    levels = "25/50/bb50:20,50/100/bb100:20"
    setup = _setup(
        {
            "players": "Ann,Bob,Cy",
            "levels": levels,
            "structure": "nl",
            "tournament": "--buy-in 20 --stack 1000",
        }
    )
    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as journal:
        session = Session.create(journal, setup.events(), "Friday", setup.schedule, now=t0)
        for req in (rq.NextHand(), rq.AllIn(), rq.Call(), rq.Fold()):
            assert session.request(req, now=t0).ok, req
        for _ in range(3):
            assert session.request(rq.DealCards(), now=t0).ok
        assert session.request(rq.AwardByHand(((1,),)), now=t0).ok  # Bob wins: Ann is out
        assert session.request(rq.NextHand(), now=t0 + timedelta(minutes=21)).ok
    clock = [t0.timestamp() + 21 * 60]
    app = DisplayApp(Follower.open(db), poll_seconds=0.05, now=lambda: clock[0])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        line = str(app.query_one("#standings", Static).content)
        assert "2 of 3 left" in line and "out so far: 3rd Ann" in line and "1st 60" in line, line
        caption = str(app.query_one("#level-caption", Static).content)
        assert caption == "Level 2 · blinds · BB ante 100", caption
    with Journal.open(db) as journal:
        session = Session.resume(journal, session.id)
        assert session.request(rq.Fold()).ok  # heads up: the hand ends
        assert session.request(rq.AgreeDeal(((1, Decimal(40)), (2, Decimal(20))))).ok
    app = DisplayApp(Follower.open(db), poll_seconds=0.05, now=lambda: clock[0])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        end = str(app.query_one("#end", Static).content)
        assert "The tournament is over" in end and "Bob" in end and "pays" in end, end
        assert not app.query_one("#felt").display
