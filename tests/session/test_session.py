"""The headless session: decide once, record once, undo/redo on the log, the clock from it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.reducer import replay as reducer
from omaha_tui.session import (
    NOTHING_TO_REDO,
    NOTHING_TO_UNDO,
    Player,
    Session,
    SessionError,
    TableSetup,
)
from omaha_tui.session.grammar import parse_levels
from omaha_tui.store.journal import Journal

NAMES = ("Ann", "Bob", "Cy", "Dee")


def setup(players: int = 3, levels: str | None = None) -> TableSetup:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(small_blind=1, big_blind=2))
    seated = tuple(Player(i, NAMES[i], 200) for i in range(players))
    return TableSetup(config, seated, schedule=parse_levels(levels) if levels else None)


@pytest.fixture
def journal():  # type: ignore[no-untyped-def]
    j = Journal.in_memory()  # what is tested here is the session, not the disk
    yield j
    j.close()


def new(journal: Journal, **kw: object) -> Session:
    s = setup(**kw)  # type: ignore[arg-type]
    return Session.create(journal, s.events(), s.name, s.schedule)


def play_hand(session: Session) -> None:
    for req in (rq.NextHand(), rq.Fold(), rq.Fold()):
        assert session.request(req).ok


def undo_all(session: Session) -> list[str]:
    said = []
    while True:
        out = session.undo()
        said.append(out.message)
        if not out.ok:
            return said


def test_a_request_is_recorded_and_narrated(journal: Journal) -> None:
    s = new(journal)
    out = s.request(rq.NextHand())
    assert (
        out.ok
        and out.message == "Hand #1: button Ann; Bob posts small blind 1; Cy posts big blind 2"
    )
    assert journal.events(s.id)[-1] == out.events[0]
    assert s.request(rq.Check()).refused and len(journal.events(s.id)) == 6


def test_an_opening_the_engine_refuses_creates_no_session(journal: Journal) -> None:
    s = setup()
    events = (*s.events(), *s.events()[1:2])  # the same player seated twice
    with pytest.raises(SessionError, match="cannot open the table: seat 1 is taken by Ann"):
        Session.create(journal, events, "bad")
    assert journal.sessions() == []


def test_a_failing_journal_leaves_the_state_unchanged(journal: Journal, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    s = new(journal)
    before = s.state

    def broken(*a: object, **k: object) -> int:
        raise OSError("disk full")

    monkeypatch.setattr(journal, "append_many", broken)
    out = s.request(rq.NextHand())
    assert out.journal_failed and out.message.endswith("disk full") and s.state is before


def test_each_new_event_is_applied_once_per_request(journal: Journal, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    s = new(journal)
    assert s.request(rq.NextHand()).ok
    calls: list[str] = []
    for kind, handler in list(reducer._HANDLERS.items()):

        def counted(state, event, _h=handler):  # type: ignore[no-untyped-def]
            calls.append(event.type)
            return _h(state, event)

        monkeypatch.setitem(reducer._HANDLERS, kind, counted)
    assert s.request(rq.RaisePot()).ok
    assert calls == ["raised_to"]
    calls.clear()
    for req in (rq.Fold(), rq.Fold(), rq.NextHand()):
        assert s.request(req).ok
    assert calls == ["folded", "folded", "hand_started"]


def test_undo_says_what_it_undid_and_stops_at_the_start_of_the_log(journal: Journal) -> None:
    s = new(journal)
    s.request(rq.NextHand())
    s.request(rq.RaiseTo(7))
    assert s.undo().message == "Undone: Ann's raise to 7"
    assert s.undo().message == "Undone: the start of hand #1"
    said = undo_all(s)
    assert said[-1] == NOTHING_TO_UNDO
    assert s.state.config is not None  # the session itself is never undone


def test_redo_until_a_new_event_then_nothing_to_redo(journal: Journal) -> None:
    s = new(journal)
    s.request(rq.NextHand())
    s.request(rq.Call())
    s.undo()
    assert s.redo().message == "Redone: Ann calls 2"
    assert s.redo().message == NOTHING_TO_REDO
    s.undo()
    s.request(rq.Fold())
    assert s.redo().message == NOTHING_TO_REDO


def test_undo_depth_is_the_same_live_and_after_a_resume(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        live = new(j)
        for _ in range(6):
            play_hand(live)
        live.request(rq.NextHand())
        live.request(rq.Call())
        sid = live.id
    with Journal.open(db) as j:
        resumed = Session.resume(j, sid)
        depth_resumed = len(undo_all(resumed))
    with Journal.open(tmp_path / "k.sqlite3") as j:
        live = new(j)
        for _ in range(6):
            play_hand(live)
        live.request(rq.NextHand())
        live.request(rq.Call())
        depth_live = len(undo_all(live))
    assert depth_live == depth_resumed
    assert depth_live > 2 + 3 + 3  # at least back to the start of the previous hand


def test_redo_survives_a_resume(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        s = new(j)
        play_hand(s)
        s.request(rq.NextHand())
        s.undo()
        s.undo()
        sid = s.id
    with Journal.open(db) as j:
        s = Session.resume(j, sid)
        assert s.redo().message.startswith("Redone: Bob folds")
        assert s.redo().message.startswith("Redone: Hand #2")
        assert s.redo().message == NOTHING_TO_REDO


def test_r2_7_the_clock_survives_a_resume_and_a_due_level_starts_the_next_hand(
    tmp_path: Path,
) -> None:
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        s = new(j, levels="1/2:20,2/4:20")
        assert s.clock().seconds_left == 20 * 60 and not s.clock().due  # not started yet
        play_hand(s)
        sid = s.id
        started_at = datetime.now(UTC)
    later = started_at + timedelta(minutes=21)
    with Journal.open(db) as j:
        s = Session.resume(j, sid)
        soon = s.clock(started_at + timedelta(minutes=5))
        assert soon.level.number == 1 and 14 * 60 < (soon.seconds_left or 0) <= 15 * 60
        assert s.clock(later).due
        out = s.request(rq.NextHand(), now=later)
        assert out.ok and out.message.startswith("Level 2: blinds 2/4; Hand #2")
        assert [p.amount for p in s.state.hand.posts] == [2, 4]
        assert not s.clock(later).due and s.clock(later).level.number == 2


def test_undo_after_many_hands_says_how_far_back_it_reaches(journal: Journal) -> None:
    s = new(journal)
    for _ in range(6):
        play_hand(s)
    said = undo_all(s)
    assert said[-1] == (
        "undo reaches back 3 hands; the log before hand #4 is kept but not undoable"
    )
    assert "Undone: the start of hand #4" in said
    assert NOTHING_TO_UNDO not in said


def test_r2_7a_undoing_the_first_hand_stops_the_clock_and_redo_starts_it_again(
    journal: Journal,
) -> None:
    t0 = datetime(2026, 1, 1, 20, tzinfo=UTC)
    s = setup(levels="1/2:20,2/4:20")
    session = Session.create(journal, s.events(), s.name, s.schedule, now=t0)
    assert session.request(rq.NextHand(), now=t0 + timedelta(minutes=1)).ok
    view = session.clock(t0 + timedelta(minutes=6))
    assert view is not None and view.started and view.seconds_left == 15 * 60
    out = session.undo()
    assert out.ok and "blind clock starts again with the first hand" in out.message
    view = session.clock(t0 + timedelta(minutes=6))
    assert view is not None and not view.started and view.seconds_left == 20 * 60
    assert not reducer.replay(session.events()).clock.started  # the log says so too
    assert session.redo().ok
    view = session.clock(t0 + timedelta(minutes=6))
    assert view is not None and view.started and view.seconds_left == 15 * 60


OLD_LEVELS = "1/2:20,2/4:20,5/10:20"
T_OLD = datetime(2026, 1, 1, 20, tzinfo=UTC)


def journal_with_schedule_only_in_meta(db: Path) -> int:
    """A session written the old way: the schedule only in ``meta["schedule"]``, no
    clock events, the level raised by a ``LevelChanged`` between hands."""
    schedule = parse_levels(OLD_LEVELS)
    s = setup()
    with Journal.open(db) as journal:
        session = Session.create(journal, s.events(), s.name, now=T_OLD)
        journal.set_meta(session.id, {"schedule": schedule.model_dump()})
        play_hand(session)
        assert session.request(rq.ChangeLevel(2, schedule.stakes(2))).ok
        play_hand(session)
        assert session.state.clock.schedule is None and session.state.level == 2
        return session.id


def test_r2_7_a_journal_with_its_schedule_only_in_meta_gets_its_clock_on_resume(
    tmp_path: Path,
) -> None:
    db = tmp_path / "j.sqlite3"
    sid = journal_with_schedule_only_in_meta(db)
    t1 = T_OLD + timedelta(hours=1)
    with Journal.open(db) as journal:
        before = len(journal.events(sid))
        session = Session.resume(journal, sid, now=t1)
        view = session.clock(t1 + timedelta(minutes=5))
        assert view is not None and view.started and not view.paused
        assert view.level.number == 2 and view.seconds_left == 15 * 60  # the level in play
        added = [type(e).__name__ for e in session.events()[before:]]
        assert added == ["ScheduleSet", "ClockMoved", "ClockStarted"]
        assert session.request(rq.NextHand(), now=t1 + timedelta(minutes=6)).ok
        hand = session.state.hand
        assert hand is not None and hand.stakes.big_blind == 4  # no level change with it
        count = len(session.events())
    t2 = t1 + timedelta(minutes=30)  # resumed again: the chain holds, the clock is the log's
    with Journal.open(db) as journal:
        again = Session.resume(journal, sid, now=t2)
        assert len(again.events()) == count
        view = again.clock(t2)
        assert view is not None and view.level.number == 3 and view.seconds_left == 10 * 60
