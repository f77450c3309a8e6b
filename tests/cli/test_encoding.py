"""A terminal that is not UTF-8 (``LANG=C``, ISO-8859-1) gets ASCII stand-ins, never a crash."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

READ = ["read", "--game", "omaha8", "--board", "4h 5c 7h Qs Ad"]
READ += ["--hand", "Ann: Ah 2s Kh Ks", "--hand", "Bob: As 3s Qh Qd"]
EQUITY = ["equity", "--game", "plo", "--board", "Ah 7h 2c"]
EQUITY += ["--hand", "Ann: As Ks Qd Jd", "--hand", "Bob: 7c 7d 2h 2s"]


@pytest.mark.parametrize("encoding", ["iso-8859-1", "ascii"])
@pytest.mark.parametrize("argv", [READ, EQUITY], ids=["read", "equity"])
def test_read_and_equity_write_ascii_where_the_terminal_cannot_show_symbols(
    encoding: str, argv: list[str]
) -> None:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "LANG": "C", "LC_ALL": "C"}
    done = subprocess.run(
        [sys.executable, "-m", "omaha_tui", *argv], capture_output=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr.decode(encoding)
    out = done.stdout.decode(encoding)
    assert "internal error" not in out + done.stderr.decode(encoding)
    assert ("Ann" in out) and ("Bob" in out)
    if encoding == "ascii":
        assert out.isascii()
