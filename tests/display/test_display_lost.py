"""The players' display when it loses the table: the journal deleted or replaced under
it, the dealer's app killed, the display's own server gone. Each time the page says so
in one line over the table as last seen, and follows again when the table is back: the
journal restored, the dealer resuming the session or starting the next one.
"""

from __future__ import annotations

import asyncio
import shutil
import signal
from pathlib import Path

import pytest

from omaha_tui.display import notice as notices
from omaha_tui.display.feed import RoomFeed
from omaha_tui.display.follower import Follower
from omaha_tui.display.notice import ABANDONED
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.session import Session
from omaha_tui.store.journal import Journal
from tests.app.hands import seated
from tests.display.browser import Browser, artifact, chromium, stop_group
from tests.display.test_display_browser import TEXT, free_port
from tests.display.test_display_follows import Dealer
from tests.display.test_display_tournament_browser import serve


def journal_with_a_hand(db: Path) -> Session:
    """A session of three (seated, one hand started), recorded and held by this process."""
    journal = Journal.open(db)
    session = Session.create(journal, seated("plo", ["Ann", "Bob", "Cy"]), "friday")
    assert session.request(rq.NextHand()).ok
    return session


@pytest.fixture(autouse=True)
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notices, "ABANDONED_SECONDS", 0.0)


def test_a_journal_deleted_under_the_display_is_said_and_followed_again_when_back(
    tmp_path: Path,
) -> None:
    db = tmp_path / "journal.sqlite3"
    session = journal_with_a_hand(db)
    feed = RoomFeed(Follower.open(db, 1))
    hand = feed.view["hand"]
    session.journal.close()
    kept = tmp_path / "kept"
    kept.mkdir()
    for f in tmp_path.glob("journal.sqlite3*"):
        shutil.move(f, kept / f.name)
    assert not feed.poll()
    notice = feed.view["notice"]
    assert "journal.sqlite3 is gone (deleted or moved)" in notice and "\n" not in notice
    assert feed.view["hand"] == hand  # the table as last read
    for f in kept.iterdir():
        shutil.move(f, tmp_path / f.name)
    resumed = Session.resume(Journal.open(db), 1)  # the dealer again, on the file back
    try:
        assert resumed.request(rq.Fold()).ok
        assert feed.poll()
        assert "notice" not in feed.view and feed.view["seq"] == feed.follower.seq
    finally:
        resumed.journal.close()
        feed.follower.close()


def test_a_journal_replaced_under_the_display_is_read_from_its_start(tmp_path: Path) -> None:
    db = tmp_path / "journal.sqlite3"
    first = journal_with_a_hand(db)
    feed = RoomFeed(Follower.open(db, 1))
    first.journal.close()
    other = tmp_path / "other.sqlite3"
    journal = Journal.open(other)
    Session.create(journal, seated("plo", ["Dee", "Eve"]), "saturday")
    journal.close()
    other.replace(db)  # a restored backup, another night's file, at the same path
    try:
        assert not feed.poll()  # the old file's log is still beside it: the store refuses
        assert "journal.sqlite3-wal does not belong to journal.sqlite3" in feed.view["notice"]
        for log in tmp_path.glob("journal.sqlite3-*"):
            log.unlink()  # as that line says
        assert feed.poll()
        assert [s["name"] for s in feed.view["seats"]] == ["Dee", "Eve"]
        assert feed.view["hand"] is None
        assert feed.view["notice"] == ABANDONED  # nobody records that file's session yet
    finally:
        feed.follower.close()


def test_the_dealer_killed_is_said_until_the_session_is_resumed(tmp_path: Path) -> None:
    db = tmp_path / "journal.sqlite3"
    dealer = Dealer(db)
    dealer.record(seated("plo", ["Ann", "Bob", "Cy"]))
    feed = RoomFeed(Follower.open(db, 1))
    try:
        feed.poll()
        assert "notice" not in feed.view  # the dealer's process records it
        dealer.proc.send_signal(signal.SIGKILL)
        dealer.proc.wait(timeout=10)
        feed.poll()
        assert feed.view["notice"] == ABANDONED
        resumed = Session.resume(Journal.open(db), 1)
        try:
            feed.poll()
            assert "notice" not in feed.view
            assert resumed.request(rq.NextHand()).ok
            assert feed.poll() and feed.view["hand"] == 1
        finally:
            resumed.journal.close()
    finally:
        dealer.proc.stdin = None  # already gone
        feed.follower.close()


