"""``omaha-tui display`` in a real browser: headless Chromium loads the served page and
the display draws the session's blinds and pot in it.

Every wait is bounded; when the page does not show what it should, a screenshot is
kept in ``test-artifacts/`` (or ``$OMAHA_TUI_ARTIFACTS``) beside the failure message.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.store.journal import Journal
from tests import decided as commands
from tests.app.hands import seated
from tests.display.browser import Browser, stop_group

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def recorded_session(db: Path) -> int:
    """Ann, Bob and Cy at 2/5 pot limit; Cy raises the pot pre-flop to 17: pot 24."""
    events = seated("plo", ["Ann", "Bob", "Cy"], big_blind=5)
    state = replay(events)
    for step in (commands.start_hand, commands.pot):
        event = step(state)
        state = apply(state, event)
        events.append(event)
    with Journal.open(db) as journal:
        sid = journal.create_session("Friday PLO")
        journal.append_many(sid, events)
    return sid


def artifact(name: str) -> Path:
    folder = Path(os.environ.get("OMAHA_TUI_ARTIFACTS", ROOT / "test-artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


async def test_the_served_display_shows_the_blinds_and_the_pot_in_chromium(
    tmp_path: Path,
) -> None:
    db = tmp_path / "journal.sqlite3"
    sid = recorded_session(db)
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "omaha_tui",
            "display",
            "--db",
            str(db),
            str(sid),
            "--port",
            str(port),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # the server and the app it runs per browser: one group
    )
    try:
        assert server.stdout is not None
        first = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 30)
        url = f"http://localhost:{port}"
        assert url in first, first
        async with Browser(tmp_path / "profile") as browser:
            await browser.open(url)
            text, deadline = "", time.monotonic() + 60
            while time.monotonic() < deadline:
                text = await browser.screen_text()
                if "blinds 2/5" in text and "pot 24" in text:
                    break
                await asyncio.sleep(0.25)
            else:
                shot = artifact("display-browser.png")
                await browser.screenshot(shot)
                raise AssertionError(
                    f"the page did not show blinds 2/5 and pot 24 within 60 s "
                    f"(screenshot: {shot}); it drew: {text[-500:]!r}"
                )
            assert "Friday PLO" in text or "PL Omaha" in text
    finally:
        stop_group(server)
