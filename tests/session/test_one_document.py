"""One JSON of the table: ``omaha-tui console --json`` and the players' display's
``room.json`` are the same document (the session's, versioned) for the same state, and
its keys are the one schema, :class:`~omaha_tui.session.document.TableDocument`.

The console and the display's feed run here on one journal, at one moment of the
clock: a tournament with a blind clock, antes, a bust and a level change; at each
step the page's view, less its own keys, is the console's ``state``.
"""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from omaha_tui.console import Console
from omaha_tui.display.feed import RoomFeed
from omaha_tui.display.follower import Follower
from omaha_tui.display.room import PAGE_KEYS
from omaha_tui.session import Session
from omaha_tui.session.document import VERSION, TableDocument
from omaha_tui.store.journal import Journal
from tests.console.transcript import _setup

T0 = datetime(2026, 1, 1, 20, tzinfo=UTC)
KEYS = set(TableDocument.__annotations__)

LINES = (
    ("next", 0),  # Bob small blind, Cy big blind, Dee first to act
    ("allin", 1),
    ("fold", 1),
    ("call", 2),  # Bob covers Dee (Cy's big-blind ante leaves him short of her)
    ("fold", 2),
    ("deal", 2),
    ("deal", 3),
    ("deal", 3),
    ("award Bob", 3),  # Dee is out in 4th place (R11.3)
    ("state", 21),  # level 2 reached between hands
    ("next", 22),
    ("fold", 22),
)


def _documents(tmp_path: Path) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    levels = "25/50/bb50:20,50/100/bb100:20"
    setup = _setup(
        {
            "players": "Ann,Bob,Cy,Dee",
            "levels": levels,
            "structure": "nl",
            "tournament": "--buy-in 20 --stack 1000",
        }
    )
    now = [T0]
    db = tmp_path / "j.sqlite3"
    out = []
    with Journal.open(db) as journal:
        session = Session.create(journal, setup.events(), "Friday", setup.schedule, T0)
        console = Console(session, io.StringIO(), as_json=True, now=lambda: now[0])
        feed = RoomFeed(Follower.open(db, session.id), now=lambda: now[0].timestamp())
        try:
            for line, minutes in LINES:
                now[0] = T0 + timedelta(minutes=minutes)
                console.line(line)
                feed.poll()
                out.append((line, console.document(), feed.snapshot()))  # room.json
        finally:
            feed.follower.close()
    return out


def test_the_console_and_the_page_produce_the_same_document_for_the_same_state(
    tmp_path: Path,
) -> None:
    seen_bust = False
    for line, console, page in _documents(tmp_path):
        json.dumps(page)
        own = {k: v for k, v in page.items() if k not in PAGE_KEYS}
        assert own == console, line
        assert set(console) == KEYS, (line, set(console) ^ KEYS)
        assert set(page) - KEYS <= PAGE_KEYS, line
        assert console["version"] == VERSION == 2
        t = console["tournament"]
        seen_bust = seen_bust or any(p["name"] == "Dee" for p in t["placed"])
    assert seen_bust  # Dee's all-in lost: her place is in both


def test_r2_7_the_big_blind_ante_and_the_hand_s_own_blinds_are_in_the_document(
    tmp_path: Path,
) -> None:
    docs = {line: console for line, console, _ in _documents(tmp_path)}
    first = docs["allin"]  # R2.7: the hand's stakes; the clock's level names its BB ante
    assert first["stakes"]["text"] == "25/50" and first["clock"]["ante_text"] == "BB ante 50"
    assert docs["state"]["clock"]["level"] == 2  # the clock moved on between hands
    later = docs["fold"]  # the hand of level 2
    assert later["stakes"]["text"] == "50/100" and later["stakes"]["ante_text"] == "BB ante 100"


def test_the_json_console_s_state_is_the_document() -> None:
    setup = _setup({"players": "Ann:100,Bob:100"})
    with Journal.in_memory() as journal:
        session = Session.create(journal, setup.events(), "t", None, T0)
        out = io.StringIO()
        Console(session, out, as_json=True, now=lambda: T0).line("next")
    state = json.loads(out.getvalue())["state"]
    assert set(state) == KEYS and state["clock"] is None and state["version"] == VERSION
