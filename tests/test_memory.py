"""The collector while a command starts and once a table is open (omaha_tui.memory).

Each check runs in a fresh interpreter: the collector's settings belong to the process.
"""

from __future__ import annotations

import subprocess
import sys


def _run(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()


def test_settling_freezes_once_and_keeps_collecting_what_is_new() -> None:
    out = _run(
        "import gc\n"
        "from omaha_tui.memory import SETTLED, STARTING, settle_memory, start_quietly\n"
        "start_quietly(); assert gc.get_threshold() == STARTING\n"
        "settle_memory(); frozen = gc.get_freeze_count()\n"
        "assert frozen > 0 and gc.get_threshold() == SETTLED and gc.isenabled()\n"
        "class Loop: pass\n"
        "a = Loop(); a.me = a; del a\n"
        "settle_memory()\n"
        "assert gc.get_freeze_count() == frozen  # the second call freezes nothing more\n"
        "print(gc.collect())\n"
    )
    assert int(out) >= 1  # the cycle made after settling was collected


def test_the_console_settles_before_its_first_answer() -> None:
    out = _run(
        "import gc, io, os, sys, tempfile\n"
        "from omaha_tui.cli import main\n"
        "from omaha_tui.memory import SETTLED\n"
        "sys.stdin = io.StringIO('state\\n'); real = sys.stdout; sys.stdout = io.StringIO()\n"
        "db = os.path.join(tempfile.mkdtemp(), 'j.sqlite3')\n"
        "main(['--db', db, 'console', '--players', 'A:100,B:100'])\n"
        "sys.stdout = real\n"
        "print(gc.get_freeze_count() > 0 and gc.get_threshold() == SETTLED)\n"
    )
    assert out == "True"
