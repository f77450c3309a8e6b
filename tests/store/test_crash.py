"""Crash test: SIGKILL a writer at random moments; every acknowledged event survives.

A child process appends events and prints each sequence number once ``append`` has
returned (the acknowledgement). The test kills it with SIGKILL at a random moment,
many times over the same file, and after each kill reopens the journal: every
acknowledged event must be there, intact and in order, and nothing half-written.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from omaha_tui.store.journal import Journal, SessionBusy

from .journal_writer import expected_event

WRITER = Path(__file__).with_name("journal_writer.py")
KILLS = 30


def _run_and_kill(db: Path, rng: random.Random) -> int:
    """Start a writer, kill it at a random moment; return the last acknowledged seq."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    child = subprocess.Popen(
        [sys.executable, str(WRITER), str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready", child.stderr.read() if child.stderr else ""
    time.sleep(rng.uniform(0.0, 0.08))
    child.send_signal(signal.SIGKILL)
    out, err = child.communicate()
    assert child.returncode == -signal.SIGKILL, err
    acked = [int(line) for line in out.split()]
    return max(acked, default=0)


def test_sigkill_at_random_moments_never_loses_an_acknowledged_event(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    rng = random.Random(20261130)
    acknowledged = 0
    for _ in range(KILLS):
        acknowledged = max(acknowledged, _run_and_kill(db, rng))
        with Journal.open(db) as journal:
            (info,) = journal.sessions()
            records = journal.records(info.id)
            assert len(records) >= acknowledged
            assert info.event_count == len(records)
            for record in records:
                assert record.event == expected_event(record.seq)
            state = journal.load_state(info.id)
            seated = [s.name for s in state.seats if s is not None]
            # A kill on a busy machine may come before the second seat was written.
            assert seated == ["Ann", "Bob"][: max(0, min(2, len(records) - 1))]
    assert acknowledged > KILLS, "the writer barely ran; the kills proved nothing"


def test_a_second_process_is_told_the_session_is_open_elsewhere(tmp_path: Path) -> None:
    db = tmp_path / "busy.sqlite3"
    root = Path(__file__).resolve().parents[2]
    child = subprocess.Popen(
        [sys.executable, str(WRITER), str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        with Journal.open(db) as journal:
            (info,) = journal.sessions()
            with pytest.raises(SessionBusy) as busy:
                journal.append(info.id, expected_event(1))
            assert str(busy.value) == (
                f"session {info.id} is open elsewhere (omaha-tui process {child.pid}): "
                f"close it there first; meanwhile `omaha-tui ledger {info.id}` and "
                "`export` can read it"
            )
            # Reading while the other process writes is fine and sees whole events only.
            records = journal.records(info.id)
            assert all(r.event == expected_event(r.seq) for r in records)
    finally:
        child.kill()
        child.communicate()
