"""``kill -9`` an export or a backup at a random moment: nothing stray is left behind.

Each command is started as its own process on a journal with an evening of hands and
killed with SIGKILL after a random delay (bounded: a few kills per command, each within
the time one whole run takes). A killed run may leave its temporary file (nothing can
remove it at that moment), never a half-written file under the target's name; the next
run into the folder removes every leftover of a killed one, so once it is done the
folder holds exactly what it wrote.
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

ROOT = Path(__file__).resolve().parents[2]
KILLS = 6


def _evening(db: Path, hands: int) -> None:
    with Journal.open(db) as journal:
        setup = _setup({"players": "Ann:200,Bob:200,Cy:200"})
        session = Session.create(journal, setup.events(), setup.name, setup.schedule)
        console = Console(session, io.StringIO())
        for _ in range(hands):
            for line in ("next", "call", "call", "check", "deal Ah Kd 7c", "bet 4", "fold"):
                console.line(line)
            console.line("fold")


def _command(kind: str, db: Path, out: Path) -> list[str]:
    base = [sys.executable, "-m", "omaha_tui", kind, "--db", str(db), "--force"]
    if kind == "export":
        return [*base, "--format", "phh", "1", str(out)]
    return [*base, str(out / "copy.sqlite3")]


def _run(argv: list[str]) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )


def _wait_for_temporary(out: Path, proc: subprocess.Popen[bytes], took: float) -> None:
    """Until a temporary file appears in ``out`` (or the run ends, or twice ``took``)."""
    deadline = time.monotonic() + 2 * took + 5
    while proc.poll() is None and time.monotonic() < deadline:
        if any(p.name.startswith(".") for p in out.iterdir()):
            return
        time.sleep(0.001)


@pytest.mark.parametrize("kind", ["export", "backup"])
def test_kill_9_of_export_and_backup_leaves_no_stray_file(tmp_path: Path, kind: str) -> None:
    db = tmp_path / "j.sqlite3"
    _evening(db, 60)
    out = tmp_path / "out"
    out.mkdir()
    started = time.monotonic()
    whole = _run(_command(kind, db, out))
    assert whole.wait(timeout=120) == 0, whole.stderr.read() if whole.stderr else ""
    took = time.monotonic() - started
    written = sorted(p.name for p in out.iterdir())
    assert written and not [n for n in written if n.startswith(".")]
    r = random.Random(kind)
    for k in range(KILLS):
        proc = _run(_command(kind, db, out))
        if k % 2:  # any moment of the run
            time.sleep(r.uniform(0.0, took))
        else:  # a moment while its temporary file is being written
            _wait_for_temporary(out, proc, took)
            time.sleep(r.uniform(0.0, 0.01))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        if proc.stderr is not None:
            proc.stderr.close()
        # Under the target's names only whole files: the earlier run's, or this one's.
        assert {p.name for p in out.iterdir() if not p.name.startswith(".")} == set(written)
    last = _run(_command(kind, db, out))
    assert last.wait(timeout=120) == 0
    if last.stderr is not None:
        last.stderr.close()
    assert sorted(p.name for p in out.iterdir()) == written
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        {"j.sqlite3", "out"} | {p.name for p in tmp_path.glob("j.sqlite3*")}
    )
