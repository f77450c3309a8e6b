"""R2.7a after a crash: a console killed with SIGKILL at level 1, at level 2, in a break
and while paused; the resumed session shows exactly what wall time says (the clock
never stopped, or the pause held it)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from omaha_tui.session import Session
from omaha_tui.store.journal import Journal

PLAYERS = "Ann:200,Bob:200,Cy:200"
TOLERANCE = 0.6  # seconds: a reading's round trip and the JSON's tenth of a second
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


class Console:
    """``omaha-tui console --json`` in its own process, one line in, one object out."""

    def __init__(self, db: Path, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "omaha_tui", "console", "--json", "--db", str(db), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def say(self, line: str) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        assert isinstance(answer, dict)
        return answer

    def clock(self) -> tuple[dict[str, Any], float]:
        """The clock as the console reports it, and the wall time it was read at."""
        before = time.time()
        answer = self.say("clock")
        after = time.time()
        assert answer["ok"], answer
        return answer["state"]["clock"], (before + after) / 2

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        assert self.proc.returncode == -signal.SIGKILL
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                stream.close()


def resumed(db: Path) -> Session:
    journal = Journal.open(db)
    info = journal.last_unfinished()
    assert info is not None
    return Session.resume(journal, info.id)


def check_after(db: Path, seen: dict[str, Any], seen_at: float, *, running: bool) -> Session:
    time.sleep(2.0)  # the program is gone for a while
    session = resumed(db)
    now = time.time()
    view = session.clock(datetime.fromtimestamp(now, UTC))
    assert view is not None
    expected = seen["seconds_left"] - (now - seen_at if running else 0)
    assert view.seconds_left is not None
    assert abs(view.seconds_left - expected) < TOLERANCE, (view.seconds_left, expected)
    assert view.level.number == seen["level"] and view.on_break == seen["break"]
    assert view.paused == seen["paused"] == (not running)
    return session


def test_r2_7a_killed_at_level_1_the_clock_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    c = Console(db, "--players", PLAYERS, "--levels", "1/2:10,2/4:10")
    assert c.say("next")["ok"]
    seen, seen_at = c.clock()
    assert seen["level"] == 1 and 590 < seen["seconds_left"] <= 600
    c.kill()
    check_after(db, seen, seen_at, running=True).journal.close()


def test_r2_7a_killed_at_level_2_the_clock_does_not_restart(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    c = Console(db, "--players", PLAYERS, "--levels", "1/2:2s,2/4:10")
    assert c.say("next")["ok"]
    assert c.say("fold")["ok"] and c.say("fold")["ok"]
    time.sleep(2.2)
    started = c.say("next")
    assert started["ok"] and started["message"].startswith("Level 2: blinds 2/4")
    time.sleep(1.0)
    seen, seen_at = c.clock()
    assert seen["level"] == 2 and seen["seconds_left"] < 599
    c.kill()
    session = check_after(db, seen, seen_at, running=True)
    assert session.state.level == 2
    session.journal.close()


def test_r2_7a_killed_in_a_break_the_break_goes_on_and_no_hand_starts(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    c = Console(db, "--players", PLAYERS, "--levels", "1/2:1s,break:10,2/4:10")
    assert c.say("next")["ok"]
    assert c.say("fold")["ok"] and c.say("fold")["ok"]
    time.sleep(1.2)
    seen, seen_at = c.clock()
    assert seen["break"] and seen["break_number"] == 1
    c.kill()
    session = check_after(db, seen, seen_at, running=True)
    from omaha_tui.engine.decisions import requests as rq

    out = session.request(rq.NextHand())
    assert not out.ok and "a break is on for 09:" in out.message
    session.journal.close()


def test_r2_7b_a_pause_holds_across_a_kill_and_a_resume(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    c = Console(db, "--players", PLAYERS, "--levels", "1/2:10,2/4:10")
    assert c.say("next")["ok"]
    time.sleep(0.5)
    assert c.say("clock pause")["ok"]
    seen, seen_at = c.clock()
    assert seen["paused"]
    c.kill()
    session = check_after(db, seen, seen_at, running=False)
    from omaha_tui.engine.decisions import requests as rq

    assert session.request(rq.ResumeClock()).ok
    time.sleep(1.0)
    view = session.clock()
    assert view is not None and not view.paused
    assert seen["seconds_left"] - 1.0 - TOLERANCE < (view.seconds_left or 0) < seen["seconds_left"]
    session.journal.close()
