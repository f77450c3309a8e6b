"""A journal deleted, replaced or truncated under a live table: the dealer is told at once.

A console process and an app each play a few acknowledged actions; then the journal file
is deleted, replaced by another journal, or truncated. The next command that records is
refused in one line that says what happened and what to do, and nothing acknowledged is
lost: ``new journal PATH`` (the palette's New journal in the app) writes the table from
memory to a new journal, whose session holds every acknowledged event and resumes to
the same table, and the table goes on there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Input

from omaha_tui.app.app import OmahaApp
from omaha_tui.app.new_journal import NewJournalPrompt
from omaha_tui.app.speech import SilentBackend
from omaha_tui.app.widgets.action_bar import ActionBar
from omaha_tui.session import Session, demo_setup
from omaha_tui.store.journal import Journal

ROOT = Path(__file__).resolve().parents[2]


def _delete(db: Path) -> None:
    db.unlink()


def _replace(db: Path) -> None:
    other = db.with_name("other.sqlite3")
    with Journal.open(other) as journal:
        setup = demo_setup()
        Session.create(journal, setup.events(), "another table", setup.schedule)
    os.replace(other, db)


def _truncate(db: Path) -> None:
    with db.open("r+b") as f:
        f.truncate(1024)


DAMAGE: dict[str, Callable[[Path], None]] = {
    "deleted": _delete,
    "replaced": _replace,
    "truncated": _truncate,
}
SAID = {
    "deleted": "is gone (deleted or moved)",
    "replaced": "was replaced",
    "truncated": "was shortened",
}


class LiveConsole:
    """``omaha-tui console --json`` as its own process, one line in, one answer out."""

    def __init__(self, db: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [
                *(sys.executable, "-m", "omaha_tui", "console", "--json", "--db", str(db)),
                *("--players", "Ann:100,Bob:100,Cy:100"),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )

    def say(self, line: str) -> dict[str, object]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        while True:
            answer: dict[str, object] = json.loads(self.proc.stdout.readline())
            # The whole record's check runs on a thread from the first answer on: what it
            # says of a file already gone is not the answer to this line.
            if "the table shown is built from" not in str(answer["message"]):
                return answer

    def close(self) -> tuple[int, str]:
        assert self.proc.stdin is not None and self.proc.stderr is not None
        self.proc.stdin.close()
        code = self.proc.wait(timeout=60)
        return code, self.proc.stderr.read()


def _events(db: Path, session_id: int) -> list[object]:
    with Journal.open(db, read_only=True) as journal:
        return journal.events(session_id)


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_live_console_refuses_in_one_line_and_writes_the_table_anew(
    tmp_path: Path, damage: str
) -> None:
    db = tmp_path / "j.sqlite3"
    console = LiveConsole(db)
    try:
        for line in ("next", "call", "call"):
            assert console.say(line)["ok"], line
        before = console.say("state")["state"]
        acknowledged = _events(db, 1)
        DAMAGE[damage](db)
        refused = console.say("check")
        message = str(refused["message"])
        assert refused["ok"] is False and "\n" not in message
        assert SAID[damage] in message and "new journal PATH" in message
        assert console.say("fold")["ok"] is False  # every write, not only the first
        assert console.say("state")["state"] == before  # reading still answers
        anew = tmp_path / "anew.sqlite3"
        moved = console.say(f"new journal {anew}")
        assert moved["ok"] is True, moved["message"]
        assert _events(anew, 1) == acknowledged  # nothing acknowledged is lost
        assert console.say("check")["ok"] is True  # the table goes on there
        after = _events(anew, 1)
        assert after[: len(acknowledged)] == acknowledged and len(after) == len(acknowledged) + 1
    finally:
        code, err = console.close()
    assert code == 0, err
    with Journal.open(anew) as journal:
        resumed = Session.resume(journal, 1)
        assert resumed.state == Session(journal, 1, journal.load_history(1)).state
        assert resumed.state.hand is not None and resumed.state.hand.number == 1


def test_a_console_that_quits_with_its_journal_gone_exits_non_zero(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    console = LiveConsole(db)
    assert console.say("next")["ok"]
    assert console.say("state")["ok"]  # the whole record's check follows the first answer
    db.unlink()
    assert console.say("call")["ok"] is False
    code, _ = console.close()
    assert code == 1


def test_a_new_journal_is_never_written_over_an_existing_file(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    console = LiveConsole(db)
    try:
        assert console.say("next")["ok"]
        assert console.say("state")["ok"]
        db.unlink()
        taken = tmp_path / "taken.sqlite3"
        taken.write_bytes(b"mine")
        answer = console.say(f"new journal {taken}")
        assert answer["ok"] is False and "exists already" in str(answer["message"])
        assert taken.read_bytes() == b"mine"
    finally:
        console.close()


@pytest.mark.parametrize("damage", list(DAMAGE))
async def test_a_live_app_refuses_in_one_line_and_writes_the_table_anew(
    tmp_path: Path, damage: str
) -> None:
    db = tmp_path / "j.sqlite3"
    app = OmahaApp(
        db=db,
        demo=True,
        now=lambda: 0.0,
        speech=SilentBackend(),
        settings_path=tmp_path / "settings.json",
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        await pilot.press("c")  # a call, acknowledged
        await pilot.pause()
        acknowledged = _events(db, session.id)
        before = session.state
        DAMAGE[damage](db)
        await pilot.press("c")
        await pilot.pause()
        said = app.table.query_one(ActionBar).status_text
        assert SAID[damage] in said and "new journal" in said and "\n" not in said
        assert session.state == before
        prompt = app.screen
        assert isinstance(prompt, NewJournalPrompt)
        anew = tmp_path / "anew.sqlite3"
        prompt.query_one("#answer", Input).value = str(anew)
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, NewJournalPrompt)
        assert _events(anew, session.id) == acknowledged
        assert "now recorded in" in app.table.query_one(ActionBar).status_text
        assert not app.gone
        await pilot.press("c")  # the table goes on in the new journal
        await pilot.pause()
        assert _events(anew, session.id)[: len(acknowledged)] == acknowledged
        assert len(_events(anew, session.id)) == len(acknowledged) + 1
