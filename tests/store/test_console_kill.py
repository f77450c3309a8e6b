"""``kill -9`` a console mid-evening: every answered line is in the journal, and more.

A console process is fed an evening of lines (good ones, and refused ones between them)
one at a time and killed with SIGKILL while it answers a line chosen at random. Each
answer it printed was written after its line was recorded, so the table resumed from the
journal must be the table after the answered lines, or after one line more (recorded,
then killed before its answer). The killed file then opens with the reading commands
(``check``, and ``ledger``, ``export`` and ``sessions`` after the first kill) as their
own processes, each answering in full with exit code 0.
"""

from __future__ import annotations

import io
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from omaha_tui.console import Console
from omaha_tui.session import Session
from omaha_tui.store.journal import Journal

from ..console.transcript import _setup

PLAYERS = "Ann:200,Bob:200,Cy:200"
ROOT = Path(__file__).resolve().parents[2]


def _evening(r: random.Random, n: int) -> list[str]:
    """Lines of an evening: hands played out with a few mistakes among them."""
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    lines: list[str] = []
    while len(lines) < n:
        r.shuffle(deck)
        board = deck[:5]
        lines += ["next", r.choice(["call", "pot", "raise 6"]), "call", "check"]
        lines += [r.choice(["bet 0", "raise x", "fold"]), f"deal {' '.join(board[:3])}"]
        lines += ["check", "check", "bet 4", "call", "fold", f"deal {board[3]}", "check"]
        lines += ["check", f"deal {board[4]}", "check", "check", "award", "undo", "redo"]
        lines += ["rebuy Cy 20", "correct Bob -1 miscount", "state"]
    return lines[:n]


def _states(lines: list[str], db: Path) -> list[object]:
    """The table after each line, line by line, as a console in this process sees it."""
    with Journal.open(db) as journal:
        setup = _setup({"players": PLAYERS})
        session = Session.create(journal, setup.events(), setup.name, setup.schedule)
        console = Console(session, io.StringIO())
        states = [session.state]
        for line in lines:
            console.line(line)
            states.append(session.state)
    return states


def _omaha(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "omaha_tui", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize("seed", range(3))
def test_kill_9_mid_evening_loses_no_answered_line(tmp_path: Path, seed: int) -> None:
    r = random.Random(seed)
    lines = _evening(r, 120)
    expected = _states(lines, tmp_path / "reference.sqlite3")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for kill in range(3):
        db = tmp_path / f"killed-{kill}.sqlite3"
        child = subprocess.Popen(
            [sys.executable, "-m", "omaha_tui", "console", "--db", str(db), "--players", PLAYERS],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        assert child.stdin is not None and child.stdout is not None
        stop = r.randrange(len(lines))  # killed while this line is being answered
        answered = 0
        for n, line in enumerate(lines):
            child.stdin.write(f"{line}\n".encode())
            child.stdin.flush()
            if n == stop:
                time.sleep(r.uniform(0, 0.01))
                break
            assert child.stdout.readline().endswith(b"\n")
            answered += 1
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate()
        answered += out.count(b"\n")  # an answer out before the kill
        if not db.exists():
            assert answered == 0
            continue
        with Journal.open(db) as journal:
            if not journal.sessions():  # killed before the table was recorded
                assert answered == 0
                continue
            resumed = Session.resume(journal, 1).state
        assert resumed in expected[answered : answered + 2], (kill, answered)
        readers = [["check"], ["ledger", "1"], ["sessions"], ["export", "1", str(tmp_path)]]
        for argv in readers[: 4 if kill == 0 else 1]:
            done = _omaha(*argv, "--db", str(db), *(["--force"] if argv[0] == "export" else []))
            assert done.returncode == 0, (argv, done.stderr)
            assert "Traceback" not in done.stderr and "internal error" not in done.stderr