def test_after_the_dealer_s_app_is_gone_the_next_session_is_followed(tmp_path: Path) -> None:
    """A display opened without a session follows the live one: the next the dealer starts."""
    db = tmp_path / "journal.sqlite3"
    session = journal_with_a_hand(db)
    feed = RoomFeed(Follower.open(db))
    session.journal.close()  # the app closed mid-hand
    feed.poll()
    assert feed.view["notice"] == ABANDONED
    journal = Journal.open(db)
    try:
        Session.create(journal, seated("plo", ["Dee", "Eve"]), "later")
        assert feed.poll()
        assert feed.follower.session_id == 2 and "notice" not in feed.view
        assert [s["name"] for s in feed.view["seats"]] == ["Dee", "Eve"]
    finally:
        journal.close()
        feed.follower.close()


async def test_the_page_says_it_lost_the_table_and_its_server_and_recovers(
    tmp_path: Path,
) -> None:
    """In the browser: the dealer's process killed, then the display's own server; the
    page says each over the table, and a new server on the same port brings it back."""
    chromium()
    db = tmp_path / "journal.sqlite3"
    dealer = Dealer(db)
    dealer.record(seated("plo", ["Ann", "Bob", "Cy"]))
    port = free_port()
    server, url = await serve(db, port)
    async with Browser(tmp_path / "profile") as browser:
        try:
            await browser.size(1920, 1080)
            await browser.open(url)
            await browser.wait_for("document.body.dataset.seq", "the table")
            assert await browser.evaluate("document.querySelector('#notice').hidden")
            dealer.proc.send_signal(signal.SIGKILL)
            dealer.proc.wait(timeout=10)
            said = "!document.querySelector('#notice').hidden && " + TEXT.format("#notice")
            notice = await browser.wait_for(said, "that the dealer's app is gone", timeout=10)
            assert notice.startswith("the dealer's app is not recording this table"), notice
            box = await browser.evaluate(
                "document.querySelector('#notice').getBoundingClientRect().toJSON()"
            )
            assert box["bottom"] <= 1080 and box["height"] >= 30, box  # on the screen
            stop_group(server)
            notice = await browser.wait_for(
                "document.querySelector('#notice').textContent.startsWith('lost')"
                " && document.querySelector('#notice').textContent",
                "that the server is gone",
                timeout=10,
            )
            resumed = Session.resume(Journal.open(db), 1)
            try:
                server, _ = await serve(db, port)
                await browser.wait_for(
                    "document.querySelector('#notice').hidden", "the table again", timeout=15
                )
                assert "Ann" in await browser.evaluate(TEXT.format("#seats"))
            finally:
                resumed.journal.close()
        except BaseException:
            shot = artifact("display-lost.png")
            await browser.screenshot(shot)
            print(f"screenshot of the page: {shot}")
            raise
        finally:
            dealer.proc.stdin = None
            stop_group(server)
            await asyncio.sleep(0)


def test_a_journal_written_over_in_place_is_read_from_its_start(tmp_path: Path) -> None:
    """SQLite's backup onto the journal keeps the file (its inode) and changes the log:
    the event at the last place read is another, so the table is read afresh."""
    import sqlite3

    db = tmp_path / "journal.sqlite3"
    first = journal_with_a_hand(db)
    assert first.request(rq.Fold()).ok
    feed = RoomFeed(Follower.open(db, 1))
    first.journal.close()
    other = tmp_path / "other.sqlite3"
    journal = Journal.open(other)
    later = Session.create(journal, seated("plo", ["Dee", "Eve", "Fay"]), "saturday")
    for request in (rq.NextHand(), rq.Fold(), rq.Fold(), rq.NextHand()):
        assert later.request(request).ok
    journal.close()
    inode = db.stat().st_ino
    with sqlite3.connect(other) as source, sqlite3.connect(db) as target:
        source.backup(target)
    assert db.stat().st_ino == inode  # the same file, another log in it
    try:
        assert feed.poll()
        assert [s["name"] for s in feed.view["seats"]] == ["Dee", "Eve", "Fay"]
        assert feed.view["hand"] == 2
    finally:
        feed.follower.close()


async def test_the_terminal_display_says_the_dealer_was_killed_until_resumed(
    tmp_path: Path,
) -> None:
    """``display --terminal`` says in one line what the web page says when nobody records
    the session any more, and stops saying it when the dealer's app takes it up again."""
    from textual.widgets import Static

    from omaha_tui.display.app import DisplayApp

    db = tmp_path / "journal.sqlite3"
    dealer = Dealer(db)
    dealer.record(seated("plo", ["Ann", "Bob", "Cy"]))
    app = DisplayApp(Follower.open(db, 1), poll_seconds=0.02)
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            notice = app.query_one("#notice", Static)
            await pilot.pause(0.1)
            assert not notice.display
            dealer.proc.send_signal(signal.SIGKILL)
            dealer.proc.wait(timeout=10)
            await pilot.pause(0.2)
            assert notice.display and str(notice.content) == ABANDONED
            resumed = Session.resume(Journal.open(db), 1)
            try:
                await pilot.pause(0.2)
                assert not notice.display
            finally:
                resumed.journal.close()
    finally:
        dealer.proc.stdin = None  # already gone
        app.follower.close()


async def test_the_terminal_display_says_the_journal_is_gone_until_it_is_back(
    tmp_path: Path,
) -> None:
    """``display --terminal`` says on its notice line that the journal file is gone, keeps
    the table as last read, and clears the line and follows again once the file is back."""
    from textual.widgets import Static

    from omaha_tui.display.app import DisplayApp

    db = tmp_path / "journal.sqlite3"
    session = journal_with_a_hand(db)
    session.journal.close()
    app = DisplayApp(Follower.open(db, 1), poll_seconds=0.02)
    kept = tmp_path / "kept"
    kept.mkdir()
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            notice, turn = app.query_one("#notice", Static), app.query_one("#turn", Static)
            await pilot.pause(0.1)
            to_act = str(turn.content)
            assert "to act" in to_act  # (nobody records it now: the notice says so)
            assert str(notice.content) in ("", ABANDONED)
            for f in tmp_path.glob("journal.sqlite3*"):
                shutil.move(f, kept / f.name)
            await pilot.pause(0.2)
            assert notice.display and "journal.sqlite3 is gone" in str(notice.content)
            assert str(turn.content) == to_act  # the table as last read
            for f in kept.iterdir():
                shutil.move(f, tmp_path / f.name)
            resumed = Session.resume(Journal.open(db), 1)
            try:
                assert resumed.request(rq.Fold()).ok
                await pilot.pause(0.3)
                assert not notice.display
                assert "to act" in str(turn.content) and str(turn.content) != to_act
            finally:
                resumed.journal.close()
    finally:
        app.follower.close()


def test_a_display_asked_for_a_session_stays_on_it_and_shows_its_end(tmp_path: Path) -> None:
    """``display SESSION`` shows that session, to its end screen, though the dealer
    starts another; a display opened without one moves on to the new session."""
    db = tmp_path / "journal.sqlite3"
    session = journal_with_a_hand(db)
    named, live = RoomFeed(Follower.open(db, 1)), RoomFeed(Follower.open(db))
    for request in (rq.Fold(), rq.Fold(), rq.EndSession()):
        assert session.request(request).ok
    session.journal.close()
    journal = Journal.open(db)
    try:
        Session.create(journal, seated("plo", ["Dee", "Eve"]), "later")
        named.poll()
        live.poll()
        assert named.follower.session_id == 1 and named.view["phase"] == "ended"
        assert "notice" not in named.view  # an ended session is nobody's to record
        assert live.follower.session_id == 2 and live.view["phase"] == "play"
    finally:
        journal.close()
        named.follower.close()
        live.follower.close()
